package engine

// Moving a card from one zone to another (hand, deck, discard pile, set
// aside): put is the one move, and these are its forms in the rulebook's
// words. Operations on cards in play that protections may stop (destroy,
// move, return, place) are scheduled: ops.go.

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
	if !g.Quiet { // (who saw it and its ids are for views only)
		g.Moved, g.MovedWas = c, g.visMask(c)
		g.IncCard, g.IncWas = c, cd.Inc
		if z == ZHand || z == ZDeck || z == ZBaseDeck {
			cd.Inc++ // out of sight: it comes back out under another id (ids.go)
		}
	}
	cd.Ctrl = p // (before setZone, which keeps the held sets by it)
	g.setZone(c, z)
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

// ToHand puts card c (from anywhere not in play) into player p's hand, and
// tells so (EvTake): the seats that could see it where it was (a discard
// pile, a card revealed) see which card it is, the others that a card went
// into p's hand.
func (g *Game) ToHand(c CardID, p Seat) {
	from := g.Cards[c].Zone
	g.put(c, ZHand, p)
	if from != ZHand {
		g.emit(Event{Kind: EvTake, Player: p, Card: c, Base: None, Num: int16(from), Other: None})
	}
}

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
		if !g.Quiet && g.MovedWas&^SeatBit(p) != 0 {
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
