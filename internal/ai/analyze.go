package ai

import (
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Analysis is what a search found at one decision: the option it chooses
// and, for each pending option, how often the search tried it and how it
// judged the positions it led to. A judgement is the search's reward (a
// win 1, a shared win 0.75, a loss 0, a position where the playout stopped
// its static evaluation squashed into [0, 1]): read it as the seat's
// estimated chance to win.
type Analysis struct {
	Choice     int       // the option the search chooses (what Choose answers, but for the loop guard)
	Visits     []int32   // per pending option: iterations through it
	Mean       []float64 // per pending option: the mean judgement of those iterations (0 when none)
	Iterations int       // iterations searched in all
	Searched   bool      // false when there was nothing to search (one option) or the search fell back on Greedy
	follow     map[uint64]int32
}

// Analyze searches the pending decision of v's seat as Choose does, from
// what that seat may know only (every world is a Determinize of g for the
// seat), and reports what it found. It changes neither g nor the player's
// loop guard.
func (s *Search) Analyze(g *engine.Game, v *engine.View) Analysis {
	d := v.Decision
	if d == nil || len(d.Options) <= 1 {
		return Analysis{Choice: 0, Visits: make([]int32, int(g.Pending.N)), Mean: make([]float64, int(g.Pending.N))}
	}
	ws := s.search(g, d.Player)
	a := Analysis{Searched: true}
	a.Visits, a.Mean = rootStats(g, ws)
	for _, sr := range ws {
		a.Iterations += int(sr.root.visits)
	}
	a.Choice = pickOption(g, a.Visits, a.Mean)
	if a.Choice < 0 {
		a.Searched = false
		a.Choice = s.fallback.Choose(g, v)
		return a
	}
	k := optKey(g.Pending.Opts[a.Choice])
	a.follow = map[uint64]int32{}
	for _, sr := range ws {
		if c := sr.root.child(k); c != nil {
			for _, cc := range c.children {
				a.follow[cc.key] += cc.visits
			}
		}
	}
	return a
}

// Value is the judgement of the chosen option (its mean), the seat's
// estimated chance to win if it plays it.
func (a *Analysis) Value() float64 {
	if a.Choice < 0 || a.Choice >= len(a.Mean) {
		return 0
	}
	return a.Mean[a.Choice]
}

// RunnerUp is the visited option with the best judgement but the chosen
// one (-1: none).
func (a *Analysis) RunnerUp() int {
	best := -1
	for i, n := range a.Visits {
		if i != a.Choice && n > 0 && (best < 0 || a.Mean[i] > a.Mean[best]) {
			best = i
		}
	}
	return best
}

// Follow returns the option of next's pending decision (next: the game
// after the chosen option, the same seat deciding again at once) that the
// search tried most right after the chosen option, or -1.
func (a *Analysis) Follow(next *engine.Game) int {
	best, bestN := -1, int32(0)
	for i := 0; i < int(next.Pending.N); i++ {
		if n := a.follow[optKey(next.Pending.Opts[i])]; n > bestN {
			best, bestN = i, n
		}
	}
	return best
}

// NewAdvisor returns the search player of the strongest level ("max": its
// iterations on each of workers cores) with its time bounded by limit: the
// player that gives hints.
func NewAdvisor(seed uint64, workers int, limit time.Duration) *Search {
	s := newMax(seed, workers)
	s.Limit = limit
	return s
}
