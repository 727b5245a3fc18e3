package engine

import (
	"math/bits"
	"slices"
)

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
// decider: the cards of its options and the cards its question names. The
// question that orders simultaneous abilities shows none: its options are
// about the cards whose abilities wait, which may lie where the decider
// cannot see them (a Mboro Hornet waiting in another player's hand, or put
// into a deck since), and the decider orders them as they are known to it.
func (g *Game) decisionCards(fn func(c CardID)) {
	pd := &g.Pending
	for i := 0; i < int(pd.N) && !g.ordering(); i++ {
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
		// looking shows a card to the looker and to no one else: not even
		// to those who saw it arrive, when it is the card that moved last
		// (a card taken from a discard pile, or Ear of Corn given, and
		// the hand looked at before anything else moves). A look names
		// each card of the hand to the looker, one event each in an order
		// of their names: to a seat that saw one of them named at its
		// place there, the order would tell how many of the hidden cards
		// sort before it. Those not shown the hand are told as many looks
		// as it has cards, each alike.
		if ev.Card >= 0 && ev.Card < g.NCards {
			vis = g.visMask(ev.Card) | SeatBit(ev.Player)&^SpectatorBit
		}
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
// every hand p cannot see and every deck re-dealt (which of each player's
// unseen cards are in hand and which in the deck, and in what order), and
// then every card p may not know given another identity (RedealIdentities).
// A message built for p that differs between the game and such a copy
// depends on something p may not know: the hidden information property
// tests compare them. The copy is only to be looked at, not played on.
func (g *Game) Redeal(p Seat, seed uint64) *Game {
	c := new(Game)
	c.CopyFrom(g)
	c.Rng = seed*0x9e3779b97f4a7c15 + 0x1234567
	c.reshuffle(g, p)
	c.permuteUnknown(p)
	return c
}

// RedealIdentities returns a copy of the game in which every card instance
// seat p may not know (it is not in view, not shown by p's decision, and the
// log never named it to p) in a deck, a hand or set aside is another of its
// owner's such cards, and every such base in the base deck another such
// base (the definitions of those instances permuted: redealGroup).
// Nothing moves, so the copy is a game that may be played on, and p cannot
// tell it from the game: a computer player for p must decide the same in
// both (internal/ai's tests).
func (g *Game) RedealIdentities(p Seat, seed uint64) *Game {
	c := new(Game)
	c.CopyFrom(g)
	c.Rng = seed*0x9e3779b97f4a7c15 + 0x1234567
	c.permuteUnknown(p)
	return c
}

// permuteUnknown permutes the definitions of the cards p may not know (see
// RedealIdentities) with g's random number generator.
func (c *Game) permuteUnknown(p Seat) {
	known := c.knownTo(p) // cards the log has named to p stay what they were
	// permute definitions among the bases in the base deck, and among each
	// player's own cards (which cards a player owns is public: their
	// factions), as Determinize deals them (redealGroup)
	var moved cardSet
	var pool []CardID
	for k := 0; k <= MaxPlayers; k++ {
		pool = pool[:0]
		for i := range c.NCards {
			if !known[i] && c.redealGroup(i) == k {
				pool = append(pool, i)
				moved[i>>6] |= 1 << (i & 63)
			}
		}
		for i := len(pool) - 1; i > 0; i-- {
			j := c.Intn(i + 1)
			a, b := pool[i], pool[j]
			c.Cards[a].Def, c.Cards[b].Def = c.Cards[b].Def, c.Cards[a].Def
		}
	}
	c.restamp(&moved)
}

// restamp records again the static facts (static.go) of the cards in s,
// whose definitions have just changed: which hooks and triggers from
// outside play each has.
func (c *Game) restamp(s *cardSet) {
	c.unstamp(s)
	for i := range s.each {
		c.stamp(i)
	}
	c.recountIfInPlay(s)
}

// unstamp clears the static facts of the cards in s (restamp).
func (c *Game) unstamp(s *cardSet) {
	for k := range c.HookCards {
		for w := range s {
			c.HookCards[k][w] &^= s[w]
		}
	}
	for w := range s {
		c.OffTrig[w] &^= s[w]
	}
}

// stamp records the static facts of card i, unstamped (restamp).
func (c *Game) stamp(i CardID) {
	d := c.Cards[i].Def
	for h := defHooks[d]; h != 0; h &= h - 1 {
		c.HookCards[bits.TrailingZeros16(h)][i>>6] |= 1 << (i & 63)
	}
	if defOffTrig[d] {
		c.OffTrig[i>>6] |= 1 << (i & 63)
	}
}

// recountIfInPlay counts the hooks in play again when a card of s, just
// restamped, is in play (restamp).
func (c *Game) recountIfInPlay(s *cardSet) {
	for w := range s { // (the cards re-dealt are out of play: the hooks in play stay)
		if s[w]&(c.Zones[ZInPlay][w]|c.Zones[ZBaseInPlay][w]) != 0 {
			c.recountHooks()
			break
		}
	}
}

// reshuffle re-deals, in c (a copy of g), which of each other player's
// cards p cannot see are in hand and which in the deck, and the order of
// every deck (for Redeal; cards an ability in progress refers to, or that p
// is choosing among, stay put).
func (c *Game) reshuffle(g *Game, p Seat) {
	var keep [MaxCards]bool
	for i := 0; i < int(c.NFrames); i++ {
		for _, k := range [...]CardID{c.Frames[i].Src, c.Frames[i].Target} {
			if k >= 0 && int(k) < MaxCards {
				keep[k] = true
			}
		}
	}
	if c.Pending.Active && c.Pending.Player == p {
		c.decisionCards(func(k CardID) { keep[k] = true })
	}
	for q := range c.NPlayers {
		var hand, pool []CardID
		for i := range c.NCards {
			cd := &c.Cards[i]
			if cd.Ctrl != q || keep[i] {
				continue
			}
			if cd.Zone == ZDeck || (cd.Zone == ZHand && q != p) {
				pool = append(pool, i)
				if cd.Zone == ZHand {
					hand = append(hand, i)
				}
			}
		}
		c.sortByPos(hand)
		for i := len(pool) - 1; i > 0; i-- {
			j := c.Intn(i + 1)
			pool[i], pool[j] = pool[j], pool[i]
		}
		// the first len(hand) cards of the shuffled pool take the hand places
		for k, i := range pool {
			cd := &c.Cards[i]
			if k < len(hand) {
				c.setZone(i, ZHand)
				cd.Pos = g.Cards[hand[k]].Pos
			} else {
				c.setZone(i, ZDeck)
				cd.Pos = c.nextPos()
			}
		}
	}
	// the base deck, shuffled from an order that tells nothing (card index)
	var bases []CardID
	lent := CardID(g.Lent) - 1
	for i := range c.NCards {
		if c.Cards[i].Zone == ZBaseDeck && (i != lent || !g.lent(i)) {
			bases = append(bases, i)
		}
	}
	for i := len(bases) - 1; i > 0; i-- {
		j := c.Intn(i + 1)
		bases[i], bases[j] = bases[j], bases[i]
	}
	for _, b := range bases {
		c.Cards[b].Pos = c.nextPos()
	}
	if lent >= 0 && g.lent(lent) {
		c.Cards[lent].Pos = c.topPos() // a lent base is face up on top: it stays
	}
}

// ordering reports whether the pending decision orders simultaneous
// abilities (its options are waiting triggers: see drainProc).
func (g *Game) ordering() bool {
	fi := int(g.Pending.Frame)
	return g.Pending.Active && fi >= 0 && fi < int(g.NFrames) && g.Frames[fi].Fn == fnDrain
}

// IsOrdering reports whether the pending decision is the current player's
// choice of which of several simultaneous abilities resolves next.
func (g *Game) IsOrdering() bool { return g.ordering() }

// orderSecret reports whether the order of the cards in card c's zone is
// unknown to seat p: a deck (even p's own), the base deck, another player's
// hand (which p sees only when an ability shows it, not as it grew), a card
// another player set aside face down.
func (g *Game) orderSecret(c CardID, p Seat) bool {
	cd := &g.Cards[c]
	switch cd.Zone {
	case ZDeck, ZBaseDeck:
		return true
	case ZHand:
		return cd.Ctrl != p
	case ZSetAside:
		return cd.Flags&FFaceDown != 0 && cd.Ctrl != p
	}
	return false
}

// hideOrder puts the options of the question frame f is asking player about
// cards whose order player may not know (orderSecret: the minions a search
// finds in a deck, the cards of a hand looked at) in an order that says
// nothing of it: by name, then by instance (byName). The other options keep
// their places. The question that orders simultaneous abilities is left as
// it is (its cards are not shown to its decider: decisionCards).
func (g *Game) hideOrder(f *Frame, player Seat) {
	if f.Fn == fnDrain {
		return
	}
	pd := &g.Pending
	n := 0
	for i := 0; i < int(pd.N) && n < 2; i++ {
		if g.secretOpt(i, player) {
			n++
		}
	}
	if n >= 2 {
		g.sortSecretOpts(player)
	}
}

// secretOpt reports whether option i of the question being built is about
// a card whose order player may not know (hideOrder).
func (g *Game) secretOpt(i int, player Seat) bool {
	o := &g.Pending.Opts[i]
	return o.Card >= 0 && o.Card < g.NCards && o.Kind != OptPass && g.orderSecret(o.Card, player)
}

// sortSecretOpts is hideOrder for a question with two secret options or more.
// The secret options are sorted by their cards as byName orders them (name,
// then instance), the options of one card keeping the order they were built
// in: each one's key is its card's name rank, its card and its place.
func (g *Game) sortSecretOpts(player Seat) {
	pd := &g.Pending
	rank := registry().nameRank
	var at [MaxOpts]int16
	var keys [MaxOpts]uint64
	var opts [MaxOpts]Option
	n := 0
	for i := 0; i < int(pd.N); i++ {
		if g.secretOpt(i, player) {
			c := pd.Opts[i].Card
			at[n], opts[n] = int16(i), pd.Opts[i]
			keys[n] = uint64(uint32(rank[g.Cards[c].Def]))<<32 | uint64(uint16(c))<<16 | uint64(n)
			n++
		}
	}
	slices.Sort(keys[:n])
	for k, key := range keys[:n] {
		pd.Opts[at[k]] = opts[uint16(key)]
	}
}

// byName orders cards by name, then by instance: an order that says nothing
// of where each card lay in a deck or when it came into a hand. (Instances are
// numbered as the decks were built, the same in every deal; among cards of
// one name the instance tells nothing a seat may not know.)
func (g *Game) byName(cs []CardID) {
	rank := registry().nameRank // (names compared by their ranks: the same order)
	for i := 1; i < len(cs); i++ {
		c, j := cs[i], i
		for ; j > 0 && g.nameBefore(rank, c, cs[j-1]); j-- {
			cs[j] = cs[j-1]
		}
		cs[j] = c
	}
}

// nameBefore reports whether card a comes before card b by name, then
// instance, given the ranks of the definitions' names (regSnapshot.nameRank).
func (g *Game) nameBefore(rank []int32, a, b CardID) bool {
	ra, rb := rank[g.Cards[a].Def], rank[g.Cards[b].Def]
	if ra != rb {
		return ra < rb
	}
	return a < b
}

// hiddenFrom reports whether some seat may not see which card c is now (it
// is in a hand, a deck, the base deck, set aside face down).
func (g *Game) hiddenFrom(c CardID) bool { return g.visMask(c) != everyone }

// incOf returns the incarnation by which an event happening now names card
// c (any int16: None and non-cards give 0): the one it had where it was seen
// when it has just gone out of the sight of some seat that saw it there
// (IncCard; Moved and MovedWas are the same move's), its own otherwise (a
// card drawn is named by its id in the hand).
func (g *Game) incOf(c CardID) uint8 {
	if c < 0 || c >= g.NCards {
		return 0
	}
	if c == g.IncCard && c == g.Moved && g.MovedWas&^g.visMask(c) != 0 {
		return g.IncWas
	}
	return g.Cards[c].Inc
}

// shown records that card c, lying where some seat cannot see it, has been
// shown (looked at, revealed, offered in a question): it takes another
// incarnation, so that those who saw it there do not recognise it when it
// comes out (a looked-at hand's Hornet played later may be another copy).
func (g *Game) shown(c CardID) {
	if c < 0 || c >= g.NCards || !g.hiddenFrom(c) {
		return
	}
	if c == g.IncCard {
		g.IncCard = None // the events about its move are told
	}
	g.Cards[c].Inc++
}

// shownByDecision: the cards in another player's hand that the question
// being answered showed its decider (Probe's minions, a hand to take from)
// take another incarnation (shown).
func (g *Game) shownByDecision() {
	pd := &g.Pending
	if g.ordering() {
		return
	}
	for i := 0; i < int(pd.N); i++ {
		c := pd.Opts[i].Card
		if c < 0 || c >= g.NCards || g.Cards[c].Zone != ZHand || g.Cards[c].Ctrl == pd.Player {
			continue
		}
		dup := false
		for j := 0; j < i; j++ {
			dup = dup || pd.Opts[j].Card == c
		}
		if !dup {
			g.shown(c)
		}
	}
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
	g.recountHooks()
}
