package table

import (
	"fmt"
	mrand "math/rand/v2"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/draft"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// draftSource asks the faction draft's picks (Config.Draft): each seat in
// turn picks a faction by name, and once every seat holds two, deal hands
// the game over to the game itself.
type draftSource struct {
	d    *draft.Draft
	deal func(picks [][]string) error
}

func (s *draftSource) pending() (engine.Seat, int) {
	if s.d.Done() {
		return engine.NoSeat, 0
	}
	return engine.Seat(s.d.Next()), len(s.d.Options())
}

func (s *draftSource) record(option int) (store.Move, error) {
	opts := s.d.Options()
	if option < 0 || option >= len(opts) {
		return store.Move{}, fmt.Errorf("draft option %d out of range", option)
	}
	return store.Move{Kind: store.KindDraft, Option: option, Choice: opts[option]}, nil
}

// try: every faction offered can be picked, and a pick leads to no
// question of the same seat.
func (s *draftSource) try(seat engine.Seat, option int, then []int) error {
	if len(then) > 0 {
		return ErrBadThen
	}
	return nil
}

// offered: a pick leads to no question of the same seat.
func (s *draftSource) offered(engine.Seat, int, present.Names, bool) *wire.Then { return nil }

func (s *draftSource) apply(m *store.Move, n int, compat bool, log *wire.Log) error {
	if err := s.check(*m, n, compat); err != nil {
		return err
	}
	p := s.d.Next()
	if err := s.d.Pick(m.Choice); err != nil {
		return fmt.Errorf("move %d: %w", n, err)
	}
	log.Tell(wire.Event{Kind: "draft", Player: &p, Text: m.Choice})
	if s.d.Done() {
		return s.deal(s.d.Picks)
	}
	return nil
}

// check checks a recorded draft pick against the factions offered. Under
// another build's rules (compat) a pick is found by its faction name.
func (s *draftSource) check(m store.Move, n int, compat bool) error {
	if m.Kind != store.KindDraft {
		return fmt.Errorf("move %d: the record holds a %s move (%s) but the draft is still running", n, m.Kind, m.Choice)
	}
	opts := s.d.Options()
	if m.Option >= 0 && m.Option < len(opts) && opts[m.Option] == m.Choice {
		return nil
	}
	if compat {
		for _, f := range opts {
			if f == m.Choice {
				return nil
			}
		}
	}
	offered := fmt.Sprintf("only %d factions", len(opts))
	if m.Option >= 0 && m.Option < len(opts) {
		offered = opts[m.Option]
	}
	return fmt.Errorf("move %d: the record drafts %s (option %d); this build offers %s there", n, m.Choice, m.Option, offered)
}

// computer: a computer seat drafts at random (from the game's seed, so
// that a replay drafts the same).
func (s *draftSource) computer(p ai.Player, seat engine.Seat, at int, seed uint64, _ time.Duration) (int, func() (int, error)) {
	r := mrand.New(mrand.NewPCG(SubSeed(seed, "draft", uint64(at)), 0))
	return r.IntN(len(s.d.Options())), nil
}

func (s *draftSource) forced() (noChoice, passOnly bool) { return false, false }

func (s *draftSource) show(m *Message, seat engine.Seat, names present.Names, auto bool) {
	dv := &wire.Draft{Next: s.d.Next()}
	for _, p := range s.d.Picks { // a copy: the message is encoded after the lock is released
		dv.Picks = append(dv.Picks, append([]string(nil), p...))
	}
	dv.Options = s.d.Options()
	m.Draft = dv
	d := &wire.Decision{Player: &dv.Next, Mine: int(seat) == dv.Next, Kind: "draft"}
	if d.Mine {
		d.Prompt = "Choose a faction"
		for i, f := range dv.Options {
			d.Options = append(d.Options, wire.Option{Index: i, Kind: "text", Label: f, Text: f, Target: wire.Target{Where: "button"}})
		}
	}
	m.Decision = d
}
