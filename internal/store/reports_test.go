package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store/pgtest"
)

// exerciseReports: a report is kept whole, found by its id, listed latest
// first, and an unknown id is ErrNotFound.
func exerciseReports(t *testing.T, s Reports) {
	ctx := context.Background()
	at := time.UnixMilli(1_700_000_000_000).UTC()
	a := Report{ID: "r1", Game: "g1", KeyHash: "h1", Seat: 0, Move: 12, Text: "Mo'ai moved", Created: at,
		Replay: []byte(`{"moves":[1,2]}`), Scenario: "name: x\n", Position: "name: x\n", Moves: "1.2"}
	b := Report{ID: "r2", Game: "g1", KeyHash: "h2", Seat: -1, Move: 30, Text: "stuck", Created: at.Add(time.Minute), Problem: "a position"}
	for _, r := range []Report{a, b} {
		if err := s.SaveReport(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SaveReport(ctx, a); err == nil {
		t.Error("a report saved twice under one id")
	}
	got, err := s.LoadReport(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != a.Game || got.KeyHash != a.KeyHash || got.Move != a.Move || got.Text != a.Text || !got.Created.Equal(a.Created) ||
		string(got.Replay) != string(a.Replay) || got.Scenario != a.Scenario || got.Position != a.Position || got.Moves != a.Moves || got.Seat != 0 {
		t.Errorf("loaded %+v, saved %+v", got, a)
	}
	if _, err := s.LoadReport(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown report: %v", err)
	}
	l, err := s.ListReports(ctx, 10)
	if err != nil || len(l) != 2 || l[0].ID != "r2" || l[1].ID != "r1" || l[0].Seat != -1 || l[0].Problem != "a position" {
		t.Errorf("listed %+v (%v)", l, err)
	}
	if l, _ := s.ListReports(ctx, 1); len(l) != 1 {
		t.Errorf("a limit of 1 listed %d", len(l))
	}
}

func TestSQLiteReports(t *testing.T) {
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exerciseReports(t, s)
}

func TestPostgresReports(t *testing.T) {
	url := pgtest.Fresh(t)
	s, err := OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exerciseReports(t, s)
}
