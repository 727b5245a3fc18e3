package wire_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/wire"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// frame is what the golden files hold: a seat's table, decision and events.
type frame struct {
	Table    *wire.Table    `json:"table"`
	Decision *wire.Decision `json:"decision"`
	Events   []wire.Event   `json:"events"`
}

// golden compares v, as indented JSON, with testdata/name.json.
func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name+".json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/wire -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		lo := max(0, i-200)
		t.Fatalf("%s differs from the golden file at byte %d:\n got: …%s…\nwant: …%s…\n(if the change is meant, run go test ./internal/wire -update and review the diff)",
			path, i, got[lo:min(len(got), i+100)], want[lo:min(len(want), i+100)])
	}
}

// play deals a seeded game and makes steps random decisions (a seeded
// generator), collecting the events.
func play(t *testing.T, fs [][2]string, seed uint64, steps int) (*engine.Game, *wire.Log) {
	t.Helper()
	g, err := match.Deal(fs, seed, match.Options{AskAll: true})
	if err != nil {
		t.Fatal(err)
	}
	lg := new(wire.Log)
	lg.Collect(g)
	r := rand.New(rand.NewPCG(seed, 11))
	for k := 0; k < steps && !g.Over; k++ {
		if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
			t.Fatal(err)
		}
		lg.Collect(g)
	}
	return g, lg
}

// The protocol is pinned: a mid-game table as its current player, another
// player and a spectator see it, with the decision and the latest events,
// and a whole game's events to its end.
func TestGolden(t *testing.T) {
	names := present.Names{"Alice", "Bob", "Carol"}
	fs := [][2]string{{"Aliens", "Dinosaurs"}, {"Ninjas", "Pirates"}, {"Zombies", "Wizards"}}
	g, lg := play(t, fs, 42, 40)
	r := rand.New(rand.NewPCG(5, 5))
	for g.NumOptions() < 4 || !g.MainDecision() { // on to a Play Cards phase with cards to play
		if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
			t.Fatal(err)
		}
		lg.Collect(g)
	}
	for seat := engine.None; seat < 3; seat++ {
		tb, d := wire.Build(g, engine.Seat(seat), names)
		wire.Lookahead(g, engine.Seat(seat), names, d)
		golden(t, fmt.Sprintf("midgame-seat%d", seat), frame{tb, d, lg.For(seat)})
	}
	g, lg = play(t, [][2]string{{"Robots", "Tricksters"}, {"Geeks", "Vampires"}}, 9, 100000)
	if !g.Over {
		t.Fatal("the game did not end")
	}
	tb, _ := wire.Build(g, 0, names[:2])
	golden(t, "gameover-seat0", frame{tb, nil, lg.For(0)})
}

// Every event kind and option kind the engine can produce has a wire name
// (never "unknown"), over random games of every set; the main decision
// offers its follow-up questions only as the same seat's next question.
// 30 games with SMASHUP_LONG=1, 10 by default.
func TestEveryKindHasAName(t *testing.T) {
	names := present.Names{"A", "B", "C", "D"}
	kinds := map[string]int{}
	for game := 0; game < longtest.Pick(10, 30); game++ {
		n := 2 + game%3
		fs, err := match.RandomFactions(n, uint64(game))
		if err != nil {
			t.Fatal(err)
		}
		g, err := match.Deal(fs, uint64(game), match.Options{AskAll: true, AllBases: true, Titans: game%2 == 0})
		if err != nil {
			t.Fatal(err)
		}
		lg := new(wire.Log)
		r := rand.New(rand.NewPCG(uint64(game), 3))
		for step := 0; !g.Over && step < 3000; step++ {
			lg.Collect(g)
			seat := g.Pending.Player
			_, d := wire.Build(g, seat, names[:n])
			wire.Lookahead(g, seat, names[:n], d)
			for _, o := range d.Options {
				if o.Kind == "unknown" || o.Target.Where == "" {
					t.Fatalf("game %d: option %+v has no name or target", game, o)
				}
				kinds["option "+o.Kind+" at "+o.Target.Where]++
				if o.Then != nil {
					kinds["then"]++
				}
			}
			if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
				t.Fatal(err)
			}
		}
		lg.Collect(g)
		for seat := -1; seat < n; seat++ {
			for _, e := range lg.For(seat) {
				if e.Kind == "" {
					t.Fatalf("game %d: an event without a kind: %+v", game, e)
				}
				kinds["event "+e.Kind]++
			}
		}
	}
	for _, k := range []string{"then", "option play at hand", "option base at base", "option pass at button", "event play", "event award", "event scoring", "event scored", "event base-replaced", "event turn-start"} {
		if kinds[k] == 0 {
			t.Errorf("never seen: %s (seen: %v)", k, kinds)
		}
	}
}
