package server

import (
	"net/http"

	"github.com/smashup/smashup/internal/engine"
)

// Seat settings: preferences a person sets for their own seat. They are kept
// in memory with the live game (a page sends its stored preferences again
// when it connects), and change nothing of the game's record.

// SettingsRequest is what POST /api/games/{id}/settings accepts.
type SettingsRequest struct {
	// AutoPass: pass for me in a Me First window when I have nothing I
	// could play. Other seats then see me pass at once exactly when I hold
	// nothing usable, which tells them so: the page says it.
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
	if req.AutoPass == nil {
		writeJSON(w, 400, apiError{`bad request: send {"auto_pass": true|false}`})
		return
	}
	l.locked(func() { l.autoPass[seat] = *req.AutoPass })
	m := l.message(engine.Seat(seat))
	s.kick(l) // it may be this seat's turn to pass now
	writeJSON(w, 200, m)
}

// autoMove reports whether the pending decision is one the server takes for
// seat on its own: a Me First window with nothing to play but pass, for a
// person who asked for it.
func (l *live) autoMove(seat int) bool {
	return l.draft == nil && l.g != nil && seat >= 0 && seat < len(l.autoPass) && l.autoPass[seat] && l.g.WindowPassOnly()
}
