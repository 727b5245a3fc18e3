package ai

import (
	"fmt"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
)

// A negative horizon counts whole rounds from the seat's turn: hard looks
// through every other player's next turn, max one round further, through
// its own next turn and every other player's after it.
func TestHorizonRounds(t *testing.T) {
	hard, _ := New("hard", 1)
	for _, tc := range []struct {
		s       *Search
		players engine.Seat
		want    int
	}{
		{hard.(*Search), 2, 1}, {hard.(*Search), 3, 2}, {hard.(*Search), 4, 3},
		{newMax(1, 1), 2, 3}, {newMax(1, 1), 3, 5}, {newMax(1, 1), 4, 7},
		{&Search{Horizon: 0}, 4, 0}, {&Search{Horizon: 2}, 3, 2},
	} {
		g := &engine.Game{NPlayers: tc.players}
		if got := tc.s.horizon(g); got != tc.want {
			t.Errorf("%s (Horizon %d), %d players: %d turns, want %d", tc.s.Name(), tc.s.Horizon, tc.players, got, tc.want)
		}
	}
}

// A search's world pauses before the first Play Cards question past the
// horizon (engine.Game.SetHorizon) instead of putting it: every iteration
// judges the same position, so the visits and mean rewards of every root
// option are the same as when each world plays on to that question.
func TestHorizonPauseChangesNothing(t *testing.T) {
	defer func() { playToQuestion = false }()
	positions := 0
	for seed := uint64(1); seed <= 9; seed++ {
		n := 2 + int(seed%3)
		g, _, err := match.DealRandom(n, seed)
		if err != nil {
			t.Fatal(err)
		}
		ps := []Player{NewGreedy(1), NewGreedy(2), NewGreedy(3), NewGreedy(4)}
		for i := 0; i < 20+int(seed)*9 && !g.Over; i++ {
			v := g.View(g.Pending.Player)
			if err := g.ApplySafe(ps[g.Pending.Player].Choose(g, &v)); err != nil {
				t.Fatal(err)
			}
		}
		if g.Over || g.NumOptions() < 2 {
			continue
		}
		for _, horizon := range []int{-1, -2, 0, 1} {
			var stats [2]string
			for k, full := range []bool{false, true} {
				playToQuestion = full
				s := NewSearch(seed, 150, 1)
				s.Horizon = horizon
				visits, mean := rootStats(g, s.search(g, g.Pending.Player))
				stats[k] = fmt.Sprint(visits, mean)
			}
			if stats[0] != stats[1] {
				t.Errorf("seed %d, horizon %d: paused at the horizon %s, played to the question %s", seed, horizon, stats[0], stats[1])
			}
			positions++
		}
	}
	if positions == 0 {
		t.Fatal("no position searched")
	}
}
