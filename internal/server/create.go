package server

import (
	"errors"
	"net/http"

	"github.com/smashup/smashup/internal/table"
)

// Creating a game: the lobby's form (table.CreateRequest), made a stored
// game by table.Tables.Create.

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req table.CreateRequest
	if !readJSON(w, r, 1<<16, &req, true) {
		return
	}
	who, ok := s.withIdentity(w, r, false) // anyone.go
	if !ok {
		return
	}
	req.Player = who
	resp, err := s.Create(table.WithOwner(r.Context(), s.clientAddr(r)), req)
	var many table.TooManyComputerGames
	if errors.As(err, &many) {
		s.refused("computer-games")
		tooMany(w, 30, err.Error())
		return
	}
	if errors.Is(err, table.ErrBusy) {
		w.Header().Set("Retry-After", "60")
		writeJSON(w, http.StatusServiceUnavailable, apiError{err.Error()})
		return
	}
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, 400, apiError{err.Error()})
		return
	}
	writeJSON(w, 200, resp)
}
