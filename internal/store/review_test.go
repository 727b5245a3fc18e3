package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/smashup/smashup/internal/store/pgtest"
)

// exerciseReviews: a review is given back under its fingerprint only, and a
// new one replaces it.
func exerciseReviews(t *testing.T, r Reviews) {
	ctx := context.Background()
	if _, err := r.LoadReview(ctx, "g1", "r1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("no review yet: %v", err)
	}
	if err := r.SaveReview(ctx, "g1", "r1", []byte(`{"status":"done"}`)); err != nil {
		t.Fatal(err)
	}
	if b, err := r.LoadReview(ctx, "g1", "r1"); err != nil || string(b) != `{"status":"done"}` {
		t.Fatalf("review: %s %v", b, err)
	}
	if _, err := r.LoadReview(ctx, "g1", "r2"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("another build's review was given: %v", err)
	}
	if err := r.SaveReview(ctx, "g1", "r2", []byte(`{"status":"done","points":[]}`)); err != nil {
		t.Fatal(err)
	}
	if b, err := r.LoadReview(ctx, "g1", "r2"); err != nil || string(b) != `{"status":"done","points":[]}` {
		t.Fatalf("the new review: %s %v", b, err)
	}
	if _, err := r.LoadReview(ctx, "g1", "r1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the replaced review was given: %v", err)
	}
}

func TestSQLiteReviews(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	exerciseReviews(t, s)
	s.Close()
	s, err = OpenSQLite(path) // kept
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.LoadReview(context.Background(), "g1", "r2"); err != nil {
		t.Fatalf("after reopening: %v", err)
	}
}

func TestPostgresReviews(t *testing.T) {
	url := pgtest.Fresh(t)
	s, err := OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exerciseReviews(t, s)
}
