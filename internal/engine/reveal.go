package engine

// Revealing from the top of a deck until a card of some kind turns up, and
// "play X off the top of your deck" (Culture Shock rules):
//   - if the deck is empty before the first card, the discard pile becomes the deck;
//   - revealed cards are set aside face up (not in any deck, discard pile or play);
//   - if the deck runs out while revealing, revealing stops (no reshuffle);
//   - the found card is played; if it cannot be played (no legal place), it is
//     discarded instead;
//   - after it has been played and resolved, the other revealed cards are
//     shuffled back into the deck.

var fnPlayOffTop int16

func init() { fnPlayOffTop = regFn(playOffTopProc) }

// RevealUntil reveals cards from the top of p's deck, setting each aside face
// up, until one satisfies pred; it returns that card, or None when the deck ran out.
func (g *Game) RevealUntil(p Seat, pred func(c CardID) bool) CardID {
	g.EnsureDeck(p)
	for {
		c := g.topOfDeckNoShuffle(p)
		if c == None {
			return None
		}
		g.SetAside(c, true)
		if pred(c) {
			return c
		}
	}
}

// topOfDeckNoShuffle returns the top card of p's deck (None when it is empty).
func (g *Game) topOfDeckNoShuffle(p Seat) CardID {
	best := NoCard
	for i := range g.inZoneOf(ZDeck, p).each {
		c := &g.Cards[i]
		if c.Ctrl == p && (best == None || c.Pos < g.Cards[best].Pos) {
			best = i
		}
	}
	return best
}

// LookAtHand lets p look at q's hand: everyone learns that p looks, and p
// alone learns the cards (compendium: a card looked at is shown to no one
// else; one revealed is shown to everyone).
func (g *Game) LookAtHand(p, q Seat) {
	g.emit(Event{Kind: EvLook, Player: p, Num: int16(q), Card: None, Other: None, Base: None})
	for _, c := range g.Hand(q) {
		g.emit(Event{Kind: EvLook, Player: p, Num: int16(q), Card: c, Other: None, Base: None})
	}
}

// Revealed returns the cards p has revealed and set aside and not yet used.
func (g *Game) Revealed(p Seat) []CardID {
	var out []CardID
	for _, c := range g.Collect(ZSetAside, p) {
		if g.Cards[c].Flags&FRevealed != 0 {
			out = append(out, c)
		}
	}
	return out
}

// ShuffleRevealedBack shuffles the cards p revealed and did not use back into the deck.
func (g *Game) ShuffleRevealedBack(p Seat) {
	rs := g.Revealed(p)
	for _, c := range rs {
		g.put(c, ZDeck, p)
	}
	if len(rs) > 0 {
		g.Shuffle(p)
	}
}

// PlayOffTop schedules player p playing a card of type kind off the top of
// their deck as an extra play (onto slot, or a base p chooses when None).
// When f is given, the card played (or None) is remembered in f's slot v
// before f's next step.
func (g *Game) PlayOffTop(f *Frame, p Seat, kind CardType, slot BaseID, v CardSlot) {
	caller := -1
	if f != nil {
		caller = g.frameIndex(f)
		f.SetCard(v, None)
	}
	pf := g.push(fnPlayOffTop, p, None, slot, None)
	pf.Set(cardType, int(kind))
	pf.Set(callerFrame, caller)
	pf.Set(callerSlot, int(v))
}

// playOffTopProc: Player = who reveals and plays, Base = the base to play
// it on (None: they choose).
func playOffTopProc(g *Game, f *Frame) {
	p := f.Player
	switch f.Step {
	case revealAndPlay:
		c := g.RevealUntil(p, func(c CardID) bool { return g.def(c).Type == CardType(f.Get(cardType)) })
		if c == None {
			f.Goto(nothingPlayed)
			return
		}
		ok := false
		if g.def(c).Type == Minion {
			for _, s := range g.BaseSlots() {
				if (f.Base == None || s == f.Base) && g.minionAllowed(p, c, s) {
					ok = true
				}
			}
		} else {
			ok = g.Players[p].Flags&pfNoActions == 0 && g.actionHasTarget(p, c)
		}
		if !ok {
			g.DiscardCard(c)
			f.Goto(nothingPlayed)
			return
		}
		g.Cards[c].Flags &^= FRevealed
		if caller := f.Get(callerFrame); caller >= 0 {
			g.Frames[caller].SetCard(CardSlot(f.Get(callerSlot)), c)
		}
		g.pushPlay(p, c, f.Base, playFree, -1, None)
		f.Next()
	case afterThePlay, nothingPlayed:
		g.ShuffleRevealedBack(p)
	}
}

// playOffTopProc's steps.
const (
	revealAndPlay Step = iota // reveal until a card of the kind, and play it
	afterThePlay              // the other cards revealed go back
	nothingPlayed             // the same, when no card could be played
)

// playOffTopProc's slots.
const (
	cardType    NumSlot = 0 // Minion or Action
	callerFrame NumSlot = 1 // the frame told of the card played (-1: none)
	callerSlot  NumSlot = 2 // its slot the card is remembered in (a CardSlot of the caller's frame, kept as a number)
)
