package tui_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/tui"
)

// At a hotseat table every person watches the terminal: a Me First window in
// which a person has nothing to play is asked all the same (as the browser
// asks it), or whether the terminal stops for them would tell the others
// whether they hold a Special.
func TestHotseatAsksEveryWindow(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		g, seats, err := tui.Setup(tui.Config{Players: 2, Seats: "human,human", Factions: "random", Seed: seed,
			Match: match.Options{AskAll: true}})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for k := 0; k < 400 && !g.Over && !g.WindowPassOnly(); k++ {
			if err := g.ApplySafe(rng.IntN(g.NumOptions())); err != nil {
				t.Fatal(err)
			}
		}
		if g.Over || !g.WindowPassOnly() {
			continue
		}
		before := *g
		var out bytes.Buffer
		err = tui.NewSession(g, seats, strings.NewReader("quit\n"), &out).Run()
		if !errors.Is(err, tui.ErrQuit) || *g != before {
			t.Fatalf("seed %d: a window with nothing but pass was passed for a person at a hotseat table (err %v):\n%s", seed, err, tail(out.String()))
		}
		return
	}
	t.Fatal("no Me First window with nothing to play found")
}
