package engine

// More bases than players + 1: abilities may put additional bases into play
// (in new slots, up to MaxBases) or destroy a base. The number of bases in play
// stays changed for the rest of the game: a base that scores is replaced as usual.

// MoveAllowed reports whether player by's ability may move minion c to slot to
// (no card in play forbids it with MoveOK).
func (g *Game) MoveAllowed(by Seat, c CardID, to BaseID) bool {
	for i := range g.onTable {
		d := defs[g.Cards[i].Def]
		if d.MoveOK != nil && !d.MoveOK(g, i, by, c, to) {
			return false
		}
	}
	return true
}

// AddBase puts the top card of the base deck into play as an additional base
// and returns its slot (None when there is no base or no room).
func (g *Game) AddBase(by Seat) BaseID {
	if int(g.NBases) >= MaxBases {
		return None
	}
	b := g.drawBase()
	if b == None {
		return None
	}
	s := g.NBases
	g.NBases++
	g.placeBase(b, s)
	g.emit(Event{Kind: EvBaseReplaced, Player: by, Base: s, Card: b, Other: None})
	return s
}

// FillSlot puts the top card of the base deck into the empty slot s; it returns the base card or None.
func (g *Game) FillSlot(by Seat, s BaseID) CardID {
	b := g.drawBase()
	if b == None {
		return None
	}
	g.placeBase(b, s)
	g.emit(Event{Kind: EvBaseReplaced, Player: by, Base: s, Card: b, Other: None})
	return b
}

// DestroyBase puts the base at slot s into the base discard pile; every card on
// it goes to its owner's discard pile. The slot is left empty (fill it with FillSlot).
func (g *Game) DestroyBase(s BaseID) {
	old := g.Bases[s].Card
	if old == None {
		return
	}
	for _, c := range g.OnBase(s) {
		if g.Cards[c].Zone == ZInPlay {
			g.leavePlay(c)
			g.put(c, ZDiscard, g.Cards[c].Owner)
		}
	}
	g.put(old, ZBaseDiscard, None)
	g.Bases[s].Card = None
	g.Bases[s].Flags = 0
	g.expireScored(s)
}
