package playout

import "testing"

// unchangedGames is the hash of every decision (the options offered, the
// answer, the generator state: hashChooser) of 300 seeded random games, 100
// each of 2, 3 and 4 players, all sets. A change that only reorganizes code
// (a refactor, a speed-up) must leave it as it is. Only a deliberate change
// of the rules may change it, together with engine.RulesVersion: stored
// games replay by the position of each choice (record.go).
const unchangedGames = 0x11aabf3badd0243b

func TestRandomGamesAreUnchanged(t *testing.T) {
	var h uint64
	for n := 2; n <= 4; n++ {
		for seed := uint64(0); seed < 100; seed++ {
			hc := &hashChooser{c: NewRandom(seed)}
			if res := Play(RandomSetup(seed, n), hc); res.Err != nil {
				t.Fatalf("%d players, seed %d: %v", n, seed, res.Err)
			}
			h = (h ^ hc.h) * 0x100000001b3
		}
	}
	if h != unchangedGames {
		t.Errorf("300 seeded random games hash to %#x, want %#x: the engine now plays differently", h, uint64(unchangedGames))
	}
}
