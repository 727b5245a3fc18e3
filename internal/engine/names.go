package engine

import (
	"slices"
	"sync/atomic"
	"unsafe"
)

// Name checks. "A card named X" is matched by HasName: the printed name, or a
// card in play whose AlsoNamed says it also bears that name (Grimms' Blessing).
// "The minion X" checks must use the printed name of a minion instead
// (g.IsMinion(c) && g.Name(c) == X): a card bearing X by AlsoNamed is not that minion.

// HasName reports whether card c bears name (case and punctuation ignored).
func (g *Game) HasName(c CardID, name string) bool {
	if normEqual(g.NormName(c), name) {
		return true
	}
	d := g.def(c)
	return d.AlsoNamed != nil && g.Cards[c].Zone == ZInPlay && d.AlsoNamed(g, c, name)
}

// NamedAt returns the cards in play at slot s that bear name.
func (g *Game) NamedAt(s BaseID, name string) []CardID {
	var out []CardID // the matching cards, in the order they were played (as OnBase)
	for c := range g.inZone(ZInPlay).each {
		if g.Cards[c].Base == s && g.HasName(c, name) {
			out = append(out, c)
		}
	}
	g.sortByPos(out)
	return out
}

// OwnsCardNamed reports whether player p owns a card of type t with that printed name (anywhere in the game).
func (g *Game) OwnsCardNamed(p Seat, t CardType, name string) bool {
	for i := range g.NCards {
		if g.Cards[i].Owner == p && g.def(i).Type == t && normEqual(defNorm[g.Cards[i].Def], name) {
			return true
		}
	}
	return false
}

// MinionNamedInPlay reports whether a minion with this printed name is on a
// base in play ("the minion X": AlsoNamed does not count). The name is looked
// up once (defsNamed), so the cards in play are checked by definition.
func (g *Game) MinionNamedInPlay(name string) bool {
	named := defsNamed(name)
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if named.has(c.Def) && c.Base >= 0 && c.Base < g.NBases && g.Bases[c.Base].Card != None && defType[c.Def] == Minion {
			return true
		}
	}
	return false
}

// namedDefs is the set of definitions whose printed name is one name (as
// NameIs compares it: defNorm[d] == Normalize(name)).
type namedDefs struct {
	name string
	n    int      // len(defs) when it was made
	defs []uint64 // one bit per definition
}

func (e *namedDefs) has(d DefID) bool {
	return d >= 0 && int(d>>6) < len(e.defs) && e.defs[d>>6]&(1<<(d&63)) != 0
}

// namedCache holds the sets of the names card code asks about, by the
// address of the name (they are literals), as Text caches prompts.
var namedCache [256]atomic.Pointer[namedDefs]

// defsNamed returns the definitions whose printed name is name.
func defsNamed(name string) *namedDefs {
	h := (uintptr(unsafe.Pointer(unsafe.StringData(name)))>>3 ^ uintptr(len(name))*0x9e37) % uintptr(len(namedCache))
	if e := namedCache[h].Load(); e != nil && e.n == len(defs) && e.name == name {
		return e
	}
	norm := Normalize(name)
	e := &namedDefs{name: name, n: len(defs), defs: make([]uint64, (len(defs)+63)/64)}
	for d, dn := range defNorm[:len(defs)] {
		if dn == norm {
			e.defs[d>>6] |= 1 << (d & 63)
		}
	}
	namedCache[h].Store(e)
	return e
}

// SortedNames returns the distinct printed names of the definitions ds,
// sorted (as sort.Strings sorts them: the names' ranks are compared).
func SortedNames(ds []DefID) []string {
	rank := registry().nameRank
	keys := make([]int64, len(ds))
	for i, d := range ds {
		keys[i] = int64(rank[d])<<16 | int64(uint16(d))
	}
	slices.Sort(keys)
	var out []string
	last := int32(-1)
	for _, k := range keys {
		if r := int32(k >> 16); r != last {
			out = append(out, defs[DefID(uint16(k))].Name)
			last = r
		}
	}
	return out
}
