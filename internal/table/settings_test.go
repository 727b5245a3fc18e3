package table

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Me First in a server game: every seat is asked in every window (new games
// have engine.RuleAskAll); a person is passed for exactly when they have
// nothing to play, unless they asked to be asked in every window (the
// setting's requests: the server's TestAutoPassSetting).
func TestAutoPassSetting(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "a.db"))
	ctx := context.Background()
	// Ninjas have Specials for the window before scoring
	resp, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"},
		Factions: [][]string{{"Ninjas", "Pirates"}, {"Wizards", "Zombies"}}})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	if l.g.Options&engine.RuleAskAll == 0 {
		t.Fatal("a new server game should ask everyone in Me First windows")
	}
	// seat 1 asks to be asked in every window; seat 0 is passed for (the
	// settings' requests: the server's TestAutoPassSetting)
	if m := l.SetAskEveryWindow(ctx, 1, true); m.Settings == nil || !m.Settings.AskEveryWindow {
		t.Fatalf("asking to be asked in every window: %+v", m.Settings)
	}
	if m := l.SetAskEveryWindow(ctx, 0, false); m.Settings == nil || m.Settings.AskEveryWindow {
		t.Fatalf("the older setting: %+v", m.Settings)
	}
	r := rand.New(rand.NewPCG(3, 3))
	windows, autos := 0, 0
	for step := 0; step < 3000; step++ {
		l.mu.Lock()
		over, who, n, at := l.g.Over, engine.NoSeat, 0, len(l.moves)
		passOnly, noChoice := false, false
		if !over {
			who, n = l.pending()
			passOnly, noChoice = l.g.WindowPassOnly(), l.g.Pending.NoChoice
		}
		l.mu.Unlock()
		if over {
			break
		}
		if passOnly {
			windows++
		}
		if passOnly && who == 0 || noChoice { // the server answers a question without a real choice for anyone
			// the server's own loop may have passed already (it is kicked after every move)
			l.stepAI(ctx)
			moved := false
			for wait := 0; wait < 2000 && !moved; wait++ { // a worker may be at it (slow on a loaded machine)
				l.mu.Lock()
				moved = len(l.moves) > at
				l.mu.Unlock()
				if !moved {
					time.Sleep(5 * time.Millisecond)
				}
			}
			if !moved {
				t.Fatal("seat 0, with nothing to play, was not passed for")
			}
			autos++
			continue
		}
		if l.stepAI(ctx) {
			t.Fatalf("the server moved for seat %d on its own", who)
		}
		if err := l.Move(ctx, who, at, r.IntN(n)); err != nil && err != ErrStale {
			t.Fatal(err)
		}
	}
	if windows == 0 || autos == 0 {
		t.Fatalf("no Me First window with nothing to play was seen (%d, %d)", windows, autos)
	}
}
