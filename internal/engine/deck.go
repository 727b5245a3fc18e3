package engine

import (
	"math"
	"math/bits"
)

// Decks: the order of cards in a zone (Card.Pos, a deck's top first), and
// what is done to a deck itself: shuffle it, draw from it, look at its top,
// and make a new one from the discard pile when it runs out.

func (g *Game) nextPos() int32 { g.Seq++; return g.Seq }
func (g *Game) topPos() int32  { g.Low--; return g.Low }

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

// topCards appends to buf (empty) up to k cards from the top of p's deck,
// top first. (It runs on every draw: the deck's words are walked by hand,
// and a card below the k found so far costs one comparison.)
func (g *Game) topCards(p Seat, buf []CardID, k int) []CardID {
	if k <= 0 {
		return buf
	}
	last := int32(math.MaxInt32) // the position of buf's last card once buf is full, else below any (Seq, counting moves from 0, never gets there)
	deck := g.inZoneOf(ZDeck, p)
	for w, word := range deck {
		for ; word != 0; word &= word - 1 {
			i := CardID(w<<6 | bits.TrailingZeros64(word))
			c := &g.Cards[i]
			if pos := c.Pos; pos < last && c.Ctrl == p {
				buf, last = g.insertByPos(buf, k, i, pos)
			}
		}
	}
	return buf
}

// insertByPos inserts card i, at position pos, into buf kept sorted by
// position and at most k long (the last one out when it is full); it
// returns buf and, once buf is full, the position of its last card.
func (g *Game) insertByPos(buf []CardID, k int, i CardID, pos int32) ([]CardID, int32) {
	if len(buf) < k {
		buf = append(buf, i)
	}
	j := len(buf) - 1
	for ; j > 0 && g.Cards[buf[j-1]].Pos > pos; j-- {
		buf[j] = buf[j-1]
	}
	buf[j] = i
	if len(buf) == k {
		return buf, g.Cards[buf[k-1]].Pos
	}
	return buf, math.MaxInt32
}
