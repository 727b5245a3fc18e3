package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
	"github.com/smashup/smashup/lessons"
)

// The guided first game (issue 25, part 1): each lesson (package lessons)
// is a position in the scenario format, made into a game the way the rules
// sandbox makes one (sandbox.go), but played as a real game: the person
// holds the first seat only, the others are easy computers, and every
// hand but the person's is hidden. The lesson's goal (an expect block) is
// checked against the game after every move (checkLessonLocked); once
// met it stays met, and the page says so (wire.Lesson).

// LessonConfig is what a lesson game's Config records: which lesson.
type LessonConfig struct {
	ID string `json:"id"`
}

// lessonComputer is the level of a lesson's other seats.
const lessonComputer = "easy"

var allLessons = sync.OnceValues(lessons.All)

// Lessons are every lesson, in order (loaded once).
func Lessons() ([]*lessons.Lesson, error) { return allLessons() }

// lessonByID returns the lesson and its number (from 1).
func lessonByID(id string) (*lessons.Lesson, int, []*lessons.Lesson) {
	all, err := allLessons()
	if err != nil {
		return nil, 0, nil
	}
	for i, l := range all {
		if l.ID == id {
			return l, i + 1, all
		}
	}
	return nil, 0, all
}

// ErrNoLesson is a lesson id that names no lesson.
var ErrNoLesson = errors.New("no such lesson")

// CreateLesson makes and stores a game of lesson id; the response's link
// is the person's seat.
func (s *Tables) CreateLesson(ctx context.Context, id string) (SandboxResponse, error) {
	les, _, _ := lessonByID(id)
	if les == nil {
		return SandboxResponse{}, ErrNoLesson
	}
	pos := les.Pos
	key := newToken()
	cfg := Config{Spectator: newToken(), Setup: pos.Setup, Lesson: &LessonConfig{ID: les.ID}}
	for i := range pos.IDs {
		st := Seat{Kind: lessonComputer, Name: fmt.Sprintf("Computer %d", i)}
		if i == 0 {
			st = Seat{Kind: Human, Name: "Player", Token: key} // "You" would read "You plays ..." in the log
		} else if len(pos.IDs) == 2 {
			st.Name = "Computer"
		}
		cfg.Seats = append(cfg.Seats, st)
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		return SandboxResponse{}, err
	}
	gid := newID()
	fp := engine.RulesFingerprint()
	var l *Table
	err = safely(func() (err error) {
		l, err = rebuild(s, gid, &store.Game{Config: raw, Fingerprint: fp})
		return err
	})
	if err != nil {
		return SandboxResponse{}, fmt.Errorf("lesson %s cannot start: %w", id, err)
	}
	l.owner = ownerFrom(ctx)
	var room bool
	s.withGames(func() { room = len(s.games) < s.MaxGames || s.sweepLocked(time.Now(), 1) })
	if !room {
		return SandboxResponse{}, ErrBusy
	}
	if err := s.store.Create(ctx, gid, raw, fp); err != nil {
		return SandboxResponse{}, err
	}
	l.touch()
	s.withGames(func() { s.games[gid] = l })
	s.kick(l)
	s.log().Info("lesson created", "game", gid, "lesson", les.ID)
	return SandboxResponse{ID: gid, Link: "/g/" + gid + "?t=" + key, Name: les.Title}, nil
}

// checkLessonLocked checks a lesson game's goal against the game as it is
// now (after each move, under the game's lock).
func (l *Table) checkLessonLocked() {
	if l.cfg.Lesson == nil || l.lessonReached || l.g == nil {
		return
	}
	les, _, _ := lessonByID(l.cfg.Lesson.ID)
	if les == nil {
		return
	}
	if ok, _ := les.Check.Check(l.g); ok {
		l.lessonReached = true
	}
}

// lessonLocked is a lesson game's part of an update (nil in other games).
func (l *Table) lessonLocked() *wire.Lesson {
	if l.cfg.Lesson == nil {
		return nil
	}
	les, n, all := lessonByID(l.cfg.Lesson.ID)
	if les == nil {
		return nil
	}
	w := &wire.Lesson{ID: les.ID, Number: n, Count: len(all), Title: les.Title, Goal: les.Goal,
		Hints: les.Hints, Reached: l.lessonReached}
	if n < len(all) {
		w.Next = all[n].ID
	}
	return w
}
