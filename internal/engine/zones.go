package engine

import "math/bits"

// rand returns a deterministic pseudo-random number (splitmix64).
func (g *Game) rand() uint64 {
	g.Rng += 0x9e3779b97f4a7c15
	z := g.Rng
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a deterministic random number in [0,n).
func (g *Game) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int(g.rand() % uint64(n))
}

func (g *Game) nextPos() int32 { g.Seq++; return g.Seq }
func (g *Game) topPos() int32  { g.Low--; return g.Low }

// Collect returns the cards in zone z held by player p (None: any holder),
// ordered by position (deck: top first; discard and hand: oldest first).
func (g *Game) Collect(z Zone, p int) []int {
	var arr [64]int16 // one exact allocation instead of growing
	buf := arr[:0]
	for i := range g.inZoneOf(z, p).each {
		if p == None || int(g.Cards[i].Ctrl) == p {
			buf = append(buf, int16(i))
		}
	}
	if len(buf) == 0 {
		return nil
	}
	out := make([]int, len(buf))
	for i := range out {
		out[i] = int(buf[i])
	}
	g.sortByPos(out)
	return out
}

// collectInto is Collect appending to buf (empty) instead of allocating.
func (g *Game) collectInto(z Zone, p int, buf []int) []int {
	for i := range g.inZoneOf(z, p).each {
		if p == None || int(g.Cards[i].Ctrl) == p {
			buf = append(buf, i)
		}
	}
	g.sortByPos(buf)
	return buf
}

// sortByPos sorts cards cs by position. Every caller builds cs in increasing
// card order, and cards of equal position keep that order (a stable sort).
func (g *Game) sortByPos(cs []int) {
	if len(cs) < 2 {
		return
	}
	if bits.UintSize == 64 {
		// sort, in place, keys holding the position then the card (read
		// from the cards once; cards of equal position in card order)
		for i, c := range cs {
			cs[i] = int(g.Cards[c].Pos)<<16 | c
		}
		for i := 1; i < len(cs); i++ { // insertion sort, shifting
			k, j := cs[i], i
			for ; j > 0 && k < cs[j-1]; j-- {
				cs[j] = cs[j-1]
			}
			cs[j] = k
		}
		for i := range cs {
			cs[i] &= 0xffff
		}
		return
	}
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && g.Cards[cs[j]].Pos < g.Cards[cs[j-1]].Pos; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// Count returns the number of cards in zone z held by p.
func (g *Game) Count(z Zone, p int) int {
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
		if int(g.Cards[i].Ctrl) == p {
			n++
		}
	}
	return n
}

// Hand returns player p's hand.
func (g *Game) Hand(p int) []int { return g.Collect(ZHand, p) }

// Deck returns player p's deck, top first.
func (g *Game) Deck(p int) []int { return g.Collect(ZDeck, p) }

// Discard returns player p's discard pile.
func (g *Game) Discard(p int) []int { return g.Collect(ZDiscard, p) }

// put moves card c to zone z of holder p at the end (bottom / newest).
func (g *Game) put(c int, z Zone, p int) {
	cd := &g.Cards[c]
	if defs[cd.Def].Type == Titan && (z == ZHand || z == ZDeck || z == ZDiscard) {
		z, p = ZTitan, int(cd.Owner) // a titan only ever goes back beside its owner (titans.go)
	}
	fromPlay, ctrl, base, counters := cd.Zone == ZInPlay, cd.Ctrl, cd.Base, cd.Counters
	g.Moved, g.MovedWas = int16(c), g.visMask(c)
	g.setZone(c, z)
	cd.Ctrl = int8(p)
	g.syncHeld(c)
	cd.Base = None
	cd.On = None
	cd.Pos = g.nextPos()
	cd.Counters = 0
	cd.Flags &^= FTalentUsed | FPlayedTurn | FFaceDown | FRevealed | FGiveAway | FSuspended
	if fromPlay && z == ZDiscard {
		g.emit(Event{Kind: EvPlayToDiscard, Player: ctrl, Card: int16(c), Base: base, Num: int16(counters)})
	}
}

// putTop moves card c to the top of p's deck.
func (g *Game) putTop(c int, p int) {
	g.put(c, ZDeck, p)
	g.Cards[c].Pos = g.topPos()
}

// TopOfDeck returns the top card of p's deck, reshuffling the discard pile
// into a new deck if the deck is empty. None when both are empty.
func (g *Game) TopOfDeck(p int) int {
	best := None
	for i := range g.inZoneOf(ZDeck, p).each {
		c := &g.Cards[i]
		if int(c.Ctrl) == p && (best == None || c.Pos < g.Cards[best].Pos) {
			best = i
		}
	}
	if best != None {
		return best
	}
	if g.Count(ZDiscard, p) == 0 {
		return None
	}
	g.reshuffleDiscard(p)
	return g.TopOfDeck(p)
}

// EnsureDeck makes sure p has at least n cards to look at, reshuffling the
// discard pile into the deck if the deck is empty (rules: draw, reveal, search, look).
func (g *Game) EnsureDeck(p int) {
	if g.Count(ZDeck, p) == 0 && g.Count(ZDiscard, p) > 0 {
		g.reshuffleDiscard(p)
	}
}

func (g *Game) reshuffleDiscard(p int) {
	for _, c := range g.Collect(ZDiscard, p) {
		g.put(c, ZDeck, p)
	}
	g.Shuffle(p)
}

// Shuffle shuffles p's deck.
func (g *Game) Shuffle(p int) {
	var arr [64]int
	deck := g.collectInto(ZDeck, p, arr[:0])
	for i := len(deck) - 1; i > 0; i-- {
		j := g.Intn(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	for _, c := range deck {
		g.Cards[c].Pos = g.nextPos()
	}
	g.emit(Event{Kind: EvShuffle, Player: int8(p), Card: None, Base: None})
}

// Draw makes p draw n cards (fewer when deck and discard run out). It returns the cards drawn.
func (g *Game) Draw(p, n int) []int {
	var got []int
	if n > 0 {
		got = make([]int, 0, n)
	}
	return g.drawInto(p, n, got)
}

// drawInto is Draw appending the cards drawn to got (empty), so that callers
// not needing them can pass a buffer of their own.
func (g *Game) drawInto(p, n int, got []int) []int {
	for len(got) < n {
		// take as many as the deck holds from its top at once (one scan);
		// when it is empty, TopOfDeck reshuffles the discard pile
		var buf [8]int
		top := g.topCards(p, buf[:0], min(n-len(got), len(buf)))
		if len(top) == 0 {
			c := g.TopOfDeck(p)
			if c == None {
				break
			}
			top = append(top, c)
		}
		for _, c := range top {
			g.put(c, ZHand, p)
			got = append(got, c)
		}
	}
	if len(got) == 0 {
		return nil
	}
	g.emit(Event{Kind: EvDraw, Player: int8(p), Num: int16(len(got)), Card: None, Base: None})
	return got
}

// ToHand puts card c (from anywhere not in play) into player p's hand.
func (g *Game) ToHand(c, p int) { g.put(c, ZHand, p) }

// DiscardCard puts card c (from a hand, deck or set aside) into its owner's discard pile.
func (g *Game) DiscardCard(c int) {
	from := g.Cards[c].Zone
	holder := g.Cards[c].Ctrl
	g.put(c, ZDiscard, int(g.Cards[c].Owner))
	if from == ZHand || from == ZDeck {
		g.emit(Event{Kind: EvDiscard, Player: holder, Card: int16(c), Base: None, Num: int16(from)})
	}
}

// ToDeckBottom puts card c on the bottom of its owner's deck.
func (g *Game) ToDeckBottom(c int) { g.put(c, ZDeck, int(g.Cards[c].Owner)) }

// ToDeckTop puts card c on top of its owner's deck.
func (g *Game) ToDeckTop(c int) { g.putTop(c, int(g.Cards[c].Owner)) }

// ToDeckTopOf puts card c on top of player p's deck.
func (g *Game) ToDeckTopOf(c, p int) { g.putTop(c, p) }

// SetAside takes card c out of its zone while an ability handles it.
func (g *Game) SetAside(c int, revealed bool) {
	p := int(g.Cards[c].Ctrl)
	g.put(c, ZSetAside, p)
	if !revealed {
		g.Cards[c].Flags |= FFaceDown // seen by its holder alone until it is played
	} else {
		g.Cards[c].Flags |= FRevealed
		g.emit(Event{Kind: EvReveal, Player: int8(p), Card: int16(c), Base: None})
	}
}

// ShuffleIntoDeck puts card c into player p's deck and shuffles it.
func (g *Game) ShuffleIntoDeck(c, p int) {
	g.put(c, ZDeck, p)
	g.Shuffle(p)
}

// DiscardRandom makes p discard n random cards from hand.
func (g *Game) DiscardRandom(p, n int) {
	for i := 0; i < n; i++ {
		h := g.Hand(p)
		if len(h) == 0 {
			return
		}
		g.DiscardCard(h[g.Intn(len(h))])
	}
}

// Bases in play --------------------------------------------------------------

// BaseCardAt returns the base card in slot s, or None.
func (g *Game) BaseCardAt(s int) int { return int(g.Bases[s].Card) }

// BaseSlots returns the slots of bases in play, in table order.
func (g *Game) BaseSlots() []int {
	out := make([]int, 0, g.NBases)
	for s := 0; s < int(g.NBases); s++ {
		if g.Bases[s].Card != None {
			out = append(out, s)
		}
	}
	return out
}

// SlotOfBase returns the slot of base card b in play, or None.
func (g *Game) SlotOfBase(b int) int {
	if b < 0 || (g.Cards[b].Zone != ZBaseInPlay && !g.lent(b)) {
		return None
	}
	return int(g.Cards[b].Base)
}

// OnBase returns every card at slot s (minions, actions on the base, and
// actions on those minions), in the order they were played.
func (g *Game) OnBase(s int) []int {
	var arr [64]int16
	buf := arr[:0]
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if int(c.Base) == s {
			buf = append(buf, int16(i))
		}
	}
	return g.exactByPos(buf)
}

// exactByPos returns the cards of buf in a list of their own, ordered by
// position (sortByPos); nil when buf is empty. Listing functions gather
// cards in a buffer on the stack and allocate once, here.
func (g *Game) exactByPos(buf []int16) []int {
	if len(buf) == 0 {
		return nil
	}
	out := make([]int, len(buf))
	for i, c := range buf {
		out[i] = int(c)
	}
	g.sortByPos(out)
	return out
}

// MinionsAt returns the minions at slot s controlled by p (None: all).
func (g *Game) MinionsAt(s, p int) []int {
	var arr [64]int16
	buf := arr[:0]
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if int(c.Base) == s && g.IsMinion(i) && (p == None || int(c.Ctrl) == p) {
			buf = append(buf, int16(i))
		}
	}
	return g.exactByPos(buf)
}

// Minions returns every minion in play controlled by p (None: all), base by base.
func (g *Game) Minions(p int) []int {
	var arr [64]int
	buf := g.minionsInto(p, arr[:0])
	if len(buf) == 0 {
		return nil
	}
	return append([]int(nil), buf...)
}

// minionsInto is Minions appending to out (empty) instead of allocating.
func (g *Game) minionsInto(p int, out []int) []int {
	for i := range g.onTable {
		c := &g.Cards[i]
		if c.Zone == ZInPlay && c.Base >= 0 && c.Base < g.NBases && g.Bases[c.Base].Card != None && g.IsMinion(i) && (p == None || int(c.Ctrl) == p) {
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
func (g *Game) ActionsAt(s int) []int {
	var arr [64]int16 // those of OnBase(s), in the same order
	buf := arr[:0]
	for c := range g.inZone(ZInPlay).each {
		if int(g.Cards[c].Base) == s && g.def(c).Type == Action && g.Cards[c].On == None {
			buf = append(buf, int16(c))
		}
	}
	return g.exactByPos(buf)
}

// Attached returns the actions attached to card m.
func (g *Game) Attached(m int) []int {
	var out []int
	for i := range g.inZone(ZInPlay).each { // (suspended actions too: not only the live cards)
		if int(g.Cards[i].On) == m {
			out = append(out, i)
		}
	}
	g.sortByPos(out)
	return out
}

// AllActionsInPlay returns every action in play (on bases or on minions).
func (g *Game) AllActionsInPlay() []int {
	var out []int
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
func (g *Game) IsMinion(c int) bool { return defType[g.Cards[c].Def] == Minion }

// InPlay reports whether card c is on a base.
func (g *Game) InPlay(c int) bool { return c >= 0 && g.Cards[c].Zone == ZInPlay }

// Ctrl returns the controller (or holder) of card c.
func (g *Game) Ctrl(c int) int { return int(g.Cards[c].Ctrl) }

// Owner returns the owner of card c.
func (g *Game) Owner(c int) int { return int(g.Cards[c].Owner) }

// BaseOf returns the slot card c is on, or None.
func (g *Game) BaseOf(c int) int {
	if g.Cards[c].Zone != ZInPlay {
		return None
	}
	return int(g.Cards[c].Base)
}

// Name returns the printed name of card c.
func (g *Game) Name(c int) string {
	if c < 0 {
		return ""
	}
	return defs[g.Cards[c].Def].Name
}

// Others returns every player but p, clockwise from p's left.
func (g *Game) Others(p int) []int {
	out := make([]int, 0, g.NPlayers-1)
	for i := 1; i < int(g.NPlayers); i++ {
		out = append(out, (p+i)%int(g.NPlayers))
	}
	return out
}

// PlayersFrom returns every player clockwise starting with p.
func (g *Game) PlayersFrom(p int) []int {
	out := make([]int, 0, g.NPlayers)
	for i := 0; i < int(g.NPlayers); i++ {
		out = append(out, (p+i)%int(g.NPlayers))
	}
	return out
}

// Events ---------------------------------------------------------------------

// emit records an event and queues the triggered abilities it sets off.
func (g *Game) emit(ev Event) {
	g.EvSeq++
	ev.Seq = g.EvSeq
	ev.Vis, ev.OVis = g.audience(ev)
	g.Events[int(g.EvSeq)%MaxEvents] = ev
	g.collectTriggers(ev)
}

// Emit records an event on behalf of card code.
func (g *Game) Emit(ev Event) { g.emit(ev) }

// Log records a line of the log about player p: text is a template whose
// {} stand for up to two cards, named to the seats that may see them.
func (g *Game) Log(p int, text Prompt, cards ...int) {
	ev := Event{Kind: EvText, Player: int8(p), Num: Text(string(text)), Card: None, Other: None, Base: None}
	switch len(cards) {
	case 2:
		ev.Other = int16(cards[1])
		fallthrough
	case 1:
		ev.Card = int16(cards[0])
	case 0:
	default:
		panic("engine: Log names at most two cards")
	}
	g.emit(ev)
}

// RecentEvents returns the events with sequence number greater than after (at most MaxEvents).
func (g *Game) RecentEvents(after int32) []Event {
	var out []Event
	lo := g.EvSeq - MaxEvents + 1
	if after+1 > lo {
		lo = after + 1
	}
	for s := lo; s <= g.EvSeq; s++ {
		if s <= 0 {
			continue
		}
		out = append(out, g.Events[int(s)%MaxEvents])
	}
	return out
}

func (g *Game) collectTriggers(ev Event) {
	if !kindIn(&g.TrigKinds, ev.Kind) {
		return // no card of this game triggers on this kind of event (static.go)
	}
	kw, kb := ev.Kind>>6, uint64(1)<<(ev.Kind&63) // (kindIn, for each card's kinds)
	if kindIn(&g.OffKinds, ev.Kind) {
		// every card in index order that may trigger: the cards in play and
		// those triggering from elsewhere (static.go)
		for w := range g.Table {
			for word := g.Table[w] | g.OffTrig[w]; word != 0; word &= word - 1 {
				i := w<<6 | bits.TrailingZeros64(word)
				if defTrigKinds[g.Cards[i].Def][kw]&kb != 0 {
					g.collectTriggersOf(i, ev)
				}
			}
		}
		return
	}
	for i := range g.tableWith(hTriggers).each {
		if defTrigKinds[g.Cards[i].Def][kw]&kb != 0 {
			g.collectTriggersOf(i, ev)
		}
	}
}

// collectTriggersOf queues the abilities of card i that ev triggers.
func (g *Game) collectTriggersOf(i int, ev Event) {
	c := &g.Cards[i]
	if !kindIn(&defTrigKinds[c.Def], ev.Kind) {
		return // (also when it has no triggers)
	}
	d := defs[c.Def]
	for k := range d.Triggers {
		t := &d.Triggers[k]
		if t.On != ev.Kind {
			continue
		}
		if t.From == ZInPlay {
			if d.Type == BaseCard {
				if c.Zone == ZInPlay || !g.live(i) || g.BaseIgnored(int(c.Base), None) {
					continue
				}
			} else if c.Zone != ZInPlay || c.Flags&FSuspended != 0 {
				continue
			}
		} else if c.Zone != t.From {
			continue
		}
		if t.When != nil && !t.When(g, i, ev) {
			continue
		}
		if int(g.NTrig) >= MaxTrig {
			continue
		}
		p := c.Ctrl
		if d.Type == BaseCard {
			p = g.Current
		}
		g.Trigs[g.NTrig] = Trig{Fn: t.fn, Src: int16(i), Player: p, Base: c.Base, Ev: ev}
		g.NTrig++
	}
}

// LookTop returns up to n cards from the top of p's deck, top first, for an
// ability that looks at or reveals them; an empty deck is first refilled from
// the discard pile, as the rules say for looking.
func (g *Game) LookTop(p, n int) []int {
	g.EnsureDeck(p)
	return g.topCards(p, make([]int, 0, n), n)
}

// topCards appends to buf up to k cards from the top of p's deck, top first.
func (g *Game) topCards(p int, buf []int, k int) []int {
	for i := range g.inZoneOf(ZDeck, p).each {
		c := &g.Cards[i]
		if int(c.Ctrl) != p {
			continue
		}
		// insert i keeping buf sorted by position, at most k long
		j := len(buf)
		for j > 0 && g.Cards[buf[j-1]].Pos > c.Pos {
			j--
		}
		if j >= k {
			continue
		}
		if len(buf) < k {
			buf = append(buf, 0)
		}
		copy(buf[j+1:], buf[j:len(buf)-1])
		buf[j] = i
	}
	return buf
}
