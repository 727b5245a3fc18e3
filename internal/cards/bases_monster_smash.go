package cards

import (
	"slices"

	"github.com/smashup/smashup/internal/engine"
)

// The bases of Monster Smash. For a base, g.Cards[s].Base is its slot.

func slotOf(g *G, s CardID) BaseID { return g.Cards[s].Base }

// firstMinionHere is a When for "the first minion played on this base each
// turn": the first is the first played there, even when the base's abilities
// were ignored then (Jammed Signal): a later one is not the first.
func firstMinionHere(g *G, s CardID, ev engine.Event) bool {
	return ev.Base == slotOf(g, s) && g.IsMinion(ev.Card) && g.FirstMinionPlayedAt(ev.Base)
}

var _ = card("base/egg_chamber", func(d *engine.Def) {
	d.Protect = func(g *G, s, t CardID, a engine.Affect) bool {
		return a.Kind == engine.AffDestroy && g.IsMinion(t) && g.BaseOf(t) == slotOf(g, s) && g.CountersOn(t) > 0
	}
})

var _ = card("base/the_hill", func(d *engine.Def) {
	const theMinion engine.CardSlot = 0 // your minion moved here
	d.Triggers = []engine.Trigger{{
		On: engine.EvTurnStart,
		Do: flow(
			pickCard(theMinion, "The Hill: you may move one of your minions here", func(g *G, f *F) []CardID {
				return where(g.Minions(you(f)), func(m CardID) bool { return g.CanMoveTo(you(f), m, f.Base) })
			}).may(),
			act(func(g *G, f *F) { g.Move(f, f.CardIn(theMinion), f.Base) }),
		),
	}}
})

var _ = card("base/golem_schloss", func(d *engine.Def) {
	// Decision: "each minion they control" is read literally: every minion the
	// winner controls, on any base (those here are discarded right after).
	d.Triggers = []engine.Trigger{{
		On:   engine.EvAfterScore,
		When: func(g *G, s CardID, ev engine.Event) bool { return ev.Base == slotOf(g, s) },
		Do: eachGains(func(g *G, f *F, p Seat) bool { return slices.Contains(scoredWinners(g, f), p) },
			func(g *G, f *F, w Seat) {
				f.DoneBy(w, func() { // the winner places the counters
					for _, m := range g.Minions(w) {
						g.PlaceCounters(f, m, 1)
					}
				})
			}),
	}}
})

var _ = card("base/laboratorium", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: firstMinionHere,
		// still the first minion played here when its player ignores the base
		Do: eachGains(evPlayer, func(g *G, f *F, p Seat) {
			f.DoneBy(p, func() { g.PlaceCounters(f, f.Ev.Card, 1) }) // its controller places the counter
		}),
	}}
})

var _ = card("base/castle_blood", func(d *engine.Def) {
	// Checked after the minion's own ability resolved, for every minion played here.
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: minionHere,
		// (the event's minion, and who played it: they decide)
		Do: flow(
			askYes("Castle Blood: put a +1 power counter on {}?").
				when(func(g *G, f *F) bool {
					m, p := f.Ev.Card, f.Ev.Player
					if !g.InPlay(m) || g.BaseMustIgnore(f.Base, p) || !othersOutpower(g, f.Base, p) {
						return false
					}
					f.HandTo(p)
					return true
				}).
				with(func(g *G, f *F) engine.Arg { return engine.CardArg(f.Ev.Card) }),
			act(func(g *G, f *F) { g.PlaceCounters(f, f.Ev.Card, 1) }),
		),
	}}
})

var _ = card("base/crypt", func(d *engine.Def) {
	// One counter per batch of destructions by the same player (those that
	// happen before the ability resolves).
	const theMinion engine.CardSlot = 0 // the minion that gets the counter
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy,
		When: func(g *G, s CardID, ev engine.Event) bool {
			if ev.Base != slotOf(g, s) || !g.IsMinion(ev.Card) || ev.Destroyer() == none {
				return false
			}
			by := ev.Destroyer()
			return !g.AlreadyWaiting(s, func(w engine.Event) bool { return w.Kind == engine.EvDestroy && w.Destroyer() == by })
		},
		// (the event's destroyer decides)
		Do: flow(
			pickCard(theMinion, "Crypt: you may put a +1 power counter on one of your minions here", func(g *G, f *F) []CardID {
				return g.MinionsAt(f.Base, you(f))
			}).may().when(func(g *G, f *F) bool {
				p := f.Ev.Destroyer()
				if g.BaseMustIgnore(f.Base, p) {
					return false
				}
				f.HandTo(p)
				return true
			}),
			act(func(g *G, f *F) { g.PlaceCounters(f, f.CardIn(theMinion), 1) }),
		),
	}}
})

var _ = card("base/moot_site", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: firstMinionHere,
		// the minion is still the first one played here even when its player ignores the base
		Do: eachGains(func(g *G, f *F, p Seat) bool { return p == f.Ev.Player && g.InPlay(f.Ev.Card) },
			func(g *G, f *F, p Seat) { g.AddPower(f, f.Ev.Card, 2) }),
	}}
})

var _ = card("base/standing_stones", func(d *engine.Def) {
	// The second use still needs the talent's own conditions (engine: TalentOK).
	d.TalentAgain = func(g *G, s, c CardID) bool {
		return g.IsMinion(c) && g.BaseOf(c) == slotOf(g, s) && g.Ctrl(c) == g.Current
	}
})
