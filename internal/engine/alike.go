package engine

// Alike options. Options that are alike in everything a player can see and
// whose results cannot differ are one option: two copies of the same minion
// in a hand, two identical Scouts going under a deck, the same ability
// triggered three times by events it does not look at. collapseAlike keeps
// the first of each group of alike options of the question being asked (in
// the order the options were built, so the result is deterministic); a
// question left with one option is answered at once (Ask).
//
// Cards are alike when nothing the rules or a player can tell apart differs:
// the same definition, zone, owner, holder, base, card they are on, counters,
// flags and mark, the same marks of abilities (marks.go), nothing attached to
// them, and nothing else in the game pointing at one of them (an effect, a
// pending ability, an extra play it granted, a resolving ability's source,
// target or event). In a deck they must also be next to each
// other, so that taking either leaves the same deck. Bases and titans are
// never alike (each is unique).
//
// Simultaneous abilities (the question "which ability resolves next") are
// alike when they are the same ability of the same card or of alike cards
// (two Igors discarded by one scoring), for the same player
// and base, fired by alike events: events of the same kind, player, base and
// numbers whose cards are alike, or, for a trigger that says which part of
// the event it depends on (Trigger.EvKey), events with the same key.

// collapseAlike merges the alike options of the question being built for
// frame f. It reports whether the question had several options and now has
// one: the caller then answers it with that option.
func (g *Game) collapseAlike(f *Frame) bool {
	n := int(g.Pending.N)
	if n < 2 {
		return false
	}
	order := f.Fn == fnDrain
	// Each option has a key that alike options share (alikeKey): an option
	// is compared (optsAlike, trigOptsAlike) only with the kept options of
	// its key, and not at all when no option before it had its key (seen).
	return g.collapseKeyed(order)
}

// collapseKeyed is collapseAlike once the question has two options or more.
// (Most such questions have two options of one key, often two copies of a
// card: a first pass looking for them costs more than it saves.)
func (g *Game) collapseKeyed(order bool) bool {
	n := int(g.Pending.N)
	opts := &g.Pending.Opts
	// Each key is worked out once: keys[j] is the key of the kept option j
	// (keyless when no option may be alike to it).
	var seen [4]uint64
	const keyless = ^uint64(0) // (no key has every bit set: Kind < 128)
	var keys [24]uint64        // (enough for most questions; further keys are worked out again: keyOf)
	keyOf := func(j int) uint64 {
		if j < len(keys) {
			return keys[j]
		}
		if key, any := g.alikeKey(opts[j], order); any {
			return key
		}
		return keyless
	}
	var pointed pointedCache // (what points at cards, worked out once)
	k := 0
	for i := 0; i < n; i++ {
		o := opts[i]
		var key uint64
		any := true
		if order {
			key, any = g.trigAlikeKey(o)
		} else {
			key = g.plainAlikeKey(o)
		}
		dup := false
		if any {
			h := (key * 0x9e3779b97f4a7c15) >> 56
			bit := uint64(1) << (h & 63)
			if seen[h>>6]&bit != 0 {
				for j := 0; j < k && !dup; j++ {
					if keyOf(j) != key {
						continue
					}
					if order {
						dup = g.trigOptsAlike(opts[j], o)
					} else {
						dup = g.optsAlike(opts[j], o, &pointed)
					}
				}
			} else {
				seen[h>>6] |= bit
			}
		} else {
			key = keyless
		}
		if !dup {
			opts[k] = o
			if k < len(keys) {
				keys[k] = key
			}
			k++
		}
	}
	g.Pending.N = int16(k)
	return k == 1
}

// alikeKey returns the key of option o for collapseAlike: alike options
// (optsAlike, or trigOptsAlike when order) have the same key. any is false
// when o is alike to no option at all.
func (g *Game) alikeKey(o Option, order bool) (key uint64, any bool) {
	if order {
		return g.trigAlikeKey(o)
	}
	return g.plainAlikeKey(o), true
}

// plainAlikeKey is alikeKey of an option of any other question.
func (g *Game) plainAlikeKey(o Option) uint64 {
	key := uint64(o.Kind) | uint64(uint8(o.Player))<<8 | uint64(uint8(o.Base))<<16 | uint64(uint16(o.Num))<<24
	c := uint64(uint16(o.Card)) // alike with the same card only, or
	if (o.Kind == OptPlay || o.Kind == OptUse || o.Kind == OptCard) && o.Card >= 0 && o.Card < g.NCards {
		c = uint64(uint16(g.Cards[o.Card].Def)) | 1<<16 // with a card of the same definition (cardsAlike)
	}
	return key | c<<40
}

// trigAlikeKey is alikeKey of an option of the question ordering
// simultaneous abilities.
func (g *Game) trigAlikeKey(o Option) (key uint64, any bool) {
	i := o.Waiting()
	if o.Kind != OptCard || i < 0 || i >= int(g.NTrig) {
		return 0, false
	}
	t := &g.Trigs[i]
	src := uint64(uint16(t.Src))
	if t.Src >= 0 && t.Src < g.NCards {
		src = uint64(uint16(g.Cards[t.Src].Def)) // alike cards share a definition
	}
	return uint64(uint16(t.Fn)) | src<<16 | uint64(uint8(t.Player))<<32 |
		uint64(uint8(t.Base))<<40 | uint64(t.Ev.Kind)<<48, true
}

// optsAlike reports whether options a and b are alike (see above); pc
// caches what points at cards while the game does not change.
func (g *Game) optsAlike(a, b Option, pc *pointedCache) bool {
	if a.Kind != b.Kind || a.Player != b.Player || a.Base != b.Base || a.Num != b.Num {
		return false
	}
	if a.Card == b.Card {
		return true
	}
	switch a.Kind {
	case OptPlay, OptUse, OptCard:
		// the options of one card are built together (a minion on each
		// base): the same two cards are often compared again
		if pc.pairOK && pc.a == a.Card && pc.b == b.Card {
			return pc.alike
		}
		pc.a, pc.b, pc.pairOK = a.Card, b.Card, true
		pc.alike = g.cardsAlikeIn(a.Card, b.Card, None, None, pc)
		return pc.alike
	}
	return false
}

// trigOptsAlike compares two options of the question ordering simultaneous
// abilities (drainProc: Num is the index of the waiting trigger).
func (g *Game) trigOptsAlike(a, b Option) bool {
	i, j := a.Waiting(), b.Waiting()
	if a.Kind != OptCard || b.Kind != OptCard || i < 0 || j < 0 || i >= int(g.NTrig) || j >= int(g.NTrig) {
		return false
	}
	ti, tj := &g.Trigs[i], &g.Trigs[j]
	if ti.Fn != tj.Fn || ti.Player != tj.Player || ti.Base != tj.Base {
		return false
	}
	// the same ability of two alike cards (two Igors discarded together)
	if ti.Src != tj.Src && !g.cardsAlike(ti.Src, tj.Src, i, j) {
		return false
	}
	ei, ej := ti.Ev, tj.Ev
	if ei.Kind != ej.Kind {
		return false
	}
	if t := g.trigOf(ti); t != nil && t.EvKey != nil {
		return t.EvKey(g, ei) == t.EvKey(g, ej)
	}
	if ei.Player != ej.Player || ei.Base != ej.Base || ei.Num != ej.Num || ei.Other != ej.Other {
		return false
	}
	if ti.Src != tj.Src && ei.Card == ti.Src && ej.Card == tj.Src {
		return true // each about its own card: the cards are alike
	}
	return ei.Card == ej.Card || g.cardsAlike(ei.Card, ej.Card, i, j)
}

// trigOf returns the definition of the waiting trigger t, or nil.
func (g *Game) trigOf(t *Trig) *Trigger {
	if t.Src < 0 || t.Src >= g.NCards {
		return nil
	}
	d := defs[g.Cards[t.Src].Def]
	for k := range d.Triggers {
		if d.Triggers[k].fn == t.Fn {
			return &d.Triggers[k]
		}
	}
	return nil
}

// cardsAlike reports whether cards a and b are alike (see above). The
// waiting triggers skipA and skipB (or None) are not counted as pointing at
// them.
func (g *Game) cardsAlike(a, b CardID, skipA, skipB int) bool {
	return g.cardsAlikeIn(a, b, skipA, skipB, nil)
}

// cardsAlikeIn is cardsAlike, looking up what points at the cards in pc
// (nil: in the game) when nothing is skipped.
func (g *Game) cardsAlikeIn(a, b CardID, skipA, skipB int, pc *pointedCache) bool {
	if a < 0 || b < 0 || a >= g.NCards || b >= g.NCards {
		return false
	}
	ca, cb := &g.Cards[a], &g.Cards[b]
	if ca.Def != cb.Def || ca.Zone != cb.Zone || ca.Owner != cb.Owner || ca.Ctrl != cb.Ctrl ||
		ca.Base != cb.Base || ca.On != cb.On || ca.Counters != cb.Counters || ca.Flags != cb.Flags || ca.Note != cb.Note {
		return false
	}
	switch ca.Zone {
	case ZBaseDeck, ZBaseInPlay, ZBaseDiscard, ZTitan:
		return false
	case ZDeck:
		if !g.deckNeighbours(a, b) {
			return false
		}
	}
	if d := defs[ca.Def]; d.Type == BaseCard || d.Type == Titan {
		return false
	}
	if pc != nil && skipA == None && skipB == None {
		if !pc.have {
			pc.set, pc.have = g.pointedSet(), true
		}
		return !pc.set.has(a) && !pc.set.has(b) && g.sameMarks(a, b)
	}
	return !g.pointedAt(a, skipA, skipB) && !g.pointedAt(b, skipA, skipB) && g.sameMarks(a, b)
}

// pointedCache holds pointedSet once it is worked out (have), and whether
// the last two cards compared (a, b: pairOK) were alike.
type pointedCache struct {
	set    cardSet
	have   bool
	a, b   CardID
	alike  bool
	pairOK bool
}

// pointedSet returns the cards c for which pointedAt(c, None, None) holds,
// found in one walk of what may point at a card.
func (g *Game) pointedSet() (s cardSet) {
	add := func(c CardID) {
		if c >= 0 && c < g.NCards {
			s[c>>6] |= 1 << (c & 63)
		}
	}
	for i := range g.inZone(ZInPlay).each {
		if on := g.Cards[i].On; on >= 0 && on < g.NCards && g.Cards[on].Zone == ZInPlay {
			add(on)
		}
	}
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind != EffMark { // (marks: sameMarks)
			add(e.Card)
		}
		add(e.Src)
	}
	for i := 0; i < int(g.NTrig); i++ {
		t := &g.Trigs[i]
		add(t.Src)
		add(t.Ev.Card)
		if otherIsCard(t.Ev.Kind) {
			add(t.Ev.OtherCard())
		}
	}
	for p := range g.NPlayers {
		pl := &g.Players[p]
		for i := 0; i < int(pl.NExtra); i++ {
			if pl.Extras[i].Uses > 0 {
				add(pl.Extras[i].Src)
			}
		}
	}
	for i := 0; i < int(g.NFrames); i++ {
		f := &g.Frames[i]
		add(f.Src)
		add(f.Target)
		if f.Ev.Kind != EvNone {
			add(f.Ev.Card)
			if otherIsCard(f.Ev.Kind) {
				add(f.Ev.OtherCard())
			}
		}
		if f.Ans.Kind != OptNone {
			add(f.Ans.Card)
		}
	}
	return s
}

// CardsAlike reports whether cards a and b are alike (see above): a question
// about either is the same question.
func (g *Game) CardsAlike(a, b CardID) bool { return g.cardsAlike(a, b, None, None) }

// sameMarks reports whether cards a and b carry the same marks (marks.go): an
// ability's bookkeeping tells two cards apart only where it differs for them.
func (g *Game) sameMarks(a, b CardID) bool {
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind != EffMark || e.Card != a && e.Card != b {
			continue
		}
		other := a
		if e.Card == a {
			other = b
		}
		if !g.Marked(e.Flag(), other, e.Src) {
			return false
		}
	}
	return true
}

// deckNeighbours reports whether no card of the same deck lies between a and b.
func (g *Game) deckNeighbours(a, b CardID) bool {
	lo, hi := g.Cards[a].Pos, g.Cards[b].Pos
	if lo > hi {
		lo, hi = hi, lo
	}
	p := g.Cards[a].Ctrl
	for i := range g.inZoneOf(ZDeck, p).each {
		if c := &g.Cards[i]; c.Ctrl == p && c.Pos > lo && c.Pos < hi {
			return false
		}
	}
	return true
}

// pointedAt reports whether anything in the game names card c: a card
// attached to it, an effect, a waiting trigger (but skipA and skipB), an
// extra play it granted, or an ability being resolved (its source, target,
// event or last answer). (The scratch values of abilities are numbers of all
// kinds, not only cards: they are not looked at.)
func (g *Game) pointedAt(c CardID, skipA, skipB int) bool {
	x := c
	if g.Cards[c].Zone == ZInPlay {
		for i := range g.inZone(ZInPlay).each {
			if g.Cards[i].On == x {
				return true
			}
		}
	}
	for i := 0; i < int(g.NEff); i++ {
		if e := &g.Effects[i]; e.Card == x && e.Kind != EffMark || e.Src == x { // (marks: sameMarks)
			return true
		}
	}
	for i := 0; i < int(g.NTrig); i++ {
		if i == skipA || i == skipB {
			continue
		}
		if t := &g.Trigs[i]; t.Src == x || t.Ev.Card == x || otherIsCard(t.Ev.Kind) && t.Ev.OtherCard() == x {
			return true
		}
	}
	for p := range g.NPlayers {
		pl := &g.Players[p]
		for i := 0; i < int(pl.NExtra); i++ {
			if pl.Extras[i].Uses > 0 && pl.Extras[i].Src == x {
				return true
			}
		}
	}
	for i := 0; i < int(g.NFrames); i++ {
		f := &g.Frames[i]
		if f.Src == x || f.Target == x {
			return true
		}
		if f.Ev.Kind != EvNone && (f.Ev.Card == x || otherIsCard(f.Ev.Kind) && f.Ev.OtherCard() == x) {
			return true
		}
		if f.Ans.Kind != OptNone && f.Ans.Card == x {
			return true
		}
	}
	return false
}

// OrderingAbout returns, when the pending decision chooses which of several
// simultaneous abilities resolves next, the card option i's ability is about
// (the card of the event that triggered it: the minion Tar Pits puts under
// its owner's deck), or None. Interfaces show it beside the source card so
// that alike abilities whose order matters can be told apart.
func (g *Game) OrderingAbout(i int) CardID {
	if !g.Pending.Active || i < 0 || i >= int(g.Pending.N) {
		return None
	}
	fi := int(g.Pending.Frame)
	if fi < 0 || fi >= int(g.NFrames) || g.Frames[fi].Fn != fnDrain {
		return None
	}
	o := g.Pending.Opts[i]
	t := o.Waiting()
	if o.Kind != OptCard || t < 0 || t >= int(g.NTrig) {
		return None
	}
	if c := g.Trigs[t].Ev.Card; c >= 0 && c < g.NCards && c != g.Trigs[t].Src {
		return c
	}
	return None
}
