package table

import (
	"fmt"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// Decision sources. A game asks its seats one decision at a time, first
// from the faction draft while one runs (draftSource, draft.go), then from
// the game itself (gameSource). Both are a source: the move pipeline
// (moves.go) asks the source who decides and among how many options,
// records the chosen option as a stored move, tries it, stores it and
// applies it; the computer players (queue.go) and the messages
// (message.go) ask it too. Nothing else tells a draft pick from a game
// decision.
type source interface {
	// pending returns who decides now and among how many options (NoSeat:
	// nobody, the game is over).
	pending() (engine.Seat, int)
	// record describes option of the pending decision as a stored move.
	record(option int) (store.Move, error)
	// try makes option and then each answer of then, on a copy, all by
	// seat (who decides now), each at the question the one before leads
	// to: an error wrapping ErrPanic if one fails, ErrBadThen if one of
	// then does not fit its question.
	try(seat engine.Seat, option int, then []int) error
	// apply makes the recorded move m, move n of the log, checked against
	// the option this build offers there (compat: the move was recorded
	// under another build's rules and is found by what it is), setting
	// m.Option to its position here; what it shows goes to every seat's
	// events in log.
	apply(m *store.Move, n int, compat bool, log *wire.Log) error
	// computer returns the answer computer player p makes for seat at move
	// at of a game of seed seed: an option, or a function that thinks of
	// it on a copy (called without the game's lock), within limit if it is
	// positive (a search stops there with what it has found).
	computer(p ai.Player, seat engine.Seat, at int, seed uint64, limit time.Duration) (int, func() (int, error))
	// forced reports whether the pending decision is a question with no
	// real choice, and whether it is a Me First window with nothing to
	// play but pass: the server may answer those for a person (settings.go).
	forced() (noChoice, passOnly bool)
	// show fills in the table and the decision of m, seat's message. auto:
	// the server answers seat's decision itself (settings.go), so the seat
	// is shown the question as every other seat is.
	show(m *Message, seat engine.Seat, names present.Names, auto bool)
	// offered returns the follow-up question that seat's message (show,
	// with the same names and auto) offers for option of the pending
	// decision (wire.Option.Then; nil: none). A move's follow-up answers
	// are taken only as far as they were offered (moves.go).
	offered(seat engine.Seat, option int, names present.Names, auto bool) *wire.Then
}

// gameSource asks the game's decisions.
type gameSource struct{ g *engine.Game }

func (s gameSource) pending() (engine.Seat, int) {
	if s.g.Over {
		return engine.NoSeat, 0
	}
	d, ok := s.g.Decision()
	if !ok {
		return engine.NoSeat, 0
	}
	return d.Player, len(d.Options)
}

func (s gameSource) record(option int) (store.Move, error) {
	c, err := s.g.ChoiceOf(option)
	if err != nil {
		return store.Move{}, err
	}
	return store.Move{Kind: store.KindGame, Option: option, Choice: c.String()}, nil
}

func (s gameSource) try(seat engine.Seat, option int, then []int) error {
	trial := new(engine.Game)
	trial.CopyFrom(s.g)
	if err := trial.ApplySafe(option); err != nil {
		return fmt.Errorf("this move cannot be played (%w: %v); choose another", ErrPanic, err)
	}
	for _, o := range then {
		if !trial.Pending.Active || trial.Pending.Player != seat || o < 0 || o >= trial.NumOptions() {
			return ErrBadThen
		}
		if err := trial.ApplySafe(o); err != nil {
			return fmt.Errorf("this move cannot be played (%w: %v); choose another", ErrPanic, err)
		}
	}
	return nil
}

func (s gameSource) apply(m *store.Move, n int, compat bool, log *wire.Log) error {
	if m.Kind != store.KindGame {
		return fmt.Errorf("move %d: the record holds a %s move (%s) but the draft is over", n, m.Kind, m.Choice)
	}
	c, err := engine.ParseChoice(m.Choice)
	if err != nil {
		return fmt.Errorf("move %d: %w", n, err)
	}
	var pos int
	err = safely(func() (e error) { pos, e = s.g.ApplyRecorded(n, m.Option, c, compat); return e })
	if err != nil {
		return err
	}
	m.Option = pos
	log.Collect(s.g)
	return nil
}

func (s gameSource) computer(p ai.Player, seat engine.Seat, at int, seed uint64, limit time.Duration) (int, func() (int, error)) {
	if s.g.InWindow() && s.g.WindowPassOnly() {
		return 0, nil // nothing to think about: pass, as a person's seat is passed for
	}
	if sp, ok := p.(*ai.Search); ok {
		sp.Limit = limit // only this game's worker thinks for p (queue.go)
	}
	g := new(engine.Game)
	g.CopyFrom(s.g)
	return 0, func() (opt int, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%w: the computer player failed: %v", ErrPanic, r)
			}
		}()
		v := g.View(seat)
		return p.Choose(g, &v), nil
	}
}

func (s gameSource) forced() (noChoice, passOnly bool) {
	return s.g.Pending.NoChoice, s.g.WindowPassOnly()
}

func (s gameSource) show(m *Message, seat engine.Seat, names present.Names, auto bool) {
	m.Table, m.Decision = s.shown(seat, names, auto)
	if m.Decision != nil && m.Decision.Mine {
		wire.Lookahead(s.g, seat, names, m.Decision)
	}
}

// shown is the table and the decision show gives seat, before the
// lookahead.
func (s gameSource) shown(seat engine.Seat, names present.Names, auto bool) (*wire.Table, *wire.Decision) {
	t, d := wire.Build(s.g, seat, names)
	if d != nil && d.Mine && auto {
		// the server answers for this seat (settings.go): it is shown the
		// question as every other seat is, never a question to answer
		if s.g.InWindow() {
			d = &wire.Decision{Kind: "window"}
		} else {
			_, d = wire.Build(s.g, engine.NoSeat, names)
		}
	}
	return t, d
}

func (s gameSource) offered(seat engine.Seat, option int, names present.Names, auto bool) *wire.Then {
	_, d := s.shown(seat, names, auto)
	if d == nil || !d.Mine {
		return nil
	}
	return wire.FollowUp(s.g, seat, names, d, option)
}
