package server

import (
	"errors"
	"net/http"

	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// Seats' requests: claiming an invite, asking what an invite leads to,
// inviting a seat again and starting with computers (the seats themselves,
// and how a claim is made once over every instance: table's seats.go).

// InviteRequest is what POST /api/games/{id}/invite accepts (with the host
// key as the bearer token).
type InviteRequest struct {
	Seat int `json:"seat"`
}

func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	var req table.ClaimRequest
	if !readJSON(w, r, 1024, &req, false) {
		return
	}
	who, ok := s.withIdentity(w, r, false) // anyone.go
	if !ok {
		return
	}
	req.Player = who
	resp, err := s.Claim(r.Context(), r.PathValue("id"), req)
	if err != nil {
		s.seatError(w, err)
		return
	}
	writeJSON(w, 200, resp)
}

func (s *Server) handleInviteInfo(w http.ResponseWriter, r *http.Request) {
	info, err := s.InviteOf(r.Context(), r.PathValue("id"), requestToken(r))
	if err != nil {
		s.seatError(w, err)
		return
	}
	writeJSON(w, 200, info)
}

func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request) {
	var req InviteRequest
	if !readJSON(w, r, 1024, &req, false) {
		return
	}
	resp, err := s.Invite(r.Context(), r.PathValue("id"), requestToken(r), seatAt(req.Seat))
	if err != nil {
		s.seatError(w, err)
		return
	}
	writeJSON(w, 200, resp)
}

func (s *Server) handleStart(w http.ResponseWriter, r *http.Request) {
	if err := s.Start(r.Context(), r.PathValue("id"), requestToken(r)); err != nil {
		s.seatError(w, err)
		return
	}
	writeJSON(w, 200, struct{}{})
}

// seatError answers a refused claim, invite or start.
func (s *Server) seatError(w http.ResponseWriter, err error) {
	if s.storeDown(w, nil, err) { // unavailable.go
		return
	}
	code := 400
	switch {
	case errors.Is(err, table.ErrNoSuchLink), errors.Is(err, store.ErrNotFound):
		code, err = 404, table.ErrNoSuchLink
	case errors.Is(err, table.ErrSeatTaken), errors.Is(err, table.ErrSeatHeld), errors.Is(err, table.ErrAlreadySeated):
		code = 409
	case errors.Is(err, table.ErrNotHost), errors.Is(err, table.ErrOpenTable):
		code = 403
	case errors.Is(err, table.ErrHintsConsent):
		code = http.StatusPreconditionRequired
	case errors.Is(err, table.ErrBusy):
		code = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "60")
	}
	writeJSON(w, code, apiError{err.Error()})
}
