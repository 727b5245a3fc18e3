package engine

// The things a rule names have types of their own, so that a seat can never
// be passed where a card is expected. Each is a small integer (an index into
// the game's arrays or the registry) and each has its own "none".

// CardID names one physical card of a game: an index into Game.Cards. Bases
// are cards too: a base card in play has a CardID and occupies a BaseID.
type CardID int16

// DefID names a card definition: an index into the registry (Defs).
type DefID int16

// Seat names a player by their place at the table, from 0: whose turn it
// is, who controls a card, who is asked.
type Seat int8

// BaseID names a place on the table where a base lies: an index into
// Game.Bases. The base card there changes when the base is replaced; the
// place does not.
type BaseID int8

// TextID names an interned text (Text, TextOf): a prompt's template, a text
// offered as an option, a line of the log. Ids are given out as texts are
// first used, so they mean nothing outside the process (saves and records
// hold the texts).
type TextID int16

// FlagID names a flag that an effect (EffFlag, EffMark) ties to a player or a
// card: an interned text (NamedFlag), so ids never collide between cards.
type FlagID int16

// None of each: no card, no definition, no seat, no base. The untyped None
// (-1) is the same value and reads the same in a comparison with any of them.
const (
	NoCard CardID = None
	NoDef  DefID  = None
	NoSeat Seat   = None
	NoBase BaseID = None
)

// NoLimit, for a bound, is no bound at all: ExtraPlay.MaxPower (a minion of
// any power), "up to" counts that may be any number.
const NoLimit = -1

// Public ids. An interface names a card by an id that says nothing a seat
// may not know: not its instance number (instances are numbered as the decks
// were built, so a number would say which card it is), and not the same id
// before and after the card was out of sight. A card's incarnation
// (Card.Inc) grows each time it goes into a hand, a deck or the base deck,
// is set aside face down after others saw it, or is shown where it lies
// hidden (a hand looked at, a card revealed there, the cards of another
// player's hand offered in a question); its public id is a keyed
// permutation of (instance, incarnation), the key derived from the game's
// secret seed. So its holder sees one id while it is in the hand and when
// it is played from there, and every other seat sees a new card: a copy
// returned to a hand is not told apart from the other copies when one is
// played later.

// PublicID returns card c's public id now (0 for no card).
func (g *Game) PublicID(c CardID) int {
	if c < 0 || c >= g.NCards {
		return 0
	}
	return publicID(g.IDKey, c, g.Cards[c].Inc)
}

// PublicIDAt returns card c's public id in incarnation inc (an event's:
// EventView.Inc).
func (g *Game) PublicIDAt(c CardID, inc uint8) int {
	if c < 0 || c >= g.NCards {
		return 0
	}
	return publicID(g.IDKey, c, inc)
}

// publicID is a 4-round Feistel permutation of the 18-bit number made of inc
// and c, keyed by key, plus 1 (never 0). Distinct cards and incarnations
// never share an id; the ids are spread over 1 .. 2^18 in no order (a
// range small enough to keep the messages short: an update names a hundred
// cards).
func publicID(key uint64, c CardID, inc uint8) int {
	x := uint32(inc)<<9 | uint32(c)&0x1ff
	l, r := x>>9, x&0x1ff
	for round := range uint64(4) {
		f := uint32(mix64(key^round<<40^uint64(r)*0x9e3779b97f4a7c15)) & 0x1ff
		l, r = r, l^f
	}
	return int(l<<9|r) + 1
}

// mix64 is splitmix64's finaliser.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// idKey derives the key of the public ids from a game's seed.
func idKey(seed uint64) uint64 { return mix64(mix64(seed^0x6a09e667f3bcc908) + 0xbb67ae8584caa73b) }

// publicID packs an instance into 9 bits.
var _ [512 - MaxCards]struct{}
