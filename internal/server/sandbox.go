package server

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/smashup/smashup/internal/scenario"
	"github.com/smashup/smashup/internal/table"
)

// The rules sandbox's routes (registered in Handler): a sandbox game made
// from a position's text or a share link, and going back to an earlier
// decision. The sandbox itself (what its game is, its one key, its message
// showing every hand) is table's sandbox.go.

// yamlTypes are the content types a position is accepted as (none of them
// one that a form of another site can post).
var yamlTypes = map[string]bool{"application/yaml": true, "application/x-yaml": true, "text/yaml": true, "text/x-yaml": true}

// handleSandbox makes a sandbox game from a position: the body is its
// text (at most scenario.MaxPosition bytes); ?pick=N chooses a scenario of
// the text, ?moves=0.2.1 plays moves from it, ?steps=1 plays its steps.
func (s *Server) handleSandbox(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || !yamlTypes[mt] {
		writeJSON(w, http.StatusUnsupportedMediaType, apiError{"send the position as YAML text (Content-Type: application/yaml)"})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, scenario.MaxPosition))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeJSON(w, http.StatusRequestEntityTooLarge, apiError{fmt.Sprintf("the position is larger than %d bytes (64 KB)", scenario.MaxPosition)})
			return
		}
		writeJSON(w, 400, apiError{"bad request: " + err.Error()})
		return
	}
	req := table.SandboxRequest{Position: body}
	q := r.URL.Query()
	if p := q.Get("pick"); p != "" {
		if req.Pick, err = strconv.Atoi(p); err != nil || req.Pick < 1 {
			writeJSON(w, 400, apiError{"bad request: pick is a scenario's number, from 1"})
			return
		}
	}
	req.Steps = q.Get("steps") == "1"
	if req.Moves, err = scenario.ParseMoves(q.Get("moves")); err != nil {
		writeJSON(w, 400, apiError{"bad request: moves: " + err.Error()})
		return
	}
	s.answerSandbox(w, r, req)
}

// handleSandboxLink makes a sandbox game from a share link's fragment:
// {"fragment": "p=...&m=..."}.
func (s *Server) handleSandboxLink(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Fragment string `json:"fragment"`
	}
	if !readJSON(w, r, 4*scenario.MaxPosition, &body, true) {
		return
	}
	text, pick, moves, err := scenario.ParseShare(body.Fragment)
	if err != nil {
		writeJSON(w, 400, apiError{err.Error()})
		return
	}
	s.answerSandbox(w, r, table.SandboxRequest{Position: text, Pick: pick, Moves: moves})
}

// sandboxError is a refused position: the reason, and its line when known.
type sandboxError struct {
	Error string `json:"error"`
	Line  int    `json:"line,omitempty"`
}

func (s *Server) answerSandbox(w http.ResponseWriter, r *http.Request, req table.SandboxRequest) {
	resp, err := s.CreateSandbox(table.WithOwner(r.Context(), s.clientAddr(r)), req)
	var pe *table.PositionError
	switch {
	case err == nil:
		writeJSON(w, 200, resp)
	case errors.As(err, &pe):
		writeJSON(w, 400, sandboxError{pe.Msg, pe.Line})
	case errors.Is(err, table.ErrBusy):
		w.Header().Set("Retry-After", "60")
		writeJSON(w, http.StatusServiceUnavailable, apiError{err.Error()})
	case s.storeDown(w, r, err):
	default:
		s.log().Error("making a sandbox game", "err", err)
		writeJSON(w, 500, apiError{"the sandbox game could not be stored; try again"})
	}
}

// UndoRequest goes back to the decision of move To (0: the first): a new
// sandbox game from the position and the To moves before it.
type UndoRequest struct {
	To int `json:"to"`
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.lookupSeat(w, r, "spectators cannot go back")
	if !ok {
		return
	}
	var req UndoRequest
	if !readJSON(w, r, 1024, &req, true) {
		return
	}
	sr, err := l.Undo(req.To)
	if err != nil {
		writeJSON(w, 400, apiError{err.Error()})
		return
	}
	s.answerSandbox(w, r, sr)
}
