package soak

import (
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
)

// TestSoakShort: a few hundred random games over every set, 2-4 players,
// titans on and off, with no violation (the soak CI runs): 300 with
// SMASHUP_LONG=1, 100 by default, 60 with -short.
func TestSoakShort(t *testing.T) {
	games := longtest.Pick(100, 300)
	if testing.Short() {
		games = 60
	}
	rep := Run(Config{Games: games, Seed: 1, Workers: 2, SaveEvery: 64}, nil)
	for _, v := range rep.Violations {
		t.Error(v)
	}
	if rep.Games != games || rep.Finished != games || rep.Decisions == 0 || rep.Saves < games {
		t.Fatalf("report %+v", rep)
	}
}

// TestGameMixes: six games in a row cover 2, 3 and 4 players with titans off and on.
func TestGameMixes(t *testing.T) {
	seen := map[[2]int]bool{}
	for k := 0; k < 6; k++ {
		s, _ := GameOf(1, k)
		titans := 0
		if s.Options&engine.RuleTitans != 0 {
			titans = 1
		}
		seen[[2]int{len(s.Players), titans}] = true
	}
	if len(seen) != 6 {
		t.Fatalf("mixes %v", seen)
	}
}

// TestCheckerCatches: the checks find a VP loss, a counter on a card in a
// hand, and a game waiting on nothing.
func TestCheckerCatches(t *testing.T) {
	for name, tc := range map[string]struct {
		breakIt func(g *engine.Game)
		want    string
	}{
		"vp":       {func(g *engine.Game) { g.Players[1].VP-- }, "VP went down"},
		"counters": {func(g *engine.Game) { g.Cards[g.Hand(0)[0]].Counters = 1 }, "counters in zone hand"},
		"decision": {func(g *engine.Game) { g.Pending.N = 0 }, "decision"},
	} {
		setup, _ := GameOf(1, 0)
		g, err := engine.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		g.Players[1].VP = 3
		c := &checker{saveEvery: 1}
		if err := c.check(g); err != nil {
			t.Fatalf("%s: a sound game fails: %v", name, err)
		}
		tc.breakIt(g)
		if err := c.check(g); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error about %q", name, err, tc.want)
		}
	}
}
