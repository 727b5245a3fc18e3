package table

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/store/pgtest"
)

func newSQLiteTables(t *testing.T, path string) *Tables {
	t.Helper()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	s := New(st)
	t.Cleanup(func() { s.Close(); st.Close() })
	return s
}

func seed(n uint64) *uint64 { return &n }

// syncBuffer is a log sink safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *syncBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// newTestLogger logs text lines, debug ones too, to w.
func newTestLogger(w *syncBuffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// twoInstances starts two servers on one PostgreSQL database (the test is
// skipped without one), closed when the test ends.
func twoInstances(t *testing.T) (a, b *Tables) {
	t.Helper()
	url := pgtest.URL(t)
	ctx := context.Background()
	stA, err := store.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	stB, err := store.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	a, b = New(stA), New(stB)
	t.Cleanup(func() { a.Close(); b.Close(); stA.Close(); stB.Close() })
	return a, b
}

func linkParts(t *testing.T, link string) (id, key string) {
	t.Helper()
	rest, ok := strings.CutPrefix(link, "/g/")
	id, key, ok2 := strings.Cut(rest, "?t=")
	if !ok || !ok2 || id == "" || key == "" {
		t.Fatalf("bad link %q", link)
	}
	return id, key
}

// sandboxPos is a small position: Ann may play a minion and an action,
// then Bob plays.
const sandboxPos = `name: Sandbox walk
rule: "a test position"
setup:
  players:
    - { id: Ann, hand: [Invader, Augmentation], deck: [Scout, Collector, Scout] }
    - { id: Bob, hand: [King Rex, Laseratops], deck: [Laseratops, King Rex] }
  bases:
    - base: Tar Pits
    - base: The Homeworld
  base_deck: [Jungle Oasis]
  current: Ann
`
