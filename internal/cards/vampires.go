package cards

import "github.com/smashup/smashup/internal/engine"

// Vampires: destroy minions, grow +1 power counters from it.

// othersMinionDestroyed: a minion controlled by a player other than s's controller was destroyed.
func othersMinionDestroyed(g *G, s CardID, ev engine.Event) bool {
	return ev.Player != g.Ctrl(s) && g.IsMinion(ev.Card)
}

var _ = card("vampires/the_count", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy, When: othersMinionDestroyed,
		Do:    func(g *G, f *F) { g.PlaceCounters(f, self(f), 1) },
		EvKey: anyEvent,
	}}
})

// destroyForCounter builds "destroy a minion (one of cands) to put a +1 power
// counter on this minion": the counter comes only if the destruction happened.
func destroyForCounter(prompt engine.Prompt, may bool, cands func(g *G, f *F) []CardID) engine.AbilityFn {
	const victim engine.CardSlot = 0 // the chosen minion
	choose := pickCard(victim, prompt, cands)
	if may {
		choose = choose.may()
	}
	return flow(
		choose,
		act(func(g *G, f *F) { g.Destroy(f, f.CardIn(victim)) }),
		act(func(g *G, f *F) {
			if g.Cards[f.CardIn(victim)].Zone == engine.ZDiscard {
				g.PlaceCounters(f, self(f), 1)
			}
		}),
	)
}

var _ = card("vampires/nightstalker", func(d *engine.Def) {
	// Mandatory: destroy a minion of power 2 or less here, to get the counter.
	d.OnPlay = destroyForCounter("Destroy a minion of power 2 or less here", false, func(g *G, f *F) []CardID {
		return where(g.MinionsAt(here(g, f), none), func(c CardID) bool { return c != self(f) && g.Power(c) <= 2 })
	})
})

var _ = card("vampires/heavy_drinker", func(d *engine.Def) {
	d.OnPlay = destroyForCounter("You may destroy one of your minions to put a +1 power counter on Heavy Drinker", true, otherMinionsOfMine)
})

var _ = card("vampires/fledgling_vampire", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		if othersOutpower(g, here(g, f), you(f)) {
			g.PlaceCounters(f, self(f), 1)
		}
	}
})

var _ = card("vampires/big_gulp", func(d *engine.Def) {
	d.OnPlay = chooseCard("Destroy a minion of power 4 or less", false,
		func(g *G, f *F) []CardID { return where(g.Minions(none), powerAtMost(g, 4)) }, destroyIt)
})

var _ = card("vampires/buffet", func(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinAfterScore, From: engine.ZHand, Play: true,
		Do: func(g *G, f *F) {
			// (in the after-scoring window, the base that scored is still in its slot)
			if place, _ := g.ScoredPlace(g.BaseCardAt(f.Base), you(f)); place == 1 {
				for _, m := range mine(g, f) {
					g.PlaceCounters(f, m, 1)
				}
			}
		},
	}}
})

var _ = card("vampires/crack_of_dusk", func(d *engine.Def) {
	d.OnPlay = extraMinionWithCounter(engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: 2, Base: none, From: engine.ZDiscard, Card: none, Faction: none})
})

var _ = card("vampires/cull_the_weak", func(d *engine.Def) {
	d.OnPlay = payForCounters("Discard a minion card from your hand (a counter each)",
		func(g *G, f *F) []CardID { return where(g.Hand(you(f)), g.IsMinion) }, func(g *G, c CardID) { g.DiscardCard(c) })
})

var _ = card("vampires/dinner_date", func(d *engine.Def) {
	// The counter goes on even when there is nothing to destroy there (compendium).
	const (
		yours  engine.CardSlot = iota // your minion, which gets the counter
		victim                        // the minion destroyed on its base
	)
	d.OnPlay = flow(
		pickCard(yours, "Put a +1 power counter on one of your minions", mine).
			onAnswer(func(g *G, f *F) { g.PlaceCounters(f, f.CardIn(yours), 1) }),
		pickCard(victim, "Destroy a minion of power 2 or less on that base", func(g *G, f *F) []CardID {
			c := f.CardIn(yours)
			return where(g.MinionsAt(g.BaseOf(c), none), func(m CardID) bool { return m != c && g.Power(m) <= 2 })
		}),
		act(func(g *G, f *F) { g.Destroy(f, f.CardIn(victim)) }),
	)
})

var _ = card("vampires/mad_monster_party", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		for _, m := range mine(g, f) {
			if g.CountersOn(m) == 0 {
				g.PlaceCounters(f, m, 1)
			}
		}
	}
})

var _ = card("vampires/opportunist", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy, When: othersMinionDestroyed,
		Do: func(g *G, f *F) { g.PlaceCounters(f, g.Cards[self(f)].On, 1) },
	}}
})

var _ = card("vampires/summon_wolves", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On:   engine.EvTurnStart,
		When: func(g *G, s CardID, ev engine.Event) bool { return ev.Player == g.Ctrl(s) },
		Do:   func(g *G, f *F) { g.PlaceCounters(f, self(f), 1) },
	}}
	d.TotalPower = func(g *G, s CardID) int {
		if len(g.MinionsAt(g.BaseOf(s), g.Ctrl(s))) == 0 {
			return 0
		}
		return g.CountersOn(s)
	}
})
