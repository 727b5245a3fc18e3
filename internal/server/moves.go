package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// pending returns who must decide now and how many options there are (seat None when over).
func (l *live) pending() (seat, n int) {
	if l.draft != nil {
		if l.draft.Done() {
			return engine.None, 0
		}
		return l.draft.Next(), len(l.draft.Options())
	}
	if l.g == nil || l.g.Over {
		return engine.None, 0
	}
	d, ok := l.g.Decision()
	if !ok {
		return engine.None, 0
	}
	return int(d.Player), len(d.Options)
}

// applyLocal applies the next move, a recorded one (see recordMove), to the
// in-memory game (no store, no checks of who), checking that the record is
// the option this build offers (see checkDraft and engine.ApplyRecorded).
func (l *live) applyLocal(m store.Move) error {
	if m.Kind == "" { // a legacy move by position only (being migrated)
		r, err := l.recordMove(m.Option)
		if err != nil {
			return fmt.Errorf("move %d (option %d): %w", len(l.moves)+1, m.Option, err)
		}
		m = r
	}
	if l.draft != nil {
		if err := l.checkDraft(m); err != nil {
			return err
		}
		p := l.draft.Next()
		if err := l.draft.Pick(m.Choice); err != nil {
			return fmt.Errorf("move %d: %w", len(l.moves)+1, err)
		}
		l.tell(wire.Event{Kind: "draft", Player: &p, Text: m.Choice})
		l.asked = time.Now()
		l.moves = append(l.moves, m)
		if l.draft.Done() {
			for i := range l.cfg.Setup.Players {
				l.cfg.Setup.Players[i].Factions = append([]string(nil), l.draft.Picks[i]...)
			}
			l.draft = nil
			if err := l.startGame(); err != nil {
				return err
			}
		}
		return nil
	}
	if err := l.applyGame(&m); err != nil {
		return err
	}
	l.moves = append(l.moves, m)
	l.collectLog()
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

// move validates and records a decision of seat at move number n, and then
// the answers to the questions it leads to at once (wire.Move.Then): all of
// them, or none.
func (l *live) move(ctx context.Context, seat, n, option int, then ...int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(then) > 0 {
		if err := l.tryThen(seat, n, option, then); err != nil {
			return err
		}
	}
	if err := l.moveLocked(ctx, seat, n, option); err != nil {
		return err
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

// tryThen checks on a copy of the game that option and then its follow-up
// answers can all be made by seat, one question after another.
func (l *live) tryThen(seat, n, option int, then []int) error {
	if l.draft != nil || l.g == nil || len(then) > wire.MaxThen {
		return ErrBadThen
	}
	if n != len(l.moves) {
		return ErrStale
	}
	if who, count := l.pending(); who != seat || option < 0 || option >= count {
		return ErrNotYourTurn
	}
	trial := new(engine.Game)
	trial.CopyFrom(l.g)
	if err := trial.ApplySafe(option); err != nil {
		return nil // moveLocked refuses it with the reason
	}
	for _, o := range then {
		if !trial.Pending.Active || int(trial.Pending.Player) != seat || o < 0 || o >= trial.NumOptions() {
			return ErrBadThen
		}
		if err := trial.ApplySafe(o); err != nil {
			return fmt.Errorf("this move cannot be played (%w: %v); choose another", ErrPanic, err)
		}
	}
	return nil
}

func (l *live) moveLocked(ctx context.Context, seat, n, option int) error {
	if l.evicted {
		return errEvicted
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
	if who == engine.None {
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
	if l.draft == nil {
		// tried on a copy first: a move that fails (a card's bug) is refused
		// and never reaches the log, where it would break the game for good
		trial := new(engine.Game)
		trial.CopyFrom(l.g)
		if err := trial.ApplySafe(option); err != nil {
			l.log().Error("a move fails: refused", "seat", seat, "move", n, "option", option, "err", err)
			return fmt.Errorf("this move cannot be played (%w: %v); choose another", ErrPanic, err)
		}
	}
	// durable first, then applied and announced
	if err := l.srv.store.Append(ctx, l.id, n, m); err != nil {
		if errors.Is(err, store.ErrConflict) {
			l.srv.reloadLocked(ctx, l)
			return ErrStale
		}
		return err
	}
	if err := l.applyLocal(m); err != nil {
		return l.breakLocked(err)
	}
	if seat >= 0 && seat < len(l.cfg.Seats) && l.ais[seat] == nil && !l.pres.standing[seat] {
		l.pres.seen[seat] = time.Now() // a person who moves is at the table
	}
	return nil
}
