package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
)

// A request to look at a game that comes while a worker has looked at it
// but not yet let go is not lost (issue 33): the person moves just then,
// leaving the computer to decide, and the computer decides. Before the fix
// the move's request reached the other worker, which found the game taken
// and dropped it, and the game waited for minutes until some other request
// woke it.
func TestAMoveWhileAWorkerLetsGoIsNotLost(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "lost.db"))
	ctx := context.Background()
	caught := make(chan int, 1) // the move at which the computer was left to decide
	var target atomic.Pointer[live]
	s.afterLook = func(l *live, ok bool) {
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
		if l.move(ctx, 0, at, n-1) != nil {
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
	l, err := s.game(ctx, cr.ID)
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
			if err := l.move(ctx, 0, at, r.IntN(n)); err != nil && err != ErrStale && err != ErrNotYourTurn {
				t.Fatal(err)
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the race was never set up")
}

// No computer seat freezes (issue 33): several games of one person against
// two hard computers play at once at the real answer pause, the person
// answering through the API after a short think (sometimes with a
// follow-up answer, as the page sends), with the page connected. A game
// whose table does not change for freezeBound while a computer or the
// server is to answer has lost its wake-up: before the fix, a kick that
// reached a worker while another worker was still deciding for the same
// game was dropped (stepAI's "another worker is deciding" returned without
// looking again), and the game waited until some request woke it.
func TestNoComputerSeatFreezes(t *testing.T) {
	games, decisions := longtest.Pick(4, 8), longtest.Pick(40, 120)
	freezeBound := 15 * time.Second // a healthy game answers within a few pauses
	if raceBuild {
		games, freezeBound = 4, 30*time.Second // the race detector's computers think ten times slower
	}
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "freeze.db"))
	s.AnswerPause = 500 * time.Millisecond // the default
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := playAgainstComputers(s, hs.URL, uint64(500+g), decisions, freezeBound); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// playAgainstComputers plays seat 0 of a new game against two hard
// computers until the computers have made n decisions or the game is over,
// failing when nothing reaches the page for bound while the server is to
// answer.
func playAgainstComputers(s *Server, base string, sd uint64, n int, bound time.Duration) error {
	body := fmt.Sprintf(`{"seats":["human","hard","hard"],"mode":"random","seed":%d}`, sd)
	resp, err := http.Post(base+"/api/games", "application/json", strings.NewReader(body))
	if err != nil {
		return err
	}
	var cr CreateResponse
	err = json.NewDecoder(resp.Body).Decode(&cr)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		return fmt.Errorf("create: %d %v", resp.StatusCode, err)
	}
	key := tokenOf(cr.Links[cr.Seat])
	l, err := s.game(context.Background(), cr.ID)
	if err != nil {
		return err
	}
	sub := &subscriber{seat: 0, ch: make(chan []byte, 256), gone: make(chan struct{})}
	var first Message
	if !l.subscribe(sub, &first) {
		return fmt.Errorf("game %s: not subscribed", cr.ID)
	}
	defer l.unsubscribe(sub)
	r := rand.New(rand.NewPCG(sd, 33))
	m := first
	computers := 0
	for computers < n && !over(m) {
		if opts := options(m); len(opts) > 0 {
			time.Sleep(time.Duration(r.IntN(300)) * time.Millisecond) // the person thinks
			o := opts[r.IntN(len(opts))]
			mv := map[string]any{"move": m.Move, "option": o.Index}
			if o.Then != nil && len(o.Then.Options) > 0 && r.IntN(2) == 0 {
				mv["then"] = []int{o.Then.Options[r.IntN(len(o.Then.Options))].Index}
			}
			b, _ := json.Marshal(mv)
			req, _ := http.NewRequest("POST", base+"/api/games/"+cr.ID+"/move", strings.NewReader(string(b)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+key)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return err
			}
			resp.Body.Close()
			if resp.StatusCode != 200 && resp.StatusCode != 409 {
				return fmt.Errorf("game %s: move %s answered %d", cr.ID, b, resp.StatusCode)
			}
		}
		select {
		case raw := <-sub.ch:
			var next Message
			if err := json.Unmarshal(raw, &next); err != nil {
				return err
			}
			if next.Move > m.Move && len(options(m)) == 0 {
				computers++ // the server answered (a computer, or a pass for the person)
			}
			m = next
		case <-time.After(bound):
			var who engine.Seat
			var at int
			l.locked(func() { who, _ = l.pending(); at = len(l.moves) })
			return fmt.Errorf("game %s froze at move %d: nothing reached the page for %v, seat %d to decide (%d server answers so far)", cr.ID, at, bound, who, computers)
		}
	}
	return nil
}
