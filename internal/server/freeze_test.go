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
	"testing"
	"time"

	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/table"
)

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
	var cr table.CreateResponse
	err = json.NewDecoder(resp.Body).Decode(&cr)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		return fmt.Errorf("create: %d %v", resp.StatusCode, err)
	}
	key := tokenOf(cr.Links[cr.Seat])
	l, err := s.Game(context.Background(), cr.ID)
	if err != nil {
		return err
	}
	sub := table.NewSubscriber(0, 256)
	var first Message
	if !l.Subscribe(sub, &first) {
		return fmt.Errorf("game %s: not subscribed", cr.ID)
	}
	defer l.Unsubscribe(sub)
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
		case raw := <-sub.Updates():
			var next Message
			if err := json.Unmarshal(raw, &next); err != nil {
				return err
			}
			if next.Move > m.Move && len(options(m)) == 0 {
				computers++ // the server answered (a computer, or a pass for the person)
			}
			m = next
		case <-time.After(bound):
			who, _, at := l.Pending()
			return fmt.Errorf("game %s froze at move %d: nothing reached the page for %v, seat %d to decide (%d server answers so far)", cr.ID, at, bound, who, computers)
		}
	}
	return nil
}
