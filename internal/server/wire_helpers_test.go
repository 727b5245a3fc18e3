package server

import "github.com/smashup/smashup/internal/wire"

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
func askEveryWindow(l *live) {
	l.locked(func() {
		for i := range l.askAll {
			l.askAll[i] = true
		}
		l.manual = true // nor the questions without a real choice
	})
}
