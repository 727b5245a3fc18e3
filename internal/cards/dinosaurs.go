package cards

import "github.com/smashup/smashup/internal/engine"

// Dinosaurs: big power, power boosts, and destroying the weak.

// powerUntilYourTurnEnds gives minion c +n power until the end of the turn of
// the ability's player (played on another player's turn: until the end of
// your next turn).
func powerUntilYourTurnEnds(g *G, f *F, c CardID, n int) {
	if !g.Affects(f, c, engine.AffPower) {
		return
	}
	g.AddEffect(engine.PowerEffect(c, n, f.Player, f.Src, engine.ExpireEndOfTurn))
}

// attachedTo is the minion an action in play is attached to (None when on a base).
func attachedTo(g *G, c CardID) CardID { return g.Cards[c].On }

var _ = card("dinosaurs/king_rex", nil) // deliberately no ability

var _ = card("dinosaurs/laseratops", func(d *engine.Def) {
	d.OnPlay = chooseCard("Destroy a minion of power 2 or less on this base", false,
		func(g *G, f *F) []CardID { return where(g.MinionsAt(here(g, f), none), powerAtMost(g, 2)) },
		destroyIt)
})

var _ = card("dinosaurs/armor_stego", func(d *engine.Def) {
	d.PowerMod = func(g *G, self, target CardID) int {
		if target == self && g.Current != g.Ctrl(self) {
			return 2
		}
		return 0
	}
})

var _ = card("dinosaurs/war_raptor", func(d *engine.Def) {
	d.PowerMod = func(g *G, self, target CardID) int {
		if target != self {
			return 0
		}
		// a card bearing the name counts too (Grimms' Blessing: Culture Shock clarification)
		return g.CountAt(g.BaseOf(self), func(c CardID) bool { return g.HasName(c, "War Raptor") })
	}
})

var _ = card("dinosaurs/augmentation", func(d *engine.Def) {
	d.OnPlay = chooseCard("Choose a minion to get +4 power until the end of your turn", false, allMinions,
		func(g *G, f *F, c CardID) { powerUntilYourTurnEnds(g, f, c, 4) })
})

var _ = card("dinosaurs/howl", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		for _, m := range g.Minions(you(f)) {
			powerUntilYourTurnEnds(g, f, m, 1)
		}
	}
})

var _ = card("dinosaurs/natural_selection", func(d *engine.Def) {
	const (
		yours  engine.CardSlot = iota // your minion
		weaker                        // a minion there with less power, destroyed
	)
	weakerThan := func(g *G, m CardID) []CardID {
		return where(g.MinionsAt(g.BaseOf(m), none), func(c CardID) bool { return g.Power(c) < g.Power(m) })
	}
	d.OnPlay = flow(
		pickCard(yours, "Choose one of your minions", func(g *G, f *F) []CardID {
			return where(g.Minions(you(f)), func(m CardID) bool { return len(weakerThan(g, m)) > 0 })
		}),
		pickCard(weaker, "Destroy a minion there with less power than {}", func(g *G, f *F) []CardID {
			return weakerThan(g, f.CardIn(yours))
		}).with(cardNamed(yours)),
		act(func(g *G, f *F) { g.Destroy(f, f.CardIn(weaker)) }),
	)
})

var _ = card("dinosaurs/rampage", func(d *engine.Def) {
	d.OnPlay = chooseCard("Choose one of your minions: its base's breakpoint drops by its power this turn", false,
		func(g *G, f *F) []CardID { return g.Minions(you(f)) },
		func(g *G, f *F, m CardID) { g.AddBreakpoint(f, g.BaseOf(m), -g.Power(m)) })
})

// flagWeakest marks the minions Survival of the Fittest has chosen.
var flagWeakest = engine.FlagID(engine.Text("mark: the weakest minion of its base"))

var _ = card("dinosaurs/survival_of_the_fittest", func(d *engine.Def) {
	// Base by base: where the minions' powers differ, the weakest is chosen;
	// then the chosen minions are destroyed together. A loop over the bases
	// (as many questions as there are bases), so named steps, not a flow.
	const (
		nextBase engine.Step = iota
		chooseWeakest
	)
	const looked engine.NumSlot = 0 // bases looked at so far (the index of the next one)
	d.OnPlay = func(g *G, f *F) {
		slots := g.BaseSlots()
		switch f.Step {
		case nextBase:
			for f.Get(looked) < len(slots) {
				ms := g.MinionsAt(slots[f.Get(looked)], none)
				f.Add(looked, 1)
				if len(ms) == 0 {
					continue
				}
				low, high := g.Power(ms[0]), g.Power(ms[0])
				for _, m := range ms {
					low, high = min(low, g.Power(m)), max(high, g.Power(m))
				}
				if high == low {
					continue
				}
				weakest := where(ms, func(m CardID) bool { return g.Power(m) == low })
				g.AskCards(f, you(f), "Destroy the weakest minion of this base", weakest, false)
				return
			}
			for _, m := range g.Minions(none) {
				if g.Marked(flagWeakest, m, self(f)) {
					g.Destroy(f, m)
				}
			}
			g.Unmark(flagWeakest, self(f))
		case chooseWeakest:
			if c := f.Chosen(); c != none {
				g.MarkCard(flagWeakest, c, self(f))
			}
			f.Goto(nextBase)
		}
	}
})

var _ = card("dinosaurs/tooth_and_claw_and_guns", func(d *engine.Def) {
	d.Instead = func(g *G, self, target CardID, a engine.Affect) bool {
		if target != attachedTo(g, self) || a.By == g.Ctrl(self) || a.Src < 0 {
			return false
		}
		src := a.Src
		return src != target && g.DefOf(src).Type != engine.BaseCard
	}
	d.InsteadDo = func(g *G, f *F) {
		// the ability is stopped now and for the rest of the turn; this card is destroyed
		g.Shield(f.Target, f.Ev.Source(), engine.ExpireEndOfTurn)
		g.Destroy(f, self(f))
	}
})

var _ = card("dinosaurs/upgrade", func(d *engine.Def) {
	d.PowerMod = func(g *G, self, target CardID) int {
		if target == attachedTo(g, self) {
			return 2
		}
		return 0
	}
})

var _ = card("dinosaurs/wildlife_preserve", func(d *engine.Def) {
	d.Protect = func(g *G, self, target CardID, a engine.Affect) bool {
		return g.IsMinion(target) && g.BaseOf(target) == g.BaseOf(self) && g.Ctrl(target) == g.Ctrl(self) &&
			fromOthersAction(g, g.Ctrl(self), a)
	}
	// Other players' actions already on your minions here are discarded, and so
	// are those on a minion of yours that moves here later.
	shed := func(g *G, f *F, m CardID) {
		for _, a := range g.Attached(m) {
			if g.Ctrl(a) != you(f) {
				g.Place(f, a, engine.PlaceDiscard)
			}
		}
	}
	d.OnPlay = func(g *G, f *F) {
		for _, m := range g.MinionsAt(here(g, f), you(f)) {
			shed(g, f, m)
		}
	}
	d.Triggers = []engine.Trigger{{
		On: engine.EvMove,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return ev.Base == g.BaseOf(self) && g.Ctrl(ev.Card) == g.Ctrl(self)
		},
		Do: func(g *G, f *F) { shed(g, f, f.Ev.Card) },
	}}
})
