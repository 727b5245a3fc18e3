package ai_test

import (
	"testing"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
)

// lean measures how far an estimator leans toward whoever decides, over
// the positions of whole games between greedy players: where another seat
// than the one whose turn it is decides (a Me First window, a question of
// a card), the mean fall of the current seat's chance from the position
// before (in points); and the mean step of seat 0's chance.
func lean(t *testing.T, games int, estimate func(g *engine.Game, k int) ai.Estimate) (lean, step float64) {
	leanSum, leanN, stepSum, stepN := 0.0, 0, 0.0, 0
	for seed := range uint64(games) {
		// dealt as the server deals (every seat asked in every Me First
		// window, and questions without a real choice put)
		f, err := match.RandomFactions(2, 40+seed)
		if err != nil {
			t.Fatal(err)
		}
		g, err := match.Deal(f, 40+seed, match.Options{AskAll: true, StopNoChoice: true})
		if err != nil {
			t.Fatal(err)
		}
		ps := []ai.Player{ai.NewGreedy(1), ai.NewGreedy(2)}
		var prev []float64
		prevSeat := engine.NoSeat
		for k := 0; !g.Over && k < 400; k++ {
			e := estimate(g, k)
			d, cur := g.Pending.Player, g.Current
			if prev != nil {
				stepSum += 100 * abs(e.Chances[0]-prev[0])
				stepN++
				if d != cur && prevSeat == cur {
					leanSum += 100 * (prev[cur] - e.Chances[cur])
					leanN++
				}
			}
			prev, prevSeat = e.Chances, d
			v := g.View(d)
			if err := g.ApplySafe(ps[d].Choose(g, &v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return leanSum / float64(leanN), stepSum / float64(stepN)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// EstimateEven leans toward nobody: where the deciding seat changes, its
// chance does not jump up (the decision just made was the other seat's,
// which if anything lowers it), and seat 0's chance moves little from one
// position to the next. The search rooted at the decider's question
// (EstimateExact, the review's estimate before) leans by many points.
func TestEstimateEvenLeansTowardNobody(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games with estimates at every position")
	}
	even, evenStep := lean(t, 3, func(g *engine.Game, k int) ai.Estimate { return ai.EstimateEven(g, 300, 7) })
	exact, exactStep := lean(t, 3, func(g *engine.Game, k int) ai.Estimate { return ai.EstimateExact(g, 300, uint64(k)) })
	t.Logf("where another seat than the current one decides, the current seat's chance falls by %.1f points (even) and %.1f (exact); seat 0's mean step %.1f and %.1f points", even, exact, evenStep, exactStep)
	if even > 1 {
		t.Errorf("EstimateEven leans toward the decider by %.1f points", even)
	}
}
