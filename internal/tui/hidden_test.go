package tui_test

import (
	"bytes"
	"errors"
	"fmt"
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

// The seed of a terminal game determines every shuffle: whoever knows it can
// deal the game again and see every hand and deck. Unless the player chose
// it, it is drawn unguessably and printed only once the game is over (or
// left), never while it is played.
func TestSeedIsSecretWhilePlaying(t *testing.T) {
	for _, args := range [][]string{{"--seats", "human,ai"}, {"--seats", "human,random", "--factions", "draft"}} {
		var out, errOut bytes.Buffer
		tui.Main(args, strings.NewReader("hand\nquit\n"), &out, &errOut)
		s := out.String()
		at := strings.Index(s, "Seed ")
		if at < 0 {
			t.Fatalf("%v: the seed is not printed when the game is left:\n%s", args, tail(s))
		}
		if last := strings.LastIndex(s, "> "); last < 0 || at < last {
			t.Fatalf("%v: the seed is printed while the game is played:\n%s", args, tail(s[:max(last, 0)]))
		}
		after := s[at+len("Seed "):]
		var seed uint64
		if _, err := fmt.Sscan(after, &seed); err != nil || seed < 1<<32 {
			t.Fatalf("%v: seed %d (%v): a seed from the clock can be guessed", args, seed, err)
		}
	}
}
