package table

import (
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// Inspection: what the server's HTTP-level tests (and tools) may read of a
// game, or set up in it, from outside this package. The server's handlers
// use none of it: they go through Message, Move and the other methods of
// Table and Tables.

// Moves is how many moves the game's log holds: the number of the move
// to make now.
func (l *Table) Moves() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.moves)
}

// Pending returns who must decide now, among how many options, and the
// number of that move (who is NoSeat: nobody, the game is over or not dealt
// yet).
func (l *Table) Pending() (who engine.Seat, options, move int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	who, options = l.pending()
	return who, options, len(l.moves)
}

// Broken is why the game is kept read-only after a failure of this build
// (nil: it is not broken).
func (l *Table) Broken() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.broken
}

// Peek runs f under the game's lock with the engine's game (nil until the
// cards are dealt) and the number of moves made; f must not change the
// game. Tests and tools look at a game in play this way.
func (l *Table) Peek(f func(g *engine.Game, moves int)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f(l.g, len(l.moves))
}

// Manual makes the server answer nothing for the people's seats: every
// person is asked in every Me First window and every question without a
// real choice, for tests and tools that play the people's seats themselves.
func (l *Table) Manual() {
	l.locked(func() {
		for i := range l.askAll {
			l.askAll[i] = true
		}
		l.manual = true
	})
}

// Backdate makes seat's person look as if last at the table d ago, here (a
// test of what happens once a person has been away a while).
func (l *Table) Backdate(seat engine.Seat, d time.Duration) {
	l.locked(func() { l.pres.seen[seat] = time.Now().Add(-d) })
}

// AutoMove reports whether the server answers seat's pending decision
// itself (a question without a real choice, a Me First window with nothing
// to play: settings.go).
func (l *Table) AutoMove(seat engine.Seat) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.autoMove(seat)
}

// Rebuild replays the stored game st (game id) into a Table of its own,
// outside the tables: nothing is stored, nobody is told. With st's moves
// left out, Replay then makes them one by one.
func (s *Tables) Rebuild(id string, st *store.Game) (*Table, error) { return rebuild(s, id, st) }

// Replay makes the next recorded move m in a game made by Rebuild, checked
// as a move loaded from the store is.
func (l *Table) Replay(m store.Move) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.applyLocal(m)
}
