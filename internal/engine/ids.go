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

// None of each: no card, no definition, no seat, no base. The untyped None
// (-1) is the same value and reads the same in a comparison with any of them.
const (
	NoCard CardID = None
	NoDef  DefID  = None
	NoSeat Seat   = None
	NoBase BaseID = None
)
