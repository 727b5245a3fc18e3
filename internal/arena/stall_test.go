package arena

import (
	"testing"

	"github.com/smashup/smashup/internal/longtest"
)

// TestStalledDealsEnd replays the two games of `smashup arena --a max --b
// hard --seed 1` that once never ended (both players passing turn after
// turn, to the 20,000-decision safety net): deal 89 with max in the first
// seat (the search declined by a fixed margin that swallowed every
// difference near a sure win: pickOption) and deal 198 with max in the
// second (the judge found passing best for both: stallTurns). The two take
// about 30 s (ten times that under the race detector); SMASHUP_LONG=1 only. Max searches a tree per core by default, and
// its moves depend on the count: the games stalled on a 2-core machine, so
// the test fixes two trees and replays them exactly on any number of cores.
func TestStalledDealsEnd(t *testing.T) {
	if !longtest.Enabled() || testing.Short() {
		t.Skip("SMASHUP_LONG=1 plays the two games")
	}
	c := Config{A: "max", B: "hard", Players: 2, Seed: 1, Trees: 2}
	for _, g := range []struct{ deal, seat int }{{89, 0}, {198, 1}} {
		if p := c.play(g.deal, g.seat); p.err != nil {
			t.Errorf("deal %d, max in seat %d: %v", g.deal, g.seat+1, p.err)
		} else if d := p.decisionsA + p.decisionsB; d > 1000 {
			t.Errorf("deal %d, max in seat %d: %d decisions, far more than a game takes", g.deal, g.seat+1, d)
		}
	}
}
