package engine

// Static facts of a game: which kinds of behaviour its cards have at all.
// The cards of a game (and their definitions) never change once made, so
// these are computed as each card is made (noteCard) and let the engine skip
// whole scans: lending when no card of the game lends, and the walk over
// every card for triggers from outside play (only cards in OffTrig can have
// one). Validate checks them like the table index.

// noteCard records the static facts of card i, just made.
func (g *Game) noteCard(i int) {
	id := g.Cards[i].Def
	g.Hooked |= defHooks[id]
	if defOffTrig[id] {
		g.OffTrig[i>>6] |= 1 << (i & 63)
	}
}

// offTrig reports whether definition d has a trigger from outside play.
func offTrig(d *Def) bool {
	for _, t := range d.Triggers {
		if t.From != ZInPlay {
			return true
		}
	}
	return false
}

// checkStatic reports whether Hooked and OffTrig match the cards.
func (g *Game) checkStatic() bool {
	var h uint16
	var off [len(g.OffTrig)]uint64
	for i := 0; i < int(g.NCards); i++ {
		id := g.Cards[i].Def
		if id < 0 || int(id) >= len(defHooks) {
			return false
		}
		h |= defHooks[id]
		if defOffTrig[id] {
			off[i>>6] |= 1 << (i & 63)
		}
	}
	return h == g.Hooked && off == g.OffTrig
}
