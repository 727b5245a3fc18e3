package engine

import (
	"math/bits"
	"slices"
)

// Questions about where cards are: the cards of a zone in their order, a
// player's hand, deck and discard pile, the bases in play and the cards on
// them, and the plain facts of one card (its kind, controller, owner, base).

// Collect returns the cards in zone z held by player p (None: any holder),
// ordered by position (deck: top first; discard and hand: oldest first).
func (g *Game) Collect(z Zone, p Seat) []CardID {
	var arr [64]CardID // one exact allocation instead of growing
	buf := arr[:0]
	for i := range g.inZoneOf(z, p).each {
		if p == None || g.Cards[i].Ctrl == p {
			buf = append(buf, i)
		}
	}
	if len(buf) == 0 {
		return nil
	}
	out := make([]CardID, len(buf))
	for i := range out {
		out[i] = buf[i]
	}
	g.sortByPos(out)
	return out
}

// collectInto is Collect appending to buf (empty) instead of allocating.
func (g *Game) collectInto(z Zone, p Seat, buf []CardID) []CardID {
	for i := range g.inZoneOf(z, p).each {
		if p == None || g.Cards[i].Ctrl == p {
			buf = append(buf, i)
		}
	}
	g.sortByPos(buf)
	return buf
}

// sortByPos orders cards by their position in their zone (deck: top first).
// cs must be in index order (as a zone's walk yields them): cards of equal
// position keep it.
func (g *Game) sortByPos(cs []CardID) {
	if len(cs) <= 12 {
		// insertion sort, shifting; stable
		for i := 1; i < len(cs); i++ {
			c, j := cs[i], i
			pos := g.Cards[c].Pos
			for ; j > 0 && pos < g.Cards[cs[j-1]].Pos; j-- {
				cs[j] = cs[j-1]
			}
			cs[j] = c
		}
		return
	}
	if g.placeByPos(cs) {
		return
	}
	// a long list (a deck being shuffled): sort position and index together,
	// which orders equal positions by index as the stable sort would
	var arr [64]int64
	keys := arr[:0]
	for _, c := range cs {
		keys = append(keys, int64(g.Cards[c].Pos)<<16|int64(uint16(c)))
	}
	slices.Sort(keys)
	for i, k := range keys {
		cs[i] = CardID(uint16(k))
	}
}

// placeByPos is sortByPos for a list whose positions are all different and
// span fewer than 256 (a deck once shuffled lies at consecutive positions):
// each card is placed by its position in a bitmap, read back in order. It
// reports false, leaving cs as it was, for any other list.
func (g *Game) placeByPos(cs []CardID) bool {
	lo, hi := g.Cards[cs[0]].Pos, g.Cards[cs[0]].Pos
	for _, c := range cs[1:] {
		p := g.Cards[c].Pos
		lo, hi = min(lo, p), max(hi, p)
	}
	if int64(hi)-int64(lo) >= 256 {
		return false
	}
	var seen [4]uint64
	var at [256]CardID
	for _, c := range cs {
		d := uint8(g.Cards[c].Pos - lo)
		if seen[d>>6]&(1<<(d&63)) != 0 {
			return false // equal positions: by index (sortByPos)
		}
		seen[d>>6] |= 1 << (d & 63)
		at[d] = c
	}
	k := 0
	for w, word := range seen {
		for ; word != 0; word &= word - 1 {
			cs[k] = at[w<<6|bits.TrailingZeros64(word)]
			k++
		}
	}
	return true
}

// Count returns the number of cards in zone z held by p.
func (g *Game) Count(z Zone, p Seat) int {
	if heldZone(z) && p >= 0 && p < MaxPlayers {
		// the cards of inZoneOf are exactly those held by p (Game.Held)
		s := g.inZoneOf(z, p)
		n := 0
		for _, w := range s {
			n += bits.OnesCount64(w)
		}
		return n
	}
	n := 0
	for i := range g.inZoneOf(z, p).each {
		if g.Cards[i].Ctrl == p {
			n++
		}
	}
	return n
}

// Hand returns player p's hand in an order that says nothing of when each
// card arrived (by name, then by instance: see byName). Its holder's own view
// lists it in the order the cards arrived (HandInArrival).
func (g *Game) Hand(p Seat) []CardID {
	h := g.Collect(ZHand, p)
	g.byName(h)
	return h
}

// HandInArrival returns player p's hand, oldest first: for p alone, who saw
// each card arrive.
func (g *Game) HandInArrival(p Seat) []CardID { return g.Collect(ZHand, p) }

// Deck returns player p's deck, top first.
func (g *Game) Deck(p Seat) []CardID { return g.Collect(ZDeck, p) }

// Discard returns player p's discard pile.
func (g *Game) Discard(p Seat) []CardID { return g.Collect(ZDiscard, p) }

// Bases in play --------------------------------------------------------------

// BaseCardAt returns the base card in slot s, or None.
func (g *Game) BaseCardAt(s BaseID) CardID { return g.Bases[s].Card }

// BaseSlots returns the slots of bases in play, in table order.
func (g *Game) BaseSlots() []BaseID {
	out := make([]BaseID, 0, g.NBases)
	for s := range g.NBases {
		if g.Bases[s].Card != None {
			out = append(out, s)
		}
	}
	return out
}

// SlotOfBase returns the slot of base card b in play, or None.
func (g *Game) SlotOfBase(b CardID) BaseID {
	if b < 0 || (g.Cards[b].Zone != ZBaseInPlay && !g.lent(b)) {
		return None
	}
	return g.Cards[b].Base
}

// OnBase returns every card at slot s (minions, actions on the base, and
// actions on those minions), in the order they were played.
func (g *Game) OnBase(s BaseID) []CardID {
	var arr [64]CardID
	buf := arr[:0]
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if c.Base == s {
			buf = append(buf, i)
		}
	}
	return g.exactByPos(buf)
}

// exactByPos returns the cards of buf in a list of their own, ordered by
// position (sortByPos); nil when buf is empty. Listing functions gather
// cards in a buffer on the stack and allocate once, here.
func (g *Game) exactByPos(buf []CardID) []CardID {
	if len(buf) == 0 {
		return nil
	}
	out := make([]CardID, len(buf))
	for i, c := range buf {
		out[i] = c
	}
	g.sortByPos(out)
	return out
}

// MinionsAt returns the minions at slot s controlled by p (None: all).
func (g *Game) MinionsAt(s BaseID, p Seat) []CardID {
	var arr [64]CardID
	buf := arr[:0]
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if c.Base == s && g.IsMinion(i) && (p == None || c.Ctrl == p) {
			buf = append(buf, i)
		}
	}
	return g.exactByPos(buf)
}

// Minions returns every minion in play controlled by p (None: all), base by base.
func (g *Game) Minions(p Seat) []CardID {
	var arr [64]CardID
	buf := g.minionsInto(p, arr[:0])
	if len(buf) == 0 {
		return nil
	}
	return append([]CardID(nil), buf...)
}

// minionsInto is Minions appending to out (empty) instead of allocating.
func (g *Game) minionsInto(p Seat, out []CardID) []CardID {
	for i := range g.onTable {
		c := &g.Cards[i]
		if c.Zone == ZInPlay && c.Base >= 0 && c.Base < g.NBases && g.Bases[c.Base].Card != None && g.IsMinion(i) && (p == None || c.Ctrl == p) {
			out = append(out, i)
		}
	}
	n := len(out)
	// base by base, each in play order
	for i := 1; i < n; i++ {
		for j := i; j > 0; j-- {
			a, b := &g.Cards[out[j-1]], &g.Cards[out[j]]
			if a.Base < b.Base || (a.Base == b.Base && a.Pos <= b.Pos) {
				break
			}
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	return out
}

// ActionsAt returns actions played on the base at slot s (not those on minions).
func (g *Game) ActionsAt(s BaseID) []CardID {
	var arr [64]CardID // those of OnBase(s), in the same order
	buf := arr[:0]
	for c := range g.inZone(ZInPlay).each {
		if g.Cards[c].Base == s && g.def(c).Type == Action && g.Cards[c].On == None {
			buf = append(buf, c)
		}
	}
	return g.exactByPos(buf)
}

// Attached returns the actions attached to card m.
func (g *Game) Attached(m CardID) []CardID {
	var out []CardID
	for i := range g.inZone(ZInPlay).each { // (suspended actions too: not only the live cards)
		if g.Cards[i].On == m {
			out = append(out, i)
		}
	}
	g.sortByPos(out)
	return out
}

// AllActionsInPlay returns every action in play (on bases or on minions).
func (g *Game) AllActionsInPlay() []CardID {
	var out []CardID
	for _, s := range g.BaseSlots() {
		for _, c := range g.OnBase(s) {
			if g.def(c).Type == Action {
				out = append(out, c)
			}
		}
	}
	return out
}

// IsMinion reports whether card c is a minion card.
func (g *Game) IsMinion(c CardID) bool { return defType[g.Cards[c].Def] == Minion }

// InPlay reports whether card c is on a base.
func (g *Game) InPlay(c CardID) bool { return c >= 0 && g.Cards[c].Zone == ZInPlay }

// Ctrl returns the controller (or holder) of card c.
func (g *Game) Ctrl(c CardID) Seat { return g.Cards[c].Ctrl }

// Owner returns the owner of card c.
func (g *Game) Owner(c CardID) Seat { return g.Cards[c].Owner }

// BaseOf returns the slot card c is on, or None.
func (g *Game) BaseOf(c CardID) BaseID {
	if g.Cards[c].Zone != ZInPlay {
		return None
	}
	return g.Cards[c].Base
}

// Name returns the printed name of card c.
func (g *Game) Name(c CardID) string {
	if c < 0 {
		return ""
	}
	return defs[g.Cards[c].Def].Name
}
