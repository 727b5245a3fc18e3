package playout

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// unchangedGames is the hash of every decision (the options offered, the
// answer, the generator state: hashChooser) of 300 seeded random games, 100
// each of 2, 3 and 4 players, all sets. A change that only reorganizes code
// (a refactor, a speed-up) must leave it as it is. Only a deliberate change
// of the rules may change it, together with engine.RulesVersion: stored
// games replay by the position of each choice (record.go).
const unchangedGames = 0x43c2b66e5d0edca5

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

// unchangedFingerprint is engine.RulesFingerprint of this build: RulesVersion
// and what every card definition says. Like unchangedGames, a refactor leaves
// it as it is (the ids the engine gives the functions it registers are not
// in it), so stored games and replays are not made to look "recorded by
// another version" by a change that only moves code. It moves with
// RulesVersion, and with a change to a card's facts or texts (or to which
// behaviours, triggers and Specials it has): update it then.
const unchangedFingerprint = "r12-8b97e65198f2de17aacf15eb"

func TestRulesFingerprintIsUnchanged(t *testing.T) {
	if fp := engine.RulesFingerprint(); fp != unchangedFingerprint {
		t.Errorf("the rules fingerprint is %s, want %s: a card definition or RulesVersion changed", fp, unchangedFingerprint)
	}
}
