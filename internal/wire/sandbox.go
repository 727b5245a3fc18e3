package wire

import (
	"github.com/smashup/smashup/internal/engine"
)

// Sandbox is what a sandbox game's page gets beyond a seat's update: a
// sandbox has no secrets (its one page plays every seat), so it sees every
// hand face up, the decisions made so far (to go back to any of them) and
// a link that shares the position and the moves. The update itself is the
// one of the seat deciding now (Update.Seat, "acting"), so that its
// decision is the page's to answer.
type Sandbox struct {
	Name string `json:"name"`           // the position's scenario name
	Rule string `json:"rule,omitempty"` // its rule, if it names one
	// Acting: the seat whose decision the page answers now (absent: none,
	// the game is over).
	Acting *int `json:"acting,omitempty"`
	// Hands: every seat's hand, face up, by seat.
	Hands [][]Card `json:"hands"`
	// History: the decisions made so far, oldest first.
	History []SandboxMove `json:"history"`
	// Share: the path and fragment of a link that opens the position with
	// these moves played ("/sandbox#p=...").
	Share string `json:"share"`
}

// SandboxMove is one decision made in a sandbox: going back to it rebuilds
// the game from the position and the Move decisions before it.
type SandboxMove struct {
	Move   int    `json:"move"`   // its number (0 for the first)
	Player int    `json:"player"` // who decided
	Turn   int    `json:"turn"`   // the turn it was made in
	Label  string `json:"label"`  // what was chosen, in words
	// Question: what was asked, when it was a question while something
	// resolved (not the Play Cards phase's nor a Me First window's)
	Question string `json:"question,omitempty"`
}

// Hands returns every seat's hand as that seat sees it (a sandbox's view:
// nobody else's page may have it).
func Hands(g *engine.Game) [][]Card {
	out := make([][]Card, g.NPlayers)
	for p := range g.NPlayers {
		v := g.View(p)
		b := &builder{g: g, seat: p}
		out[p] = b.cards(v.Hand, false)
		if out[p] == nil {
			out[p] = []Card{}
		}
	}
	return out
}
