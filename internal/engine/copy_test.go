package engine_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/playout"
)

// usedPart is g with what CopyToPlay leaves out cleared: the unused tails
// of its tables and its log; and quiet.
func usedPart(g *engine.Game) engine.Game {
	c := *g
	clear(c.Cards[c.NCards:])
	clear(c.Frames[c.NFrames:])
	clear(c.Effects[c.NEff:])
	clear(c.Trigs[c.NTrig:])
	clear(c.Pending.Opts[c.Pending.N:])
	c.Events, c.EvInc = [engine.MaxEvents]engine.Event{}, [engine.MaxEvents][3]uint8{}
	c.Quiet = true
	return c
}

// TestCopyToPlay copies games at every decision into a buffer that held
// another game (of other players and cards): the copy is the game where it
// counts, and plays on as the game does.
func TestCopyToPlay(t *testing.T) {
	if !engine.CopyLayoutOK() {
		t.Fatal("Game's fields are not laid out as CopyToPlay expects")
	}
	var buf engine.Game
	for seed := uint64(0); seed < 12; seed++ {
		n := 2 + int(seed%3)
		g, err := engine.New(playout.RandomSetup(seed, n))
		if err != nil {
			t.Fatal(err)
		}
		r := playout.NewRandom(seed)
		for step := 0; !g.Over && step < 400; step++ {
			buf.CopyToPlay(g)
			if usedPart(&buf) != usedPart(g) {
				t.Fatalf("seed %d step %d: the copy differs from the game", seed, step)
			}
			if err := buf.Validate(); err != nil {
				t.Fatalf("seed %d step %d: the copy is not valid: %v", seed, step, err)
			}
			i := r.Choose(g)
			if err := g.Apply(i); err != nil {
				t.Fatal(err)
			}
			if err := buf.Apply(i); err != nil {
				t.Fatal(err)
			}
			if buf.Rng != g.Rng || buf.Over != g.Over || usedPart(&buf).Pending != usedPart(g).Pending {
				t.Fatalf("seed %d step %d: the copy plays on otherwise", seed, step)
			}
		}
	}
}

// TestDealIntoIsDeterminizeInto: a Dealing kept between the worlds dealt
// from one game gives each the copy DeterminizeInto gives (the search deals
// its worlds so).
func TestDealIntoIsDeterminizeInto(t *testing.T) {
	var a, b engine.Game
	for seed := uint64(0); seed < 12; seed++ {
		n := 2 + int(seed%3)
		g, err := engine.New(playout.RandomSetup(seed, n))
		if err != nil {
			t.Fatal(err)
		}
		r := playout.NewRandom(seed)
		for step := 0; !g.Over && step < 300; step++ {
			if step%7 == 0 {
				for p := range g.NPlayers {
					var d engine.Dealing
					for k := uint64(0); k < 3; k++ {
						g.DeterminizeInto(&a, p, seed*31+k)
						g.DealInto(&b, &d, p, seed*31+k)
						if usedPart(&a) != usedPart(&b) {
							t.Fatalf("seed %d step %d seat %d world %d: DealInto differs", seed, step, p, k)
						}
					}
				}
			}
			if err := g.Apply(r.Choose(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
}
