package engine_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/playout"
)

// TestDerivedStateAtEveryStep plays random games, checking after every step
// of the engine (not only at decisions) that what it keeps up to date (the
// table index, zone and held sets, the hooks in play) is what a full rescan
// of the cards gives: a cache left stale by a change fails here.
func TestDerivedStateAtEveryStep(t *testing.T) {
	steps, bad := 0, 0
	engine.SetStepCheck(func(g *engine.Game) {
		steps++
		if !g.CheckDerived() {
			bad++
		}
	})
	defer engine.SetStepCheck(nil)
	games := 90
	if testing.Short() {
		games = 15
	}
	for seed := uint64(0); seed < uint64(games); seed++ {
		n := 2 + int(seed%3)
		res := playout.Play(playout.RandomSetup(seed, n), playout.NewRandom(seed))
		if res.Err != nil {
			t.Fatalf("seed %d: %v", seed, res.Err)
		}
		if bad > 0 {
			t.Fatalf("seed %d (%d players): derived state out of date after %d of %d steps", seed, n, bad, steps)
		}
	}
	if steps == 0 {
		t.Fatal("no step was checked")
	}
}
