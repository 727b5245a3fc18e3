package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// exercise runs the Store contract against s.
func exercise(t *testing.T, s Store) {
	ctx := context.Background()
	if err := s.Create(ctx, "g1", []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, "g1", []byte(`{}`)); !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate game: %v", err)
	}
	for n, o := range []int{3, 0, 5} {
		if err := s.Append(ctx, "g1", n, o); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "g1", 1, 9); !errors.Is(err, ErrConflict) {
		t.Fatalf("a replayed move number was accepted: %v", err)
	}
	if err := s.Append(ctx, "g1", 7, 9); !errors.Is(err, ErrConflict) {
		t.Fatalf("a move from the future was accepted: %v", err)
	}
	cfg, moves, err := s.Load(ctx, "g1")
	if err != nil || string(cfg) != `{"a":1}` || len(moves) != 3 || moves[2] != 5 {
		t.Fatalf("load: %s %v %v", cfg, moves, err)
	}
	if _, _, err := s.Load(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown game: %v", err)
	}
	s.Create(ctx, "g2", []byte(`{}`))
	ids, err := s.List(ctx)
	if err != nil || len(ids) != 2 || ids[0] != "g1" {
		t.Fatalf("list: %v %v", ids, err)
	}
}

func TestSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	exercise(t, s)
	s.Close()
	// reopening keeps everything
	s2, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	_, moves, err := s2.Load(context.Background(), "g1")
	if err != nil || len(moves) != 3 {
		t.Fatalf("after reopening: %v %v", moves, err)
	}
}

// TestPostgres runs against SMASHUP_TEST_PG (a connection URL), which CI provides.
func TestPostgres(t *testing.T) {
	url := os.Getenv("SMASHUP_TEST_PG")
	if url == "" {
		t.Skip("SMASHUP_TEST_PG not set")
	}
	ctx := context.Background()
	s, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.pool.Exec(ctx, `DELETE FROM moves; DELETE FROM games`)
	exercise(t, s)
}
