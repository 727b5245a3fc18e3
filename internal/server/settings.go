package server

import (
	"net/http"
)

// Seat settings: preferences a person sets for their own seat. They are kept
// in memory with the game (a page sends its stored preferences again when
// it connects: table's settings.go), and change nothing of the game's
// record.

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
	writeJSON(w, 200, l.SetAskEveryWindow(r.Context(), seat, askAll))
}
