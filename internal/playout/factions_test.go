package playout

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// TestRandomGamesUseEveryFaction: the seeds the property test plays deal every
// playable faction (all 19 sets' factions), in 2-, 3- and 4-player games.
func TestRandomGamesUseEveryFaction(t *testing.T) {
	seen := map[string]int{}
	for i := 0; i < 200; i++ {
		seed := uint64(i)*7919 + 1 // the seeds of TestRandomGames
		for _, p := range RandomSetup(seed, 2+i%3).Players {
			for _, f := range p.Factions {
				seen[f]++
			}
		}
	}
	all := engine.PlayableFactions()
	if len(all) != 19 {
		t.Errorf("%d playable factions, want the 19 of the rulebooks: %v", len(all), all)
	}
	for _, f := range all {
		if seen[f] == 0 {
			t.Errorf("no random game deals %s", f)
		}
	}
}
