package engine

// EmitCaused records ev with cause as its cause, as an ability of cause
// would: for the tests of package engine_test.
func (g *Game) EmitCaused(ev Event, cause CardID) { g.emitCaused(ev, cause) }

// PinLike makes card c of g, a re-deal for seat p of real (Redeal), the card
// it is in real, where p may not know it: its definition is swapped with
// that of another card p may not know (of the same owner), and its place in
// a hand or deck with that of another such card of the same holder. It
// reports false when it cannot. The cards of pinned (those pinned before)
// are left alone; c is added to them.
func (g *Game) PinLike(real *Game, p Seat, c CardID, pinned *[MaxCards]bool) bool {
	want := real.Cards[c]
	known := g.knownTo(p)
	for i := range known {
		known[i] = known[i] || pinned[i]
	}
	pinned[c] = true
	if known[c] {
		return g.Cards[c].Def == want.Def && g.Cards[c].Zone == want.Zone && g.Cards[c].Ctrl == want.Ctrl
	}
	if g.Cards[c].Def != want.Def {
		d := CardID(None)
		for i := range g.NCards {
			if i != c && !known[i] && g.Cards[i].Owner == g.Cards[c].Owner && g.Cards[i].Def == want.Def {
				d = i
				break
			}
		}
		if d == None {
			return false
		}
		g.Cards[c].Def, g.Cards[d].Def = g.Cards[d].Def, g.Cards[c].Def
	}
	if cur := g.Cards[c]; cur.Zone != want.Zone || cur.Ctrl != want.Ctrl {
		if (cur.Zone != ZHand && cur.Zone != ZDeck) || (want.Zone != ZHand && want.Zone != ZDeck) || cur.Ctrl != want.Ctrl {
			return false
		}
		h := CardID(None)
		for i := range g.NCards {
			if i != c && !known[i] && g.Cards[i].Zone == want.Zone && g.Cards[i].Ctrl == want.Ctrl {
				h = i
				break
			}
		}
		if h == None {
			return false
		}
		pc, ph := g.Cards[c].Pos, g.Cards[h].Pos
		zc, zh := g.Cards[c].Zone, g.Cards[h].Zone
		g.setZone(c, zh)
		g.setZone(h, zc)
		g.Cards[c].Pos, g.Cards[h].Pos = ph, pc
	}
	g.renoteCards()
	return true
}

// KeepBaseDeck puts the base deck of g, a re-deal of real, back as it is in
// real, and its random generator (for tests about the players' cards alone:
// a base deck shuffled again then comes out the same).
func (g *Game) KeepBaseDeck(real *Game) {
	g.Rng = real.Rng
	for i := range real.NCards {
		if real.Cards[i].Zone == ZBaseDeck {
			g.Cards[i].Def, g.Cards[i].Pos = real.Cards[i].Def, real.Cards[i].Pos
		}
	}
	g.renoteCards()
}

// CopyLayoutOK reports whether Game's fields lie as CopyToPlay expects.
var CopyLayoutOK = copyLayoutOK

// SetStepCheck has f called after every step any game runs (nil: none), for
// the tests of derived state.
func SetStepCheck(f func(g *Game)) { stepCheck = f }

// CheckDerived reports whether the state the engine keeps up to date rather
// than works out again (the table index, the zone and held sets, the hooks
// in play, the static facts) matches a full rescan of the cards.
func (g *Game) CheckDerived() bool { return g.checkTable() }
