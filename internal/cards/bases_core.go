package cards

import (
	"slices"

	"github.com/smashup/smashup/internal/engine"
)

// The core set's bases, grouped by the factions they come with.

// Core set bases of the Aliens and Zombies: The Homeworld, The Mothership,
// Evans City Cemetery, Rhodes Plaza Mall.

// playedHere is a trigger condition: a minion was played on this base.
func playedHere(g *G, self CardID, ev engine.Event) bool {
	return ev.Base == g.SlotOfBase(self) && ev.Card >= 0 && g.IsMinion(ev.Card)
}

var _ = card("base/the_homeworld", func(d *engine.Def) {
	// After a minion is played here, its owner (who need not be the player
	// who played it: a card given by the Anansi Tales) may play an extra
	// minion of power 2 or less. In that player's own Play Cards phase it is a
	// generic extra they may keep for later in the phase; at any other time it
	// must be played at once.
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: playedHere,
		Do: func(g *G, f *F) {
			p := g.Owner(f.Ev.Card)
			if g.BaseMustIgnore(f.Ev.Base, p) {
				return
			}
			e := engine.ExtraMinionGrant()
			e.MaxPower = 2
			g.GiveExtra(p, e, self(f))
		},
	}}
})

var _ = card("base/the_mothership", func(d *engine.Def) {
	// After it scores, each winner may return one of their minions of power 3
	// or less from here to their hand.
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: eachPlayerMay(wonHere, "You won The Mothership: you may return one of your minions of power 3 or less there to your hand",
			func(g *G, f *F, w Seat) []CardID { return where(g.MinionsAt(f.Base, w), powerAtMost(g, 3)) },
			func(g *G, f *F, w Seat, c CardID) {
				f.DoneBy(w, func() { g.Return(f, c) }) // credited to the winner who chose
			}),
	}}
})

var _ = card("base/evans_city_cemetery", func(d *engine.Def) {
	// After it scores, each winner discards their hand and draws five cards.
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: eachGains(func(g *G, f *F, p Seat) bool { return slices.Contains(scoredWinners(g, f), p) },
			func(g *G, f *F, w Seat) {
				for _, c := range g.Hand(w) {
					g.DiscardCard(c)
				}
				g.Draw(w, 5)
			}),
	}}
})

var _ = card("base/rhodes_plaza_mall", func(d *engine.Def) {
	// When it scores, every player (places do not matter) gains 1 VP per minion they have here.
	d.Triggers = []engine.Trigger{{
		On: engine.EvScore, When: scoredHere,
		Do: eachGains(func(g *G, f *F, p Seat) bool { return len(g.MinionsAt(f.Base, p)) > 0 },
			func(g *G, f *F, p Seat) { g.GainVP(p, len(g.MinionsAt(f.Base, p))) }),
	}}
})

// Core bases of the Dinosaurs and the Ninjas.

var _ = card("base/jungle_oasis", nil) // deliberately no ability

var _ = card("base/tar_pits", func(d *engine.Def) {
	// a minion destroyed here is placed (by its owner) on the bottom of its
	// owner's deck; its controller, if they only may ignore the base
	// (Infiltrate), chooses whether it goes there
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy,
		When: func(g *G, self CardID, ev engine.Event) bool {
			s := g.Cards[self].Base
			return ev.Base == s && g.IsMinion(ev.Card) && !g.BaseMustIgnore(s, ev.Player)
		},
		Do: eachFollows(evPlayer, "You may ignore {}'s ability: does your destroyed minion go to the bottom of its owner's deck?",
			func(g *G, f *F, _ Seat) {
				if c := f.Ev.Card; g.Cards[c].Zone == engine.ZDiscard {
					g.ToDeckBottom(c)
				}
			}, nil),
	}}
})

// scoredHere tells base triggers about their own base scoring.
func scoredHere(g *G, self CardID, ev engine.Event) bool { return ev.Base == g.Cards[self].Base }

// minionHere is a trigger condition: the event (a minion played, destroyed...)
// is about a minion on this base.
func minionHere(g *G, self CardID, ev engine.Event) bool {
	return ev.Base == g.Cards[self].Base && g.IsMinion(ev.Card)
}

// Ninja Dojo: the winner (each tied winner, in turn from the current player)
// may destroy a minion.
var _ = card("base/ninja_dojo", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: eachPlayerMay(wonHere, "Ninja Dojo: you may destroy a minion",
			func(g *G, f *F, _ Seat) []CardID { return g.Minions(none) },
			func(g *G, f *F, w Seat, c CardID) {
				f.DoneBy(w, func() { g.Destroy(f, c) }) // credited to the winner who chose
			}),
	}}
})

// Temple of Goju: each player's highest-power minion here goes to the bottom of
// its owner's deck. The text names no tie-break, so by the superlative rule every
// minion tied for a player's highest power goes; their owners place them (the
// compendium), each choosing the order of those going under their own deck,
// one at a time. Those minions are fixed before the first goes (one leaving may
// lower the others' power). The players are handled in turn, counting from the
// current player.
var (
	flagGojuDone    = engine.FlagID(engine.Text("mark: Temple of Goju handled"))
	flagGojuHighest = engine.FlagID(engine.Text("mark: Temple of Goju highest"))
)

var _ = card("base/temple_of_goju", func(d *engine.Def) {
	// Each player in turn, each of their tied minions in the order chosen: a
	// loop, so named steps, not a flow.
	const (
		nextPlayer engine.Step = iota
		answered               // a player who only may ignore the base said whether they follow it
		chooseHighest
		putOnDeckBottom
	)
	const (
		considered engine.NumSlot  = iota // players considered so far
		handled    engine.SeatSlot = iota // the player being handled
	)
	// markHighest marks p's minions here of the highest power, those that go
	markHighest := func(g *G, f *F, p Seat) {
		top := 0
		for _, m := range g.MinionsAt(f.Base, p) {
			top = max(top, g.Power(m))
		}
		for _, m := range g.MinionsAt(f.Base, p) {
			if g.Power(m) == top {
				g.MarkCard(flagGojuHighest, m, self(f))
			}
		}
		f.SetSeat(handled, p)
	}
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			s := f.Base
			tied := func(p Seat) []CardID {
				return where(g.MinionsAt(s, p), func(m CardID) bool {
					return g.Marked(flagGojuHighest, m, self(f)) && !g.Marked(flagGojuDone, m, self(f))
				})
			}
			switch f.Step {
			case nextPlayer:
				p := nextInTurn(g, f, considered, func(p Seat) bool { return len(g.MinionsAt(s, p)) > 0 && !g.BaseMustIgnore(s, p) })
				if p == none {
					g.Unmark(flagGojuDone, self(f))
					g.Unmark(flagGojuHighest, self(f))
					return
				}
				if g.BaseIgnored(s, p) { // Infiltrate: its player chooses
					f.SetSeat(handled, p)
					g.AskYesNo(f, p, "You may ignore {}'s ability: do your highest-power minions there go to the bottom of their owners' decks?", engine.CardArg(g.BaseCardAt(s)))
					return
				}
				markHighest(g, f, p)
				f.Goto(chooseHighest)
			case answered:
				if f.Yes() {
					markHighest(g, f, f.SeatIn(handled))
					f.Goto(chooseHighest)
				} else {
					f.Goto(nextPlayer)
				}
			case chooseHighest:
				p := f.SeatIn(handled)
				cands := tied(p)
				if len(cands) == 0 {
					f.Goto(nextPlayer)
					return
				}
				// owners place the minions (compendium): each owner, from the
				// current player on, orders those going under their own deck
				owner := engine.Seat(none)
				for _, q := range g.PlayersFrom(g.Current) {
					if owner == none && len(where(cands, func(m CardID) bool { return g.Owner(m) == q })) > 0 {
						owner = q
					}
				}
				cands = where(cands, func(m CardID) bool { return g.Owner(m) == owner })
				g.AskCards(f, owner, "Temple of Goju: choose the next of your minions to go to the bottom of your deck", cands, false)
			case putOnDeckBottom:
				if c := f.Chosen(); c != none {
					g.MarkCard(flagGojuDone, c, self(f))
					g.Place(f, c, engine.PlaceDeckBottom)
				}
				f.Goto(chooseHighest)
			}
		},
	}}
})

// Core set bases of the Pirates and the Robots.

// aboutThisBase is a trigger condition: the event is about base card me.
func aboutThisBase(g *G, me CardID, ev engine.Event) bool { return ev.Card == me }

var _ = card("base/the_grey_opal", func(d *engine.Def) {
	// After scoring, each player but the winners, in turn order from the
	// current player, may move one of their minions from here to another base
	// before the cards here are discarded. The minion to move is the frame's
	// target. A loop over the players, so named steps, not a flow.
	const (
		askPlayer engine.Step = iota
		chooseDestination
		moveIt
	)
	const (
		asked  engine.NumSlot  = iota // players asked so far
		asking engine.SeatSlot = iota // who is being asked
	)
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: aboutThisBase,
		Do: func(g *G, f *F) {
			s := f.Ev.Base
			switch f.Step {
			case askPlayer:
				p := nextInTurn(g, f, asked, func(p Seat) bool {
					place, _ := g.ScoredPlace(f.Ev.Card, p)
					return place != 1 && !g.BaseMustIgnore(s, p) && len(g.MinionsAt(s, p)) > 0 && len(otherBases(g, s)) > 0
				})
				if p == none {
					return
				}
				f.SetSeat(asking, p)
				g.AskCards(f, p, "The Grey Opal: you may move one of your minions from here to another base", g.MinionsAt(s, p), true)
			case chooseDestination:
				c := f.Chosen()
				if c == none {
					f.Goto(askPlayer)
					return
				}
				f.Target = c
				g.AskBases(f, f.SeatIn(asking), "Choose the base {} moves to", movesAllowed(g, f.SeatIn(asking), c, otherBases(g, s)), false, engine.CardArg(c))
			case moveIt:
				if to := f.ChosenBase(); to != none {
					f.DoneBy(f.SeatIn(asking), func() { g.Move(f, f.Target, to) }) // credited to the player who chose
				}
				f.Goto(askPlayer)
			}
		},
	}}
})

var _ = card("base/tortuga", func(d *engine.Def) {
	// Once it has scored and been replaced (it is then in the base discard
	// pile), each runner-up there may move one of their minions from another
	// base onto the replacement (while it is still there). Its own minions
	// were discarded with it.
	runnerUp := func(g *G, f *F, p Seat) bool {
		place, _ := g.ScoredPlace(f.Ev.OldBase(), p)
		return place == 2 && g.BaseCardAt(f.Ev.Base) == f.Ev.Card
	}
	d.Triggers = []engine.Trigger{{
		On: engine.EvBaseReplaced, From: engine.ZBaseDiscard,
		When: func(g *G, me CardID, ev engine.Event) bool {
			return ev.OldBase() == me && ev.Card != none
		},
		Do: eachPlayerMay(runnerUp, "Tortuga: you may move one of your minions to the new base",
			func(g *G, f *F, p Seat) []CardID {
				return where(g.Minions(p), func(m CardID) bool { return g.BaseOf(m) != f.Ev.Base })
			},
			func(g *G, f *F, _ Seat, c CardID) { g.Move(f, c, f.Ev.Base) }),
	}}
})

var _ = card("base/factory_436_1337", func(d *engine.Def) {
	// When it scores, each winner gains 1 VP per full 5 power they have here.
	d.Triggers = []engine.Trigger{{
		On: engine.EvScore, When: aboutThisBase,
		Do: eachGains(func(g *G, f *F, p Seat) bool {
			place, _ := g.ScoredPlace(f.Ev.Card, p)
			return place == 1 && g.PowerAt(f.Base, p) >= 5
		}, func(g *G, f *F, p Seat) { g.GainVP(p, g.PowerAt(f.Base, p)/5) }),
	}}
})

var _ = card("base/the_central_brain", func(d *engine.Def) {
	d.PowerMod = func(g *G, me, target CardID) int {
		if g.IsMinion(target) && g.BaseOf(target) == g.SlotOfBase(me) {
			return 1
		}
		return 0
	}
})

// Core set bases of the Tricksters and the Wizards.

// Cave of Shinies: only a destruction that happens counts (the event is not
// emitted when a destroy is prevented or replaced).
var _ = card("base/cave_of_shinies", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvDestroy,
		When: func(g *G, self CardID, ev engine.Event) bool {
			s := g.SlotOfBase(self)
			return g.IsMinion(ev.Card) && ev.Base == s && !g.BaseMustIgnore(s, g.Owner(ev.Card))
		},
		Do: eachGains(func(g *G, f *F, p Seat) bool { return p == g.Owner(f.Ev.Card) },
			func(g *G, f *F, p Seat) { g.GainVP(p, 1) }),
		EvKey: ownerOfEvCard}}
})

// Mushroom Kingdom: the player whose turn starts need not have a card here.
var _ = card("base/mushroom_kingdom", func(d *engine.Def) {
	const theMinion engine.CardSlot = 0 // the minion moved here
	d.Triggers = []engine.Trigger{{On: engine.EvTurnStart,
		Do: flow(
			pickCard(theMinion, "You may move another player's minion to Mushroom Kingdom", func(g *G, f *F) []CardID {
				p, s := you(f), f.Base
				return where(g.Minions(none), func(c CardID) bool { return g.Ctrl(c) != p && g.CanMoveTo(p, c, s) })
			}).may().when(func(g *G, f *F) bool { return !g.BaseMustIgnore(f.Base, you(f)) }),
			act(func(g *G, f *F) { g.Move(f, f.CardIn(theMinion), f.Base) }),
		)}}
})

// scoredWinners lists the winners of the scoring an after-scoring ability
// answers (f.Ev: the base card, at f.Base): those who took first place then,
// whatever power they have there now. Tied winners each use the base's
// ability in turn, from the current player clockwise (Tie Fighter).
func scoredWinners(g *G, f *F) []Seat {
	return where(g.PlayersFrom(g.Current), func(p Seat) bool {
		place, _ := g.ScoredPlace(f.Ev.Card, p)
		return place == 1
	})
}

// eachPlayerMay builds a base ability by which some players (those who
// accepts, in turn from the current player) may each choose one of cands to
// have act done to it. A player with nothing to choose is passed over. A loop
// over the players, so named steps, not a flow.
func eachPlayerMay(who func(g *G, f *F, p Seat) bool, prompt engine.Prompt, cands func(g *G, f *F, w Seat) []CardID, act func(g *G, f *F, w Seat, c CardID)) engine.AbilityFn {
	const (
		askWinner engine.Step = iota
		actOnChosen
	)
	const (
		considered engine.NumSlot  = iota // players considered so far
		asking     engine.SeatSlot = iota // the winner who chooses now
	)
	return func(g *G, f *F) {
		switch f.Step {
		case askWinner:
			w := nextInTurn(g, f, considered, func(w Seat) bool { return who(g, f, w) && len(cands(g, f, w)) > 0 })
			if w == none {
				return
			}
			f.SetSeat(asking, w)
			g.AskCards(f, w, prompt, cands(g, f, w), true)
		case actOnChosen:
			if c := f.Chosen(); c != none {
				act(g, f, f.SeatIn(asking), c)
			}
			f.Goto(askWinner)
		}
	}
}

// eachGains builds a base ability that gives something to some players
// (who, in turn from the current player): one who must ignore the base gets
// nothing; one who only may ignore it (Infiltrate: "you may ignore") chooses
// whether to take it; the others get it. A loop over the players, so named
// steps, not a flow.
func eachGains(who func(g *G, f *F, p Seat) bool, give func(g *G, f *F, p Seat)) engine.AbilityFn {
	return eachGainsThen(who, give, nil)
}

// eachGainsThen is eachGains with done (if not nil) run once every player
// has been considered.
func eachGainsThen(who func(g *G, f *F, p Seat) bool, give func(g *G, f *F, p Seat), done func(g *G, f *F)) engine.AbilityFn {
	return eachFollows(who, "You may ignore {}'s ability: do you take what it gives you?", give, done)
}

// eachFollows builds a base ability that does something to some players'
// cards or for them (who, in turn from the current player): one who must
// ignore the base is left alone; one who only may ignore it (Infiltrate)
// is asked (prompt, whose {} is the base) whether they follow it; the
// others follow it. done (if not nil) runs once every player has been
// considered. A loop over the players, so named steps, not a flow.
func eachFollows(who func(g *G, f *F, p Seat) bool, prompt engine.Prompt, give func(g *G, f *F, p Seat), done func(g *G, f *F)) engine.AbilityFn {
	const (
		nextPlayer engine.Step = iota
		answered
	)
	const (
		considered engine.NumSlot  = iota // players considered so far
		asking     engine.SeatSlot = iota // the player asked
	)
	return func(g *G, f *F) {
		switch f.Step {
		case nextPlayer:
			for {
				p := nextInTurn(g, f, considered, func(p Seat) bool { return who(g, f, p) && !g.BaseMustIgnore(f.Base, p) })
				if p == none {
					if done != nil {
						done(g, f)
					}
					return
				}
				if g.BaseIgnored(f.Base, p) {
					f.SetSeat(asking, p)
					g.AskYesNo(f, p, prompt, engine.CardArg(g.BaseCardAt(f.Base)))
					return
				}
				give(g, f, p)
			}
		case answered:
			if f.Yes() {
				give(g, f, f.SeatIn(asking))
			}
			f.Goto(nextPlayer)
		}
	}
}

// evPlayer is eachGains's who for the player the event is about.
func evPlayer(g *G, f *F, p Seat) bool { return p == f.Ev.Player }

// wonHere is eachPlayerMay's who for "each winner": the winners of the
// scoring f answers (even when a destruction since has left one of them with
// less power here), unless they must ignore the base (one who only may
// ignore it, through Infiltrate, may decline what it offers).
func wonHere(g *G, f *F, p Seat) bool {
	place, _ := g.ScoredPlace(f.Ev.Card, p)
	return place == 1 && !g.BaseMustIgnore(f.Base, p)
}

// School of Wizardry: the winner puts the base they choose among the top three
// of the base deck on top of it, the other two under it in the order they
// choose; the scored base is then replaced by the top base as usual. The
// chosen base is the frame's target. The bases are put back one at a time (a
// loop), so named steps, not a flow.
var _ = card("base/school_of_wizardry", func(d *engine.Def) {
	const (
		findWinner engine.Step = iota
		answered               // a winner who only may ignore the base said whether they use it
		chooseReplacement
		rememberChosen
		askPutBack
		putBack
		chosenOnTop
	)
	const (
		theWinner engine.SeatSlot = 0 // who chooses
		firstBase engine.CardSlot = 1 // the bases looked at: firstBase and on (up to three)
		nLooked   engine.NumSlot  = 4 // how many bases were looked at
		putBackOf engine.NumSlot  = 5 // bit i: the i-th base looked at has been put back
		// until the bases are looked at, slot 5 counts the winners considered
		winnersConsidered engine.NumSlot = 5
	)
	d.Triggers = []engine.Trigger{{On: engine.EvAfterScore,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Base == g.SlotOfBase(self) },
		Do: func(g *G, f *F) {
			switch f.Step {
			case findWinner:
				// one winner uses it: tied winners are taken in turn from the
				// current player; one who ignores the base leaves it to the
				// next, and one who only may ignore it (Infiltrate) chooses
				winners := scoredWinners(g, f)
				for f.Get(winnersConsidered) < len(winners) {
					w := winners[f.Get(winnersConsidered)]
					f.Add(winnersConsidered, 1)
					if g.BaseMustIgnore(f.Base, w) {
						continue
					}
					f.SetSeat(theWinner, w)
					if g.BaseIgnored(f.Base, w) {
						g.AskYesNo(f, w, "You may ignore {}'s ability: do you choose the base that replaces it?", engine.CardArg(g.BaseCardAt(f.Base)))
						return
					}
					f.Goto(chooseReplacement)
					return
				}
			case answered:
				if f.Yes() {
					f.Goto(chooseReplacement)
				} else {
					f.Goto(findWinner)
				}
			case chooseReplacement:
				w := f.SeatIn(theWinner)
				top := g.Collect(engine.ZBaseDeck, none)
				if len(top) > 3 {
					top = top[:3]
				}
				for i, b := range top {
					f.SetCard(firstBase+engine.CardSlot(i), b)
				}
				f.Set(nLooked, len(top))
				f.Set(putBackOf, 0)
				g.BeginAsk()
				for _, b := range top {
					g.Offer(engine.Option{Kind: engine.OptBase, Card: b, Base: none, Player: none})
				}
				g.Ask(f, w, "Choose the base that replaces School of Wizardry", 0)
			case rememberChosen: // the chosen one goes first (to the top), the others are put back under it
				if f.Ans.Kind == engine.OptBase && f.Ans.Card >= 0 {
					f.Target = f.Ans.Card
				}
				f.Next()
			case askPutBack:
				var rest []CardID
				for i := 0; i < f.Get(nLooked); i++ {
					if b := f.CardIn(firstBase + engine.CardSlot(i)); b != f.Target && f.Get(putBackOf)&(1<<i) == 0 {
						rest = append(rest, b)
					}
				}
				if len(rest) == 0 {
					f.Goto(chosenOnTop)
					return
				}
				g.BeginAsk()
				for _, b := range rest {
					g.Offer(engine.Option{Kind: engine.OptBase, Card: b, Base: none, Player: none})
				}
				g.Ask(f, f.SeatIn(theWinner), "Put a base back on top of the base deck (the last one put back is just under the chosen base)", 0)
			case putBack:
				for i := 0; i < f.Get(nLooked); i++ {
					if f.Ans.Kind == engine.OptBase && f.Ans.Card == f.CardIn(firstBase+engine.CardSlot(i)) {
						f.Set(putBackOf, f.Get(putBackOf)|1<<i)
						g.BaseToDeckTop(f.Ans.Card)
					}
				}
				f.Goto(askPutBack)
			case chosenOnTop:
				if f.Target >= 0 {
					g.BaseToDeckTop(f.Target)
				}
			}
		}}}
})

var _ = card("base/the_great_library", func(d *engine.Def) {
	// Every player who has a minion here, in turn from the current player, may draw a card.
	const considered engine.NumSlot = 0 // players considered so far
	d.Triggers = []engine.Trigger{{On: engine.EvAfterScore,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Base == g.SlotOfBase(self) },
		Do: func(g *G, f *F) {
			s := f.Base
			players := g.PlayersFrom(g.Current)
			i := f.Get(considered)
			if i > 0 && f.Yes() { // the last player considered was asked
				g.Draw(players[i-1], 1)
			}
			for i < len(players) && (len(g.MinionsAt(s, players[i])) == 0 || g.BaseMustIgnore(s, players[i])) {
				i++
			}
			if i >= len(players) {
				return
			}
			f.Set(considered, i+1)
			g.AskYesNo(f, players[i], "The Great Library: draw a card?")
		}}}
})
