package scenario

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/playout"
)

// A game written down as a scenario plays, under `smashup scenario`, to the
// very position the game was at: every step takes the option the game took,
// and the last check holds there. Games of 2 to 4 players with every set,
// answered at random, with the table's no-choice questions.
func TestAGameWrittenAsAScenarioPlaysTheSame(t *testing.T) {
	steps, games, byPosition := 0, 0, 0
	for seed := uint64(1); seed <= 24; seed++ {
		s := playout.RandomSetup(seed, 2+int(seed%3))
		s.Options |= engine.RuleStopNoChoice
		g, err := engine.New(s)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(int64(seed)))
		var moves, real []int // every answer; those a scenario makes
		stop := 40 + r.Intn(400)
		for len(moves) < stop && !g.Over {
			m := r.Intn(g.NumOptions())
			if !g.Pending.NoChoice {
				real = append(real, m)
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
		}
		w, err := FromGame("report", "reported", s, moves)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		text := w.Text
		if !slices.Equal(w.Moves, real) {
			t.Fatalf("seed %d: the moves written are not the game's", seed)
		}
		pos, err := ParsePosition("report.yaml", w.Setup, 1)
		if err != nil {
			t.Fatalf("seed %d: the setup does not load as a position: %v", seed, err)
		}
		if pos.Setup.Seed != s.Seed || len(pos.Setup.Players) != len(s.Players) {
			t.Fatalf("seed %d: the position is another game", seed)
		}
		scs, err := Parse("report.yaml", text)
		if err != nil {
			t.Fatalf("seed %d: the scenario does not load: %v\n%s", seed, err, text)
		}
		res := Run(scs[0])
		if !res.Pass {
			t.Fatalf("seed %d: %s\n%s", seed, res.Reason, text)
		}
		if !slices.Equal(res.Moves, real) {
			t.Fatalf("seed %d: the scenario made other decisions than the game", seed)
		}
		games++
		steps += len(real)
		byPosition += strings.Count(string(text), "option: ")
	}
	t.Logf("%d games, %d steps, %d of them by position", games, steps, byPosition)
}

// Only a dealt game is written: a position is a scenario already.
func TestOnlyADealtGameIsWritten(t *testing.T) {
	if _, err := FromGame("x", "y", engine.Setup{}, nil); err == nil {
		t.Fatal("a setup that is not dealt was written")
	}
}

// A game's seed is any 64-bit number (a table's secret seed is full
// randomness): a position written with one above 2^63 loads with it.
func TestAPositionKeepsAFullSeed(t *testing.T) {
	s := playout.RandomSetup(3, 2)
	s.Seed = 1<<64 - 12345
	w, err := FromGame("report", "reported", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := ParsePosition("report.yaml", w.Setup, 1)
	if err != nil {
		t.Fatalf("the position does not load: %v", err)
	}
	if pos.Setup.Seed != s.Seed {
		t.Fatalf("seed %d, written %d", pos.Setup.Seed, s.Seed)
	}
}
