package engine_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/playout"
)

// TestMinionNamedInPlay holds MinionNamedInPlay, which looks a name up once
// and compares definitions, to the scan it replaces (every minion in play
// compared by NameIs), for the name of every card in play and a name of
// none, after every step of random games.
func TestMinionNamedInPlay(t *testing.T) {
	steps, bad := 0, 0
	names := []string{"no such card", "big bad wolf", "BIG BAD WOLF!"}
	engine.SetStepCheck(func(g *engine.Game) {
		steps++
		check := func(name string) {
			want := false
			for m := range g.EachMinion(engine.None) {
				want = want || g.NameIs(m, name)
			}
			if g.MinionNamedInPlay(name) != want {
				bad++
			}
		}
		for _, n := range names {
			check(n)
		}
		for i := range g.NCards {
			if g.InPlay(i) {
				check(g.Name(i))
			}
		}
	})
	defer engine.SetStepCheck(nil)
	for seed := uint64(0); seed < 10; seed++ {
		res := playout.Play(playout.RandomSetup(seed, 2+int(seed%3)), playout.NewRandom(seed))
		if res.Err != nil {
			t.Fatalf("seed %d: %v", seed, res.Err)
		}
		if bad > 0 {
			t.Fatalf("seed %d: MinionNamedInPlay differs from the scan %d times in %d steps", seed, bad, steps)
		}
	}
	if steps == 0 {
		t.Fatal("no step was checked")
	}
}
