package table

import (
	"context"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// What the store keeps of each game beyond its log (store/keep.go), and for
// how long:
//
//   - With one instance, the store marks the games in which a computer seat
//     is to decide (markLocked, after each move and when a game is loaded),
//     so that a restart loads those games only (Resume): the others are
//     loaded when a page first asks for them. Several instances find theirs
//     by the games' leases (lease.go) and mark only the end.
//   - When a game ends the store marks when. The janitor deletes, once an
//     hour, the games finished longer ago than KeepDone and the unfinished
//     ones without a move for longer than KeepIdle (0, the default: kept
//     for ever), with their moves and reviews (purge).

// purgeEvery is how often the janitor deletes what is no longer kept.
const purgeEvery = time.Hour

// resumeWorkLocked reports whether a restart must load l so that a computer
// seat of it carries on (one instance: with several, the lease says so).
func (l *Table) resumeWorkLocked() bool {
	if l.srv.share != nil || l.overLocked() {
		return false
	}
	who, _ := l.pending()
	return who != engine.NoSeat && int(who) < len(l.ais) && l.ais[who] != nil
}

// markLocked records in the store, if it changed, whether a restart must
// load l and whether it is over. A failure is logged: the store is marked at
// the next move, or when the game is next loaded.
func (l *Table) markLocked(ctx context.Context) {
	l.finishLocked(ctx) // a public game's result (public.go)
	l.seatsLocked(ctx)  // the people's seats (myseats.go)
	l.clockLocked(ctx)  // a turn-based game's clock (turns.go)
	work, over := l.resumeWorkLocked(), l.overLocked() && l.g != nil
	if work == l.marked.work && over == l.marked.over {
		return
	}
	if err := l.srv.store.Mark(ctx, l.id, work, over); err != nil {
		l.log().Warn("marking the game in the store", "err", err)
		return
	}
	l.marked.work, l.marked.over = work, over
}

// marks is what the store says of a game beyond its log (markLocked).
type marks struct{ work, over bool }

// purge deletes what is no longer kept, and unloads it.
func (s *Tables) purge(ctx context.Context) {
	if s.KeepDone <= 0 && s.KeepIdle <= 0 {
		return
	}
	ids, err := s.store.Purge(ctx, s.KeepDone, s.KeepIdle)
	if err != nil {
		if ctx.Err() == nil {
			s.log().Warn("deleting the games no longer kept", "err", err)
		}
		return
	}
	if len(ids) == 0 {
		return
	}
	s.withGames(func() {
		for _, id := range ids {
			if l := s.games[id]; l != nil {
				l.locked(func() { s.evictLocked(l) })
			}
		}
	})
	s.log().Info("deleted the games no longer kept", "games", len(ids), "finished-for", s.KeepDone.String(), "idle-for", s.KeepIdle.String())
}
