package ai

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
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
