package server

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// A computer seat's answers reach the other seats after a pause that does
// not depend on its hand (Server.AnswerPause): over many decisions of a hard
// computer, the delay a person sees between a question and its answer tells
// whether the computer held something usable no better than a coin. Without
// the pause, a 10 ms threshold told them apart almost every time (issue 22:
// nothing usable was answered in microseconds, a real choice in tens of
// milliseconds). Each delay runs from the question being put to the
// person's page receiving the answer.
func TestComputerAnswersTellNothingByTheClock(t *testing.T) {
	if raceBuild || testing.Short() {
		t.Skip("measured without the race detector, whose computers think past the pause")
	}
	const pause = 300 * time.Millisecond
	const want = 60 // computer decisions measured
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "clock.db"))
	s.AnswerPause = pause
	ctx := context.Background()
	cr, err := s.Create(ctx, CreateRequest{Seats: []string{"human", "hard"}, Mode: "random", Seed: seed(2211)})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.game(ctx, cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	sub := &subscriber{seat: 0, ch: make(chan []byte, 64), gone: make(chan struct{})}
	var first Message
	l.subscribe(sub, &first)
	defer l.unsubscribe(sub)
	r := rand.New(rand.NewPCG(7, 7))

	type sample struct {
		usable bool
		delay  time.Duration
	}
	var samples []sample
	var asked time.Time
	var usable, waiting bool
	look := func(now time.Time) (mine bool, options int, over bool) {
		l.mu.Lock()
		defer l.mu.Unlock()
		if waiting { // the update that brings the computer's answer
			samples = append(samples, sample{usable, now.Sub(asked)})
			waiting = false
		}
		who, n := l.pending()
		if who == engine.None {
			return false, 0, true
		}
		if who == 1 {
			waiting, asked = true, l.asked // when the question was put (its update may reach the page later)
			switch {
			case l.g.InWindow():
				usable = !l.g.WindowPassOnly()
			default:
				usable = n > 1
			}
		}
		return who == 0, n, false
	}
	timeout := time.After(3 * time.Minute)
	mine, n, over := look(time.Now())
	for len(samples) < want && !over {
		if mine {
			var at int
			l.locked(func() { at = len(l.moves) })
			if err := l.move(ctx, 0, at, r.IntN(n)); err != nil {
				t.Fatal(err)
			}
			// our own move's update comes back too; the next question is looked at with it
		}
		select {
		case <-sub.ch:
			mine, n, over = look(time.Now())
		case <-timeout:
			t.Fatalf("the game stalled after %d computer decisions", len(samples))
		}
	}
	if len(samples) < want/2 {
		t.Fatalf("only %d computer decisions measured", len(samples))
	}
	var yes, no []time.Duration
	for _, x := range samples {
		if x.delay < pause-5*time.Millisecond {
			t.Errorf("a computer's answer came %v after the question, before the pause of %v", x.delay, pause)
		}
		if x.usable {
			yes = append(yes, x.delay)
		} else {
			no = append(no, x.delay)
		}
	}
	if len(yes) == 0 || len(no) == 0 {
		t.Fatalf("the game gave %d decisions with something usable and %d with nothing: both are needed", len(yes), len(no))
	}
	// the best single threshold on the delay, scored by balanced accuracy
	// (0.5: no better than a coin, whatever the share of each kind)
	all := append(append([]time.Duration(nil), yes...), no...)
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	best := 0.0
	for _, th := range all {
		a, b := 0, 0
		for _, d := range yes {
			if d > th {
				a++
			}
		}
		for _, d := range no {
			if d <= th {
				b++
			}
		}
		best = max(best, (float64(a)/float64(len(yes))+float64(b)/float64(len(no)))/2)
	}
	t.Logf("%d computer decisions: %d with something usable (median %v), %d with nothing (median %v); best threshold's balanced accuracy %.2f",
		len(samples), len(yes), median(yes), len(no), median(no), best)
	if best > 0.8 {
		t.Errorf("the delay tells whether the computer held something usable: balanced accuracy %.2f", best)
	}
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
