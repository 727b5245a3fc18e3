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
	m := l.message(engine.Seat(seat))
	s.kick(l) // it may be this seat's turn to pass now
	writeJSON(w, 200, m)
}

// autoMove reports whether the pending decision is one the server takes for
// seat on its own: a Me First window with nothing to play but pass, for a
// person who did not ask to be asked in every window.
func (l *live) autoMove(seat int) bool {
	return l.draft == nil && l.g != nil && seat >= 0 && seat < len(l.askAll) && !l.askAll[seat] && l.g.WindowPassOnly()
}

// waitWindowLocked reports whether a Me First window's answer made by the
// server (a computer seat's, or a pass for a person) must wait: every such
// answer comes the same pause (Server.WindowPause) after the window asked,
// so that how soon a seat answers tells nothing about what it holds. The
// game is looked at again when the pause is over.
func (l *live) waitWindowLocked() bool {
	pause := l.srv.WindowPause
	if pause <= 0 || l.g == nil || !l.g.InWindow() || !l.people() {
		return false
	}
	wait := pause - time.Since(l.asked)
	if wait <= 0 {
		return false
	}
	if !l.waking.Equal(l.asked) { // one wake-up per window question
		l.waking = l.asked
		time.AfterFunc(wait, func() { l.srv.kick(l) })
	}
	return true
}
