package cards

import "github.com/smashup/smashup/internal/engine"

// The core set's bases, grouped by the factions they come with.

// Core set bases of the Aliens and Zombies: The Homeworld, The Mothership,
// Evans City Cemetery, Rhodes Plaza Mall.

// playedHere is a trigger condition: a minion was played on this base.
func playedHere(g *G, self int, ev engine.Event) bool {
	return int(ev.Base) == g.SlotOfBase(self) && ev.Card >= 0 && g.IsMinion(int(ev.Card))
}

var _ = card("base/the_homeworld", func(d *engine.Def) {
	// After a minion is played here, whoever played it may play an extra minion
	// of power 2 or less. In that player's own Play Cards phase it is a generic
	// extra they may keep for later in the phase; at any other time it must be
	// played at once.
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: playedHere,
		Do: func(g *G, f *F) {
			p := int(f.Ev.Player)
			if g.BaseIgnored(int(f.Ev.Base), p) {
				return
			}
			if isCurrent(g, p) && g.Phase == engine.PhasePlay {
				e := engine.ExtraMinionGrant()
				e.MaxPower = 2
				g.GrantExtra(p, e)
				return
			}
			g.OfferExtraPlay(p, engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: 2, Base: none, Card: none, Faction: none, NotBase: none}, self(f))
		},
	}}
})

var _ = card("base/the_mothership", func(d *engine.Def) {
	// After it scores, each winner may return one of their minions of power 3
	// or less from here to their hand. The winners are fixed as the ability
	// starts (V[1]: bit set); V[0]: the next player to consider, counting
	// clockwise from the current player.
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			s := int(f.Base)
			if f.Step == 0 {
				for _, w := range g.WinnersAt(s) {
					f.V[1] |= 1 << w
				}
			}
			if f.Step%2 == 1 {
				if c := f.Chosen(); c != none {
					g.Return(f, c)
				}
				f.V[0]++
				f.Next()
				return
			}
			for ; int(f.V[0]) < int(g.NPlayers); f.V[0]++ {
				w := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
				if f.V[1]&(1<<w) == 0 || g.BaseIgnored(s, w) {
					continue
				}
				if mine := where(g.MinionsAt(s, w), powerAtMost(g, 3)); len(mine) > 0 {
					g.AskCards(f, w, "You won The Mothership: you may return one of your minions of power 3 or less there to your hand", mine, true)
					return
				}
			}
		},
	}}
})

var _ = card("base/evans_city_cemetery", func(d *engine.Def) {
	// After it scores, each winner discards their hand and draws five cards.
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			for _, w := range g.WinnersAt(int(f.Base)) {
				if g.BaseIgnored(int(f.Base), w) {
					continue
				}
				for _, c := range g.Hand(w) {
					g.DiscardCard(c)
				}
				g.Draw(w, 5)
			}
		},
	}}
})

var _ = card("base/rhodes_plaza_mall", func(d *engine.Def) {
	// When it scores, every player (places do not matter) gains 1 VP per minion they have here.
	d.Triggers = []engine.Trigger{{
		On: engine.EvScore, When: scoredHere,
		Do: func(g *G, f *F) {
			for _, p := range g.PlayersFrom(int(g.Current)) {
				if !g.BaseIgnored(int(f.Base), p) {
					g.GainVP(p, len(g.MinionsAt(int(f.Base), p)))
				}
			}
		},
	}}
})

// Core bases of the Dinosaurs and the Ninjas.

var _ = card("base/jungle_oasis", nil) // deliberately no ability

var _ = card("base/tar_pits", func(d *engine.Def) {
	// a minion destroyed here is placed (by its owner) on the bottom of its owner's deck
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy,
		When: func(g *G, self int, ev engine.Event) bool {
			s := int(g.Cards[self].Base)
			return int(ev.Base) == s && g.IsMinion(int(ev.Card)) && !g.BaseIgnored(s, int(ev.Player))
		},
		Do: func(g *G, f *F) {
			if c := int(f.Ev.Card); g.Cards[c].Zone == engine.ZDiscard {
				g.ToDeckBottom(c)
			}
		},
	}}
})

// scoredHere tells base triggers about their own base scoring.
func scoredHere(g *G, self int, ev engine.Event) bool { return int(ev.Base) == int(g.Cards[self].Base) }

// Ninja Dojo: V0 = next winner to ask (counting from the current player), V1 = who asks now.
var _ = card("base/ninja_dojo", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			s := int(f.Base)
			switch f.Step {
			case 0:
				winners := g.WinnersAt(s)
				for int(f.V[0]) < int(g.NPlayers) {
					p := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
					f.V[0]++
					isWinner := false
					for _, w := range winners {
						isWinner = isWinner || w == p
					}
					if !isWinner || g.BaseIgnored(s, p) {
						continue
					}
					f.V[1] = int16(p)
					g.AskCards(f, p, "Ninja Dojo: you may destroy a minion", g.Minions(none), true)
					return
				}
			case 1:
				if c := f.Chosen(); c != none {
					f.Player = int8(f.V[1]) // credited to the winner who chose
					g.Destroy(f, c)
				}
				f.Goto(0)
			}
		},
	}}
})

// Temple of Goju: each player's highest-power minion here goes to the bottom of
// its owner's deck. The text names no tie-break, so by the superlative rule every
// minion tied for a player's highest power goes; that player chooses the order,
// one at a time. V0 = next player to handle (counting from the current player),
// V1 = the player being handled, V2 = their highest power.
var flagGojuDone = int(engine.Text("mark: Temple of Goju handled"))

var _ = card("base/temple_of_goju", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			s := int(f.Base)
			tied := func(p int) []int {
				return where(g.MinionsAt(s, p), func(m int) bool {
					return g.Power(m) == int(f.V[2]) && !g.Marked(flagGojuDone, m, self(f))
				})
			}
			switch f.Step {
			case 0:
				for int(f.V[0]) < int(g.NPlayers) {
					p := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
					f.V[0]++
					ms := g.MinionsAt(s, p)
					if len(ms) == 0 || g.BaseIgnored(s, p) {
						continue
					}
					top := 0
					for _, m := range ms {
						top = max(top, g.Power(m))
					}
					f.V[1], f.V[2] = int16(p), int16(top)
					f.Goto(1)
					return
				}
				g.Unmark(flagGojuDone, self(f))
			case 1:
				p := int(f.V[1])
				cands := tied(p)
				if len(cands) == 0 {
					f.Goto(0)
					return
				}
				g.AskCards(f, p, "Temple of Goju: choose your highest-power minion to go to the bottom of its owner's deck", cands, false)
			case 2:
				if c := f.Chosen(); c != none {
					g.MarkCard(flagGojuDone, c, self(f))
					g.Place(f, c, engine.PlaceDeckBottom)
				}
				f.Goto(1)
			}
		},
	}}
})

// Core set bases of the Pirates and the Robots.

// aboutThisBase is a trigger condition: the event is about base card me.
func aboutThisBase(g *G, me int, ev engine.Event) bool { return int(ev.Card) == me }

var _ = card("base/the_grey_opal", func(d *engine.Def) {
	// After scoring, each player but the winners, in turn order from the
	// current player, may move one of their minions from here to another base
	// before the cards here are discarded. V0 = players asked so far, V1 = who
	// is being asked.
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: aboutThisBase,
		Do: func(g *G, f *F) {
			s := int(f.Ev.Base)
			switch f.Step {
			case 0:
				if int(f.V[0]) >= int(g.NPlayers) {
					return
				}
				p := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
				f.V[0]++
				f.V[1] = int16(p)
				if place, _ := g.ScoredPlace(int(f.Ev.Card), p); place == 1 || g.BaseIgnored(s, p) || len(g.MinionsAt(s, p)) == 0 || len(otherBases(g, s)) == 0 {
					f.Goto(0)
					return
				}
				g.AskCards(f, p, "The Grey Opal: you may move one of your minions from here to another base", g.MinionsAt(s, p), true)
			case 1:
				c := f.Chosen()
				if c == none {
					f.Goto(0)
					return
				}
				f.Target = int16(c)
				g.AskBases(f, int(f.V[1]), "Choose the base {} moves to", otherBases(g, s), false, engine.CardArg(c))
			case 2:
				if to := f.ChosenBase(); to != none {
					g.Move(f, int(f.Target), to)
				}
				f.Goto(0)
			}
		},
	}}
})

var _ = card("base/tortuga", func(d *engine.Def) {
	// Once it has scored and been replaced (it is then in the base discard
	// pile), each runner-up there may move one of their minions from another
	// base onto the replacement. Its own minions were discarded with it.
	// V0 = players asked so far, V1 = who is being asked.
	d.Triggers = []engine.Trigger{{
		On: engine.EvBaseReplaced, From: engine.ZBaseDiscard,
		When: func(g *G, me int, ev engine.Event) bool { return int(ev.Other) == me && ev.Card != none },
		Do: func(g *G, f *F) {
			s := int(f.Ev.Base)
			switch f.Step {
			case 0:
				if int(f.V[0]) >= int(g.NPlayers) || g.BaseCardAt(s) != int(f.Ev.Card) {
					return
				}
				p := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
				f.V[0]++
				f.V[1] = int16(p)
				if place, _ := g.ScoredPlace(int(f.Ev.Other), p); place != 2 {
					f.Goto(0)
					return
				}
				cands := where(g.Minions(p), func(m int) bool { return g.BaseOf(m) != s })
				if len(cands) == 0 {
					f.Goto(0)
					return
				}
				g.AskCards(f, p, "Tortuga: you may move one of your minions to the new base", cands, true)
			case 1:
				if c := f.Chosen(); c != none {
					g.Move(f, c, s)
				}
				f.Goto(0)
			}
		},
	}}
})

var _ = card("base/factory_436_1337", func(d *engine.Def) {
	// When it scores, each winner gains 1 VP per full 5 power they have here.
	d.Triggers = []engine.Trigger{{
		On: engine.EvScore, When: aboutThisBase,
		Do: func(g *G, f *F) {
			s := int(f.Ev.Base)
			for _, p := range g.PlayersFrom(int(g.Current)) {
				if place, _ := g.ScoredPlace(int(f.Ev.Card), p); place == 1 && !g.BaseIgnored(s, p) {
					g.GainVP(p, g.PowerAt(s, p)/5)
				}
			}
		},
	}}
})

var _ = card("base/the_central_brain", func(d *engine.Def) {
	d.PowerMod = func(g *G, me, target int) int {
		if g.BaseOf(target) == g.SlotOfBase(me) {
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
		When: func(g *G, self int, ev engine.Event) bool {
			s := g.SlotOfBase(self)
			return g.IsMinion(int(ev.Card)) && int(ev.Base) == s && !g.BaseIgnored(s, g.Owner(int(ev.Card)))
		},
		Do:    func(g *G, f *F) { g.GainVP(g.Owner(int(f.Ev.Card)), 1) },
		EvKey: ownerOfEvCard}}
})

// Mushroom Kingdom: the player whose turn starts need not have a card here.
var _ = card("base/mushroom_kingdom", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvTurnStart,
		Do: func(g *G, f *F) {
			p, s := you(f), int(f.Base)
			switch f.Step {
			case 0:
				if g.BaseIgnored(s, p) {
					return
				}
				cands := where(g.Minions(none), func(c int) bool { return g.Ctrl(c) != p && g.BaseOf(c) != s })
				g.AskCards(f, p, "You may move another player's minion to Mushroom Kingdom", cands, true)
			case 1:
				if c := f.Chosen(); c != none {
					g.Move(f, c, s)
				}
			}
		}}}
})

// firstWinner is the one winner of slot s who uses a "the winner" ability:
// tied winners are broken starting with the current player, clockwise. A
// winner who ignores the base (Infiltrate) does not use it.
func firstWinner(g *G, s int) int {
	for _, p := range g.PlayersFrom(int(g.Current)) {
		for _, w := range g.WinnersAt(s) {
			if w == p && !g.BaseIgnored(s, p) {
				return p
			}
		}
	}
	return none
}

// School of Wizardry: the winner puts the base they choose among the top three
// of the base deck on top of it, the other two under it in the order they
// choose; the scored base is then replaced by the top base as usual.
var _ = card("base/school_of_wizardry", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvAfterScore,
		When: func(g *G, self int, ev engine.Event) bool { return int(ev.Base) == g.SlotOfBase(self) },
		Do: func(g *G, f *F) {
			s := int(f.Base)
			switch f.Step {
			case 0:
				w := firstWinner(g, s)
				if w == none {
					return
				}
				f.V[0] = int16(w)
				top := g.Collect(engine.ZBaseDeck, none)
				if len(top) > 3 {
					top = top[:3]
				}
				for i, b := range top {
					f.V[1+i] = int16(b)
				}
				f.V[4] = int16(len(top))
				f.V[5] = 0 // bit i: the i-th base looked at has been put back
				g.BeginAsk()
				for _, b := range top {
					g.Opt(engine.Option{Kind: engine.OptBase, Card: int16(b), Base: none, Player: none})
				}
				g.Ask(f, w, "Choose the base that replaces School of Wizardry", 0)
			case 1: // the chosen one goes first (to the top), the others are put back under it
				if f.Ans.Kind == engine.OptBase && f.Ans.Card >= 0 {
					f.Target = f.Ans.Card
				}
				f.Next()
			case 2:
				var rest []int
				for i := 0; i < int(f.V[4]); i++ {
					if b := int(f.V[1+i]); b != int(f.Target) && f.V[5]&(1<<i) == 0 {
						rest = append(rest, b)
					}
				}
				if len(rest) == 0 {
					f.Goto(4)
					return
				}
				g.BeginAsk()
				for _, b := range rest {
					g.Opt(engine.Option{Kind: engine.OptBase, Card: int16(b), Base: none, Player: none})
				}
				g.Ask(f, int(f.V[0]), "Put a base back on top of the base deck (the last one put back is just under the chosen base)", 0)
			case 3:
				for i := 0; i < int(f.V[4]); i++ {
					if f.Ans.Kind == engine.OptBase && f.Ans.Card == f.V[1+i] {
						f.V[5] |= 1 << i
						g.BaseToDeckTop(int(f.Ans.Card))
					}
				}
				f.Goto(2)
			case 4:
				if f.Target >= 0 {
					g.BaseToDeckTop(int(f.Target))
				}
			}
		}}}
})

var _ = card("base/the_great_library", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvAfterScore,
		When: func(g *G, self int, ev engine.Event) bool { return int(ev.Base) == g.SlotOfBase(self) },
		Do: func(g *G, f *F) {
			s := int(f.Base)
			players := g.PlayersFrom(int(g.Current))
			i := int(f.V[0])
			if f.Step > 0 && f.Yes() {
				g.Draw(players[i-1], 1)
			}
			for i < len(players) && (len(g.MinionsAt(s, players[i])) == 0 || g.BaseIgnored(s, players[i])) {
				i++
			}
			if i >= len(players) {
				return
			}
			f.V[0] = int16(i + 1)
			g.AskYesNo(f, players[i], "The Great Library: draw a card?")
		}}}
})
