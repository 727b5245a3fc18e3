package table

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// The store marks the games whose computer seats must carry on after a
// restart, and a restart loads those only: not a game between people, not
// a finished one, not a game waiting for its person (keep.go).
func TestARestartLoadsOnlyWhatMustCarryOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keep.db")
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s := New(st)
	create := func(seats ...string) string {
		t.Helper()
		cr, err := s.Create(ctx, CreateRequest{Seats: seats, Mode: "random", Seated: true})
		if err != nil {
			t.Fatal(err)
		}
		return cr.ID
	}
	people := create("human", "human")
	// a game the computer has played in until the person is to decide
	waiting := create("human", "ai")
	lw, _ := s.Game(ctx, waiting)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var ok bool
		lw.locked(func() {
			who, _ := lw.pending()
			ok = who == 0 && !lw.autoMove(0) && !lw.queued.Load() && !lw.thinking.Load()
		})
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the computer did not play")
		}
	}
	// and one played until the computer is to decide: its answer is held
	s.AnswerPause = time.Hour
	thinking := create("human", "ai")
	playUntil := func(id string, computer bool) { // the person plays their first option
		t.Helper()
		l, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			var who engine.Seat
			var n int
			l.locked(func() { who, _ = l.pending(); n = len(l.moves) })
			if (l.ais[who] != nil) == computer {
				return
			}
			if who != 0 || i > 500 {
				t.Fatalf("game %s: seat %d to decide at move %d", id, who, n)
			}
			if err := l.Move(ctx, 0, n, 0); err != nil && err != ErrStale { // (the server may have answered a question with no real choice first)
				t.Fatal(err)
			}
		}
	}
	playUntil(thinking, true)
	over := create("random", "random")
	lo, _ := s.Game(ctx, over)
	deadline := time.Now().Add(30 * time.Second)
	for !lo.doneForTest() {
		if time.Now().After(deadline) {
			t.Fatal("the computers' game did not end")
		}
		time.Sleep(10 * time.Millisecond)
	}
	s.Close()
	for id, want := range map[string]store.Game{people: {}, waiting: {}, thinking: {Work: true}, over: {Over: true}} {
		g, err := st.Load(ctx, id)
		if err != nil || g.Work != want.Work || g.Over != want.Over {
			t.Errorf("game %s is stored with work %v, over %v (%v); want %v, %v", id, g.Work, g.Over, err, want.Work, want.Over)
		}
	}
	s2 := New(st)
	s2.AnswerPause = time.Hour
	defer func() { s2.Close(); st.Close() }()
	var loads atomic.Int32
	stop := st.Observe(func(op string, _ time.Duration, _ error) {
		if op == "load" {
			loads.Add(1)
		}
	})
	if err := s2.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	stop()
	if n := s2.Games(); loads.Load() != 1 || n != 1 || s2.games[thinking] == nil {
		t.Fatalf("a restart loaded %d games and holds %d, want the one a computer is to decide in", loads.Load(), n)
	}
	// the others load when asked for
	if _, err := s2.Game(ctx, people); err != nil {
		t.Fatal(err)
	}
}

// doneForTest reports whether l's game is over.
func (l *Table) doneForTest() bool {
	var over bool
	l.locked(func() { over = l.g != nil && l.g.Over })
	return over
}

// Finished games are deleted once they have been over for KeepDone, and
// unfinished ones after KeepIdle without a move; a game in memory is
// unloaded as it is deleted. By default nothing is deleted.
func TestGamesAreKeptAsLongAsTold(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "purge.db"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s := New(st)
	defer func() { s.Close(); st.Close() }()
	over, err := s.Create(ctx, CreateRequest{Seats: []string{"random", "random"}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	open, err := s.Create(ctx, CreateRequest{Seats: []string{"human", "human"}, Mode: "random", Seated: true})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, over.ID)
	for deadline := time.Now().Add(30 * time.Second); !l.doneForTest(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the computers' game did not end")
		}
	}
	s.purge(ctx) // nothing is deleted by default
	time.Sleep(20 * time.Millisecond)
	s.KeepDone = 10 * time.Millisecond
	s.purge(ctx)
	if _, err := st.Load(ctx, over.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a game over for longer than kept is still stored: %v", err)
	}
	if _, err := s.Game(ctx, over.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a deleted game is still served: %v", err)
	}
	if _, err := st.Load(ctx, open.ID); err != nil {
		t.Fatalf("an unfinished game was deleted with the finished ones: %v", err)
	}
	s.KeepIdle = 10 * time.Millisecond
	s.purge(ctx)
	if _, err := st.Load(ctx, open.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unfinished game idle for longer than kept is still stored: %v", err)
	}
	if s.Games() != 0 {
		t.Fatalf("%d deleted games are still in memory", s.Games())
	}
}
