package cards

import "github.com/smashup/smashup/internal/engine"

// Werewolves: power until the end of the turn, and the biggest minion rules the base.

// beforeMyBaseScores is the Special window "before the base this minion is on
// scores", usable once a turn (UseOnce): do runs
// then, as an ability of its own.
func beforeMyBaseScores(do engine.AbilityFn) []engine.Special {
	fn := engine.Fn(do)
	return []engine.Special{{
		Window: engine.WinBeforeScore, From: engine.ZInPlay,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return g.BaseOf(c) == slot && !g.UsedOnce(c)
		},
		Do: func(g *G, f *F) {
			g.UseOnce(self(f))
			g.Schedule(fn, you(f), self(f), f.Base, f.Target).Ev = f.Ev
		},
	}}
}

var _ = card("werewolves/pack_alpha", func(d *engine.Def) {
	// Only the minions here at that moment get the bonus (compendium).
	d.Specials = beforeMyBaseScores(func(g *G, f *F) {
		for _, m := range g.MinionsAt(g.BaseOf(self(f)), you(f)) {
			g.AddPower(f, m, 1)
		}
	})
})

var _ = card("werewolves/loup_garou", func(d *engine.Def) {
	d.Specials = beforeMyBaseScores(func(g *G, f *F) { g.AddPower(f, self(f), 2) })
})

var _ = card("werewolves/teenage_wolf", func(d *engine.Def) {
	d.Talent = func(g *G, f *F) { g.AddPower(f, self(f), 1) }
})

var _ = card("werewolves/howler", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.AddPower(f, self(f), 2) }
})

var _ = card("werewolves/chew_toy", func(d *engine.Def) {
	const (
		yours  engine.CardSlot = iota // your minion
		weaker                        // a minion there with less power, destroyed
	)
	d.OnPlay = flow(
		pickCard(yours, "Choose one of your minions", mine),
		pickCard(weaker, "Destroy a minion there with less power than {}", func(g *G, f *F) []CardID {
			c := f.CardIn(yours)
			return where(g.MinionsAt(g.BaseOf(c), none), func(m CardID) bool { return g.Power(m) < g.Power(c) })
		}).with(cardNamed(yours)),
		act(func(g *G, f *F) { g.Destroy(f, f.CardIn(weaker)) }),
	)
})

var _ = card("werewolves/frenzy", func(d *engine.Def) {
	// Only minions in play now (compendium): minions played later do not get it.
	d.OnPlay = func(g *G, f *F) {
		for _, m := range mine(g, f) {
			if g.Power(m) >= 4 {
				g.AddPower(f, m, 1)
			}
		}
	}
})

var _ = card("werewolves/full_moon", func(d *engine.Def) {
	d.PowerMod = func(g *G, s, t CardID) int {
		if g.IsMinion(t) && g.BaseOf(t) == g.BaseOf(s) && g.Ctrl(t) == g.Ctrl(s) {
			return 1
		}
		return 0
	}
})

// attachedIsHighest: the talent of an action on a minion that has the highest power on its base.
func attachedIsHighest(g *G, s CardID) bool {
	return highestHere(g, g.Cards[s].On)
}

var _ = card("werewolves/leader_of_the_pack", func(d *engine.Def) {
	// Any player's minion will do, and ties count (compendium).
	d.TalentOK = attachedIsHighest
	d.Talent = func(g *G, f *F) { extraAction(g, you(f)) }
})

var _ = card("werewolves/let_the_dog_out", func(d *engine.Def) {
	const (
		chooseVictim engine.Step = iota
		pickVictim
		destroyPicked // the chosen ones together
	)
	const powerUsed engine.NumSlot = 0 // the total power of the minions picked so far
	// Picks victims one at a time until the player stops: a loop, not a flow.
	d.OnPlay = chooseYourMinion(func(g *G, f *F) {
		c := f.Target
		switch f.Step {
		case chooseVictim:
			cs := where(g.MinionsAt(g.BaseOf(c), none), func(m CardID) bool {
				return m != c && f.Get(powerUsed)+g.Power(m) <= g.Power(c) && !g.FlagFrom(dogPicked, m, self(f))
			})
			g.AskCards(f, you(f), "Destroy minions there whose total power is at most {}'s", cs, true, engine.CardArg(c))
		case pickVictim:
			m := f.Chosen()
			if m == none {
				f.Next()
				return
			}
			f.Add(powerUsed, g.Power(m))
			g.SetFlagOn(dogPicked, m, self(f))
			f.Goto(chooseVictim)
		case destroyPicked:
			for _, m := range g.Minions(none) {
				if g.FlagFrom(dogPicked, m, self(f)) {
					g.DropFlags(dogPicked, m)
					g.Destroy(f, m)
				}
			}
		}
	})
})

var dogPicked = engine.NamedFlag("werewolves/let_the_dog_out picked")

var _ = card("werewolves/marking_territory", func(d *engine.Def) {
	// At the start of your turn, with more power here than anyone else, this
	// base starts from breakpoint 0 for that turn: an effect on the base that
	// lasts the turn even if this card leaves play (compendium, Overgrowth).
	d.Triggers = []engine.Trigger{{
		On:   engine.EvTurnStart,
		When: func(g *G, s CardID, ev engine.Event) bool { return ev.Player == g.Ctrl(s) },
		Do: func(g *G, f *F) {
			s, p := g.BaseOf(self(f)), you(f)
			if s == none {
				return
			}
			for _, q := range g.Others(p) {
				if g.PowerAt(s, q) >= g.PowerAt(s, p) {
					return
				}
			}
			g.SetStartingBreakpoint(f, s, 0)
		},
	}}
})

var _ = card("werewolves/moontouched", func(d *engine.Def) {
	d.TalentOK = attachedIsHighest
	d.Talent = func(g *G, f *F) { g.Draw(you(f), 1) }
})

var _ = card("werewolves/unstoppable", func(d *engine.Def) {
	d.Protect = func(g *G, s, t CardID, a engine.Affect) bool {
		return a.Kind == engine.AffDestroy && g.Cards[s].On == t
	}
})
