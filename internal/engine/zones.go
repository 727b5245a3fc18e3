package engine

import (
	"math/bits"
	"slices"
)

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

// put moves card c to zone z of holder p at the end (bottom / newest). A
// card that leaves play for another player's zones (its owner's) is no
// longer controlled by the player who had it: put tells so (EvControlEnd).
func (g *Game) put(c CardID, z Zone, p Seat) { g.controlEnds(c, g.relocate(c, z, p)) }

// relocate is put but for telling that control ends: it returns the player
// whose control of c ended (NoSeat: none). An operation that tells of the
// move itself (destroy, return, place, cancel) passes it to controlEnds after.
func (g *Game) relocate(c CardID, z Zone, p Seat) (had Seat) {
	cd := &g.Cards[c]
	if defs[cd.Def].Type == Titan && (z == ZHand || z == ZDeck || z == ZDiscard) {
		z, p = ZTitan, cd.Owner // a titan only ever goes back beside its owner (titans.go)
	}
	fromPlay, ctrl, base, counters := cd.Zone == ZInPlay, cd.Ctrl, cd.Base, cd.Counters
	g.Moved, g.MovedWas = c, g.visMask(c)
	g.IncCard, g.IncWas = c, cd.Inc
	if z == ZHand || z == ZDeck || z == ZBaseDeck {
		cd.Inc++ // out of sight: it comes back out under another id (ids.go)
	}
	g.setZone(c, z)
	cd.Ctrl = p
	g.syncHeld(c)
	cd.Base = None
	cd.On = None
	cd.Pos = g.nextPos()
	cd.Counters = 0
	cd.Note = 0 // a card that changes zones is a new card: it keeps no memory (compendium: In and Out of Play)
	cd.Flags &^= FTalentUsed | FPlayedTurn | FFaceDown | FRevealed | FGiveAway | FSuspended | FUsedSpecial
	if fromPlay && z == ZDiscard {
		g.emit(Event{Kind: EvPlayToDiscard, Player: ctrl, Card: c, Base: base, Num: int16(counters)})
	}
	if fromPlay && z != ZInPlay && ctrl != p {
		return ctrl // leaving play ends control of it
	}
	return NoSeat
}

// controlEnds tells that player had's control of card c, which has left
// play, has ended (nothing for NoSeat): Num = who holds it now.
func (g *Game) controlEnds(c CardID, had Seat) {
	if had != NoSeat {
		g.emit(Event{Kind: EvControlEnd, Player: had, Card: c, Base: None, Num: int16(g.Cards[c].Ctrl), Other: None})
	}
}

// putTop moves card c to the top of p's deck.
func (g *Game) putTop(c CardID, p Seat) {
	g.put(c, ZDeck, p)
	g.Cards[c].Pos = g.topPos()
}

// TopOfDeck returns the top card of p's deck, reshuffling the discard pile
// into a new deck if the deck is empty. None when both are empty.
func (g *Game) TopOfDeck(p Seat) CardID {
	if c := g.topOfDeckNoShuffle(p); c != None {
		return c
	}
	if g.Count(ZDiscard, p) == 0 {
		return None
	}
	g.reshuffleDiscard(p)
	return g.TopOfDeck(p)
}

// EnsureDeck makes sure p has at least n cards to look at, reshuffling the
// discard pile into the deck if the deck is empty (rules: draw, reveal, search, look).
func (g *Game) EnsureDeck(p Seat) {
	if g.Count(ZDeck, p) == 0 && g.Count(ZDiscard, p) > 0 {
		g.reshuffleDiscard(p)
	}
}

func (g *Game) reshuffleDiscard(p Seat) {
	for _, c := range g.Collect(ZDiscard, p) {
		g.put(c, ZDeck, p)
	}
	g.Shuffle(p)
}

// Shuffle shuffles p's deck.
func (g *Game) Shuffle(p Seat) {
	var arr [64]CardID
	g.shuffleToBottom(p, g.collectInto(ZDeck, p, arr[:0]))
}

// shuffleToBottom shuffles cards of p's deck and puts them, in that random
// order, below the rest of the deck (Shuffle passes the whole deck).
func (g *Game) shuffleToBottom(p Seat, cards []CardID) {
	for i := len(cards) - 1; i > 0; i-- {
		j := g.Intn(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
	for _, c := range cards {
		g.Cards[c].Pos = g.nextPos()
	}
	g.emit(Event{Kind: EvShuffle, Player: p, Card: None, Base: None})
}

// Draw makes p draw n cards (fewer when deck and discard run out). It returns the cards drawn.
func (g *Game) Draw(p Seat, n int) []CardID {
	var got []CardID
	if n > 0 {
		got = make([]CardID, 0, n)
	}
	return g.drawInto(p, n, got)
}

// drawInto is Draw appending the cards drawn to got (empty), so that callers
// not needing them can pass a buffer of their own.
func (g *Game) drawInto(p Seat, n int, got []CardID) []CardID {
	for len(got) < n {
		// take as many as the deck holds from its top at once (one scan);
		// when it is empty, TopOfDeck reshuffles the discard pile
		var buf [8]CardID
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
	g.emit(Event{Kind: EvDraw, Player: p, Num: int16(len(got)), Card: None, Base: None})
	return got
}

// ToHand puts card c (from anywhere not in play) into player p's hand.
func (g *Game) ToHand(c CardID, p Seat) { g.put(c, ZHand, p) }

// DiscardCard puts card c (from a hand, deck or set aside) into its owner's discard pile.
func (g *Game) DiscardCard(c CardID) {
	from := g.Cards[c].Zone
	holder := g.Cards[c].Ctrl
	g.put(c, ZDiscard, g.Cards[c].Owner)
	if from == ZHand || from == ZDeck {
		g.emit(Event{Kind: EvDiscard, Player: holder, Card: c, Base: None, Num: int16(from)})
	}
}

// ToDeckBottom puts card c on the bottom of its owner's deck.
func (g *Game) ToDeckBottom(c CardID) { g.put(c, ZDeck, g.Cards[c].Owner) }

// ToDeckBottomOf puts card c on the bottom of player p's deck (a card from
// p's hand that no one else sees may go there even if p does not own it).
func (g *Game) ToDeckBottomOf(c CardID, p Seat) { g.put(c, ZDeck, p) }

// ToDeckTop puts card c on top of its owner's deck.
func (g *Game) ToDeckTop(c CardID) { g.putTop(c, g.Cards[c].Owner) }

// ToDeckTopOf puts card c on top of player p's deck.
func (g *Game) ToDeckTopOf(c CardID, p Seat) { g.putTop(c, p) }

// SetAside takes card c out of its zone while an ability handles it.
func (g *Game) SetAside(c CardID, revealed bool) {
	p := g.Cards[c].Ctrl
	g.put(c, ZSetAside, p)
	if !revealed {
		g.Cards[c].Flags |= FFaceDown // seen by its holder alone until it is played
		if g.MovedWas&^SeatBit(p) != 0 {
			g.Cards[c].Inc++ // others saw it where it was: face down it takes another id (ids.go)
		}
	} else {
		g.Cards[c].Flags |= FRevealed
		g.emit(Event{Kind: EvReveal, Player: p, Card: c, Base: None})
	}
}

// ShuffleIntoDeck puts card c into player p's deck and shuffles it.
func (g *Game) ShuffleIntoDeck(c CardID, p Seat) {
	g.put(c, ZDeck, p)
	g.Shuffle(p)
}

// DiscardRandom makes p discard n random cards from hand.
func (g *Game) DiscardRandom(p Seat, n int) {
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

// SeatAfter returns the player k seats clockwise from p (k may be any
// count: it wraps around the table).
func (g *Game) SeatAfter(p Seat, k int) Seat {
	return Seat((int(p) + k) % int(g.NPlayers))
}

// Others returns every player but p, clockwise from p's left.
func (g *Game) Others(p Seat) []Seat {
	out := make([]Seat, 0, g.NPlayers-1)
	for i := 1; i < int(g.NPlayers); i++ {
		out = append(out, g.SeatAfter(p, i))
	}
	return out
}

// PlayersFrom returns every player clockwise starting with p.
func (g *Game) PlayersFrom(p Seat) []Seat {
	out := make([]Seat, 0, g.NPlayers)
	for i := range g.NPlayers {
		out = append(out, g.SeatAfter(p, int(i)))
	}
	return out
}

// Events ---------------------------------------------------------------------

// emit records an event and queues the triggered abilities it sets off.
// Its Cause is the cause of the step running (the ability resolving: see
// Game.push), None outside any step.
func (g *Game) emit(ev Event) { g.emitCaused(ev, g.runningCause()) }

// emitCaused is emit naming cause (None: none) as the event's cause.
func (g *Game) emitCaused(ev Event, cause CardID) {
	g.EvSeq++
	ev.Seq = g.EvSeq
	ev.Cause = cause
	ev.Vis, ev.OVis, ev.CVis = g.audience(ev)
	g.Events[int(g.EvSeq)%MaxEvents] = ev
	g.EvInc[int(g.EvSeq)%MaxEvents] = [3]uint8{g.incOf(ev.Card), g.incOf(CardID(ev.Other)), g.incOf(ev.Cause)}
	if ev.Kind == EvLook || ev.Kind == EvReveal {
		g.shown(ev.Card)
	}
	g.collectTriggers(ev)
	if kindIn(&answerKinds, ev.Kind) && g.SpecialWins&(1<<WinAnswer) != 0 {
		g.queueAnswer(ev) // reactions.go
	}
}

// Emit records an event on behalf of card code; its Cause is the ability
// resolving (whatever ev.Cause says).
func (g *Game) Emit(ev Event) { g.emit(ev) }

// Log records a line of the log about player p: text is a template whose
// {} stand for up to two cards, named to the seats that may see them.
func (g *Game) Log(p Seat, text Prompt, cards ...CardID) {
	ev := Event{Kind: EvText, Player: p, Num: int16(Text(string(text))), Card: None, Other: None, Base: None}
	switch len(cards) {
	case 2:
		ev.Other = int16(cards[1])
		fallthrough
	case 1:
		ev.Card = cards[0]
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
				i := CardID(w<<6 | bits.TrailingZeros64(word))
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
func (g *Game) collectTriggersOf(i CardID, ev Event) {
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
				if c.Zone == ZInPlay || !g.live(i) || g.BaseIgnored(c.Base, None) {
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
		g.Trigs[g.NTrig] = Trig{Fn: t.fn, Src: i, Player: p, Base: c.Base, Ev: ev}
		g.NTrig++
	}
}

// LookTop returns up to n cards from the top of p's deck, top first, for p to
// look at or reveal (they stay where they are). When the deck runs out before
// n, the discard pile is shuffled into a new deck below the cards already
// taken and the looking goes on from it (compendium: Decks, Discards, and
// Searches: start or continue from the new deck).
func (g *Game) LookTop(p Seat, n int) []CardID {
	g.EnsureDeck(p)
	top := g.topCards(p, make([]CardID, 0, n), n)
	if len(top) < n && g.Count(ZDiscard, p) > 0 {
		g.reshuffleDiscardBelow(p)
		top = g.topCards(p, top[:0], n)
	}
	return top
}

// reshuffleDiscardBelow shuffles p's discard pile and puts it under p's deck.
func (g *Game) reshuffleDiscardBelow(p Seat) {
	var arr [64]CardID
	pile := g.collectInto(ZDiscard, p, arr[:0])
	for _, c := range pile {
		g.put(c, ZDeck, p)
	}
	g.shuffleToBottom(p, pile)
}

// topCards appends to buf up to k cards from the top of p's deck, top first.
func (g *Game) topCards(p Seat, buf []CardID, k int) []CardID {
	for i := range g.inZoneOf(ZDeck, p).each {
		c := &g.Cards[i]
		if c.Ctrl != p {
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
