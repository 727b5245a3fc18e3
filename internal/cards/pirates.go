package cards

import "github.com/smashup/smashup/internal/engine"

// Pirates: move minions around, destroy small minions.

// flagMovedBy marks the minions a "move any number" ability has already moved.
var flagMovedBy = engine.FlagID(engine.Text("mark: moved by this ability"))

// yourMovable lists your minions in play that have some other base to go to
// and that this ability has not moved yet.
func yourMovable(g *G, f *F) []CardID {
	return where(g.Minions(you(f)), func(c CardID) bool {
		return len(otherBases(g, g.BaseOf(c))) > 0 && !g.Marked(flagMovedBy, c, self(f))
	})
}

// moveYourMinions moves up to max of your minions (max < 0: any number), one
// at a time, each to a base of your choice other than the one it is on.
func moveYourMinions(max int) engine.AbilityFn {
	return oneAtATime(max, "You may choose one of your minions to move", yourMovable,
		func(g *G, f *F, c CardID) {
			g.MarkCard(flagMovedBy, c, self(f))
			moveToOtherBase(g, f, c, false)
		},
		func(g *G, f *F, _ int) { g.Unmark(flagMovedBy, self(f)) })
}

var _ = card("pirates/pirate_king", func(d *engine.Def) {
	// Before another base scores, it may sail over to that base (not
	// offered where it may not go, e.g. onto Mo'ai's base: it would be
	// offered again and again, moving nowhere).
	d.Specials = []engine.Special{{
		Window: engine.WinBeforeScore, From: engine.ZInPlay,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return slot != none && g.BaseOf(c) != slot && g.MoveAllowed(p, c, slot)
		},
		Do: func(g *G, f *F) { g.Move(f, self(f), f.Base) },
	}}
})

var _ = card("pirates/buccaneer", func(d *engine.Def) {
	// A destruction of this minion is replaced by a move to another base.
	d.Instead = func(g *G, me, target CardID, a engine.Affect) bool {
		return target == me && a.Kind == engine.AffDestroy && len(otherBases(g, g.BaseOf(me))) > 0
	}
	const theBase engine.BaseIDSlot = 0 // where it moves to
	d.InsteadDo = flow(
		pickBase(theBase, "{} is not destroyed: choose the base it moves to",
			func(g *G, f *F) []BaseID { return otherBases(g, g.BaseOf(f.Target)) }).
			with(func(g *G, f *F) engine.Arg { return engine.CardArg(f.Target) }).
			destinationOf(func(g *G, f *F) CardID { return f.Target }),
		act(func(g *G, f *F) { g.Move(f, f.Target, f.BaseIn(theBase)) }),
	)
})

var _ = card("pirates/saucy_wench", func(d *engine.Def) {
	d.OnPlay = chooseCard("You may destroy a minion of power 2 or less here", true,
		func(g *G, f *F) []CardID { return where(g.MinionsAt(here(g, f), none), powerAtMost(g, 2)) },
		destroyIt)
})

var _ = card("pirates/first_mate", func(d *engine.Def) {
	// After its base scores it may move away instead of being discarded. The
	// replacement base is not in play yet at that moment, so it cannot go there.
	d.Specials = []engine.Special{{
		Window: engine.WinAfterScore, From: engine.ZInPlay,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return slot != none && g.BaseOf(c) == slot && canMoveSomewhere(g, p, c, otherBases(g, slot))
		},
		Do: chooseBase("Choose the base First Mate moves to", false,
			func(g *G, f *F) []BaseID { return movesAllowed(g, you(f), self(f), otherBases(g, f.Base)) },
			func(g *G, f *F, s BaseID) { g.Move(f, self(f), s) }),
	}}
})

var _ = card("pirates/broadside", func(d *engine.Def) {
	const (
		theBase   engine.BaseIDSlot = iota // a base where you have a minion
		thePlayer engine.SeatSlot   = iota // whose small minions there are destroyed
	)
	d.OnPlay = flow(
		pickBase(theBase, "Choose a base where you have a minion", func(g *G, f *F) []BaseID {
			return where(g.BaseSlots(), func(s BaseID) bool { return len(g.MinionsAt(s, you(f))) > 0 })
		}),
		pickPlayer(thePlayer, "Choose the player whose minions of power 2 or less there are destroyed", func(g *G, f *F) []Seat {
			return where(g.PlayersFrom(you(f)), func(p Seat) bool { return len(g.MinionsAt(f.BaseIn(theBase), p)) > 0 })
		}),
		act(func(g *G, f *F) {
			for _, m := range where(g.MinionsAt(f.BaseIn(theBase), f.SeatIn(thePlayer)), powerAtMost(g, 2)) {
				g.Destroy(f, m)
			}
		}),
	)
})

var _ = card("pirates/cannon", func(d *engine.Def) {
	// Up to two different minions of power 2 or less, both chosen before
	// either is destroyed.
	const (
		first  engine.CardSlot = iota // the first minion chosen
		second                        // the second one, or none
	)
	small := func(g *G, f *F) []CardID { return where(g.Minions(none), powerAtMost(g, 2)) }
	d.OnPlay = flow(
		pickCard(first, "You may destroy a minion of power 2 or less", small).may(),
		pickCard(second, "You may destroy a minion of power 2 or less", func(g *G, f *F) []CardID {
			return where(small(g, f), other(f.CardIn(first)))
		}).may().orNone(),
		act(func(g *G, f *F) {
			g.Destroy(f, f.CardIn(first))
			if c := f.CardIn(second); c != none {
				g.Destroy(f, c)
			}
		}),
	)
})

var _ = card("pirates/dinghy", func(d *engine.Def) {
	d.OnPlay = moveYourMinions(2)
})

var _ = card("pirates/full_sail", func(d *engine.Def) {
	d.OnPlay = moveYourMinions(engine.NoLimit)
	// It may also be played from the hand once a base has been chosen to score.
	d.Specials = []engine.Special{{Window: engine.WinBeforeScore, From: engine.ZHand, Play: true}}
})

var _ = card("pirates/powderkeg", func(d *engine.Def) {
	const theMinion engine.CardSlot = 0 // the minion blown up
	d.OnPlay = flow(
		pickCard(theMinion, "Choose one of your minions to blow up", mine),
		act(func(g *G, f *F) {
			c := f.CardIn(theMinion)
			// The others are those with its power or less now, all destroyed
			// with it (even if it survives, and whatever its leaving does to
			// their power).
			others := where(g.MinionsAt(g.BaseOf(c), none), func(m CardID) bool { return m != c && g.Power(m) <= g.Power(c) })
			g.Destroy(f, c)
			for _, m := range others {
				g.Destroy(f, m)
			}
		}),
	)
})

var _ = card("pirates/sea_dogs", func(d *engine.Def) {
	const (
		faction  engine.TextSlot   = iota // the faction named
		fromBase engine.BaseIDSlot = iota // the base they leave
		toBase                            // the base they all move to
	)
	others := func(g *G, f *F, s BaseID) []CardID {
		return where(g.MinionsAt(s, none), func(m CardID) bool {
			return g.Ctrl(m) != you(f) && g.DefOf(m).Faction == textIn(f, faction)
		})
	}
	d.OnPlay = flow(
		// Naming a faction nobody else has in play does nothing, so the
		// factions offered are those of the other players' minions in play.
		pickText(faction, "Name a faction", func(g *G, f *F) []string {
			var names []string
			for _, fa := range engine.Factions() {
				for _, m := range g.Minions(none) {
					if g.Ctrl(m) != you(f) && g.DefOf(m).Faction == fa {
						names = append(names, fa)
						break
					}
				}
			}
			return names
		}),
		pickBase(fromBase, "Choose the base those minions move from", func(g *G, f *F) []BaseID {
			return where(g.BaseSlots(), func(s BaseID) bool { return len(others(g, f, s)) > 0 })
		}),
		pickBase(toBase, "Choose the base they all move to", func(g *G, f *F) []BaseID { return otherBases(g, f.BaseIn(fromBase)) }),
		act(func(g *G, f *F) {
			for _, m := range others(g, f, f.BaseIn(fromBase)) {
				g.Move(f, m, f.BaseIn(toBase))
			}
		}),
	)
})

var _ = card("pirates/shanghai", func(d *engine.Def) {
	d.OnPlay = chooseCard("Choose another player's minion to move", false,
		func(g *G, f *F) []CardID {
			return where(g.Minions(none), func(m CardID) bool {
				return g.Ctrl(m) != you(f) && len(otherBases(g, g.BaseOf(m))) > 0
			})
		},
		func(g *G, f *F, c CardID) { moveToOtherBase(g, f, c, false) })
})

var _ = card("pirates/swashbuckling", func(d *engine.Def) {
	// Only the minions in play now get the bonus.
	d.OnPlay = func(g *G, f *F) {
		for _, m := range g.Minions(you(f)) {
			g.AddPower(f, m, 1)
		}
	}
})
