package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/web"
	"github.com/smashup/smashup/internal/wire"
)

// The JSON API: factions and cards, a game's state, its moves and its
// replay. A refused request is answered {"error": "..."} (apiError).

type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func (s *Server) handleFactions(w http.ResponseWriter, r *http.Request) {
	type fv struct {
		Name     string `json:"name"`
		Playable bool   `json:"playable"`
	}
	var out []fv
	for _, f := range engine.Factions() {
		out = append(out, fv{f, engine.FactionPlayable(f)})
	}
	writeJSON(w, 200, out)
}

func (s *Server) handleCard(w http.ResponseWriter, r *http.Request) {
	d, err := engine.Lookup(r.PathValue("name"))
	if err != nil {
		writeJSON(w, 404, apiError{err.Error()})
		return
	}
	writeJSON(w, 200, engine.DefView(d))
}

// handleCards returns every card's text by its key (the game page loads it once).
func (s *Server) handleCards(w http.ResponseWriter, r *http.Request) {
	texts := map[string]string{}
	for _, d := range engine.Defs() {
		texts[d.Key] = d.Text
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	writeJSON(w, 200, texts)
}

func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (*table.Table, engine.Seat, bool) {
	l, err := s.Game(r.Context(), r.PathValue("id"))
	if err != nil {
		if s.storeDown(w, r, err) {
			return nil, engine.NoSeat, false
		}
		code := 500
		switch {
		case errors.Is(err, store.ErrNotFound):
			code, err = 404, table.ErrNoSuchLink
		case errors.Is(err, table.ErrBusy):
			code = http.StatusServiceUnavailable
			w.Header().Set("Retry-After", "60")
		}
		writeJSON(w, code, apiError{err.Error()})
		return nil, engine.NoSeat, false
	}
	seat, err := l.SeatOf(requestToken(r))
	if err != nil {
		writeJSON(w, 404, apiError{table.ErrNoSuchLink.Error()})
		return nil, engine.NoSeat, false
	}
	return l, seat, true
}

// lookupSeat is lookup for a request only a seat may make: a spectator's is
// refused (403) with refusal.
func (s *Server) lookupSeat(w http.ResponseWriter, r *http.Request, refusal string) (*table.Table, engine.Seat, bool) {
	l, seat, ok := s.lookup(w, r)
	if ok && seat == engine.NoSeat {
		writeJSON(w, 403, apiError{refusal})
		return nil, engine.NoSeat, false
	}
	return l, seat, ok
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookup(w, r)
	if !ok {
		return
	}
	writeJSON(w, 200, l.Message(seat))
}

// handleReplay serves a finished game as a replay file (setup and decisions),
// for `smashup replay`. While the game runs it would reveal hidden cards, so it
// is refused until the game is over.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.lookup(w, r)
	if !ok {
		return
	}
	rep, err := l.ReplayFile()
	if err != nil {
		writeJSON(w, 409, apiError{err.Error()})
		return
	}
	b, err := rep.Marshal()
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"smashup-%s.json\"", l.ID()))
	w.Write(b)
}

// Message is what a client receives: its view of the game (docs/protocol.md).
type Message = wire.Update

// SeatInfo is public information about a seat.
type SeatInfo = wire.Seat

// MoveRequest is a decision sent by a seat.
type MoveRequest = wire.Move

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookupSeat(w, r, "spectators cannot move")
	if !ok {
		return
	}
	var req struct { // wire.Move, with both numbers required
		Move   *int  `json:"move"`
		Option *int  `json:"option"`
		Then   []int `json:"then"`
	}
	if !readJSON(w, r, 4096, &req, false) {
		return
	}
	if req.Move == nil || req.Option == nil {
		writeJSON(w, 400, apiError{`bad request: send {"move": N, "option": I}, both numbers`})
		return
	}
	if len(req.Then) > wire.MaxThen {
		writeJSON(w, 400, apiError{fmt.Sprintf("bad request: at most %d follow-up answers", wire.MaxThen)})
		return
	}
	err := l.Move(r.Context(), seat, *req.Move, *req.Option, req.Then...)
	if errors.Is(err, table.ErrEvicted) { // unloaded meanwhile: once more, on the game as loaded again
		if l, seat, ok = s.lookup(w, r); !ok {
			return
		}
		err = l.Move(r.Context(), seat, *req.Move, *req.Option, req.Then...)
	}
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		code := 409
		if errors.Is(err, table.ErrBadOption) || errors.Is(err, table.ErrBadThen) {
			code = 400
		}
		writeJSON(w, code, apiError{err.Error()})
		return
	}
	writeJSON(w, 200, l.Message(seat))
}

// page serves one of the embedded pages.
func page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := web.Files.ReadFile(name)
		if err != nil {
			http.Error(w, "missing page", 500)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b)
	}
}

// notFoundPage answers a page address that leads nowhere with a page that
// says so and leads back to the lobby (the API answers JSON errors).
func notFoundPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · smashup</title><link rel="stylesheet" href="/static/style.css"></head>
<body class="lost"><main><h1>Nothing here</h1><p>This address leads to no page. A game's address comes from its invite link.</p>
<p><a href="/">Go to the lobby</a></p></main></body></html>`)
}
