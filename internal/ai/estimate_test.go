package ai_test

import (
	"math"
	"testing"

	"github.com/smashup/smashup/internal/ai"
)

// EstimateExact gives chances that sum to 1, one of the options, and leaves
// the game as it was; at the end, the winners' share.
func TestEstimateExact(t *testing.T) {
	g := midGame(t, 3, 50)
	if g.Over {
		t.Skip("game over")
	}
	before := *g
	e := ai.EstimateExact(g, 200, 1)
	if *g != before {
		t.Fatal("EstimateExact changed the game")
	}
	sum := 0.0
	for _, c := range e.Chances {
		if c < 0 || c > 1 {
			t.Fatalf("chances %v", e.Chances)
		}
		sum += c
	}
	if math.Abs(sum-1) > 1e-9 || len(e.Chances) != int(g.NPlayers) || e.Choice < 0 || e.Choice >= g.NumOptions() {
		t.Fatalf("chances %v (sum %v), choice %d of %d", e.Chances, sum, e.Choice, g.NumOptions())
	}
	if again := ai.EstimateExact(g, 200, 1); again.Choice != e.Choice || again.Chances[0] != e.Chances[0] {
		t.Fatalf("not the same twice: %+v then %+v", e, again)
	}
	end := midGame(t, 3, 100000)
	if !end.Over {
		t.Fatal("the game did not end")
	}
	e = ai.EstimateExact(end, 200, 1)
	for p, c := range e.Chances {
		if won := end.Winners&(1<<p) != 0; won != (c > 0) {
			t.Fatalf("game over, winners %b: chances %v", end.Winners, e.Chances)
		}
	}
}

// BenchmarkEstimateGame estimates every position of a whole 2-player game
// (greedy players) at the review's budget: the time of one review.
func BenchmarkEstimateGame(b *testing.B) {
	for range b.N {
		g := midGame(b, 3, 0)
		ps := []ai.Player{ai.NewGreedy(1), ai.NewGreedy(2)}
		positions := 0
		for !g.Over {
			ai.EstimateEven(g, 300, 1)
			positions++
			v := g.View(g.Pending.Player)
			if err := g.ApplySafe(ps[g.Pending.Player].Choose(g, &v)); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(positions), "positions")
	}
}
