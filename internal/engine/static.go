package engine

import "math/bits"

// Static facts of a game: which kinds of behaviour its cards have at all.
// The cards of a game (and their definitions) never change once made, so
// these are computed as each card is made (noteCard) and let the engine skip
// whole scans: the scans for one kind of hook walk only the cards in play
// having it (tableWith, from HookCards); lending is skipped when no card of
// the game lends; the walk for triggers from outside play visits only the
// cards in play and those in OffTrig; the walks for Specials only the cards
// having some, and only for the windows in SpecialWins. Validate checks these
// facts like the table index.

// noteCard records the static facts of card i, just made.
func (g *Game) noteCard(i CardID) {
	id := g.Cards[i].Def
	g.Hooked |= defHooks[id]
	for h := defHooks[id]; h != 0; h &= h - 1 {
		k := bits.TrailingZeros16(h)
		if k >= nHooks {
			panic("engine: nHooks is out of date")
		}
		g.HookCards[k][i>>6] |= 1 << (i & 63)
	}
	if defOffTrig[id] {
		g.OffTrig[i>>6] |= 1 << (i & 63)
	}
	for _, t := range defs[id].Triggers {
		g.TrigKinds[t.On>>6] |= 1 << (t.On & 63)
		if t.From != ZInPlay {
			g.OffKinds[t.On>>6] |= 1 << (t.On & 63)
		}
	}
	if defHooks[id]&hSpecials != 0 {
		for _, sp := range defs[id].Specials {
			g.SpecialWins |= 1 << sp.Window
		}
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
	var want Game
	for i := range g.NCards {
		id := g.Cards[i].Def
		if id < 0 || int(id) >= len(defHooks) {
			return false
		}
		want.Cards[i].Def = id
		want.noteCard(i)
	}
	return want.Hooked == g.Hooked && want.HookCards == g.HookCards && want.OffTrig == g.OffTrig &&
		want.SpecialWins == g.SpecialWins && want.TrigKinds == g.TrigKinds && want.OffKinds == g.OffKinds
}

// nHooks is the number of hook kinds (hooks.go).
const nHooks = 13

// cardSet is a set of card instances, a bit per card.
type cardSet [(MaxCards + 63) / 64]uint64

// has reports whether card c (a card of the game) is in s.
func (s *cardSet) has(c CardID) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// each yields the cards of s in index order; use it as
// `for i := range s.each { ... }`.
func (s cardSet) each(yield func(CardID) bool) {
	for w := range s {
		for word := s[w]; word != 0; word &= word - 1 {
			if !yield(CardID(w<<6 | bits.TrailingZeros64(word))) {
				return
			}
		}
	}
}

// heeded yields, in index order, the cards whose hook h applies to player p:
// the live cards in play with h (tableWith, live), less the bases whose
// abilities p ignores (BaseIgnoredLasting: the hooks are lasting abilities;
// p None: the bases ignored for everyone).
func (g *Game) heeded(h uint16, p Seat) func(yield func(CardID) bool) {
	on := g.tableWith(h)
	return func(yield func(CardID) bool) {
		for i := range on.each {
			if !g.live(i) || defs[g.Cards[i].Def].Type == BaseCard && g.BaseIgnoredLasting(g.Cards[i].Base, p) {
				continue
			}
			if !yield(i) {
				return
			}
		}
	}
}

// tableWith returns the live cards (Table) whose definition has hook h (one
// kind): `for i := range g.tableWith(hPowerMod).each` walks the same cards in
// the same order as walking g.onTable and skipping those without h.
func (g *Game) tableWith(h uint16) cardSet {
	var s cardSet
	if g.Hooked&h == 0 {
		return s // no card of this game has h
	}
	if g.PlayHookMask&h == 0 && g.Lent == 0 {
		// no card in play nor base in play has h (PlayHooks), and none is
		// lent: the live cards are among those
		return s
	}
	k := bits.TrailingZeros16(h)
	for w := range s {
		s[w] = g.Table[w] & g.HookCards[k][w]
	}
	return s
}
