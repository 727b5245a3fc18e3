package cards

import "github.com/smashup/smashup/internal/engine"

// Pirates: move minions around, destroy small minions.

// flagMovedBy marks the minions a "move any number" ability has already moved.
var flagMovedBy = int(engine.Text("mark: moved by this ability"))

// yourMovable lists your minions in play that have some other base to go to
// and that this ability has not moved yet.
func yourMovable(g *G, f *F) []int {
	return where(g.Minions(you(f)), func(c int) bool {
		return len(otherBases(g, g.BaseOf(c))) > 0 && !g.Marked(flagMovedBy, c, self(f))
	})
}

// moveYourMinions moves up to max of your minions (max < 0: any number), one
// at a time, each to a base of your choice other than the one it is on.
func moveYourMinions(max int) engine.AbilityFn {
	return func(g *G, f *F) {
		switch f.Step {
		case 0:
			if max >= 0 && int(f.V[1]) >= max {
				g.Unmark(flagMovedBy, self(f))
				return
			}
			g.AskCards(f, you(f), "You may choose one of your minions to move", yourMovable(g, f), true)
		case 1:
			c := f.Chosen()
			if c == none {
				g.Unmark(flagMovedBy, self(f))
				return
			}
			g.MarkCard(flagMovedBy, c, self(f))
			f.V[1]++
			f.V[0] = int16(c)
			askMoveDest(g, f, c, false)
		case 2:
			if s := f.ChosenBase(); s != none {
				g.Move(f, int(f.V[0]), s)
			}
			f.Goto(0)
		}
	}
}

var _ = card("pirates/pirate_king", func(d *engine.Def) {
	// Before another base scores, it may sail over to that base.
	d.Specials = []engine.Special{{
		Window: engine.WinBeforeScore, From: engine.ZInPlay,
		OK: func(g *G, c, p, slot int) bool { return slot != none && g.BaseOf(c) != slot },
		Do: func(g *G, f *F) { g.Move(f, self(f), int(f.Base)) },
	}}
})

var _ = card("pirates/buccaneer", func(d *engine.Def) {
	// A destruction of this minion is replaced by a move to another base.
	d.Instead = func(g *G, me, target int, a engine.Affect) bool {
		return target == me && a.Kind == engine.AffDestroy && len(otherBases(g, g.BaseOf(me))) > 0
	}
	d.InsteadDo = func(g *G, f *F) {
		switch f.Step {
		case 0:
			c := int(f.Target)
			g.AskBases(f, you(f), "{} is not destroyed: choose the base it moves to", otherBases(g, g.BaseOf(c)), false, engine.CardArg(c))
		case 1:
			if s := f.ChosenBase(); s != none {
				g.Move(f, int(f.Target), s)
			}
		}
	}
})

var _ = card("pirates/saucy_wench", func(d *engine.Def) {
	d.OnPlay = chooseCard("You may destroy a minion of power 2 or less here", true,
		func(g *G, f *F) []int { return where(g.MinionsAt(here(g, f), none), powerAtMost(g, 2)) },
		destroyIt)
})

var _ = card("pirates/first_mate", func(d *engine.Def) {
	// After its base scores it may move away instead of being discarded. The
	// replacement base is not in play yet at that moment, so it cannot go there.
	d.Specials = []engine.Special{{
		Window: engine.WinAfterScore, From: engine.ZInPlay,
		OK: func(g *G, c, p, slot int) bool { return slot != none && g.BaseOf(c) == slot },
		Do: func(g *G, f *F) {
			switch f.Step {
			case 0:
				g.AskBases(f, you(f), "Choose the base First Mate moves to", otherBases(g, int(f.Base)), false)
			case 1:
				if s := f.ChosenBase(); s != none {
					g.Move(f, self(f), s)
				}
			}
		},
	}}
})

var _ = card("pirates/broadside", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case 0:
			slots := where(g.BaseSlots(), func(s int) bool { return len(g.MinionsAt(s, you(f))) > 0 })
			g.AskBases(f, you(f), "Choose a base where you have a minion", slots, false)
		case 1:
			s := f.ChosenBase()
			if s == none {
				return
			}
			f.V[0] = int16(s)
			ps := where(g.PlayersFrom(you(f)), func(p int) bool { return len(g.MinionsAt(s, p)) > 0 })
			g.AskPlayers(f, you(f), "Choose the player whose minions of power 2 or less there are destroyed", ps, false)
		case 2:
			p := f.ChosenPlayer()
			if p == none {
				return
			}
			for _, m := range where(g.MinionsAt(int(f.V[0]), p), powerAtMost(g, 2)) {
				g.Destroy(f, m)
			}
		}
	}
})

var _ = card("pirates/cannon", func(d *engine.Def) {
	// Up to two different minions of power 2 or less, one after the other.
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case 0, 2:
			cands := where(g.Minions(none), powerAtMost(g, 2))
			if f.Step == 2 {
				cands = where(cands, other(int(f.V[0])))
			}
			g.AskCards(f, you(f), "You may destroy a minion of power 2 or less", cands, true)
		case 1, 3:
			c := f.Chosen()
			if c == none {
				return
			}
			f.V[0] = int16(c)
			g.Destroy(f, c)
			if f.Step == 1 {
				f.Next()
			}
		}
	}
})

var _ = card("pirates/dinghy", func(d *engine.Def) {
	d.OnPlay = moveYourMinions(2)
})

var _ = card("pirates/full_sail", func(d *engine.Def) {
	d.OnPlay = moveYourMinions(-1)
	// It may also be played from the hand once a base has been chosen to score.
	d.Specials = []engine.Special{{Window: engine.WinBeforeScore, From: engine.ZHand, Play: true}}
})

var _ = card("pirates/powderkeg", func(d *engine.Def) {
	// V0 = chosen minion, V1 = its power, V2 = its base.
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case 0:
			g.AskCards(f, you(f), "Choose one of your minions to blow up", g.Minions(you(f)), false)
		case 1:
			c := f.Chosen()
			if c == none {
				return
			}
			f.V[0], f.V[1], f.V[2] = int16(c), int16(g.Power(c)), int16(g.BaseOf(c))
			g.Destroy(f, c)
			f.Next()
		case 2:
			// The others go even if the chosen minion survived.
			for _, m := range where(g.MinionsAt(int(f.V[2]), none), powerAtMost(g, int(f.V[1]))) {
				if m != int(f.V[0]) {
					g.Destroy(f, m)
				}
			}
		}
	}
})

var _ = card("pirates/sea_dogs", func(d *engine.Def) {
	// V0 = named faction index, V1 = the base they leave.
	others := func(g *G, f *F, s int) []int {
		return where(g.MinionsAt(s, none), func(m int) bool {
			return g.Ctrl(m) != you(f) && engine.FactionIndex(g.DefOf(m).Faction) == int(f.V[0])
		})
	}
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case 0:
			// Naming a faction nobody else has in play does nothing, so the
			// factions offered are those of the other players' minions in play.
			var names []string
			for _, fa := range engine.Factions() {
				for _, m := range g.Minions(none) {
					if g.Ctrl(m) != you(f) && g.DefOf(m).Faction == fa {
						names = append(names, fa)
						break
					}
				}
			}
			g.AskTexts(f, you(f), "Name a faction", names)
		case 1:
			if f.Ans.Kind != engine.OptText {
				return
			}
			f.V[0] = int16(engine.FactionIndex(engine.TextOf(f.Ans.Num)))
			from := where(g.BaseSlots(), func(s int) bool { return len(others(g, f, s)) > 0 })
			g.AskBases(f, you(f), "Choose the base those minions move from", from, false)
		case 2:
			s := f.ChosenBase()
			if s == none {
				return
			}
			f.V[1] = int16(s)
			g.AskBases(f, you(f), "Choose the base they all move to", otherBases(g, s), false)
		case 3:
			to := f.ChosenBase()
			if to == none {
				return
			}
			for _, m := range others(g, f, int(f.V[1])) {
				g.Move(f, m, to)
			}
		}
	}
})

var _ = card("pirates/shanghai", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case 0:
			cands := where(g.Minions(none), func(m int) bool {
				return g.Ctrl(m) != you(f) && len(otherBases(g, g.BaseOf(m))) > 0
			})
			g.AskCards(f, you(f), "Choose another player's minion to move", cands, false)
		case 1:
			if c := f.Chosen(); c != none {
				f.V[0] = int16(c)
				askMoveDest(g, f, c, false)
			}
		case 2:
			if s := f.ChosenBase(); s != none {
				g.Move(f, int(f.V[0]), s)
			}
		}
	}
})

var _ = card("pirates/swashbuckling", func(d *engine.Def) {
	// Only the minions in play now get the bonus.
	d.OnPlay = func(g *G, f *F) {
		for _, m := range g.Minions(you(f)) {
			g.AddPower(f, m, 1)
		}
	}
})
