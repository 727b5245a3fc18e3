package table

import (
	"context"
	"testing"

	"github.com/smashup/smashup/internal/engine"
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
func askEveryWindow(l *Table) { l.Manual() }

// keepHands answers the setup's questions (every seat is asked about the
// mulligan) for the people's seats, keeping every hand, so that a test
// starts at the first player's Play Cards phase.
func keepHands(t testing.TB, l *Table) {
	t.Helper()
	for range 16 {
		var who engine.Seat
		var at, opt int
		done := false
		l.locked(func() {
			if l.g == nil || l.g.Over || !l.g.Pending.Active || l.g.MainDecision() {
				done = true
				return
			}
			d, _ := l.g.Decision()
			who, at = d.Player, len(l.moves)
			for i, o := range d.Options {
				if o.Kind == engine.OptNo {
					opt = i
				}
			}
		})
		if done {
			return
		}
		if err := l.Move(context.Background(), who, at, opt); err != nil && err != ErrStale {
			t.Fatal(err)
		}
	}
}
