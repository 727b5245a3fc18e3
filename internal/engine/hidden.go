package engine

// Hidden information: what each seat may know, decided here and nowhere else.
//
// A seat may know which card an instance is when the card is in a public
// zone (VisibleTo), or when its own pending decision shows it the card (it is
// choosing among cards it looks at, or its question names them). Everything a
// seat is shown is built from these two rules: the view (Game.View), the
// decision (only its decider sees the question and the options; the others
// see who decides and the public card whose ability asks), and the log (each
// event records, when it happens, who may see the cards it is about).

// Seat masks: bit p for seat p, SpectatorBit for those who see only what is
// public (the spectator).
const (
	SpectatorBit uint8 = 1 << 7
	everyone     uint8 = 0xff
)

// SeatBit returns the mask bit of seat p (None: the spectator).
func SeatBit(p Seat) uint8 {
	if p < 0 || p >= MaxPlayers {
		return SpectatorBit
	}
	return 1 << p
}

// visMask returns the seats that may see which card c is now.
func (g *Game) visMask(c CardID) uint8 {
	if c < 0 || c >= g.NCards {
		return 0
	}
	cd := &g.Cards[c]
	switch cd.Zone {
	case ZInPlay, ZDiscard, ZBaseInPlay, ZBaseDiscard, ZTitan:
		return everyone
	case ZHand:
		return SeatBit(cd.Ctrl) &^ SpectatorBit
	case ZSetAside:
		switch {
		case cd.Flags&FRevealed != 0:
			return everyone
		case cd.Flags&FFaceDown != 0:
			return SeatBit(cd.Ctrl) &^ SpectatorBit
		}
		return everyone // a card being played or resolving is public
	case ZBaseDeck:
		if g.lent(c) {
			return everyone // the top base, face up while a base in play has its abilities
		}
	}
	return 0
}

// VisibleTo reports whether seat p may see which card instance c is by where
// it lies: cards in play, in discard piles, beside their owners and revealed
// are public (and so is the top base of the base deck while a base in play
// has its abilities); a hand, and a card set aside face down, are seen by
// their holder; decks and the rest of the base deck by nobody.
func (g *Game) VisibleTo(c CardID, p Seat) bool { return g.visMask(c)&SeatBit(p) != 0 }

// Knows reports whether seat p may know which card instance c is right now:
// it is visible to p, or p's own pending decision shows it.
func (g *Game) Knows(p Seat, c CardID) bool {
	if g.VisibleTo(c, p) {
		return true
	}
	if !g.Pending.Active || g.Pending.Player != p || p < 0 {
		return false
	}
	shown := false
	g.decisionCards(func(k CardID) {
		if k == c {
			shown = true
		}
	})
	return shown
}

// decisionCards calls fn with every card the pending decision shows its
// decider: the cards of its options and the cards its question names.
func (g *Game) decisionCards(fn func(c CardID)) {
	pd := &g.Pending
	for i := 0; i < int(pd.N); i++ {
		if c := pd.Opts[i].Card; c >= 0 && c < g.NCards {
			fn(c)
		}
	}
	for _, a := range pd.Args {
		switch a.Kind {
		case ArgCard:
			if c := CardID(a.V); c >= 0 && c < g.NCards {
				fn(c)
			}
		case ArgTop:
			for _, c := range g.topArgCards(a) {
				fn(c)
			}
		}
	}
}

// audience returns who may see the cards an event is about (Card, Other
// when it is a card, and its Cause). An event about a card that has just
// moved names it to the seats that could see it before the move or can see
// it after: a card played from a hand is public, a card drawn is not, a card
// taken from a player's hand into another's is seen by those two players.
// The card whose ability caused it is named to those who may see it then
// (a card in play, or being played, to everyone; one in a hand to its
// holder).
func (g *Game) audience(ev Event) (vis, ovis, cvis uint8) {
	card := func(c int16) uint8 {
		if c < 0 || CardID(c) >= g.NCards {
			return everyone
		}
		m := g.visMask(CardID(c))
		if CardID(c) == g.Moved {
			m |= g.MovedWas
		}
		return m
	}
	vis = card(int16(ev.Card))
	switch ev.Kind {
	case EvReveal:
		vis = everyone
	case EvLook:
		vis |= SeatBit(ev.Player) &^ SpectatorBit // looking shows a card to no one else
	}
	ovis = everyone
	if otherIsCard(ev.Kind) {
		ovis = card(ev.Other)
	}
	if ev.Kind == EvBaseReplaced {
		ovis = everyone // the base that leaves was face up on the table (even when it goes into the base deck)
	}
	cvis = card(int16(ev.Cause))
	if ev.Kind == EvText {
		// a log line (Log) tells what player did: the cards it names are
		// named to that player, who handled them ("You put Mystic Studies on
		// top of your deck"), and to the others only as far as they may see
		// them ("Alice puts a card on top of her deck")
		me := SeatBit(ev.Player) &^ SpectatorBit
		vis |= me
		ovis |= me
	}
	return vis, ovis, cvis
}

// otherIsCard reports whether an event of kind k names a card in Other.
func otherIsCard(k EventKind) bool {
	switch k {
	case EvDestroy, EvPlay, EvBaseReplaced, EvAffect, EvText, EvCancel, EvControlEnd:
		return true
	}
	return false
}

// Redeal returns a copy of the game as it could be for all seat p knows:
// Determinize (every hand p cannot see and every deck re-dealt), and then
// every card p may not know given another identity (the definitions of those
// instances permuted). A message built for p that differs between the game
// and such a copy depends on something p may not know: the hidden
// information property tests compare them. The copy may be played on (the
// facts derived from its cards' definitions are made again).
func (g *Game) Redeal(p Seat, seed uint64) *Game {
	c := g.Determinize(p, seed)
	known := c.knownTo(p)
	// permute definitions among the bases, and among each player's own
	// cards (which cards a player owns is public: their factions)
	for owner := NoSeat; owner < c.NPlayers; owner++ {
		var pool []CardID
		for i := range c.NCards {
			isBase := defs[c.Cards[i].Def].Type == BaseCard
			if !known[i] && isBase == (owner == None) && (isBase || c.Cards[i].Owner == owner) {
				pool = append(pool, i)
			}
		}
		for i := len(pool) - 1; i > 0; i-- {
			j := c.Intn(i + 1)
			a, b := pool[i], pool[j]
			c.Cards[a].Def, c.Cards[b].Def = c.Cards[b].Def, c.Cards[a].Def
		}
	}
	c.renoteCards()
	return c
}

// knownTo returns the cards seat p may know which they are: those it may
// know now (Knows) and those the log has named to it.
func (g *Game) knownTo(p Seat) (known [MaxCards]bool) {
	for i := range g.NCards {
		known[i] = g.Knows(p, i)
	}
	bit := SeatBit(p)
	for _, ev := range g.RecentEvents(0) {
		if ev.Card >= 0 && ev.Card < MaxCards && ev.Vis&bit != 0 {
			known[ev.Card] = true
		}
		if otherIsCard(ev.Kind) && ev.Other >= 0 && int(ev.Other) < MaxCards && ev.OVis&bit != 0 {
			known[ev.Other] = true
		}
		if ev.Cause >= 0 && ev.Cause < MaxCards && ev.CVis&bit != 0 {
			known[ev.Cause] = true
		}
	}
	return known
}

// renoteCards makes again the static facts of the cards (static.go), after
// their definitions were changed (Redeal).
func (g *Game) renoteCards() {
	g.Hooked, g.HookCards, g.OffTrig = 0, [nHooks]cardSet{}, cardSet{}
	g.SpecialWins, g.TrigKinds, g.OffKinds = 0, [4]uint64{}, [4]uint64{}
	for i := range g.NCards {
		g.noteCard(i)
	}
}
