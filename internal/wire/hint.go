package wire

// HintRequest is what POST /api/games/{id}/hint accepts: the Update's move
// number of the seat's pending decision.
type HintRequest struct {
	Move int `json:"move"`
}

// Hint is what the strongest computer level would play at the seat's
// decision, and why.
type Hint struct {
	Move   int `json:"move"`   // the move number it answers
	Option int `json:"option"` // the Option's index
	// Then: the answers to the option's follow-up question (Option.Then)
	// the search chose, when it chose one.
	Then []int  `json:"then,omitempty"`
	Line string `json:"line"` // the hint in one line
	// Chance: the seat's estimated chance to win with this option, in
	// percent; Next: with the next best option (both absent when there
	// was nothing to search).
	Chance *int `json:"chance,omitempty"`
	Next   *int `json:"next,omitempty"`
	// Why says in the table's terms what the option leads to: the VP the
	// seat gains by the end of the round on average, against the most any
	// other seat gains, and the same with the next best option (absent
	// when there was nothing to search). It ends Line too.
	Why string `json:"why,omitempty"`
}
