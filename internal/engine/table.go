package engine

import "math/bits"

// The table index: Game.Table has a bit per card instance, set while the
// card's abilities are live (see live in lent.go): it is in play (ZInPlay),
// is a base in play (ZBaseInPlay), or is a lent base card. Questions about
// cards in play (power, breakpoints, restrictions, protections, triggers)
// walk these bits instead of every card of the game. Every change of a
// card's zone must go through setZone, and every change of FLent must be
// followed by syncTable; Validate checks the index.

// setZone changes card c's zone, keeping the table index and the zone sets.
func (g *Game) setZone(c CardID, z Zone) {
	bit := uint64(1) << (c & 63)
	old := g.Cards[c].Zone
	if old <= ZTitan {
		g.Zones[old][c>>6] &^= bit
	}
	if inPlayHooked(old) != inPlayHooked(z) {
		if inPlayHooked(z) {
			g.countHooks(c, 1)
		} else {
			g.countHooks(c, ^uint16(0))
		}
	}
	g.Cards[c].Zone = z
	if z <= ZTitan {
		g.Zones[z][c>>6] |= bit
	}
	g.syncTable(c)
	if heldZone(old) || heldZone(z) { // (else it is held by no one, before and after)
		g.syncHeld(c)
	}
}

// syncHeld updates card c's bit of the held sets (Game.Held): set in the set
// of its holder while it is in a deck, hand or discard pile. Every change of
// the holder (Card.Ctrl) of such a card must be followed by syncHeld.
func (g *Game) syncHeld(c CardID) {
	bit := uint64(1) << (c & 63)
	w := int(c >> 6)
	if w < 0 || w >= len(cardSet{}) {
		panic("engine: no such card")
	}
	const _, _ uint = MaxPlayers - 4, 4 - MaxPlayers // (the four sets of Held, cleared of c without a loop)
	held := &g.Held
	held[0][w] &^= bit
	held[1][w] &^= bit
	held[2][w] &^= bit
	held[3][w] &^= bit
	cd := &g.Cards[c]
	if heldZone(cd.Zone) && cd.Ctrl >= 0 && cd.Ctrl < MaxPlayers {
		g.Held[cd.Ctrl][w] |= bit
	}
}

// heldZone reports whether zone z belongs to one player (Game.Held).
func heldZone(z Zone) bool { return z == ZDeck || z == ZHand || z == ZDiscard }

// inZoneOf returns the cards in zone z held by p (None: by anyone) when z is
// a deck, hand or discard pile, and those in zone z otherwise (callers
// then check the holder).
func (g *Game) inZoneOf(z Zone, p Seat) cardSet {
	if !heldZone(z) || p < 0 || p >= MaxPlayers {
		return *g.inZone(z)
	}
	var s cardSet
	for w := range s {
		s[w] = g.Zones[z][w] & g.Held[p][w]
	}
	return s
}

// inZone returns the cards in zone z (see setZone).
func (g *Game) inZone(z Zone) *cardSet {
	if z > ZTitan {
		return &noCards
	}
	return &g.Zones[z]
}

var noCards cardSet

// syncTable updates card c's bit of the table index.
func (g *Game) syncTable(c CardID) {
	if g.live(c) {
		g.Table[c>>6] |= 1 << (c & 63)
	} else {
		g.Table[c>>6] &^= 1 << (c & 63)
	}
}

// checkTable reports whether the table index matches the cards' zones.
func (g *Game) checkTable() bool {
	var want [len(g.Table)]uint64
	var zones [len(g.Zones)]cardSet
	var held [len(g.Held)]cardSet
	for i := range g.NCards {
		if g.live(i) {
			want[i>>6] |= 1 << (i & 63)
		}
		if z := g.Cards[i].Zone; z <= ZTitan {
			zones[z][i>>6] |= 1 << (i & 63)
		}
		if cd := &g.Cards[i]; heldZone(cd.Zone) && cd.Ctrl >= 0 && cd.Ctrl < MaxPlayers {
			held[cd.Ctrl][i>>6] |= 1 << (i & 63)
		}
	}
	if g.TopKnown && g.TopSeq == g.Seq && g.TopLow == g.Low && g.TopCard != g.findTopBase() {
		return false
	}
	if want != g.Table || zones != g.Zones || held != g.Held || !g.checkStatic() || !g.checkHooksCounted() || !g.checkTurnFlagged() {
		return false
	}
	for i := range g.NCards {
		if g.Cards[i].Flags&FLent != 0 && i != CardID(g.Lent-1) {
			return false
		}
	}
	return g.Lent >= 0 && CardID(g.Lent) <= g.NCards
}

// onTable yields the live cards (see setZone) in index order; use it
// as `for i := range g.onTable { ... }`.
func (g *Game) onTable(yield func(CardID) bool) {
	for w := range g.Table {
		for word := g.Table[w]; word != 0; word &= word - 1 {
			if !yield(CardID(w<<6 | bits.TrailingZeros64(word))) {
				return
			}
		}
	}
}
