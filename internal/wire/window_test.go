package wire_test

import (
	"math/rand/v2"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/wire"
)

// A Me First window names no one to the others (issue 33): the question
// that puts the window to a player is told to every other seat and to the
// spectators as an asked event without its player, as the decision they
// are shown has none (Decision.Player); the player asked is told it is
// them. Before, every spectator frame of a window named the player waited
// on.
func TestWindowAsksNameNoOne(t *testing.T) {
	fs := [][2]string{{"Ninjas", "Tricksters"}, {"Wizards", "Pirates"}, {"Zombies", "Aliens"}}
	g, err := match.Deal(fs, 8, match.Options{AskAll: true})
	if err != nil {
		t.Fatal(err)
	}
	lg := new(wire.Log)
	lg.Collect(g)
	r := rand.New(rand.NewPCG(8, 8))
	windows := 0
	for k := 0; k < 3000 && !g.Over; k++ {
		if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
			t.Fatal(err)
		}
		lg.Collect(g)
		if !g.InWindow() {
			continue
		}
		windows++
		asked := int(g.Pending.Player)
		for seat := engine.None; seat < int(g.NPlayers); seat++ {
			evs := lg.For(seat)
			last := evs[len(evs)-1]
			if last.Kind != "asked" {
				t.Fatalf("seat %d: the window's last event is %q, not its question", seat, last.Kind)
			}
			switch {
			case seat == asked && (last.Player == nil || *last.Player != asked):
				t.Fatalf("the player asked in a window is not told it is them: %+v", last)
			case seat != asked && last.Player != nil:
				t.Fatalf("seat %d is told that the window waits on seat %d", seat, *last.Player)
			}
		}
	}
	if windows < 20 {
		t.Fatalf("only %d windows seen", windows)
	}
}
