package table

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/smashup/smashup/lessons"
)

// TestLessonReachedAfterRestart: a lesson game rebuilt from its log knows
// its goal was reached.
func TestLessonReachedAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.db")
	ctx := context.Background()
	s := newSQLiteTables(t, path)
	resp, err := s.CreateLesson(ctx, "01-minion")
	if err != nil {
		t.Fatal(err)
	}
	id, key := linkParts(t, resp.Link)
	l, _ := s.Game(ctx, id)
	moves, _ := les(t, "01-minion").Pos.Steps()
	for n, opt := range moves {
		if err := l.Move(ctx, 0, n, opt); err != nil {
			t.Fatal(err)
		}
	}
	if m := l.Message(0); m.Lesson == nil || !m.Lesson.Reached {
		t.Fatalf("before the restart: %+v", m.Lesson)
	}
	s.Close()

	l2 := reopened(t, path, id, key)
	if m := l2.Message(0); m.Lesson == nil || !m.Lesson.Reached || m.Lesson.ID != "01-minion" {
		t.Fatalf("after the restart: %+v", m.Lesson)
	}
}

func les(t *testing.T, id string) *lessons.Lesson {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		if l.ID == id {
			return l
		}
	}
	t.Fatalf("no lesson %s", id)
	return nil
}
