package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"time"

	"github.com/smashup/smashup/internal/scenario"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// Reports ("Something looks wrong?"): POST /api/games/{id}/report keeps
// what a seat or a spectator says with the game as it is (table.Report);
// GET /api/reports/{id} with the key the reporter got opens it in the
// sandbox once the game is over (never before: it holds every hidden card).
// The operator lists and reads them with `smashup reports`.

// A report per address: a burst of 5, then one a minute.
const (
	reportRate  = 1.0 / 60
	reportBurst = 5
)

// ReportCreated is what POST /api/games/{id}/report answers.
type ReportCreated struct {
	Report string `json:"report"`
	// Key opens the report (GET /api/reports/{id} with
	// Authorization: Bearer KEY): only the reporter has it.
	Key string `json:"key"`
}

// ReportOpened is what GET /api/reports/{id} answers once the game is over.
type ReportOpened struct {
	Report  string `json:"report"`
	Game    string `json:"game"`
	Text    string `json:"text"`
	Sandbox string `json:"sandbox,omitempty"` // the sandbox at the reported moment
	Replay  string `json:"replay"`            // the game's replay
}

func (s *Server) reportStore(w http.ResponseWriter) (store.Reports, bool) {
	st, ok := s.store.(store.Reports)
	if !ok {
		writeJSON(w, http.StatusNotImplemented, apiError{"this server keeps no reports"})
	}
	return st, ok
}

func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) {
	st, ok := s.reportStore(w)
	if !ok {
		return
	}
	var req struct {
		Text string `json:"text"`
	}
	if !readJSON(w, r, 8192, &req, false) {
		return
	}
	if _, err := table.CleanReportText(req.Text); err != nil { // before the game is looked at
		writeJSON(w, 400, apiError{err.Error()})
		return
	}
	l, seat, ok := s.lookup(w, r)
	if !ok {
		return
	}
	rep, key, err := l.Report(seat, req.Text, time.Now())
	if err != nil {
		writeJSON(w, 409, apiError{err.Error()})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	if err := st.SaveReport(ctx, rep); err != nil {
		if s.storeDown(w, r, err) {
			return
		}
		writeJSON(w, 500, apiError{"the report could not be kept: " + err.Error()})
		return
	}
	s.log().Info("a report", "report", rep.ID, "game", rep.Game, "move", rep.Move, "scenario", rep.Scenario != "")
	writeJSON(w, http.StatusCreated, ReportCreated{Report: rep.ID, Key: key})
}

func (s *Server) handleOpenReport(w http.ResponseWriter, r *http.Request) {
	st, ok := s.reportStore(w)
	if !ok {
		return
	}
	const unknown = "no such report (or not your key)"
	rep, err := st.LoadReport(r.Context(), r.PathValue("id"))
	if s.storeDown(w, r, err) {
		return
	}
	key := requestToken(r)
	if err != nil || key == "" || subtle.ConstantTimeCompare([]byte(table.HashReportKey(key)), []byte(rep.KeyHash)) != 1 {
		writeJSON(w, 404, apiError{unknown})
		return
	}
	l, err := s.Game(r.Context(), rep.Game)
	switch {
	case s.storeDown(w, r, err):
		return
	case err == nil && !l.Ended():
		writeJSON(w, http.StatusConflict, apiError{"the report opens once the game is over: it holds every card"})
		return
	case err != nil && !errors.Is(err, store.ErrNotFound): // a game deleted since is over
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	out := ReportOpened{Report: rep.ID, Game: rep.Game, Text: rep.Text, Replay: "/api/games/" + rep.Game + "/replay"}
	if rep.Position != "" {
		moves, err := scenario.ParseMoves(rep.Moves)
		if err == nil {
			out.Sandbox = scenario.SandboxLink("", []byte(rep.Position), 1, moves)
		}
	}
	writeJSON(w, 200, out)
}
