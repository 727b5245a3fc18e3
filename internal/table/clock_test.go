package table

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
)

// A computer seat's answers reach the other seats at a time that does not
// depend on its hand (issue 33, settings.go): over many decisions of every
// computer level, the delays a person sees between a question and its
// answer are the same whether the computer held something usable or had a
// real choice, or not (a two-sample Kolmogorov-Smirnov test). The levels
// play at once, so the machine is loaded. Before, an answer came at the
// first multiple of the pause after the computer had thought, and max
// thought past the first one when it had a real choice (60% and 79% of its
// answers over 0.75 s, against 3.9% and 2.1%).
func TestComputerAnswersTellNothingByTheClock(t *testing.T) {
	if raceBuild || testing.Short() {
		t.Skip("measured without the race detector, whose computers think past the pause")
	}
	for _, level := range []string{"easy", "ai", "hard", "max"} {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			yes, no := computerDelays(t, level, longtest.Pick(50, 120))
			checkSameTimes(t, "the computer held something usable or had a real choice", yes, no)
		})
	}
}

// clockPause is the answer pause of the clock tests.
const clockPause = 300 * time.Millisecond

// computerDelays plays a person (answering at once) against a computer of
// level until the computer has made want decisions, and returns the delays
// from each computer question to the person's page receiving its answer:
// with something usable or a real choice, and without.
func computerDelays(t *testing.T, level string, want int) (yes, no []time.Duration) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "clock.db"))
	s.AnswerPause = clockPause
	ctx := context.Background()
	cr, err := s.Create(ctx, CreateRequest{Seats: []string{"human", level}, Mode: "random", Seed: seed(2211)})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.Game(ctx, cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	sub := &Subscriber{seat: 0, ch: make(chan []byte, 64), gone: make(chan struct{})}
	var first Message
	l.Subscribe(sub, &first)
	defer l.Unsubscribe(sub)
	r := rand.New(rand.NewPCG(7, 7))
	var asked time.Time
	var askedAt int
	var usable, waiting bool
	look := func(now time.Time) (mine bool, options int, over bool) {
		l.mu.Lock()
		defer l.mu.Unlock()
		if waiting && len(l.moves) > askedAt { // the update that brings the computer's answer
			if usable {
				yes = append(yes, now.Sub(asked))
			} else {
				no = append(no, now.Sub(asked))
			}
			waiting = false
		}
		who, n := l.pending()
		if who == engine.None {
			return false, 0, true
		}
		if who == 1 && !waiting {
			waiting, asked, askedAt = true, l.asked, len(l.moves) // when the question was put (its update may reach the page later)
			switch {
			case l.g.InWindow():
				usable = !l.g.WindowPassOnly()
			default:
				usable = n > 1
			}
		}
		return who == 0, n, false
	}
	timeout := time.After(4 * time.Minute)
	mine, n, over := look(time.Now())
	for len(yes)+len(no) < want && !over {
		if mine {
			var at int
			l.locked(func() { at = len(l.moves) })
			// the server may have passed for the person meanwhile (a window
			// with nothing to play, timed from their answers): a stale move
			// is then refused, and the next update says what comes next
			if err := l.Move(ctx, 0, at, r.IntN(n)); err != nil && !errors.Is(err, ErrStale) && !errors.Is(err, ErrNotYourTurn) && !errors.Is(err, ErrBadOption) {
				t.Fatal(err)
			}
			// our own move's update comes back too; the next question is looked at with it
		}
		select {
		case <-sub.ch:
			mine, n, over = look(time.Now())
		case <-timeout:
			t.Fatalf("the game stalled after %d computer decisions", len(yes)+len(no))
		}
	}
	pause := computerPause(l.ais[1], clockPause)
	for _, d := range append(append([]time.Duration(nil), yes...), no...) {
		if d < pause-5*time.Millisecond {
			t.Errorf("a computer's answer came %v after the question, before its pause of %v", d, pause)
		}
	}
	return yes, no
}

// The server's answers for a person come as the person's own do (issue 33,
// settings.go): in a game between a person and a computer, a spectator
// times every decision of the person's seat, from the question to the
// answer reaching it. A person bot answers its real decisions (a Me First
// window where it holds something, a question with a real choice) after a
// think of its own; the server answers the others (a window with nothing
// to play, a question without a real choice). For each kind of decision the
// two sets of delays must be alike (Kolmogorov-Smirnov). Before, every
// answer the server made came exactly one pause after the question (63-92%
// of them within 0.48-0.53 s), which real answers never do.
func TestPersonsAnswersTellNothingByTheClock(t *testing.T) {
	if raceBuild || testing.Short() {
		t.Skip("measured without the race detector (CI runs it so), for a minute")
	}
	games := longtest.Pick(3, 6)
	type sample struct {
		class int
		real  bool
		delay time.Duration
	}
	var mu sync.Mutex
	var all []sample
	var wg sync.WaitGroup
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newSQLiteTables(t, filepath.Join(t.TempDir(), "person.db"))
			s.AnswerPause = clockPause
			ctx := context.Background()
			cr, err := s.Create(ctx, CreateRequest{Seats: []string{"human", "hard"}, Mode: "random", Seed: seed(uint64(4400 + g))})
			if err != nil {
				t.Error(err)
				return
			}
			l, err := s.Game(ctx, cr.ID)
			if err != nil {
				t.Error(err)
				return
			}
			watch := &Subscriber{seat: engine.NoSeat, ch: make(chan []byte, 256), gone: make(chan struct{})}
			var first Message
			l.Subscribe(watch, &first)
			defer l.Unsubscribe(watch)
			page := &Subscriber{seat: 0, ch: make(chan []byte, 256), gone: make(chan struct{})}
			l.Subscribe(page, &first)
			defer l.Unsubscribe(page)
			go func() { // the person's page only reads
				for range page.ch {
				}
			}()
			r := rand.New(rand.NewPCG(uint64(g), 44))
			var mine []sample
			deadline := time.Now().Add(time.Duration(longtest.Pick(60, 150)) * time.Second)
			for time.Now().Before(deadline) {
				var who engine.Seat
				var n, at, class int
				var real bool
				var asked time.Time
				l.locked(func() {
					who, n = l.pending()
					at, asked, class = len(l.moves), l.asked, l.decisionClassLocked()
					real = who == 0 && !l.autoMove(0)
				})
				if who == engine.NoSeat {
					break
				}
				if real {
					go func() { // the person thinks, then answers
						time.Sleep(time.Duration(50+r.IntN(900)) * time.Millisecond)
						l.Move(ctx, 0, at, r.IntN(n))
					}()
				}
				// the spectator sees the answer
				for moved := false; !moved; {
					select {
					case <-watch.ch:
					case <-time.After(time.Minute):
						t.Errorf("game %d stalled at move %d", g, at)
						return
					}
					l.locked(func() { moved = len(l.moves) > at })
				}
				if who == 0 && class >= 0 {
					mine = append(mine, sample{class, real, time.Since(asked)})
				}
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	tested := 0
	for class, name := range []string{"Me First window", "question"} {
		var yes, no []time.Duration
		for _, x := range all {
			if x.class == class {
				if x.real {
					yes = append(yes, x.delay)
				} else {
					no = append(no, x.delay)
				}
			}
		}
		t.Logf("%s: %d answered by the person, %d by the server", name, len(yes), len(no))
		if len(yes) < 10 || len(no) < 10 {
			continue
		}
		tested++
		checkSameTimes(t, name+": the person had a real choice", yes, no)
	}
	if tested == 0 {
		t.Fatal("too few decisions of either kind to compare")
	}
}

// checkSameTimes fails if the delays yes and no (of the two cases what
// says) are told apart by a two-sample Kolmogorov-Smirnov test at the 0.1%
// level, on delays rounded to 25 ms (what a page could time of them).
func checkSameTimes(t *testing.T, what string, yes, no []time.Duration) {
	t.Helper()
	if len(yes) == 0 || len(no) == 0 {
		t.Fatalf("%s: %d and %d delays: both cases are needed", what, len(yes), len(no))
	}
	d := ksStat(yes, no, 25*time.Millisecond)
	crit := 1.95 * math.Sqrt(float64(len(yes)+len(no))/float64(len(yes)*len(no)))
	t.Logf("%s: %d delays (median %v) against %d (median %v); KS distance %.2f (critical %.2f)", what, len(yes), median(yes), len(no), median(no), d, crit)
	if d > crit {
		t.Errorf("the delays tell whether %s: KS distance %.2f > %.2f", what, d, crit)
	}
}

// ksStat is the two-sample Kolmogorov-Smirnov distance between a and b,
// each delay rounded to a multiple of step.
func ksStat(a, b []time.Duration, step time.Duration) float64 {
	round := func(xs []time.Duration) []time.Duration {
		out := make([]time.Duration, len(xs))
		for i, x := range xs {
			out[i] = (x + step/2) / step * step
		}
		sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
		return out
	}
	ra, rb := round(a), round(b)
	best, i, j := 0.0, 0, 0
	for i < len(ra) || j < len(rb) {
		var x time.Duration
		switch {
		case j >= len(rb) || i < len(ra) && ra[i] <= rb[j]:
			x = ra[i]
		default:
			x = rb[j]
		}
		for i < len(ra) && ra[i] == x {
			i++
		}
		for j < len(rb) && rb[j] == x {
			j++
		}
		best = max(best, math.Abs(float64(i)/float64(len(ra))-float64(j)/float64(len(rb))))
	}
	return best
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
