package ai_test

import (
	"os"
	"testing"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/testkit"
)

func TestMain(m *testing.M) {
	testkit.Ensure()
	os.Exit(m.Run())
}

// playGames plays n two-player games of a against b, swapping seats every
// game, and returns a's wins (shared wins count half).
func playGames(t *testing.T, n int, mkA, mkB func(seed uint64) ai.Player) float64 {
	t.Helper()
	wins := 0.0
	for i := 0; i < n; i++ {
		seed := uint64(1000 + i)
		g, _, err := match.DealRandom(2, seed)
		if err != nil {
			t.Fatal(err)
		}
		aSeat := i % 2
		ps := make([]ai.Player, 2)
		ps[aSeat] = mkA(seed)
		ps[1-aSeat] = mkB(seed + 7)
		if err := ai.PlayOut(g, ps); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		switch {
		case g.Winners == 1<<aSeat:
			wins++
		case g.Winners&(1<<aSeat) != 0:
			wins += 0.5
		}
	}
	return wins
}

func TestRandomGamesFinish(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for i := 0; i < 5; i++ {
			g, _, err := match.DealRandom(n, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			ps := make([]ai.Player, n)
			for p := range ps {
				ps[p] = ai.NewRandom(uint64(i*10 + p))
			}
			if err := ai.PlayOut(g, ps); err != nil {
				t.Fatalf("%d players, game %d: %v", n, i, err)
			}
		}
	}
}

func TestGreedyBeatsRandom(t *testing.T) {
	const n = 200
	wins := playGames(t, n, func(s uint64) ai.Player { return ai.NewGreedy(s) }, func(s uint64) ai.Player { return ai.NewRandom(s) })
	t.Logf("greedy vs random: greedy won %.1f of %d games (%.0f%%)", wins, n, 100*wins/n)
	if wins < 0.75*n {
		t.Errorf("greedy won only %.1f of %d games against random", wins, n)
	}
}
