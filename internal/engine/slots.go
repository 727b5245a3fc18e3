package engine

// Slots: the values an ability remembers from one of its steps to a later
// one (its frame's values, Frame.V). Each ability names its own, as
// constants of a slot type that says what the slot holds:
//
//	const (
//		theMinion engine.CardSlot   = iota // the minion chosen
//		theBase   engine.BaseIDSlot = iota // where it moves
//		moved     engine.NumSlot    = iota // how many moved so far
//	)
//
// and reads and writes each only through the accessors of its type
// (f.CardIn(theMinion), f.SetBase(theBase, b), f.Add(moved, 1)), so that the
// compiler refuses a card slot read as a base or a player. The types name
// positions only: a frame still holds six int16 values, whatever their kinds.
//
// A helper that needs to remember values runs as an ability of its own
// (Game.Schedule) with its own frame, so that no two can share a slot.

// CardSlot names a frame value that holds a card (CardID).
type CardSlot uint8

// BaseIDSlot names a frame value that holds a base in play (BaseID). (The
// name BaseSlot is the table place itself.)
type BaseIDSlot uint8

// SeatSlot names a frame value that holds a player (Seat).
type SeatSlot uint8

// NumSlot names a frame value that holds a number (a count, a power, a bit
// set, a step of a loop ...).
type NumSlot uint8

// TextSlot names a frame value that holds a text (TextID: a name, a faction
// ... chosen).
type TextSlot uint8

// Get returns the number remembered in slot s.
func (f *Frame) Get(s NumSlot) int { return int(f.V[s]) }

// Set remembers the number v in slot s.
func (f *Frame) Set(s NumSlot, v int) { f.V[s] = int16(v) }

// Add adds n to the number in slot s and returns the sum.
func (f *Frame) Add(s NumSlot, n int) int {
	f.V[s] += int16(n)
	return int(f.V[s])
}

// BaseIn returns the base remembered in slot s.
func (f *Frame) BaseIn(s BaseIDSlot) BaseID { return BaseID(f.V[s]) }

// SetBase remembers base b in slot s.
func (f *Frame) SetBase(s BaseIDSlot, b BaseID) { f.V[s] = int16(b) }

// CardIn returns the card remembered in slot s.
func (f *Frame) CardIn(s CardSlot) CardID { return CardID(f.V[s]) }

// SetCard remembers card c in slot s.
func (f *Frame) SetCard(s CardSlot, c CardID) { f.V[s] = int16(c) }

// SeatIn returns the player remembered in slot s.
func (f *Frame) SeatIn(s SeatSlot) Seat { return Seat(f.V[s]) }

// SetSeat remembers player p in slot s.
func (f *Frame) SetSeat(s SeatSlot, p Seat) { f.V[s] = int16(p) }

// TextIn returns the text remembered in slot s.
func (f *Frame) TextIn(s TextSlot) TextID { return TextID(f.V[s]) }

// SetText remembers text t in slot s.
func (f *Frame) SetText(s TextSlot, t TextID) { f.V[s] = int16(t) }
