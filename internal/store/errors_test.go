package store

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store/pgtest"
)

// failures checks that s, once its database is gone (closed), fails every
// operation with an error wrapping ErrUnavailable and naming the operation,
// that its answers (ErrNotFound, ErrConflict) are not failures, and that
// its observers are told of each.
func failures(t *testing.T, s interface {
	Store
	Observed
}) {
	ctx := context.Background()
	var mu sync.Mutex
	seen := map[string]int{}
	failed := map[string]int{}
	stop := s.Observe(func(op string, took time.Duration, err error) {
		mu.Lock()
		defer mu.Unlock()
		seen[op]++
		if errors.Is(err, ErrUnavailable) {
			failed[op]++
		}
	})
	defer stop()
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("ping of an open store: %v", err)
	}
	if err := s.Create(ctx, "f1", []byte(`{}`), "fp"); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, "f1", []byte(`{}`), "fp"); !errors.Is(err, ErrConflict) || errors.Is(err, ErrUnavailable) {
		t.Fatalf("a duplicate game is a conflict, not a failure: %v", err)
	}
	if _, err := s.Load(ctx, "nope"); !errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnavailable) {
		t.Fatalf("an unknown game is not found, not a failure: %v", err)
	}
	s.Close()
	for op, err := range map[string]error{
		"ping":       s.Ping(ctx),
		"create":     s.Create(ctx, "f2", []byte(`{}`), "fp"),
		"set-config": s.SetConfig(ctx, "f1", []byte(`{}`)),
		"append":     s.Append(ctx, "f1", 0, Move{KindGame, 0, "pass"}),
		"load":       func() error { _, err := s.Load(ctx, "f1"); return err }(),
		"list":       func() error { _, err := s.List(ctx); return err }(),
		"migrate":    s.Migrate(ctx, "f1", "fp", nil, "x"),
	} {
		var se *Error
		if !errors.Is(err, ErrUnavailable) || !errors.As(err, &se) || se.Op != op {
			t.Errorf("%s on a closed store: %v (%T), want a store.Error wrapping ErrUnavailable", op, err, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, op := range []string{"ping", "create", "set-config", "append", "load", "list", "migrate"} {
		if failed[op] != 1 {
			t.Errorf("observers were told of %d failures of %s, want 1 (seen %v, failed %v)", failed[op], op, seen, failed)
		}
	}
	if seen["create"] != 3 || seen["load"] != 2 {
		t.Errorf("observers were not told of every operation: %v", seen)
	}
}

func TestSQLiteFailsAsUnavailable(t *testing.T) {
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	failures(t, s)
}

func TestPostgresFailsAsUnavailable(t *testing.T) {
	s, err := OpenPostgres(context.Background(), pgtest.Fresh(t))
	if err != nil {
		t.Fatal(err)
	}
	failures(t, s)
	// what instances share by fails so too (the server logs it and tries again)
	ctx := context.Background()
	for op, err := range map[string]error{
		"take-lease":    func() error { _, err := s.TakeLease(ctx, "f1", "i", time.Second); return err }(),
		"renew-leases":  func() error { _, err := s.RenewLeases(ctx, "i", []string{"f1"}, time.Second); return err }(),
		"drop-lease":    s.DropLease(ctx, "f1", "i"),
		"expire-leases": s.ExpireLeases(ctx, "i"),
		"orphans":       func() error { _, err := s.Orphans(ctx, 1); return err }(),
		"put-presence":  s.PutPresence(ctx, "i", []Presence{{Game: "f1", Conns: 1}}),
		"presence":      func() error { _, err := s.Presence(ctx, "i", []string{"f1"}, time.Second); return err }(),
		"drop-presence": s.DropPresence(ctx, "i"),
	} {
		var se *Error
		if !errors.Is(err, ErrUnavailable) || !errors.As(err, &se) || se.Op != op {
			t.Errorf("%s on a closed store: %v (%T), want a store.Error wrapping ErrUnavailable", op, err, err)
		}
	}
}
