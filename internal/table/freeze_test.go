package table

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// A request to look at a game that comes while a worker has looked at it
// but not yet let go is not lost (issue 33): the person moves just then,
// leaving the computer to decide, and the computer decides. Before the fix
// the move's request reached the other worker, which found the game taken
// and dropped it, and the game waited for minutes until some other request
// woke it.
func TestAMoveWhileAWorkerLetsGoIsNotLost(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "lost.db"))
	ctx := context.Background()
	caught := make(chan int, 1) // the move at which the computer was left to decide
	var target atomic.Pointer[Table]
	s.afterLook = func(l *Table, ok bool) {
		if l != target.Load() || ok || len(caught) > 0 {
			return
		}
		var who engine.Seat
		var at, n int
		l.locked(func() { who, n = l.pending(); at = len(l.moves) })
		if who != 0 || n == 0 {
			return
		}
		// the person answers now, while this worker still holds the game
		if l.Move(ctx, 0, at, n-1) != nil {
			return
		}
		time.Sleep(50 * time.Millisecond) // the move's request reaches the other worker meanwhile
		l.locked(func() { who, _ = l.pending(); at = len(l.moves) })
		if who == 1 {
			caught <- at
		}
	}
	cr, err := s.Create(ctx, CreateRequest{Seats: []string{"human", "ai"}, Mode: "random", Seed: seed(33)})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.Game(ctx, cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	target.Store(l)
	s.kick(l)
	r := rand.New(rand.NewPCG(33, 33))
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		select {
		case at := <-caught:
			for wait := time.Now(); time.Since(wait) < 5*time.Second; time.Sleep(10 * time.Millisecond) {
				var moved bool
				l.locked(func() { moved = len(l.moves) > at })
				if moved {
					return
				}
			}
			t.Fatalf("the computer never decided at move %d: the request to look was lost", at)
		default:
		}
		// the person plays on whenever the hook has not answered for them
		var who engine.Seat
		var at, n int
		l.locked(func() { who, n = l.pending(); at = len(l.moves) })
		if who == engine.NoSeat {
			t.Skip("the game ended before the race was set up")
		}
		if who == 0 && n > 0 {
			time.Sleep(20 * time.Millisecond) // the hook's turn first
			if err := l.Move(ctx, 0, at, r.IntN(n)); err != nil && err != ErrStale && err != ErrNotYourTurn {
				t.Fatal(err)
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the race was never set up")
}
