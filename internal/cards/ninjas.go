package cards

import "github.com/smashup/smashup/internal/engine"

// Ninjas: destroy minions, and slip onto bases just before they score.

// extraMinionOnto offers p an immediate extra minion play onto slot s
// (mandatory when must: the player plays one if they can).
func extraMinionOnto(g *G, p Seat, s BaseID, must bool, src CardID) {
	g.OfferExtraPlay(p, engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: engine.NoLimit, Base: s, Card: none,
		Must: must, Faction: none}, src)
}

// destroyAtYourNextTurnStart is the trigger of cards that destroy themselves
// when their controller's next turn begins.
func destroyAtYourNextTurnStart() engine.Trigger {
	return engine.Trigger{
		On:   engine.EvTurnStart,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Player == g.Ctrl(self) },
		Do:   func(g *G, f *F) { g.Destroy(f, self(f)) },
	}
}

// fromOthersAction reports whether attempt a comes from an action
// controlled by someone other than player p.
func fromOthersAction(g *G, p Seat, a engine.Affect) bool {
	return a.By != p && a.Src >= 0 && g.DefOf(a.Src).Type == engine.Action
}

var _ = card("ninjas/ninja_master", func(d *engine.Def) {
	d.OnPlay = chooseCard("You may destroy a minion on this base", true,
		func(g *G, f *F) []CardID { return g.MinionsAt(here(g, f), none) }, destroyIt)
})

var _ = card("ninjas/tiger_assassin", func(d *engine.Def) {
	d.OnPlay = chooseCard("You may destroy a minion of power 3 or less on this base", true,
		func(g *G, f *F) []CardID { return where(g.MinionsAt(here(g, f), none), powerAtMost(g, 3)) }, destroyIt)
})

var _ = card("ninjas/shinobi", func(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinBeforeScore, From: engine.ZHand, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return slot != none && !g.ShinobiUsedAt(slot) && g.MinionAllowed(p, c, slot)
		},
		// only one Shinobi per scoring base
		Do: func(g *G, f *F) { g.UseShinobiAt(f.Base) },
	}}
})

var _ = card("ninjas/ninja_acolyte", func(d *engine.Def) {
	const baseLeft engine.BaseIDSlot = 0 // the base it left
	d.Specials = []engine.Special{{
		Window: engine.WinPlayPhase, From: engine.ZInPlay,
		// "return it and play an extra minion here" is both or neither: only
		// when a minion (this one, back in hand, or one in hand) may go here
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			here := []BaseID{g.BaseOf(c)}
			return g.MinionsPlayedInPlayPhase(p) == 0 && (canGoOnto(g, p, c, here) ||
				len(where(g.Hand(p), func(m CardID) bool { return g.IsMinion(m) && canGoOnto(g, p, m, here) })) > 0)
		},
		Do: flow(
			act(func(g *G, f *F) {
				f.SetBase(baseLeft, here(g, f))
				g.Return(f, self(f))
			}),
			act(func(g *G, f *F) {
				if g.Cards[self(f)].Zone == engine.ZHand {
					extraMinionOnto(g, you(f), f.BaseIn(baseLeft), true, self(f))
				}
			}),
		),
	}}
})

var _ = card("ninjas/assassination", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvTurnEnd,
		Do: func(g *G, f *F) {
			if m := attachedTo(g, self(f)); m != none {
				g.Destroy(f, m)
			}
		},
	}}
})

// Disguise: the frame's Base is the chosen minions' base.
var _ = card("ninjas/disguise", func(d *engine.Def) {
	const (
		firstMinion  engine.CardSlot = iota
		secondMinion                 // none when only one is chosen
	)
	d.OnPlay = flow(
		pickCard(firstMinion, "Choose one of your minions (to return, playing an extra minion in its place)", mine).
			onAnswer(func(g *G, f *F) { f.Base = g.BaseOf(f.CardIn(firstMinion)) }),
		pickCard(secondMinion, "You may choose a second minion of yours on that base", func(g *G, f *F) []CardID {
			return where(g.MinionsAt(f.Base, you(f)), other(f.CardIn(firstMinion)))
		}).may().orNone(),
		act(func(g *G, f *F) {
			n := 1
			if f.CardIn(secondMinion) != none {
				n = 2
			}
			for i := 0; i < n; i++ {
				extraMinionOnto(g, you(f), f.Base, true, self(f))
			}
		}),
		act(func(g *G, f *F) {
			g.Return(f, f.CardIn(firstMinion))
			if f.CardIn(secondMinion) != none {
				g.Return(f, f.CardIn(secondMinion))
			}
		}),
	)
})

var _ = card("ninjas/hidden_ninja", func(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinBeforeScore, From: engine.ZHand, Play: true,
		// the minion is an extra card: optional, like every extra card
		Do: func(g *G, f *F) { extraMinionOnto(g, you(f), f.Base, false, self(f)) },
	}}
})

var _ = card("ninjas/infiltrate", func(d *engine.Def) {
	const theAction engine.CardSlot = 0 // the other action destroyed
	d.OnPlay = flow(
		pickCard(theAction, "Destroy another action played on this base",
			func(g *G, f *F) []CardID { return where(g.ActionsAt(here(g, f)), other(self(f))) }).orNone(),
		act(func(g *G, f *F) {
			if c := f.CardIn(theAction); c != none {
				g.Destroy(f, c)
			}
		}),
		// "You may ignore this base's ability" has no timing of its own, so it
		// is resolved as the card is played (compendium: Using Card
		// Abilities): for the base's lasting abilities, which have no moment
		// to ask at (The Central Brain's +1, Egg Chamber's protection), its
		// player makes a standing choice now, kept while Infiltrate stays.
		// What the base does at a moment is asked about then (eachGains).
		askYes("You may ignore {}'s lasting ability while Infiltrate stays: do you ignore it?").
			with(func(g *G, f *F) engine.Arg { return engine.CardArg(g.BaseCardAt(here(g, f))) }).
			when(func(g *G, f *F) bool { return g.InPlay(self(f)) && g.BaseHasLasting(here(g, f)) }).
			orNone(),
		act(func(g *G, f *F) {
			if !f.Yes() {
				g.FollowBaseLasting(self(f))
			}
		}),
	)
	// its controller may ignore the base (the others still follow it)
	d.IgnoreBase = func(g *G, self CardID, p Seat) bool { return p == g.Ctrl(self) }
	d.MayIgnore = true
	d.Triggers = []engine.Trigger{destroyAtYourNextTurnStart()}
})

var _ = card("ninjas/poison", func(d *engine.Def) {
	// Destroys any number of actions, one at a time: a loop, not a flow.
	const (
		chooseAction engine.Step = iota
		destroyIt
	)
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case chooseAction:
			acts := where(g.Attached(f.Target), other(self(f)))
			g.AskCards(f, you(f), "You may destroy an action attached to this minion", acts, true)
		case destroyIt:
			if c := f.Chosen(); c != none {
				g.Destroy(f, c)
				f.Goto(chooseAction)
			}
		}
	}
	d.PowerMod = func(g *G, self, target CardID) int {
		if target == attachedTo(g, self) {
			return -4
		}
		return 0
	}
})

// seeingStars: destroy a minion of power 3 or less (Seeing Stars, here and in All Stars).
var seeingStars = chooseCard("Destroy a minion of power 3 or less", false,
	func(g *G, f *F) []CardID { return where(g.Minions(none), powerAtMost(g, 3)) }, destroyIt)

var _ = card("ninjas/seeing_stars", func(d *engine.Def) { d.OnPlay = seeingStars })

var _ = card("ninjas/smoke_bomb", func(d *engine.Def) {
	d.Protect = func(g *G, self, target CardID, a engine.Affect) bool {
		return target == attachedTo(g, self) && fromOthersAction(g, g.Ctrl(self), a)
	}
	// other players' actions already on the minion no longer affect it: they are destroyed
	d.OnPlay = func(g *G, f *F) {
		for _, a := range g.Attached(f.Target) {
			if g.Ctrl(a) != you(f) {
				g.Destroy(f, a)
			}
		}
	}
	d.Triggers = []engine.Trigger{destroyAtYourNextTurnStart()}
})

var _ = card("ninjas/way_of_deception", func(d *engine.Def) {
	d.OnPlay = chooseCard("Choose one of your minions to move", false, mine,
		func(g *G, f *F, c CardID) { moveToOtherBase(g, f, c, false) })
})
