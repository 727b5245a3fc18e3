package store

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store/pgtest"
)

// exerciseKeep checks Mark, Resumable and Purge; backdate moves a game's
// end and last move into the past.
func exerciseKeep(t *testing.T, s Store, backdate func(id string, ended, updated time.Duration)) {
	ctx := context.Background()
	for _, id := range []string{"k1", "k2", "k3"} {
		if err := s.Create(ctx, id, []byte(`{}`), "fp"); err != nil {
			t.Fatal(err)
		}
	}
	if ids, err := s.Resumable(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("new games are resumable: %v %v", ids, err)
	}
	if err := s.Mark(ctx, "k1", true, false); err != nil {
		t.Fatal(err)
	}
	if err := s.Mark(ctx, "k2", true, true); err != nil {
		t.Fatal(err)
	}
	if err := s.Mark(ctx, "nope", true, false); !errors.Is(err, ErrNotFound) {
		t.Fatalf("marking an unknown game: %v", err)
	}
	if ids, err := s.Resumable(ctx); err != nil || !slices.Equal(ids, []string{"k1"}) {
		t.Fatalf("resumable: %v %v, want [k1] (k2 is over)", ids, err)
	}
	if g, err := s.Load(ctx, "k1"); err != nil || !g.Work || g.Over {
		t.Fatalf("k1 loads as %+v %v", g, err)
	}
	if g, err := s.Load(ctx, "k2"); err != nil || !g.Over {
		t.Fatalf("k2 loads as %+v %v", g, err)
	}
	if err := s.Append(ctx, "k3", 0, Move{KindGame, 0, "pass"}); err != nil {
		t.Fatal(err)
	}
	backdate("k2", 2*time.Hour, 2*time.Hour)
	backdate("k3", 0, 3*time.Hour)
	if ids, err := s.Purge(ctx, 0, 0); err != nil || len(ids) != 0 {
		t.Fatalf("purging with nothing to purge: %v %v", ids, err)
	}
	if ids, err := s.Purge(ctx, time.Hour, 0); err != nil || !slices.Equal(ids, []string{"k2"}) {
		t.Fatalf("purging games over for an hour: %v %v, want [k2]", ids, err)
	}
	if _, err := s.Load(ctx, "k2"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a purged game loads: %v", err)
	}
	if ids, err := s.Purge(ctx, time.Hour, 4*time.Hour); err != nil || len(ids) != 0 {
		t.Fatalf("purging games idle for 4 hours: %v %v", ids, err)
	}
	if ids, err := s.Purge(ctx, 0, time.Hour); err != nil || !slices.Equal(ids, []string{"k3"}) {
		t.Fatalf("purging games idle for an hour: %v %v, want [k3]", ids, err)
	}
	if _, err := s.Load(ctx, "k3"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a purged game loads: %v", err)
	}
	if g, err := s.Load(ctx, "k1"); err != nil || !g.Work {
		t.Fatalf("a game kept: %+v %v", g, err)
	}
	// a purged game's id may be used again
	if err := s.Create(ctx, "k3", []byte(`{}`), "fp"); err != nil {
		t.Fatal(err)
	}
}

func TestSQLiteKeeps(t *testing.T) {
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exerciseKeep(t, s, func(id string, ended, updated time.Duration) {
		now := time.Now()
		if _, err := s.db.Exec(`UPDATE games SET ended = CASE WHEN ended IS NULL THEN NULL ELSE ? END, updated = ? WHERE id = ?`,
			now.Add(-ended).UnixMilli(), now.Add(-updated).UnixMilli(), id); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPostgresKeeps(t *testing.T) {
	s, err := OpenPostgres(context.Background(), pgtest.Fresh(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exerciseKeep(t, s, func(id string, ended, updated time.Duration) {
		if _, err := s.pool.Exec(context.Background(), `UPDATE games SET ended = CASE WHEN ended IS NULL THEN NULL ELSE now() - $2 * interval '1 millisecond' END,
			updated = now() - $3 * interval '1 millisecond' WHERE id = $1`, id, ended.Milliseconds(), updated.Milliseconds()); err != nil {
			t.Fatal(err)
		}
	})
}
