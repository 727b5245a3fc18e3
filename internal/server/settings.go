package server

import (
	"net/http"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Seat settings: preferences a person sets for their own seat. They are kept
// in memory with the live game (a page sends its stored preferences again
// when it connects), and change nothing of the game's record.

// SettingsRequest is what POST /api/games/{id}/settings accepts.
type SettingsRequest struct {
	// AskEveryWindow: ask me in every Me First window, even when I hold
	// nothing I could play there. By default such a window is passed for
	// me after the same pause a computer seat takes to answer, so that
	// nobody learns from it whether I hold something.
	AskEveryWindow *bool `json:"ask_every_window"`
	// AutoPass is the older name of the opposite setting.
	AutoPass *bool `json:"auto_pass"`
}

func (s *Server) handleSettings(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookupSeat(w, r, "spectators have no seat settings")
	if !ok {
		return
	}
	var req SettingsRequest
	if !readJSON(w, r, 1024, &req, false) {
		return
	}
	if (req.AskEveryWindow == nil) == (req.AutoPass == nil) {
		writeJSON(w, 400, apiError{`bad request: send {"ask_every_window": true|false}`})
		return
	}
	askAll := req.AskEveryWindow != nil && *req.AskEveryWindow || req.AutoPass != nil && !*req.AutoPass
	l.locked(func() { l.askAll[seat] = askAll })
	m := l.message(seat)
	s.kick(l) // it may be this seat's turn to pass now
	writeJSON(w, 200, m)
}

// autoMove reports whether the pending decision is one the server takes for
// seat on its own: a question with no real choice (engine.RuleStopNoChoice),
// or a Me First window with nothing to play but pass, for a person who did
// not ask to be asked in every window.
func (l *live) autoMove(seat engine.Seat) bool {
	if l.src == nil || seat < 0 || int(seat) >= len(l.askAll) || l.cfg.Sandbox != nil { // a sandbox's page answers everything
		return false
	}
	noChoice, passOnly := l.src.forced()
	if noChoice {
		return !l.manual || l.ais[seat] != nil
	}
	return !l.askAll[seat] && passOnly
}

// readyAnswer is an answer the server has made for the decision of move at
// (a computer seat's, or a pass for a person), held until its pause is over.
type readyAnswer struct {
	at, opt int
	ok      bool
	release time.Time // when it reaches the table
}

// holdAnswerLocked reports whether the server's answer opt to the decision
// of move at must wait before it reaches the table, and then keeps it and
// sets a wake-up for when it may. When a person sits at the table, every
// answer the server makes comes AnswerPause after the question was asked, or
// at the next multiple of it when thinking took longer: so how soon a
// computer answers, or a person with nothing to play passes, tells nothing
// about what they hold. Hard computers think for under 0.1 s at most
// decisions (TestComputerAnswersTellNothingByTheClock measures it).
func (l *live) holdAnswerLocked(at, opt int) bool {
	now := time.Now()
	if !l.ready.ok || l.ready.at != at {
		l.ready = readyAnswer{at: at, opt: opt, ok: true, release: l.releaseAt(now)}
	}
	wait := l.ready.release.Sub(now)
	if wait <= 0 {
		return false
	}
	time.AfterFunc(wait, func() { l.srv.kick(l) })
	return true
}

// releaseAt is when an answer the server has made at done reaches the
// table: the first multiple of the pause after the question was asked that
// is not before done (done itself when no person sits at the table).
func (l *live) releaseAt(done time.Time) time.Time {
	pause := l.srv.AnswerPause
	if pause <= 0 || !l.people() {
		return done
	}
	since := done.Sub(l.asked)
	k := max(1, (since+pause-1)/pause)
	return l.asked.Add(k * pause)
}
