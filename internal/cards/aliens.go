package cards

import "github.com/smashup/smashup/internal/engine"

// Aliens: return minions to their owners' hands, gain VP.

var _ = card("aliens/supreme_overlord", func(d *engine.Def) {
	d.OnPlay = chooseCard("You may return a minion to its owner's hand", true, allMinions, returnIt)
})

var _ = card("aliens/invader", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.GainVP(you(f), 1) }
})

var _ = card("aliens/scout", func(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinAfterScore, From: engine.ZInPlay,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool { return g.BaseOf(c) == slot },
		Do: func(g *G, f *F) { g.Place(f, self(f), engine.PlaceHand) },
	}}
})

var _ = card("aliens/collector", func(d *engine.Def) {
	d.OnPlay = chooseCard("You may return a minion of power 3 or less here to its owner's hand", true,
		func(g *G, f *F) []CardID {
			return where(g.MinionsAt(here(g, f), none), func(c CardID) bool {
				return g.Power(c) <= 3 && !named(g, "Collector")(c)
			})
		}, returnIt)
})

var _ = card("aliens/abduction", func(d *engine.Def) {
	const theMinion engine.CardSlot = 0 // the minion returned (none: there was none)
	d.OnPlay = flow(
		pickCard(theMinion, "Return a minion to its owner's hand", allMinions).orNone(),
		act(func(g *G, f *F) {
			if c := f.CardIn(theMinion); c != none {
				g.Return(f, c)
			}
			extraMinion(g, you(f))
		}),
	)
})

var _ = card("aliens/beam_up", func(d *engine.Def) {
	d.OnPlay = chooseCard("Return a minion to its owner's hand", false, allMinions, returnIt)
})

var _ = card("aliens/crop_circles", func(d *engine.Def) {
	d.OnPlay = chooseBase("Choose a base: return every minion there to its owner's hand", false, allBases,
		func(g *G, f *F, s BaseID) {
			for _, m := range g.MinionsAt(s, none) {
				g.Return(f, m)
			}
		})
})

var _ = card("aliens/disintegrator", func(d *engine.Def) {
	d.OnPlay = chooseCard("Put a minion of power 3 or less on the bottom of its owner's deck", false,
		func(g *G, f *F) []CardID { return where(g.Minions(none), powerAtMost(g, 3)) },
		func(g *G, f *F, c CardID) { g.Place(f, c, engine.PlaceDeckBottom) })
})

var _ = card("aliens/invasion", func(d *engine.Def) {
	d.OnPlay = chooseCard("Choose a minion to move", false, allMinions,
		func(g *G, f *F, c CardID) { moveToOtherBase(g, f, c, false) })
})

var _ = card("aliens/jammed_signal", func(d *engine.Def) {
	d.IgnoreBase = func(g *G, self CardID, p Seat) bool { return g.Cards[self].On == none }
})

var _ = card("aliens/probe", func(d *engine.Def) {
	const (
		thePlayer engine.SeatSlot = iota // whose hand you look at
		theMinion engine.CardSlot = iota // the minion discarded from it
	)
	d.OnPlay = flow(
		lookAtAHand(thePlayer),
		pickCard(theMinion, "Choose a minion in that hand to be discarded", func(g *G, f *F) []CardID {
			return where(g.Hand(f.SeatIn(thePlayer)), g.IsMinion)
		}),
		act(func(g *G, f *F) { g.DiscardCard(f.CardIn(theMinion)) }),
	)
})

// Terraforming, in the order of its text: search the base deck first, then
// choose the base in play it replaces.
var _ = card("aliens/terraforming", func(d *engine.Def) {
	const (
		found    engine.CardSlot   = iota // the base card found in the base deck
		replaced engine.BaseIDSlot = iota // the base in play it replaces
	)
	d.OnPlay = flow(
		do(func(g *G, f *F) {
			g.BeginAsk()
			for _, b := range g.Collect(engine.ZBaseDeck, none) {
				g.Offer(engine.Option{Kind: engine.OptBase, Card: b, Base: none, Player: none})
			}
			g.Ask(f, you(f), "Search the base deck for a base", 0)
		}).keeping(func(g *G, f *F) bool {
			f.SetCard(found, f.Ans.Card)
			return f.Ans.Kind == engine.OptBase && f.Ans.Card >= 0
		}),
		pickBase(replaced, "Choose the base in play that {} replaces", allBases).
			with(cardNamed(found)),
		act(func(g *G, f *F) {
			s := f.BaseIn(replaced)
			g.SwapBase(f, s, f.CardIn(found))
			g.ShuffleBaseDeck()
			g.OfferExtraPlay(you(f), engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: engine.NoLimit, Base: s, Card: none, Faction: none}, self(f))
		}),
	)
})
