package table

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Games nobody uses are unloaded from memory (finished ones sooner), the
// least recently used first when memory is full; an unloaded game comes back
// exactly as it was; when every game held is in use, new ones are refused
// with ErrBusy (503), and nothing is stored for them.
func TestIdleGamesAreUnloaded(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "ev.db"))
	s.MaxGames = 3
	ctx := context.Background()
	var ids []string
	for range 3 {
		cr, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, cr.ID)
	}
	l0 := playRandom(t, s, ids[0], 40, 5)
	l0.mu.Lock()
	before := *l0.g
	moves := len(l0.moves)
	l0.mu.Unlock()
	// a client on game 1; game 2 used last
	l1, _ := s.Game(ctx, ids[1])
	sub := NewSubscriber(0, 8)
	var first Message
	if !l1.Subscribe(sub, &first) {
		t.Fatal("subscribe")
	}
	s.Game(ctx, ids[2])

	// (the computer players' queue looks at each game after its moves)
	for end := time.Now().Add(5 * time.Second); (l0.queued.Load() || l0.thinking.Load()) && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
	}
	// full: the least recently used idle game (0) makes room
	cr, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	_, held0 := s.games[ids[0]]
	_, held1 := s.games[ids[1]]
	s.mu.Unlock()
	if held0 || !held1 || s.Games() != 3 {
		t.Fatalf("after making room: game 0 held %v, game 1 (in use) held %v, %d games", held0, held1, s.Games())
	}
	if err := l0.Move(ctx, 0, moves, 0); !errors.Is(err, ErrEvicted) {
		t.Fatalf("a move on an unloaded copy: %v, want ErrEvicted", err)
	}
	back, err := s.Game(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	back.mu.Lock()
	same := *back.g == before && len(back.moves) == moves
	back.mu.Unlock()
	if !same {
		t.Fatal("an unloaded game came back different")
	}

	// everything in use: refused, and not stored
	s.mu.Lock()
	var held []*Table
	for _, l := range s.games {
		held = append(held, l)
	}
	s.mu.Unlock()
	for _, l := range held {
		if l != l1 {
			l.Subscribe(NewSubscriber(engine.None, 8), &first)
		}
	}
	_ = cr
	stored, _ := s.store.List(ctx)
	if _, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}}); !errors.Is(err, ErrBusy) {
		t.Fatalf("a game over the cap with none idle: %v, want ErrBusy", err)
	}
	if now, _ := s.store.List(ctx); len(now) != len(stored) {
		t.Fatal("a refused game was stored")
	}

	// idle long enough: unloaded by the sweep; in use: kept
	l1.Unsubscribe(sub)
	s.mu.Lock()
	s.sweepLocked(time.Now().Add(s.IdleAfter+time.Second), 0)
	_, held1 = s.games[ids[1]]
	n := len(s.games)
	s.mu.Unlock()
	if held1 || n != 2 {
		t.Fatalf("after the idle time: game 1 held %v, %d games held (want the 2 in use)", held1, n)
	}
}
