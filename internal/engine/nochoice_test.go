package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
)

// Stopping at questions without a real choice (engine.RuleStopNoChoice, as
// the server plays) changes nothing but the stops: answering each with its
// only option, a game plays exactly as it does when they are answered at
// once. Such stops do happen (one minion in hand for an extra play, a single
// target), and each is a question of its player's with one option.
func TestStopNoChoiceChangesNothing(t *testing.T) {
	games, stops := 60, 0
	if testing.Short() {
		games = 15
	}
	for i := range games {
		n := 2 + i%3
		fs, err := match.RandomFactions(n, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		setup := match.SetupFor(fs, uint64(i), match.Options{AskAll: true, Titans: i%4 == 0})
		a, err := engine.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		setup.Options |= engine.RuleStopNoChoice
		b, err := engine.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 3))
		for step := 0; step < 4000 && !a.Over; step++ {
			for b.Pending.Active && b.Pending.NoChoice {
				if b.NumOptions() != 1 || b.Pending.Player < 0 {
					t.Fatalf("game %d: a stop without a choice has %d options, for player %d", i, b.NumOptions(), b.Pending.Player)
				}
				if err := b.Apply(0); err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				stops++
			}
			if a.Pending != b.Pending || a.EvSeq != b.EvSeq || a.Rng != b.Rng {
				t.Fatalf("game %d step %d: the games differ (decision %v / %v)", i, step, a.Pending.Player, b.Pending.Player)
			}
			if !a.Pending.Active {
				break
			}
			o := r.IntN(a.NumOptions())
			if err := a.ApplySafe(o); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			if err := b.ApplySafe(o); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		for b.Pending.Active && b.Pending.NoChoice {
			b.Apply(0)
			stops++
		}
		if a.Over != b.Over || a.Winners != b.Winners {
			t.Fatalf("game %d ends differently", i)
		}
	}
	if stops == 0 {
		t.Fatal("no question without a real choice was stopped at")
	}
	t.Logf("%d games, %d stops at questions without a real choice", games, stops)
}
