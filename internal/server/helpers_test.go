package server

import (
	"context"
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/wire"
)

// options are the options of a message's decision, when it is the seat's own.
func options(m Message) []wire.Option {
	if m.Decision == nil || !m.Decision.Mine {
		return nil
	}
	return m.Decision.Options
}

// over reports whether a message shows the game over.
func over(m Message) bool { return m.Table != nil && m.Table.Over }

// askEveryWindow makes every seat of l be asked in every Me First window
// (the server then never moves for a person), for tests that play the
// people's seats themselves.
func askEveryWindow(l *table.Table) { l.Manual() }

// keepHands answers the setup's questions (every seat is asked about the
// mulligan) for the people's seats, keeping every hand, so that a test
// starts at the first player's Play Cards phase.
func keepHands(t testing.TB, l *table.Table) {
	t.Helper()
	for range 16 {
		var who engine.Seat
		var at, opt int
		done := false
		l.Peek(func(g *engine.Game, moves int) {
			if g == nil || g.Over || !g.Pending.Active || g.MainDecision() {
				done = true
				return
			}
			d, _ := g.Decision()
			who, at = d.Player, moves
			for i, o := range d.Options {
				if o.Kind == engine.OptNo {
					opt = i
				}
			}
		})
		if done {
			return
		}
		if err := l.Move(context.Background(), who, at, opt); err != nil && err != table.ErrStale {
			t.Fatal(err)
		}
	}
}

// playRandom makes n random moves in game id (any seat), returning the game.
func playRandom(t *testing.T, s *Server, id string, n int, seed uint64) *table.Table {
	t.Helper()
	ctx := context.Background()
	l, err := s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	askEveryWindow(l)
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n; i++ {
		who, count, k := l.Pending()
		if who == engine.None {
			break
		}
		if err := l.Move(ctx, who, k, rng.IntN(count)); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
