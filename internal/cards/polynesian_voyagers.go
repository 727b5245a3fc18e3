package cards

import "github.com/smashup/smashup/internal/engine"

// Polynesian Voyagers: more bases, spreading out, tattoos on minions.

// basesWithout lists the bases where p has no minions.
func basesWithout(g *G, p Seat) []BaseID {
	return where(g.BaseSlots(), func(s BaseID) bool { return g.MinionCountAt(s, p) == 0 })
}

// basesWith lists the bases where p has at least one minion.
func basesWith(g *G, p Seat) []BaseID {
	return where(g.BaseSlots(), func(s BaseID) bool { return g.MinionCountAt(s, p) > 0 })
}

var _ = card("polynesian_voyagers/maui", func(d *engine.Def) {
	const (
		howMany   engine.NumSlot    = iota // bases added
		theMinion engine.CardSlot   = iota // the minion moved (Talent)
		theBase   engine.BaseIDSlot = iota // where it moves
	)
	d.OnPlay = flow(
		pickNumber(howMany, "Put how many bases from the top of the base deck into play as additional bases?",
			func(g *G, f *F) (int, int) { return 0, min(len(g.Collect(engine.ZBaseDeck, none)), 2) }).
			when(func(g *G, f *F) bool { return len(g.Collect(engine.ZBaseDeck, none)) > 0 }),
		act(func(g *G, f *F) {
			for i := 0; i < f.Get(howMany); i++ {
				g.AddBase(you(f))
			}
		}),
	)
	d.Talent = flow(
		pickCard(theMinion, "Move one of your minions to a base where you have no minions", mine),
		pickBase(theBase, "Choose a base where you have no minions", func(g *G, f *F) []BaseID { return basesWithout(g, you(f)) }).
			destinationOf(func(g *G, f *F) CardID { return f.CardIn(theMinion) }),
		act(func(g *G, f *F) { g.Move(f, f.CardIn(theMinion), f.BaseIn(theBase)) }),
	)
	d.TalentOK = func(g *G, self CardID) bool {
		p := g.Ctrl(self)
		to := basesWithout(g, p)
		for _, m := range g.Minions(p) {
			if canMoveSomewhere(g, p, m, to) {
				return true
			}
		}
		return false
	}
})

var _ = card("polynesian_voyagers/wayfinder", func(d *engine.Def) {
	d.TalentOK = func(g *G, self CardID) bool {
		return canMoveSomewhere(g, g.Ctrl(self), self, basesWithout(g, g.Ctrl(self)))
	}
	const theBase engine.BaseIDSlot = 0 // where it moves
	d.Talent = flow(
		pickBase(theBase, "Move Wayfinder to a base where you have no minions", func(g *G, f *F) []BaseID { return basesWithout(g, you(f)) }).
			destinationOf(func(g *G, f *F) CardID { return self(f) }),
		act(func(g *G, f *F) { g.Move(f, self(f), f.BaseIn(theBase)) }),
		act(func(g *G, f *F) {
			if g.BaseOf(self(f)) == f.BaseIn(theBase) {
				g.PlaceCounters(f, self(f), 1)
			}
		}),
	)
})

var _ = card("polynesian_voyagers/tiki", func(d *engine.Def) {
	d.PowerMod = func(g *G, self, target CardID) int {
		if target == self && len(g.Attached(self)) > 0 {
			return 2
		}
		return 0
	}
})

var _ = card("polynesian_voyagers/moai", func(d *engine.Def) {
	d.MoveOK = func(g *G, self CardID, by Seat, c CardID, to BaseID) bool {
		if by == g.Ctrl(self) {
			return true
		}
		if c == self {
			return false // others cannot move this minion away
		}
		return !(to == g.BaseOf(self) && g.Ctrl(c) == by) // nor their minions onto this base
	}
})

var _ = card("polynesian_voyagers/growth_of_the_tribes", func(d *engine.Def) {
	const (
		theBase   engine.BaseIDSlot = iota // a base where you have no minions
		theMinion engine.CardSlot   = iota // your minion moved there
	)
	d.OnPlay = flow(
		pickBase(theBase, "Choose a base where you have no minions", func(g *G, f *F) []BaseID { return basesWithout(g, you(f)) }),
		chooseOne(
			option("Play an extra minion there", nil, func(g *G, f *F) {
				g.OfferExtraPlay(you(f), engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: engine.NoLimit, Base: f.BaseIn(theBase), Card: none, Faction: none}, self(f))
			}),
			branch("Move one of your minions there", nil, flow(
				pickCard(theMinion, "Choose one of your minions to move there", mine),
				act(func(g *G, f *F) { g.Move(f, f.CardIn(theMinion), f.BaseIn(theBase)) }),
			)),
		),
	)
})

var _ = card("polynesian_voyagers/knowledge_of_the_tribes", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.Draw(you(f), len(basesWith(g, you(f)))) }
})

var _ = card("polynesian_voyagers/ocean_tattoo", func(d *engine.Def) {
	d.PlayOK = func(g *G, p Seat, c, m CardID) bool {
		if m == none {
			return true
		}
		for _, o := range g.MinionsAt(g.BaseOf(m), none) {
			if g.Ctrl(o) != p {
				return false
			}
		}
		return true
	}
	const theBase engine.BaseIDSlot = 0                            // where the minion moves
	host := func(g *G, f *F) CardID { return g.Cards[self(f)].On } // the minion this is on
	d.TalentOK = func(g *G, self CardID) bool {
		m := g.Cards[self].On
		return m != none && canMoveSomewhere(g, g.Ctrl(self), m, otherBases(g, g.BaseOf(m)))
	}
	d.Talent = flow(
		pickDestination(theBase, host).when(func(g *G, f *F) bool { return host(g, f) != none }),
		act(func(g *G, f *F) { g.Move(f, host(g, f), f.BaseIn(theBase)) }),
		act(func(g *G, f *F) {
			if m := host(g, f); g.BaseOf(m) == f.BaseIn(theBase) {
				g.PlaceCounters(f, m, 1)
			}
		}),
	)
})

var _ = card("polynesian_voyagers/shark_tattoo", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		if m := g.Cards[self(f)].On; m != none {
			g.PlaceCounters(f, m, 1)
		}
	}
	d.Triggers = []engine.Trigger{{
		On:   engine.EvTurnStart,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Player == g.Ctrl(self) },
		Do: func(g *G, f *F) {
			m := g.Cards[self(f)].On
			if m != none && len(g.MinionsAt(g.BaseOf(m), you(f))) == 1 && g.Ctrl(m) == you(f) {
				g.PlaceCounters(f, m, 1)
			}
		},
	}}
})

var _ = card("polynesian_voyagers/sun_tattoo", func(d *engine.Def) {
	const sunDest engine.BaseIDSlot = 0 // where the minion moves on to
	d.PowerMod = func(g *G, self, target CardID) int {
		if g.Cards[self].On == target {
			return 2
		}
		return 0
	}
	// Played after its base scored (the base is still marked scoring), it
	// goes only on a minion with no actions attached.
	d.PlayOK = func(g *G, p Seat, c, m CardID) bool {
		if m == none {
			return true
		}
		s := g.BaseOf(m)
		return s == none || g.Bases[s].Flags&engine.BScoring == 0 || len(g.Attached(m)) == 0
	}
	d.Specials = []engine.Special{{
		Window: engine.WinAfterScore, From: engine.ZHand, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return slot != none && len(where(g.MinionsAt(slot, p), func(m CardID) bool { return len(g.Attached(m)) == 0 })) > 0
		},
		// f.Target: the minion it was played on; it moves on instead of
		// being discarded with the base
		Do: flow(
			pickDestination(sunDest, func(g *G, f *F) CardID { return f.Target }).
				when(func(g *G, f *F) bool { return f.Target != none && g.InPlay(f.Target) }),
			act(func(g *G, f *F) { g.Move(f, f.Target, f.BaseIn(sunDest)) }),
		),
	}}
})

var _ = card("polynesian_voyagers/tattoo_artist", func(d *engine.Def) {
	const theAction engine.CardSlot = 0 // the action found
	onMinion := func(g *G, c CardID) bool {
		t := g.DefOf(c).Target
		return g.DefOf(c).Type == engine.Action && (t == engine.OnMinion || t == engine.OnOwnMinion)
	}
	keep := func(play bool) func(g *G, f *F) {
		return func(g *G, f *F) { playFoundOrKeep(g, you(f), f.CardIn(theAction), none, play) }
	}
	d.OnPlay = flow(
		pickCard(theAction, "Search your deck and discard pile for an action played on a minion", func(g *G, f *F) []CardID {
			p := you(f)
			ok := func(c CardID) bool { return onMinion(g, c) }
			return append(where(g.Deck(p), ok), where(g.Discard(p), ok)...)
		}).orNone(),
		chooseOneAsking("What do you do with {}?",
			option("Put it into your hand", nil, keep(false)),
			option("Play it as an extra action", func(g *G, f *F) bool { return g.ActionHasTarget(you(f), f.CardIn(theAction)) }, keep(true)),
		).when(func(g *G, f *F) bool {
			c := f.CardIn(theAction)
			if c == none {
				g.Shuffle(you(f))
				return false
			}
			revealSearched(g, you(f), c)
			return true
		}).with(cardNamed(theAction)),
	)
})

var _ = card("polynesian_voyagers/unity_of_the_tribes", func(d *engine.Def) {
	d.OnPlay = chooseBase("Choose a base where you have a minion", false,
		func(g *G, f *F) []BaseID { return basesWith(g, you(f)) },
		func(g *G, f *F, s BaseID) { g.AddLoosePower(f, s, you(f), 2*len(basesWith(g, you(f)))) })
})

var _ = card("polynesian_voyagers/volcanic_uprising", func(d *engine.Def) {
	const (
		newBase   engine.BaseIDSlot = iota // the base added
		theMinion engine.CardSlot   = iota // your minion moved to it
		emptyBase engine.BaseIDSlot = iota // the base with no minions destroyed
	)
	empty := func(g *G, f *F) []BaseID {
		return where(g.BaseSlots(), func(s BaseID) bool { return len(g.MinionsAt(s, none)) == 0 })
	}
	d.OnPlay = flow(chooseOne(
		branch("Put the top base of the base deck into play as an additional base", nil, flow(
			pickCard(theMinion, "You may move one of your minions to the new base", mine).may().
				when(func(g *G, f *F) bool {
					f.SetBase(newBase, g.AddBase(you(f)))
					return f.BaseIn(newBase) != none
				}),
			act(func(g *G, f *F) { g.Move(f, f.CardIn(theMinion), f.BaseIn(newBase)) }),
		)),
		branch("Destroy a base with no minions and replace it with two bases",
			func(g *G, f *F) bool { return len(empty(g, f)) > 0 },
			flow(
				pickBase(emptyBase, "Choose a base with no minions to destroy", empty),
				act(func(g *G, f *F) {
					s := f.BaseIn(emptyBase)
					g.DestroyBase(s)
					g.FillSlot(you(f), s)
					g.AddBase(you(f))
				}),
			)),
	))
})
