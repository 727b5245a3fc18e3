package engine

// The meanings of the shared fields. An Event's Num and Other, an Option's
// Num and an Effect's Amount hold a different thing for each kind (a seat, a
// zone, a count, a card, a text...). Card code reads and writes them only
// through the accessors and constructors below, each named for what it
// holds and saying for which kinds, so that the compiler checks the type.

// Destroyer is the player credited with an EvDestroy: the player whose
// ability destroyed the card (None: the rules themselves).
func (e Event) Destroyer() Seat { return Seat(e.Num) }

// Source is the card whose ability did what the event says, or None: for an
// EvDestroy the card whose ability destroyed it, for an EvAffect the card
// whose ability affects it, for an EvControlEnd the card whose control
// effect ended.
func (e Event) Source() CardID { return CardID(e.Other) }

// Affect is the kind of effect of an EvAffect.
func (e Event) Affect() AffectKind { return AffectKind(e.Num) }

// PlayedOn is the minion an EvPlay's card was played on, or None (played on
// a base, or a minion).
func (e Event) PlayedOn() CardID { return CardID(e.Other) }

// FromZone is the zone an EvPlay's card was played from, an EvDiscard's
// card was discarded from, or an EvTake's card was taken from.
func (e Event) FromZone() Zone { return Zone(e.Num) }

// Mover is the player who moved an EvMove's card.
func (e Event) Mover() Seat { return Seat(e.Other) }

// FromBase is the base an EvMove's card was moved from.
func (e Event) FromBase() BaseID { return BaseID(e.Num) }

// Count is how many: the cards an EvDraw drew, the counters an EvCounter
// placed (negative: removed), the +1 power counters an EvPlayToDiscard's
// card carried.
func (e Event) Count() int { return int(e.Num) }

// CountersFrom is the card an EvCounter's counters were taken from, or None
// (new counters).
func (e Event) CountersFrom() CardID { return CardID(e.Other) }

// VP is the number of victory points of an EvVP or an EvAward.
func (e Event) VP() int { return int(e.Num) }

// Place is an EvAward's place at the scoring (1 .. 3).
func (e Event) Place() int { return int(e.Other) }

// PlacedAt is where an EvPlace put its card (PlaceDeckBottom ... PlaceDiscard).
func (e Event) PlacedAt() int { return int(e.Num) }

// OldBase is the base card an EvBaseReplaced replaced, or None (a base slot
// filled for the first time).
func (e Event) OldBase() CardID { return CardID(e.Other) }

// Line is the text id of an EvText's line.
func (e Event) Line() TextID { return TextID(e.Num) }

// Phase is the phase an EvPhase enters.
func (e Event) Phase() Phase { return Phase(e.Num) }

// Receiver is the player into whose hand an EvGive put its card.
func (e Event) Receiver() Seat { return Seat(e.Num) }

// HandOf is the player whose hand an EvLook looks at.
func (e Event) HandOf() Seat { return Seat(e.Num) }

// ControlFrom is the player who controlled an EvControl's card before.
func (e Event) ControlFrom() Seat { return Seat(e.Num) }

// ControlTo is the player who controls (or, when it left play, holds) an
// EvControlEnd's card now.
func (e Event) ControlTo() Seat { return Seat(e.Num) }

// Shielded is the card an EvCancel's ability no longer affects, or None.
func (e Event) Shielded() CardID { return CardID(e.Other) }

// ShieldedPlayer is the player whose minions an EvCancel's ability no longer
// affects, or None.
func (e Event) ShieldedPlayer() Seat { return Seat(e.Num) }

// Number is the number an OptNum offers.
func (o Option) Number() int { return int(o.Num) }

// Text is the text an OptText offers, or None for another kind of option.
func (o Option) Text() TextID {
	if o.Kind != OptText {
		return None
	}
	return TextID(o.Num)
}

// Special is the index of the Special (in its card's Def.Specials) an
// OptUse uses or an OptPlay plays through, or None (a play of its own; for
// an OptUse, the card's talent).
func (o Option) Special() int { return int(o.Num) }

// Waiting is the index (in Game.Trigs) of the waiting ability an OptCard
// chooses when the order of abilities is chosen.
func (o Option) Waiting() int { return int(o.Num) }

// PlayOption offers player p to play card c of its own (through no Special).
func PlayOption(p Seat, c CardID) Option {
	return Option{Kind: OptPlay, Player: p, Card: c, Base: None, Num: None}
}

// Power is the power an EffPower, EffBasePower, EffPlayerPower or
// EffLoosePower gives.
func (e Effect) Power() int { return int(e.Amount) }

// ReturnsTo is the player an EffControl gives its card back to.
func (e Effect) ReturnsTo() Seat { return Seat(e.Amount) }

// Flag is the flag of an EffFlag or an EffMark.
func (e Effect) Flag() FlagID { return FlagID(e.Amount) }

// PowerEffect is an EffPower: card c gets n power (from source card src,
// for player p) until expires.
func PowerEffect(c CardID, n int, p Seat, src CardID, expires uint8) Effect {
	return Effect{Kind: EffPower, Expires: expires, Player: p, Base: None, Card: c, Amount: int16(n), Src: src}
}
