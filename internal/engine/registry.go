package engine

import (
	"slices"
	"sort"
	"sync/atomic"
)

// Facts derived from the definition registry (faction lists, indexes,
// normalized names), computed once instead of on every call. Definitions are
// registered during init only; a snapshot is rebuilt if more were registered
// since it was made. Snapshots are immutable, so games on several goroutines
// may share them.

type regSnapshot struct {
	n        int               // len(defs) when built
	factions []string          // Factions(), sorted
	norm     []string          // Normalize of each faction name
	index    map[string]int    // faction name -> index in factions
	playable []string          // PlayableFactions()
	cards    map[string][]*Def // FactionCards()
	bases    []*Def            // Bases(true)
	nameRank []int32           // per definition, the rank of its name among all names (equal names, equal ranks)
}

var regSnap atomic.Pointer[regSnapshot]

func registry() *regSnapshot {
	if r := regSnap.Load(); r != nil && r.n == len(defs) {
		return r
	}
	r := &regSnapshot{n: len(defs), factions: listFactions(), index: map[string]int{}, cards: map[string][]*Def{}, bases: Bases(true)}
	for i, f := range r.factions {
		r.norm = append(r.norm, Normalize(f))
		r.index[f] = i
		cs := listFactionCards(f)
		r.cards[f] = cs
		playable := len(cs) > 0
		for _, d := range cs {
			playable = playable && d.Playable
		}
		if playable {
			r.playable = append(r.playable, f)
		}
	}
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = d.Name
	}
	sort.Strings(names)
	names = slices.Compact(names)
	r.nameRank = make([]int32, len(defs))
	for i, d := range defs {
		k, _ := slices.BinarySearch(names, d.Name)
		r.nameRank[i] = int32(k)
	}
	regSnap.Store(r)
	return r
}
