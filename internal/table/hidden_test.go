package table

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// publicOrMine reports whether seat may see card c right now.
func publicOrMine(g *engine.Game, c, seat int) bool {
	if g.Knows(engine.Seat(seat), engine.CardID(c)) {
		return true // the engine's own word; the re-deal property checks it
	}
	cd := g.Cards[c]
	switch cd.Zone {
	case engine.ZInPlay, engine.ZDiscard, engine.ZBaseInPlay, engine.ZBaseDiscard:
		return true
	case engine.ZHand:
		return int(cd.Ctrl) == seat
	case engine.ZSetAside:
		return cd.Flags&engine.FRevealed != 0 || int(cd.Ctrl) == seat
	}
	return false
}

// checkHidden walks a message as the client receives it and fails if it names
// a card the seat may not see. It is called with the game's lock held: it
// reports with t.Errorf (never t.Fatal, which would leave the lock held and
// hang the package), and the caller stops once the test has failed.
func checkHidden(t *testing.T, l *Table, seat int, raw []byte) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Error(err)
		return
	}
	g := l.g
	if g == nil {
		return
	}
	byPublic := map[int]engine.CardID{}
	for c := range g.NCards {
		byPublic[g.PublicID(c)] = c
	}
	mine := map[int]bool{}
	if d, ok := g.Decision(); ok && int(d.Player) == seat {
		for _, o := range d.Options { // a decider may see what it chooses among (e.g. a looked-at hand)
			if o.Card >= 0 {
				mine[int(o.Card)] = true
			}
		}
	}
	// every card named with its id must be one the seat may see now (or
	// chooses among); events name cards as they were seen when they
	// happened, which the hidden-information property checks
	var walk func(v any, path string)
	walk = func(v any, path string) {
		if t.Failed() {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			if pid, ok := x["id"].(float64); ok {
				if _, isCard := x["name"]; isCard {
					id, known := byPublic[int(pid)] // ids on the wire are public ids (engine/ids.go)
					if !known {
						t.Errorf("seat %d was sent %s under id %d, no card's id now, at %s", seat, x["name"], int(pid), path)
						return
					}
					if !publicOrMine(g, int(id), seat) && !mine[int(id)] {
						t.Errorf("seat %d was sent %s (card %d, %s, zone %v) at %s", seat, x["name"], int(id), g.Name(id), g.Cards[int(id)].Zone, path)
					}
				}
			}
			for k, y := range x {
				if k != "events" {
					walk(y, path+"."+k)
				}
			}
		case []any:
			for i, y := range x {
				walk(y, fmt.Sprintf("%s[%d]", path, i))
			}
		}
	}
	walk(m, "")
	if seat == engine.None {
		if h, ok := m["table"].(map[string]any)["hand"]; ok && h != nil {
			t.Errorf("a spectator was sent a hand: %v", h)
		}
	}
}

// TestHiddenInformationOverFullGames plays whole games between two human seats
// (chosen at random by the test) and checks every message each seat and a
// spectator would receive.
func TestHiddenInformationOverFullGames(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "h.db"))
	ctx := context.Background()
	games := 3
	if testing.Short() {
		games = 1
	}
	for gi := 0; gi < games; gi++ {
		resp, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human", "human"}, Mode: "random", Seed: seed(uint64(100 + gi))})
		if err != nil {
			t.Fatal(err)
		}
		l, _ := s.Game(ctx, resp.ID)
		askEveryWindow(l)
		rng := rand.New(rand.NewPCG(uint64(gi), 9))
		for n := 0; n < 3000; n++ {
			l.mu.Lock()
			for _, seat := range []int{0, 1, 2, engine.None} {
				raw, _ := json.Marshal(l.messageLocked(engine.Seat(seat)))
				checkHidden(t, l, seat, raw)
			}
			who, count := l.pending()
			moves := len(l.moves)
			auto := who != engine.None && l.autoMove(who)
			l.mu.Unlock()
			if t.Failed() {
				return // (checkHidden reported under the lock)
			}
			if who == engine.None {
				break
			}
			if auto {
				// the server answers this one itself, after a pause: the test
				// may answer first, or find the game already moved on
				if err := l.Move(ctx, who, moves, 0); err != nil && err != ErrStale {
					t.Fatal(err)
				}
				continue
			}
			// a wrong seat, a stale number and a bad option are all refused and change nothing
			if err := l.Move(ctx, (who+1)%3, moves, 0); err != ErrNotYourTurn {
				t.Fatalf("wrong seat: %v", err)
			}
			if err := l.Move(ctx, who, moves+1, 0); err != ErrStale {
				t.Fatalf("stale move: %v", err)
			}
			if err := l.Move(ctx, who, moves, count); err != ErrBadOption {
				t.Fatalf("bad option: %v", err)
			}
			if err := l.Move(ctx, who, moves, rng.IntN(count)); err != nil {
				t.Fatal(err)
			}
		}
		if !l.g.Over {
			t.Fatalf("game %d did not finish", gi)
		}
	}
}
