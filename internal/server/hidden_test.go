package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/present"
)

// seatBytes is everything seat (None: the spectator) is sent about g: the
// message's view and options as the browser gets them, the log as events and
// as lines, and the terminal's screen for that seat.
func seatBytes(g *engine.Game, seat int, names present.Names) []byte {
	v, opts := seatView(g, seat, names)
	evs := g.EventViews(seat, 0)
	var lines []string
	for _, e := range evs {
		lines = append(lines, present.Event(e, names))
	}
	b, err := json.Marshal(struct {
		View    *engine.View
		Options []OptionLabel
		Events  []engine.EventView
		Log     []string
	}{v, opts, evs, lines})
	if err != nil {
		panic(err)
	}
	tv := g.View(seat)
	tv.Names = names
	return append(b, present.Screen(&tv, lines)...)
}

// firstDiff shows where two messages part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-120)
	return fmt.Sprintf("\n  real:     …%s…\n  re-dealt: …%s…", a[lo:min(len(a), i+80)], b[lo:min(len(b), i+80)])
}

// hiddenGames is how many random games the property test plays (see
// race_test.go: fewer decisions are checked under the race detector).
const hiddenGames = 200

// The hidden-information property: at every decision of random games (every
// faction, 2 to 4 players, titans in some), what each seat and the spectator
// is sent is byte for byte the same in the real game and in re-deals of
// everything that seat may not know (engine.Redeal: hands and decks
// re-dealt, and every card it may not know given another identity). A
// message that depends on a hidden card, by any path, fails it.
func TestHiddenInformationProperty(t *testing.T) {
	names := present.Names{"Alice", "Bob", "Carol", "Dan"}
	decisions, compared := 0, 0
	for game := 0; game < hiddenGames; game++ {
		n := 2 + game%3
		fs, err := match.RandomFactions(n, uint64(game))
		if err != nil {
			t.Fatal(err)
		}
		setup := match.SetupFor(fs, uint64(game), match.Options{Titans: game%4 == 1, AllBases: game%2 == 0})
		setup.Options |= engine.OptAskAll
		g, err := engine.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(game), 7))
		for step := 0; !g.Over && step < 1500; step++ {
			if step%hiddenEvery == 0 {
				decisions++
				for seat := engine.None; seat < n; seat++ {
					real := seatBytes(g, seat, names[:n])
					for k := 0; k < 2; k++ {
						alt := seatBytes(g.Redeal(seat, uint64(step*8+k)), seat, names[:n])
						compared++
						if !bytes.Equal(real, alt) {
							who := "the spectator"
							if seat >= 0 {
								who = names[seat]
							}
							t.Fatalf("game %d (%v), decision %d: what %s is sent depends on cards %s may not know:%s",
								game, fs, step, who, who, firstDiff(real, alt))
						}
					}
				}
			}
			if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d games, %d decisions checked, %d re-deals compared", hiddenGames, decisions, compared)
}
