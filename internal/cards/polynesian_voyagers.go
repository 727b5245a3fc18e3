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
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case ask:
			n := len(g.Collect(engine.ZBaseDeck, none))
			if n > 2 {
				n = 2
			}
			if n == 0 {
				return
			}
			g.AskNumber(f, you(f), "Put how many bases from the top of the base deck into play as additional bases?", 0, n)
		case answered:
			for i := 0; i < int(f.Ans.Num); i++ {
				g.AddBase(you(f))
			}
		}
	}
	const (
		chooseMinion engine.Step = iota
		chooseEmptyBase
		moveIt
	)
	const theMinion engine.Slot = 0
	d.Talent = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case chooseMinion:
			g.AskCards(f, p, "Move one of your minions to a base where you have no minions", g.Minions(p), false)
		case chooseEmptyBase:
			c := f.Chosen()
			if c == none {
				return
			}
			f.SetCard(theMinion, c)
			g.AskBases(f, p, "Choose a base where you have no minions", basesWithout(g, p), false)
		case moveIt:
			if s := f.ChosenBase(); s != none {
				g.Move(f, f.CardIn(theMinion), s)
			}
		}
	}
	d.TalentOK = func(g *G, self CardID) bool { return len(basesWithout(g, g.Ctrl(self))) > 0 }
})

var _ = card("polynesian_voyagers/wayfinder", func(d *engine.Def) {
	d.TalentOK = func(g *G, self CardID) bool { return len(basesWithout(g, g.Ctrl(self))) > 0 }
	const (
		chooseEmptyBase engine.Step = iota
		moveThere
		counterIfMoved
	)
	const theBase engine.Slot = 0
	d.Talent = func(g *G, f *F) {
		switch f.Step {
		case chooseEmptyBase:
			g.AskBases(f, you(f), "Move Wayfinder to a base where you have no minions", basesWithout(g, you(f)), false)
		case moveThere:
			s := f.ChosenBase()
			if s == none {
				return
			}
			f.SetBase(theBase, s)
			g.Move(f, self(f), s)
			f.Next()
		case counterIfMoved:
			if g.BaseOf(self(f)) == f.BaseIn(theBase) {
				g.PlaceCounters(f, self(f), 1)
			}
		}
	}
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
	const doPlay, doMove = "Play an extra minion there", "Move one of your minions there"
	const (
		chooseEmptyBase engine.Step = iota
		chooseOne
		playOrChooseMinion
		moveIt
	)
	const theBase engine.Slot = 0
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case chooseEmptyBase:
			g.AskBases(f, p, "Choose a base where you have no minions", basesWithout(g, p), false)
		case chooseOne:
			s := f.ChosenBase()
			if s == none {
				return
			}
			f.SetBase(theBase, s)
			g.AskTexts(f, p, "Choose one", []string{doPlay, doMove})
		case playOrChooseMinion:
			s := f.BaseIn(theBase)
			if f.Ans.Num == engine.Text(doPlay) {
				g.OfferExtraPlay(p, engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: -1, Base: s, Card: none, Faction: none}, self(f))
				return
			}
			g.AskCards(f, p, "Choose one of your minions to move there", g.Minions(p), false)
		case moveIt:
			if c := f.Chosen(); c != none {
				g.Move(f, c, f.BaseIn(theBase))
			}
		}
	}
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
	const (
		chooseDestination engine.Step = iota
		moveThere
		counterIfMoved
	)
	const theBase engine.Slot = 0
	d.Talent = func(g *G, f *F) {
		m := g.Cards[self(f)].On // the minion this is on
		switch f.Step {
		case chooseDestination:
			if m == none {
				return
			}
			askMoveDest(g, f, m, false)
		case moveThere:
			s := f.ChosenBase()
			if s == none {
				return
			}
			f.SetBase(theBase, s)
			g.Move(f, m, s)
			f.Next()
		case counterIfMoved:
			if g.BaseOf(m) == f.BaseIn(theBase) {
				g.PlaceCounters(f, m, 1)
			}
		}
	}
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
		Do: func(g *G, f *F) {
			m := f.Target // the minion it was played on
			switch f.Step {
			case ask:
				if m == none || !g.InPlay(m) {
					return
				}
				askMoveDest(g, f, m, false)
			case answered:
				if s := f.ChosenBase(); s != none {
					g.Move(f, m, s) // it moves on instead of being discarded with the base
				}
			}
		},
	}}
})

var _ = card("polynesian_voyagers/tattoo_artist", func(d *engine.Def) {
	const toHand, toPlay = "Put it into your hand", "Play it as an extra action"
	const (
		searchForAction engine.Step = iota
		chooseWhatToDo
		doIt
	)
	const theAction engine.Slot = 0
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		onMinion := func(c CardID) bool {
			t := g.DefOf(c).Target
			return g.DefOf(c).Type == engine.Action && (t == engine.OnMinion || t == engine.OnOwnMinion)
		}
		switch f.Step {
		case searchForAction:
			cands := append(where(g.Deck(p), onMinion), where(g.Discard(p), onMinion)...)
			g.AskCards(f, p, "Search your deck and discard pile for an action played on a minion", cands, false)
		case chooseWhatToDo:
			c := f.Chosen()
			if c == none {
				g.Shuffle(p)
				return
			}
			f.SetCard(theAction, c)
			revealSearched(g, p, c)
			opts := []string{toHand}
			if g.ActionHasTarget(p, c) {
				opts = append(opts, toPlay)
			}
			g.AskTexts(f, p, "What do you do with {}?", opts, engine.CardArg(c))
		case doIt:
			c := f.CardIn(theAction)
			playFoundOrKeep(g, p, c, none, f.Ans.Num == engine.Text(toPlay))
		}
	}
})

var _ = card("polynesian_voyagers/unity_of_the_tribes", func(d *engine.Def) {
	d.OnPlay = chooseBase("Choose a base where you have a minion", false,
		func(g *G, f *F) []BaseID { return basesWith(g, you(f)) },
		func(g *G, f *F, s BaseID) { g.AddLoosePower(f, s, you(f), 2*len(basesWith(g, you(f)))) })
})

var _ = card("polynesian_voyagers/volcanic_uprising", func(d *engine.Def) {
	const addOne, splitOne = "Put the top base of the base deck into play as an additional base", "Destroy a base with no minions and replace it with two bases"
	const (
		chooseOne engine.Step = iota
		addBaseOrChooseEmpty
		replaceWithTwo
		moveToNewBase
	)
	const newBase engine.Slot = 0
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		empty := where(g.BaseSlots(), func(s BaseID) bool { return len(g.MinionsAt(s, none)) == 0 })
		switch f.Step {
		case chooseOne:
			opts := []string{addOne}
			if len(empty) > 0 {
				opts = append(opts, splitOne)
			}
			g.AskTexts(f, p, "Choose one", opts)
		case addBaseOrChooseEmpty:
			if f.Ans.Num == engine.Text(addOne) {
				s := g.AddBase(p)
				if s == none {
					return
				}
				f.SetBase(newBase, s)
				g.AskCards(f, p, "You may move one of your minions to the new base", g.Minions(p), true)
				f.Goto(moveToNewBase)
				return
			}
			g.AskBases(f, p, "Choose a base with no minions to destroy", empty, false)
		case replaceWithTwo:
			if s := f.ChosenBase(); s != none {
				g.DestroyBase(s)
				g.FillSlot(p, s)
				g.AddBase(p)
			}
		case moveToNewBase:
			if c := f.Chosen(); c != none {
				g.Move(f, c, f.BaseIn(newBase))
			}
		}
	}
})
