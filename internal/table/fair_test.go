package table

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// Computer players are fair between games: while hundreds of all-computer
// games play, a new game's computer seat makes its first move within a second.
func TestComputerPlayersAreFair(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "f.db"))
	ctx := context.Background()
	busy := fairGames
	for i := 0; i < busy; i++ {
		if _, err := s.Create(ctx, CreateRequest{Seats: []string{"ai", "ai"}, Mode: "random"}); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond) // let them get going
	start := time.Now()
	resp, err := s.Create(ctx, CreateRequest{Seats: []string{"ai", "human"}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	// the person (seat 2) answers at once whenever asked; what is timed is
	// how long the computer (seat 1) takes once a decision is its own
	var wait time.Duration
	for wait == 0 {
		l.mu.Lock()
		who, _ := l.pending()
		at := len(l.moves)
		l.mu.Unlock()
		switch who {
		case 1:
			if err := l.Move(ctx, 1, at, 0); err != nil && err != ErrStale {
				t.Fatal(err)
			}
			continue
		case 0:
		default:
			t.Fatalf("nobody to move (seat %d)", who)
		}
		start = time.Now()
		for {
			l.mu.Lock()
			n := len(l.moves)
			l.mu.Unlock()
			if n > at {
				break
			}
			if time.Since(start) > 5*time.Second {
				t.Fatalf("the new game's computer seat has not moved after %v, with %d other games playing", time.Since(start), busy)
			}
			time.Sleep(time.Millisecond)
		}
		wait = time.Since(start)
	}
	t.Logf("first computer move of a new game after %v, with %d all-computer games playing", wait, busy)
	if wait > time.Second {
		t.Errorf("the new game waited %v for its computer seat (over a second)", wait)
	}
}
