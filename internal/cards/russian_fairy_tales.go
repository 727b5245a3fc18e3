package cards

import "github.com/smashup/smashup/internal/engine"

// Russian Fairy Tales: transformations (minions replaced by minions played off
// the top of a deck), and minions that come back for each other.

const (
	toHandText = "Put it into your hand"
	toPlayText = "Play it as an extra minion"
)

// transform schedules, as an ability of its own, "transform minion c": it goes
// to the bottom of its owner's deck; that owner plays a minion off the top of
// their deck onto the same base, then shuffles their deck. The minion is the
// frame's target.
func transform(g *G, f *F, c CardID) { g.Schedule(transformFn, you(f), self(f), none, c) }

var transformFn = engine.Fn(func() engine.AbilityFn {
	const itsBase engine.BaseIDSlot = 0 // where the minion was
	return flow(
		act(func(g *G, f *F) {
			f.SetBase(itsBase, g.BaseOf(f.Target))
			g.Place(f, f.Target, engine.PlaceDeckBottom)
		}),
		actIf(func(g *G, f *F) bool {
			c := f.Target
			if g.Cards[c].Zone != engine.ZDeck {
				return false // it did not go: nothing is played
			}
			g.PlayOffTop(nil, g.Owner(c), engine.Minion, f.BaseIn(itsBase), 0)
			return true
		}),
		act(func(g *G, f *F) { g.Shuffle(g.Owner(f.Target)) }),
	)
}())

var _ = card("russian_fairy_tales/baba_yaga", func(d *engine.Def) {
	d.Talent = chooseCard("Choose another minion here to transform", false,
		func(g *G, f *F) []CardID { return where(g.MinionsAt(here(g, f), none), other(self(f))) }, transform)
	d.TalentOK = func(g *G, self CardID) bool { return len(g.MinionsAt(g.BaseOf(self), none)) > 1 }
})

var _ = card("russian_fairy_tales/transformation", func(d *engine.Def) {
	d.OnPlay = chooseCard("Choose a minion to transform", false, allMinions, transform)
})

var _ = card("russian_fairy_tales/finist_the_falcon", func(d *engine.Def) {
	const otherBase engine.BaseIDSlot = 0 // where it is played again
	d.Specials = []engine.Special{{
		Window: engine.WinBeforeScore, From: engine.ZInPlay,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return slot != none && (g.BaseOf(c) != slot || len(otherBases(g, slot)) > 0)
		},
		Do: flow(
			actIf(func(g *G, f *F) bool {
				if c := self(f); g.BaseOf(c) != f.Base {
					g.Move(f, c, f.Base)
					return false
				}
				g.Return(f, self(f))
				return true
			}),
			pickBase(otherBase, "Play Finist the Falcon on another base", func(g *G, f *F) []BaseID {
				return where(otherBases(g, f.Base), func(b BaseID) bool { return g.MinionAllowed(you(f), self(f), b) })
			}).when(func(g *G, f *F) bool { return g.Cards[self(f)].Zone == engine.ZHand && g.Ctrl(self(f)) == you(f) }),
			act(func(g *G, f *F) { g.PlayExtraNow(you(f), self(f), f.BaseIn(otherBase)) }),
		),
	}}
})

// searchThreeZones lists the cards named name in p's hand, deck and discard pile.
func searchThreeZones(g *G, p Seat, name string) []CardID {
	var out []CardID
	for _, z := range []engine.Zone{engine.ZHand, engine.ZDeck, engine.ZDiscard} {
		out = append(out, where(g.Collect(z, p), named(g, name))...)
	}
	return out
}

// fetchPartner registers an ability of its own (run it with g.Schedule, the
// frame's base being where the partner may be played, or None for any base):
// search hand, deck and discard for partner; put it into the hand or play it
// as an extra minion.
// may: the search itself is optional (The Birch Woman); The Birch, once
// destroyed, must search. The triggers that run it hand on their event
// (Frame.Ev), as when the search was their own steps.
func fetchPartner(partner string, may bool) int16 {
	const found engine.CardSlot = 0 // the partner found
	search := pickCard(found, "Search your hand, deck and discard pile for {}", func(g *G, f *F) []CardID {
		return searchThreeZones(g, you(f), partner)
	}).with(func(g *G, f *F) engine.Arg {
		d, err := engine.Lookup(partner)
		if err != nil {
			panic(err) // a misspelt partner: a programming error
		}
		return engine.DefArg(d)
	}).orNone()
	if may {
		search = search.may()
	}
	play := func(yes bool) func(g *G, f *F) {
		return func(g *G, f *F) { playFoundOrKeep(g, you(f), f.CardIn(found), f.Base, yes) }
	}
	return engine.Fn(flow(
		search,
		chooseOneAsking("What do you do with {}?",
			option(toHandText, nil, play(false)),
			option(toPlayText, func(g *G, f *F) bool {
				p, c, s := you(f), f.CardIn(found), f.Base
				return (s == none && g.CanPlayMinionSomewhere(p, c)) || (s != none && g.BaseCardAt(s) != none && g.MinionAllowed(p, c, s))
			}, play(true)),
		).when(func(g *G, f *F) bool {
			c := f.CardIn(found)
			if c == none {
				g.Shuffle(you(f))
				return false
			}
			revealSearched(g, you(f), c)
			return true
		}).with(cardNamed(found)),
	))
}

var _ = card("russian_fairy_tales/the_birch_woman", func(d *engine.Def) {
	searchForBirch := fetchPartner("The Birch", true)
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlayToDiscard, From: engine.ZDiscard,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Card == self },
		Do:   func(g *G, f *F) { g.Schedule(searchForBirch, you(f), self(f), none, none).Ev = f.Ev },
	}}
})

var _ = card("russian_fairy_tales/the_birch", func(d *engine.Def) {
	const itsBase engine.BaseIDSlot = 0 // where The Birch was
	searchForBirchWoman := fetchPartner("The Birch Woman", false)
	d.Triggers = []engine.Trigger{{
		On:   engine.EvTurnStart,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Player == g.Ctrl(self) },
		Do: flow(
			askYes("The Birch: destroy it to search for The Birch Woman?"),
			act(func(g *G, f *F) {
				f.SetBase(itsBase, here(g, f))
				g.Destroy(f, self(f))
			}),
			act(func(g *G, f *F) {
				if g.InPlay(self(f)) {
					return // not destroyed
				}
				g.Schedule(searchForBirchWoman, you(f), self(f), f.BaseIn(itsBase), none).Ev = f.Ev
			}),
		),
	}}
})

var _ = card("russian_fairy_tales/the_gray_wolf", func(d *engine.Def) {
	const (
		itsBase engine.BaseIDSlot = iota // where the Gray Wolf was
		played  engine.CardSlot   = iota // the minion played
	)
	d.Talent = flow(
		act(func(g *G, f *F) {
			f.SetBase(itsBase, here(g, f))
			g.Place(f, self(f), engine.PlaceDeckTop)
		}),
		pickPlay(played, "You may play an extra minion here (it gets a +1 power counter)", func(g *G, f *F) []CardID {
			p, s := you(f), f.BaseIn(itsBase)
			return where(g.Hand(p), func(c CardID) bool { return g.IsMinion(c) && g.MinionAllowed(p, c, s) })
		}).when(func(g *G, f *F) bool { return g.Cards[self(f)].Zone == engine.ZDeck }),
		act(func(g *G, f *F) { g.PlayExtraNow(you(f), f.CardIn(played), f.BaseIn(itsBase)) }),
		act(func(g *G, f *F) {
			if c := f.CardIn(played); g.InPlay(c) {
				g.PlaceCounters(f, c, 1)
			}
		}),
	)
})

var _ = card("russian_fairy_tales/foolish_magician", func(d *engine.Def) {
	// Up to three cards, each asked where it goes: a loop, so named steps, not a flow.
	const top, bottom = "On top of your deck", "On the bottom of your deck"
	const (
		drawThree engine.Step = iota
		chooseCardToPut
		chooseTopOrBottom
		putIt
	)
	const (
		putBack engine.NumSlot  = iota // cards put back so far
		theCard engine.CardSlot = iota // the card being put back
	)
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case drawThree:
			g.Draw(p, 3)
			f.Next()
		case chooseCardToPut:
			if f.Get(putBack) >= 3 || len(g.Hand(p)) == 0 {
				return
			}
			g.AskCards(f, p, "Choose a card from your hand to put on your deck", g.Hand(p), false)
		case chooseTopOrBottom:
			f.SetCard(theCard, f.Chosen())
			g.AskTexts(f, p, "Where does {} go?", []string{top, bottom}, engine.CardArg(f.CardIn(theCard)))
		case putIt:
			if c := f.CardIn(theCard); c != none {
				if answeredText(f, top) {
					g.ToDeckTopOf(c, p)
					g.Log(p, "puts {} from their hand on top of their deck", c)
				} else {
					g.ToDeckBottomOf(c, p)
					g.Log(p, "puts {} from their hand on the bottom of their deck", c)
				}
			}
			f.Add(putBack, 1)
			f.Goto(chooseCardToPut)
		}
	}
})

var _ = card("russian_fairy_tales/tsar_eagle", func(d *engine.Def) {
	const theMinion engine.CardSlot = 0 // the minion put back on its owner's deck
	othersMinions := func(g *G, f *F) []CardID {
		var mins []CardID
		for _, q := range g.Others(you(f)) {
			mins = append(mins, where(g.Discard(q), g.IsMinion)...)
		}
		return mins
	}
	d.OnPlay = flow(chooseOne(
		option("Draw a card", nil, func(g *G, f *F) { g.Draw(you(f), 1) }),
		branch("Put a minion from another player's discard pile on top of their deck",
			func(g *G, f *F) bool { return len(othersMinions(g, f)) > 0 },
			flow(
				pickCard(theMinion, "Choose a minion in another player's discard pile", othersMinions),
				act(func(g *G, f *F) { g.ToDeckTop(f.CardIn(theMinion)) }),
			)),
	))
})

var _ = card("russian_fairy_tales/toad", func(d *engine.Def) {
	const (
		newCtrl   engine.SeatSlot = iota // the player given control of Toad
		theMinion engine.CardSlot = iota // the minion shuffled into its owner's deck
	)
	d.OnPlay = flow(
		pickPlayer(newCtrl, "You may give control of Toad to another player", func(g *G, f *F) []Seat { return g.Others(you(f)) }).may(),
		pickCard(theMinion, "Choose another minion of that player here to shuffle into its owner's deck", func(g *G, f *F) []CardID {
			return where(g.MinionsAt(here(g, f), f.SeatIn(newCtrl)), other(self(f)))
		}).when(func(g *G, f *F) bool {
			q := f.SeatIn(newCtrl)
			g.TakeControl(f, self(f), q, engine.ExpireNever)
			return g.Ctrl(self(f)) == q
		}),
		act(func(g *G, f *F) { g.Place(f, f.CardIn(theMinion), engine.PlaceDeckBottom) }),
		act(func(g *G, f *F) {
			if m := f.CardIn(theMinion); g.Cards[m].Zone == engine.ZDeck {
				g.Shuffle(g.Owner(m))
			}
		}),
	)
})

var _ = card("russian_fairy_tales/bewitched", func(d *engine.Def) {
	d.PowerMod = func(g *G, self, target CardID) int {
		if g.Cards[self].On == target {
			return 2
		}
		return 0
	}
	d.HostLeaves = chooseCard("Bewitched: choose another minion to move it onto", false,
		func(g *G, f *F) []CardID { return g.Minions(none) },
		func(g *G, f *F, m CardID) { g.AttachTo(f, self(f), m) })
})

var _ = card("russian_fairy_tales/fetch_i_know_not_what", func(d *engine.Def) {
	// Any number of the revealed actions: a loop, so named steps, not a flow.
	const (
		reveal engine.Step = iota
		chooseAction
		takeIt
	)
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		isAction := func(c CardID) bool { return g.DefOf(c).Type == engine.Action }
		switch f.Step {
		case reveal:
			// One reveal: the second search goes on only while the deck lasts
			// (a new deck is made from the discard pile only before the first card).
			if g.RevealUntil(p, isAction) != none && len(g.Deck(p)) > 0 {
				g.RevealUntil(p, isAction)
			}
			f.Next()
		case chooseAction:
			g.AskCards(f, p, "Put any number of the revealed actions into your hand", where(g.Revealed(p), isAction), true)
		case takeIt:
			if c := f.Chosen(); c != none {
				g.ToHand(c, p)
				f.Goto(chooseAction)
				return
			}
			g.ShuffleRevealedBack(p)
		}
	}
})

var _ = card("russian_fairy_tales/go_i_know_not_whither", func(d *engine.Def) {
	const (
		theBase engine.BaseIDSlot = iota // the base chosen
		owners  engine.NumSlot    = iota // a bit for each player whose minion went to their deck
	)
	d.OnPlay = flow(
		pickBase(theBase, "Choose a base", allBases),
		act(func(g *G, f *F) {
			for _, q := range g.Others(you(f)) {
				if ms := g.MinionsAt(f.BaseIn(theBase), q); len(ms) > 0 {
					m := ms[g.Intn(len(ms))]
					f.Set(owners, f.Get(owners)|1<<g.Owner(m))
					g.Place(f, m, engine.PlaceDeckBottom)
				}
			}
		}),
		act(func(g *G, f *F) { shuffleDecksOf(g, f.Get(owners)) }),
	)
})

var _ = card("russian_fairy_tales/go_see_my_sister", func(d *engine.Def) {
	arrived := func(g *G, self CardID, ev engine.Event) bool {
		c := ev.Card
		return c >= 0 && g.IsMinion(c) && ev.Base == g.BaseOf(self) && g.InPlay(c) && g.Ctrl(c) == g.Ctrl(self) &&
			(ev.Kind != engine.EvPlay || ev.Player == g.Ctrl(self)) &&
			(ev.Kind != engine.EvMove || ev.Mover() == g.Ctrl(self)) // moved by you, not by another player
	}
	draw := flow(
		askYes("Go See My Sister: draw a card?"),
		act(func(g *G, f *F) { g.Draw(you(f), 1) }),
	)
	d.Triggers = []engine.Trigger{{On: engine.EvPlay, When: arrived, Do: draw}, {On: engine.EvMove, When: arrived, Do: draw}}
})

var _ = card("russian_fairy_tales/mass_transformation", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		for _, p := range g.PlayersFrom(you(f)) {
			h := g.Hand(p)
			for _, c := range h { // unseen, so each goes under the holder's own deck
				g.ToDeckBottomOf(c, p)
			}
			g.Draw(p, len(h))
		}
	}
})

var _ = card("russian_fairy_tales/the_frog_princess", func(d *engine.Def) {
	const (
		theMinion engine.CardSlot   = iota // the minion she was on
		itsBase   engine.BaseIDSlot = iota // where it was
		played    engine.CardSlot   = iota // the minion played off the top (PlayOffTop writes it)
	)
	d.Talent = flow(
		actIf(func(g *G, f *F) bool {
			a := self(f)
			m := g.Cards[a].On
			if m == none {
				return false
			}
			f.SetCard(theMinion, m)
			f.SetBase(itsBase, g.BaseOf(m))
			g.HoldActionAside(a) // while the minion goes
			g.Place(f, m, engine.PlaceDeckBottom)
			return true
		}),
		actIf(func(g *G, f *F) bool {
			if m := f.CardIn(theMinion); g.InPlay(m) { // the minion stayed: nothing happens
				g.AttachActionTo(self(f), m)
				return false
			}
			g.PlayOffTop(f, you(f), engine.Minion, f.BaseIn(itsBase), played)
			return true
		}),
		act(func(g *G, f *F) {
			if c := f.CardIn(played); c == none || !g.AttachTo(f, self(f), c) {
				g.Place(f, self(f), engine.PlaceDiscard)
			}
			g.Shuffle(you(f))
		}),
	)
})

// minionOnDeckExtraAction is The Water of Life and All Stars' Begin the
// Summoning: put a minion from your discard pile on top of your deck; you may
// play an extra action.
func minionOnDeckExtraAction(d *engine.Def) {
	const theMinion engine.CardSlot = 0 // the minion put on top (none: there was none)
	d.OnPlay = flow(
		pickCard(theMinion, "Put a minion from your discard pile on top of your deck", func(g *G, f *F) []CardID {
			return where(g.Discard(you(f)), g.IsMinion)
		}).orNone(),
		act(func(g *G, f *F) {
			if c := f.CardIn(theMinion); c != none {
				g.ToDeckTopOf(c, you(f))
			}
			extraActionFor(g, f)
		}),
	)
}

var _ = card("russian_fairy_tales/the_water_of_life", minionOnDeckExtraAction)
