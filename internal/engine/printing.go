package engine

import "strconv"

// Printable forms of the ids and kinds, for logs, test failures and a
// debugger (fmt's %v; %d still prints the number). None of these types
// marshals as text: the JSON of views, records and the wire holds them as
// numbers, and a MarshalText would change that.

// String names seat p as the players see it ("Player 1" for seat 0), or
// "nobody" for None.
func (p Seat) String() string {
	if p < 0 {
		return "nobody"
	}
	return "Player " + strconv.Itoa(int(p)+1)
}

// String is the text the id stands for ("" for None or an unknown id).
func (t TextID) String() string { return TextOf(t) }

// String is the flag's name as it was interned (NamedFlag adds "flag:").
func (f FlagID) String() string { return TextOf(TextID(f)) }

var eventKindNames = [...]string{
	EvNone: "none", EvTurnStart: "turn start", EvPlay: "play", EvDestroy: "destroy", EvMove: "move",
	EvReturn: "return", EvDiscard: "discard", EvDraw: "draw", EvVP: "VP", EvScore: "score",
	EvBaseReplaced: "base replaced", EvTurnEnd: "turn end", EvShuffle: "shuffle", EvCounter: "counter",
	EvPlace: "place", EvAward: "award", EvGameOver: "game over", EvReveal: "reveal", EvText: "text",
	EvControl: "control", EvAffect: "affect", EvLeavePlay: "leave play", EvMinionPlaced: "minion placed",
	EvScoringChosen: "scoring chosen", EvAfterScore: "after score", EvPlayToDiscard: "play to discard",
	EvGive: "give", EvLook: "look", EvCancel: "cancel", EvControlEnd: "control end", EvPhase: "phase",
	EvAsked: "asked",
}

func (k EventKind) String() string { return nameOf(eventKindNames[:], int(k), "event kind ") }

// String is the kind's name in a record's text form (record.go).
func (k OptKind) String() string { return nameOf(optKindNames[:], int(k), "option kind ") }

var affectKindNames = [...]string{
	AffDestroy: "destroy", AffMove: "move", AffReturn: "return", AffPlace: "place", AffPower: "power",
	AffAttach: "attach", AffControl: "control", AffCounter: "counter", AffCancel: "cancel",
}

func (k AffectKind) String() string { return nameOf(affectKindNames[:], int(k), "affect kind ") }

// nameOf is names[i], or what and the number when i has no name.
func nameOf(names []string, i int, what string) string {
	if i >= 0 && i < len(names) && names[i] != "" {
		return names[i]
	}
	return what + strconv.Itoa(i)
}
