package server

import (
	"errors"
	"net/http"

	"github.com/smashup/smashup/internal/table"
)

// The guided first game's routes: the list of lessons, and a lesson's game
// (made and checked by table's lessons.go).

// lessonItem is one lesson in the list the lobby shows.
type lessonItem struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Goal  string `json:"goal"`
}

func (s *Server) handleLessons(w http.ResponseWriter, r *http.Request) {
	all, err := table.Lessons()
	if err != nil {
		s.log().Error("loading the lessons", "err", err)
		writeJSON(w, 500, apiError{"the lessons cannot be loaded"})
		return
	}
	out := make([]lessonItem, len(all))
	for i, l := range all {
		out[i] = lessonItem{l.ID, l.Title, l.Goal}
	}
	writeJSON(w, 200, out)
}

func (s *Server) handleLesson(w http.ResponseWriter, r *http.Request) {
	resp, err := s.CreateLesson(table.WithOwner(r.Context(), s.clientAddr(r)), r.PathValue("lesson"))
	switch {
	case err == nil:
		writeJSON(w, 200, resp)
	case errors.Is(err, table.ErrNoLesson):
		writeJSON(w, 404, apiError{err.Error()})
	case errors.Is(err, table.ErrBusy):
		w.Header().Set("Retry-After", "60")
		writeJSON(w, http.StatusServiceUnavailable, apiError{err.Error()})
	case s.storeDown(w, r, err):
	default:
		s.log().Error("making a lesson game", "err", err)
		writeJSON(w, 500, apiError{"the lesson could not be started; try again"})
	}
}
