package server

import (
	"errors"
	"net/http"

	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// Talking without abuse (docs/anyone.md; the table's talk.go): a seat says
// a preset phrase (POST /api/games/{id}/say), and a person blocks another
// (POST /api/me/block), so that Play now never seats them together and
// neither takes a seat at a table the other sits at.

// SayRequest is what POST /api/games/{id}/say accepts.
type SayRequest struct {
	Phrase string `json:"phrase"`
}

func (s *Server) handleSay(w http.ResponseWriter, r *http.Request) {
	var req SayRequest
	if !readJSON(w, r, 256, &req, true) {
		return
	}
	l, seat, ok := s.lookupSeat(w, r, "spectators watch: they say nothing at the table")
	if !ok {
		return
	}
	err := l.Say(r.Context(), seat, req.Phrase)
	if s.storeDown(w, r, err) {
		return
	}
	switch {
	case errors.Is(err, table.ErrTalkTooFast):
		writeJSON(w, http.StatusTooManyRequests, apiError{err.Error()})
	case err != nil:
		writeJSON(w, 400, apiError{err.Error()})
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// BlockRequest is what POST /api/me/block accepts: block (or not) the
// player of that public id.
type BlockRequest struct {
	Player string `json:"player"`
	Block  bool   `json:"block"`
}

// Blocks is GET /api/me/blocks: whom the person blocked.
type Blocks struct {
	Blocks []BlockedPlayer `json:"blocks"`
}

// BlockedPlayer is one blocked player.
type BlockedPlayer struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func (s *Server) talkStore() store.Talk {
	t, _ := s.store.(store.Talk)
	return t
}

func (s *Server) handleBlock(w http.ResponseWriter, r *http.Request) {
	ts := s.talkStore()
	if ts == nil {
		writeJSON(w, http.StatusNotImplemented, apiError{errNoIdentities.Error()})
		return
	}
	var req BlockRequest
	if !readJSON(w, r, 256, &req, true) {
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	if req.Player == who.ID {
		writeJSON(w, 400, apiError{"you cannot block yourself"})
		return
	}
	if _, err := s.playerStore().Player(r.Context(), req.Player); err != nil {
		if !s.storeDown(w, r, err) {
			writeJSON(w, 404, apiError{errNoSuchPlayer.Error()})
		}
		return
	}
	err := ts.Block(r.Context(), who.ID, req.Player, req.Block)
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	s.handleBlocks(w, r)
}

func (s *Server) handleBlocks(w http.ResponseWriter, r *http.Request) {
	ts := s.talkStore()
	if ts == nil {
		writeJSON(w, http.StatusNotImplemented, apiError{errNoIdentities.Error()})
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	ids, _, err := ts.Blocked(r.Context(), who.ID)
	if s.storeDown(w, r, err) {
		return
	}
	out := Blocks{Blocks: []BlockedPlayer{}}
	for _, id := range ids {
		p, err := s.playerStore().Player(r.Context(), id)
		if err == nil {
			out.Blocks = append(out.Blocks, BlockedPlayer{ID: p.ID, Name: p.Name})
		}
	}
	writeJSON(w, 200, out)
}
