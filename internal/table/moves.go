package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// The move pipeline. A decision, a draft pick or a game decision alike
// (source.go), is made by move: checked (the game goes on, the move number
// is the current one, the seat is the one that decides, the option is
// offered), described as a stored move (recordMove), tried on a copy
// (tryLocked: a card's bug refuses the move and never reaches the log),
// appended to the store's log (durable first), applied (applyLocal) and
// announced (broadcastLocked). A move loaded from the store, or appended by
// another instance, takes only the last steps (applyLocal).

// pending returns who must decide now and among how many options (NoSeat:
// nobody, the game is over or not dealt yet).
func (l *Table) pending() (engine.Seat, int) {
	if l.src == nil {
		return engine.NoSeat, 0
	}
	return l.src.pending()
}

// recordMove describes option of the pending decision as a stored move.
func (l *Table) recordMove(option int) (store.Move, error) {
	if l.src == nil {
		return store.Move{}, ErrGameOver
	}
	return l.src.record(option)
}

// applyLocal applies the next move, a recorded one (see recordMove), to the
// in-memory game (no store, no checks of who), checking that the record is
// the option this build offers (see source.apply).
func (l *Table) applyLocal(m store.Move) error {
	n := len(l.moves) + 1
	if m.Kind == "" { // a legacy move by position only (being migrated)
		r, err := l.recordMove(m.Option)
		if err != nil {
			return fmt.Errorf("move %d (option %d): %w", n, m.Option, err)
		}
		m = r
	}
	if l.src == nil {
		return fmt.Errorf("move %d: %w", n, ErrGameOver)
	}
	if err := l.src.apply(&m, n, l.rec.other, &l.events); err != nil {
		return err
	}
	l.moves = append(l.moves, m)
	l.asked = time.Now()
	l.checkLessonLocked() // lessons.go
	return nil
}

// ErrPanic wraps a panic of the game's code (a card's bug), recovered so that
// it stops only its own game.
var ErrPanic = errors.New("the game's code failed")

// safely runs f, turning a panic into an error wrapping ErrPanic.
func safely(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrPanic, r)
		}
	}()
	return f()
}

// Errors a client may get; none changes anything.
var (
	ErrNotYourTurn = errors.New("it is not your decision")
	ErrStale       = errors.New("stale move: the game has moved on; reload")
	ErrBadOption   = errors.New("no such option")
	ErrBadToken    = errors.New("unknown seat token")
	ErrGameOver    = errors.New("the game is over")
)

// Move validates and records a decision of seat at move number n, and then
// the answers to the questions it leads to at once (wire.Move.Then): all of
// them, or none. ErrEvicted: the game was unloaded meanwhile (ask Tables.Game
// for it again).
func (l *Table) Move(ctx context.Context, seat engine.Seat, n, option int, then ...int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n > len(l.moves) && l.srv.share != nil {
		// the page is ahead of this instance: it was shown a move another
		// instance made that this one has not heard of yet (lease.go)
		l.srv.reloadLocked(ctx, l)
		l.showLocked()
	}
	seat = l.sandboxActor(seat) // a sandbox's page answers for every seat (sandbox.go)
	class, took := l.decisionClassLocked(), time.Since(l.asked)
	if len(then) > 0 {
		if err := l.tryThen(seat, n, option, then); err != nil {
			return err
		}
	}
	if err := l.moveLocked(ctx, seat, n, option); err != nil {
		return err
	}
	// a person who moves is at the table (the answers the server makes for
	// them, its passes, tell nothing of where they are)
	if seat >= 0 && int(seat) < len(l.cfg.Seats) && l.ais[seat] == nil && !l.pres.standing[seat] {
		l.pres.markLocked(seat, time.Now())
	}
	if seat >= 0 && int(seat) < len(l.answers) && l.ais[seat] == nil {
		l.answers[seat].add(class, took) // how this person answers (settings.go)
	}
	for k, o := range then {
		if err := l.moveLocked(ctx, seat, n+1+k, o); err != nil {
			l.broadcastLocked() // the part made stands (it was checked: only a store failure gets here)
			return err
		}
	}
	l.broadcastLocked()
	l.srv.kick(l)
	return nil
}

// ErrBadThen: a move's follow-up answers do not fit the questions it leads to.
var ErrBadThen = errors.New("the rest of this move does not fit the questions it leads to; reload")

// tryThen checks that option's follow-up answers are the ones seat's
// message offered (Option.Then: one answer a level, each among the
// options offered there), and then, on a copy of the game, that option and
// those answers can all be made, one question after another.
//
// Only what was offered is tried: trying any answers a script sends would
// tell it, by whether they are refused, whether a question follows and
// among how many options, which may depend on cards it may not see (Probe
// with the answers "Bob, then his third minion" tells whether Bob holds
// three). What was offered is worked out again here, by the code that
// built the message (source.offered), never taken from the client; a
// refusal is the same ErrBadThen whatever the hidden cards.
func (l *Table) tryThen(seat engine.Seat, n, option int, then []int) error {
	if l.src == nil || len(then) > wire.MaxThen {
		return ErrBadThen
	}
	if n != len(l.moves) {
		return ErrStale
	}
	if who, count := l.pending(); who != seat || option < 0 || option >= count {
		return ErrNotYourTurn
	}
	if !fitsOffered(l.src.offered(seat, option, l.names(), l.autoMove(seat)), then) {
		return ErrBadThen
	}
	return l.tryLocked(seat, n, option, then)
}

// fitsOffered reports whether the answers then go no deeper than the
// follow-up questions offered from t, each answer the index of one of the
// options offered at its level.
func fitsOffered(t *wire.Then, then []int) bool {
	for _, a := range then {
		if t == nil {
			return false
		}
		var next *wire.Then
		found := false
		for i := range t.Options {
			if t.Options[i].Index == a {
				next, found = t.Options[i].Then, true
				break
			}
		}
		if !found {
			return false
		}
		t = next
	}
	return true
}

// tryLocked tries option and then its follow-up answers on a copy: a move
// that fails (a card's bug) is refused and never reaches the log, where it
// would break the game for good.
func (l *Table) tryLocked(seat engine.Seat, n, option int, then []int) error {
	err := l.src.try(seat, option, then)
	if errors.Is(err, ErrPanic) {
		l.log().Error("a move fails: refused", "seat", seat, "move", n, "option", option, "then", then, "err", err)
	}
	return err
}

func (l *Table) moveLocked(ctx context.Context, seat engine.Seat, n, option int) error {
	if l.evicted {
		return ErrEvicted
	}
	if l.broken != nil {
		return l.broken
	}
	if l.rec.foreign != "" {
		return errors.New(l.rec.foreign)
	}
	if n != len(l.moves) {
		return ErrStale
	}
	who, count := l.pending()
	if who == engine.NoSeat {
		return ErrGameOver
	}
	if who != seat {
		return ErrNotYourTurn
	}
	if option < 0 || option >= count {
		return ErrBadOption
	}
	m, err := l.recordMove(option)
	if err != nil {
		return err
	}
	if err := l.tryLocked(seat, n, option, nil); err != nil {
		return err
	}
	// durable first, then applied and announced
	if err := l.srv.store.Append(ctx, l.id, n, m); err != nil {
		if errors.Is(err, store.ErrConflict) { // another instance (or request) stored move n first
			l.log().Info("move number taken by another instance or request: reloaded", "move", n, "seat", int(seat))
			l.srv.reloadLocked(ctx, l)
			l.showLocked() // the moves reloaded reach this instance's pages
			l.srv.kick(l)
			return ErrStale
		}
		return err
	}
	if err := l.applyLocal(m); err != nil {
		return l.breakLocked(err)
	}
	l.planLocked()    // settings.go
	l.markLocked(ctx) // keep.go
	return nil
}
