package cards

import "github.com/smashup/smashup/internal/engine"

// Mad Scientists: +1 power counters, spent as fuel.

// otherMinionsOfMine lists the minions you control other than the resolving card.
func otherMinionsOfMine(g *G, f *F) []CardID { return where(mine(g, f), other(self(f))) }

// counterOnAnother: put a +1 power counter on another minion you control
// (Herr Doktor's talent; Lab Assistant, here and in All Stars).
var counterOnAnother = counterOnOne("Put a +1 power counter on another minion you control", otherMinionsOfMine)

var _ = card("mad_scientists/herr_doktor", func(d *engine.Def) {
	d.TalentOK = func(g *G, c CardID) bool { return len(where(g.Minions(g.Ctrl(c)), other(c))) > 0 }
	d.Talent = counterOnAnother
})

var _ = card("mad_scientists/the_monster", func(d *engine.Def) {
	d.TalentOK = func(g *G, c CardID) bool { return g.CountersOn(c) > 0 }
	d.Talent = func(g *G, f *F) {
		if g.RemoveCounters(f, self(f), 1) == 1 {
			extraMinion(g, you(f))
		}
	}
})

var _ = card("mad_scientists/lab_assistant", func(d *engine.Def) { d.OnPlay = counterOnAnother })

var _ = card("mad_scientists/igor", func(d *engine.Def) {
	// Any route from play to the discard pile counts (destroyed, or discarded
	// after its base scores: compendium); being discarded from the hand does not.
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlayToDiscard, From: engine.ZDiscard,
		When: func(g *G, c CardID, ev engine.Event) bool { return ev.Card == c },
		Do: chooseCardBy(eventPlayer, "Igor: put a +1 power counter on one of your minions", false,
			func(g *G, f *F) []CardID { return g.Minions(eventPlayer(f)) },
			func(g *G, f *F, c CardID) { g.PlaceCounters(f, c, 1) }),
	}}
})

var _ = card("mad_scientists/angry_mob", func(d *engine.Def) {
	d.OnPlay = payForCounters("Put a card from your hand on the bottom of your deck (a counter each)",
		func(g *G, f *F) []CardID { return g.Hand(you(f)) }, func(g *G, c CardID) { g.ToDeckBottom(c) })
})

var _ = card("mad_scientists/blitzed", func(d *engine.Def) {
	// "Any number" of counters, one at a time: a loop, so named steps, not a flow.
	const (
		chooseCounter engine.Step = iota
		removeItOrDestroy
		destroyChosen
	)
	const removed engine.NumSlot = 0 // counters removed so far
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case chooseCounter:
			g.AskCards(f, you(f), "Remove a +1 power counter from one of your minions", where(mine(g, f), withCounters(g)), true)
		case removeItOrDestroy:
			if c := f.Chosen(); c != none {
				f.Add(removed, g.RemoveCounters(f, c, 1))
				f.Goto(chooseCounter)
				return
			}
			n := f.Get(removed)
			g.AskCards(f, you(f), "Destroy a minion whose power is at most the counters removed", where(g.Minions(none), powerAtMost(g, n)), false)
		case destroyChosen:
			if c := f.Chosen(); c != none {
				g.Destroy(f, c)
			}
		}
	}
})

var _ = card("mad_scientists/body_shop", func(d *engine.Def) {
	// Destroy, then distribute as many counters as the minion's power when it
	// was chosen: independent effects (compendium, Multiple Effects), so the
	// counters are handed out even if the minion survives.
	const (
		theMinion engine.CardSlot = iota // your minion destroyed
		power     engine.NumSlot  = iota // its power when chosen
	)
	d.OnPlay = flow(
		pickCard(theMinion, "Destroy one of your minions", mine),
		act(func(g *G, f *F) {
			f.Set(power, g.Power(f.CardIn(theMinion)))
			g.Destroy(f, f.CardIn(theMinion))
		}),
		act(func(g *G, f *F) { distributeCounters(g, f, f.Get(power)) }),
	)
})

var _ = card("mad_scientists/german_engineering", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay,
		When: func(g *G, s CardID, ev engine.Event) bool {
			return ev.Player == g.Ctrl(s) && ev.Base == g.BaseOf(s) && g.IsMinion(ev.Card)
		},
		Do: func(g *G, f *F) { g.PlaceCounters(f, f.Ev.Card, 1) },
	}}
})

var _ = card("mad_scientists/grave_situation", func(d *engine.Def) {
	// Instead of being destroyed, your minion here goes to your hand (it is not destroyed: compendium).
	d.Instead = func(g *G, s, t CardID, a engine.Affect) bool {
		return a.Kind == engine.AffDestroy && g.IsMinion(t) && g.BaseOf(t) == g.BaseOf(s) && g.Ctrl(t) == g.Ctrl(s)
	}
	d.InsteadDo = func(g *G, f *F) { g.Place(f, f.Target, engine.PlaceHand) }
})

var _ = card("mad_scientists/its_alive", func(d *engine.Def) {
	// The extra minion is played at once (another part of the ability follows it).
	d.OnPlay = extraMinionWithCounter(engine.ExtraMinionNow())
})

var _ = card("mad_scientists/jolt", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		for _, m := range mine(g, f) {
			g.PlaceCounters(f, m, 1)
		}
	}
})

var _ = card("mad_scientists/uberserum", func(d *engine.Def) {
	d.Protect = func(g *G, s, t CardID, a engine.Affect) bool {
		return a.Kind == engine.AffDestroy && g.Cards[s].On == t
	}
	d.Triggers = []engine.Trigger{{
		On:   engine.EvTurnStart,
		When: func(g *G, s CardID, ev engine.Event) bool { return ev.Player == g.Ctrl(s) },
		Do:   func(g *G, f *F) { g.PlaceCounters(f, g.Cards[self(f)].On, 1) },
	}}
})
