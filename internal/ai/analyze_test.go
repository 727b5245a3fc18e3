package ai_test

import (
	"testing"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
)

// Analyze answers what Choose answers (same seed, no loop guard at work),
// its judgements are chances, and it leaves the game as it was.
func TestAnalyzeAgreesWithChoose(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 16; seed++ {
		g := midGame(t, seed, 30+int(seed)*9)
		if g.Over || g.NumOptions() < 2 {
			continue
		}
		me := g.Pending.Player
		v := g.View(me)
		before := *g
		want := ai.NewSearch(seed, 300, 1).Choose(g, &v)
		a := ai.NewSearch(seed, 300, 1).Analyze(g, &v)
		if *g != before {
			t.Fatalf("seed %d: Analyze changed the game", seed)
		}
		if a.Choice != want || !a.Searched {
			t.Fatalf("seed %d: Analyze chose %d (searched %v), Choose %d", seed, a.Choice, a.Searched, want)
		}
		if len(a.Visits) != g.NumOptions() || a.Iterations != 300 {
			t.Fatalf("seed %d: %d option counts for %d options, %d iterations", seed, len(a.Visits), g.NumOptions(), a.Iterations)
		}
		for i, m := range a.Mean {
			if m < 0 || m > 1 {
				t.Fatalf("seed %d: option %d judged %v", seed, i, m)
			}
		}
		if r := a.RunnerUp(); r == a.Choice || r >= g.NumOptions() {
			t.Fatalf("seed %d: runner-up %d", seed, r)
		}
		// the follow-up, when the same seat decides again at once, is one of its options
		next := new(engine.Game)
		next.CopyFrom(g)
		if err := next.ApplySafe(a.Choice); err != nil {
			t.Fatal(err)
		}
		if next.Pending.Active && next.Pending.Player == me {
			if f := a.Follow(next); f >= next.NumOptions() {
				t.Fatalf("seed %d: follow-up %d of %d options", seed, f, next.NumOptions())
			}
		}
		checked++
	}
	if checked < 4 {
		t.Fatalf("only %d positions checked", checked)
	}
}
