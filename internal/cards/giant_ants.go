package cards

import "github.com/smashup/smashup/internal/engine"

// Giant Ants: +1 power counters, placed and passed around the colony.

// queenPartners: other minions the Killer Queen's controller played on its
// base this turn, wherever they are now (moved there later does not count)
// and whoever controls them now (a Toad given away still counts; a minion
// taken from the player who played it does not).
func queenPartners(g *G, q CardID) []CardID {
	return where(g.Minions(none), func(m CardID) bool {
		return m != q && g.PlayedBy(m) == g.Ctrl(q) && g.PlayedOn(m) == g.BaseOf(q)
	})
}

var _ = card("giant_ants/killer_queen", func(d *engine.Def) {
	d.TalentOK = func(g *G, q CardID) bool { return len(queenPartners(g, q)) > 0 }
	d.Talent = chooseCard("Choose the minion you played here this turn", false,
		func(g *G, f *F) []CardID { return queenPartners(g, self(f)) },
		func(g *G, f *F, c CardID) {
			g.PlaceCounters(f, self(f), 1)
			g.PlaceCounters(f, c, 1)
		})
})

var droneDeclined = engine.NamedFlag("giant_ants/drone declined")

// fnRedestroy goes on with the destruction of its target that a Drone's
// controller declined to prevent (and then forgets the declining).
var fnRedestroy = engine.Fn(flow(
	act(func(g *G, f *F) { g.Destroy(f, f.Target) }),
	act(func(g *G, f *F) { g.DropFlags(droneDeclined, f.Target) }),
))

var _ = card("giant_ants/drone", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.PlaceCounters(f, self(f), 1) }
	// Before one of your minions would be destroyed you may spend a counter
	// from this Drone to prevent it; declining lets the destruction go on.
	d.Instead = func(g *G, dr, target CardID, a engine.Affect) bool {
		return a.Kind == engine.AffDestroy && g.IsMinion(target) && g.Ctrl(target) == g.Ctrl(dr) &&
			g.CountersOn(dr) > 0 && !g.FlagFrom(droneDeclined, target, dr)
	}
	d.InsteadDo = flow(
		askYes("Remove a +1 power counter from Drone to prevent the destruction of {}?").orNone().
			with(func(g *G, f *F) engine.Arg { return engine.CardArg(f.Target) }),
		act(func(g *G, f *F) {
			if f.Yes() && g.RemoveCounters(f, self(f), 1) == 1 {
				return
			}
			t := f.Target
			g.SetFlagOn(droneDeclined, t, self(f))
			g.Schedule(fnRedestroy, f.Ev.Player, f.Ev.Source(), none, t)
		}),
	)
})

var _ = card("giant_ants/soldier", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.PlaceCounters(f, self(f), 2) }
	d.TalentOK = func(g *G, c CardID) bool { return g.CountersOn(c) > 0 && len(g.Minions(none)) > 1 }
	d.Talent = chooseCard("Transfer a +1 power counter from Soldier to another minion", false,
		func(g *G, f *F) []CardID { return where(g.Minions(none), other(self(f))) },
		func(g *G, f *F, c CardID) { g.TransferCounters(f, self(f), c, 1) })
})

var _ = card("giant_ants/worker", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.PlaceCounters(f, self(f), 2) }
})

var _ = card("giant_ants/a_kind_of_magic", func(d *engine.Def) {
	// Redistributing: take the counters off your minions, then hand them out again as you like.
	const taken engine.NumSlot = 0 // counters taken off
	d.OnPlay = flow(
		act(func(g *G, f *F) {
			for _, m := range mine(g, f) {
				f.Add(taken, g.RemoveCounters(f, m, g.CountersOn(m)))
			}
		}),
		act(func(g *G, f *F) { distributeCounters(g, f, f.Get(taken)) }),
	)
})

var _ = card("giant_ants/gimme_the_prize", func(d *engine.Def) {
	// Up to three different minions, one counter each: a loop, so named
	// steps, not a flow.
	const (
		chooseMinion engine.Step = iota
		placeCounter
	)
	const (
		placed engine.NumSlot  = iota // counters placed so far
		first  engine.CardSlot = iota // the minions chosen: first, first+1, first+2
	)
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case chooseMinion:
			if f.Get(placed) >= 3 {
				return
			}
			cs := where(mine(g, f), func(m CardID) bool {
				for i := 0; i < f.Get(placed); i++ {
					if f.CardIn(first+engine.CardSlot(i)) == m {
						return false
					}
				}
				return true
			})
			g.AskCards(f, you(f), "Put a +1 power counter on one of your minions (up to three)", cs, true)
		case placeCounter:
			c := f.Chosen()
			if c == none {
				return
			}
			g.PlaceCounters(f, c, 1)
			n := f.Add(placed, 1)
			f.SetCard(first+engine.CardSlot(n-1), c)
			f.Goto(chooseMinion)
		}
	}
})

var _ = card("giant_ants/headlong", func(d *engine.Def) {
	// Move, then counters: two independent effects (compendium, Multiple Effects),
	// so the minion gets its counters even when the move does not happen.
	const theMinion engine.CardSlot = 0 // your minion moved
	d.OnPlay = flow(
		pickCard(theMinion, "Choose one of your minions to move", mine),
		act(func(g *G, f *F) { moveToOtherBase(g, f, f.CardIn(theMinion), false) }),
		act(func(g *G, f *F) { g.PlaceCounters(f, f.CardIn(theMinion), 2) }),
	)
})

// showCovers: minion m is one of the Show Must Go On s's controller's minions on its base with a counter.
func showCovers(g *G, s, m CardID) bool {
	return g.IsMinion(m) && g.InPlay(m) && g.BaseOf(m) == g.BaseOf(s) && g.Ctrl(m) == g.Ctrl(s) && g.CountersOn(m) > 0
}

// shedOthersActions destroys the actions other players control on minion m:
// a card that m is not affected by cannot stay attached to it (compendium, Attached Cards).
func shedOthersActions(g *G, f *F, m CardID) {
	for _, a := range g.Attached(m) {
		if g.Ctrl(a) != you(f) {
			g.Destroy(f, a)
		}
	}
}

var _ = card("giant_ants/the_show_must_go_on", func(d *engine.Def) {
	// Other players' cards, not bases (as for Game Guru): a base is nobody's card.
	d.Protect = func(g *G, s, t CardID, a engine.Affect) bool {
		return showCovers(g, s, t) && a.Src >= 0 && g.DefOf(a.Src).Type != engine.BaseCard && a.By != g.Ctrl(s)
	}
	d.OnPlay = func(g *G, f *F) {
		for _, m := range g.MinionsAt(here(g, f), you(f)) {
			if showCovers(g, self(f), m) {
				shedOthersActions(g, f, m)
			}
		}
	}
	// A minion that becomes covered later (its first counter here, or moved here) sheds them too.
	shed := func(g *G, f *F) {
		if m := f.Ev.Card; showCovers(g, self(f), m) {
			shedOthersActions(g, f, m)
		}
	}
	d.Triggers = []engine.Trigger{{
		On: engine.EvCounter,
		When: func(g *G, s CardID, ev engine.Event) bool {
			return ev.Count() > 0 && g.CountersOn(ev.Card) == ev.Count() && showCovers(g, s, ev.Card) // its first counters
		},
		Do: shed,
	}, {
		On:   engine.EvMove,
		When: func(g *G, s CardID, ev engine.Event) bool { return showCovers(g, s, ev.Card) },
		Do:   shed,
	}}
})

// transferFrom is "transfer any number of counters from one of your minions
// (among from) to another minion": asks the source, the receiver, then how many.
// "Any number" (Under Pressure; "any or all", We Are the Champions) may be zero
// (compendium, Using Card Abilities).
func transferFrom(from func(g *G, f *F) []CardID) engine.AbilityFn {
	const (
		giver    engine.CardSlot = iota // your minion the counters come from
		receiver                        // the minion that receives them
		howMany  engine.NumSlot  = iota // how many
	)
	return flow(
		pickCard(giver, "Choose one of your minions to transfer +1 power counters from", from),
		pickCard(receiver, "Choose the minion that receives the counters", func(g *G, f *F) []CardID {
			return where(g.Minions(none), other(f.CardIn(giver)))
		}),
		pickNumber(howMany, "How many +1 power counters do you transfer?", func(g *G, f *F) (int, int) {
			return 0, g.CountersOn(f.CardIn(giver))
		}),
		act(func(g *G, f *F) { g.TransferCounters(f, f.CardIn(giver), f.CardIn(receiver), f.Get(howMany)) }),
	)
}

var _ = card("giant_ants/under_pressure", func(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinBeforeScore, From: engine.ZHand, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return len(where(g.Minions(p), withCounters(g))) > 0 && len(g.Minions(none)) > 1
		},
		Do: transferFrom(func(g *G, f *F) []CardID { return where(mine(g, f), withCounters(g)) }),
	}}
})

var _ = card("giant_ants/we_are_the_champions", func(d *engine.Def) {
	// Errata (compendium): a Special played from the hand after a base scores;
	// the counters come from one of your minions on the scored base.
	d.Specials = []engine.Special{{
		Window: engine.WinAfterScore, From: engine.ZHand, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return len(where(g.MinionsAt(slot, p), withCounters(g))) > 0 && len(g.Minions(none)) > 1
		},
		Do: transferFrom(func(g *G, f *F) []CardID { return where(g.MinionsAt(f.Base, you(f)), withCounters(g)) }),
	}}
})

var _ = card("giant_ants/we_will_rock_you", func(d *engine.Def) {
	// The bonus is fixed now (compendium): later counter changes do not alter it.
	d.OnPlay = func(g *G, f *F) {
		for _, m := range where(mine(g, f), withCounters(g)) {
			g.AddPower(f, m, g.CountersOn(m))
		}
	}
})

// markTried marks a card an "any number" ability already tried and failed to affect.
var markTried = engine.NamedFlag("tried")

var _ = card("giant_ants/who_wants_to_live_forever", func(d *engine.Def) {
	// Any number of counters, one at a time: a loop, so named steps, not a flow.
	const (
		chooseCounter engine.Step = iota
		removeItOrDraw
	)
	const removed engine.NumSlot = 0 // counters removed so far
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case chooseCounter:
			// a minion whose counter could not be removed (it is protected) is not offered again
			cands := where(mine(g, f), func(c CardID) bool { return withCounters(g)(c) && !g.Marked(markTried, c, self(f)) })
			g.AskCards(f, you(f), "Remove a +1 power counter from one of your minions (draw a card for each)", cands, true)
		case removeItOrDraw:
			if c := f.Chosen(); c != none {
				n := g.RemoveCounters(f, c, 1)
				if n == 0 {
					g.MarkCard(markTried, c, self(f))
				}
				f.Add(removed, n)
				f.Goto(chooseCounter)
				return
			}
			g.Unmark(markTried, self(f))
			g.Draw(you(f), f.Get(removed))
		}
	}
})
