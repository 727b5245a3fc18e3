package server

import (
	"errors"
	"net/http"

	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/wire"
)

// Hints' route: POST /api/games/{id}/hint asks what the strongest computer
// level would play at the seat's own pending decision (worked out by
// table's hint.go, from what the seat may know only).

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookupSeat(w, r, "spectators get no hints: a hint is for the seat that decides")
	if !ok {
		return
	}
	var req wire.HintRequest
	if !readJSON(w, r, 1024, &req, false) {
		return
	}
	h, err := l.Hint(r.Context(), seat, req.Move)
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		code := http.StatusConflict
		switch {
		case errors.Is(err, table.ErrHintsOff):
			code = http.StatusForbidden
		case errors.Is(err, table.ErrHintBusy):
			code = http.StatusServiceUnavailable
			w.Header().Set("Retry-After", "2")
		case errors.Is(err, table.ErrHintFailed):
			code = http.StatusInternalServerError
		}
		writeJSON(w, code, apiError{err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, h)
}
