package table

import (
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// What the tables count for the operator: the server's metrics (GET
// /metrics) ask States at each scrape and are told of every computer's
// thinking (Tables.OnThought).

// States counts the games in memory by state: waiting (for its seats to be
// claimed), drafting (factions), playing, over, broken (its log cannot be
// replayed).
func (s *Tables) States() map[string]int {
	var ls []*Table
	s.withGames(func() {
		for _, l := range s.games {
			ls = append(ls, l)
		}
	})
	n := map[string]int{}
	for _, l := range ls {
		l.locked(func() { n[l.stateLocked()]++ })
	}
	return n
}

// stateLocked is the game's state as States counts it.
func (l *Table) stateLocked() string {
	switch {
	case l.broken != nil:
		return "broken"
	case l.cfg.Waiting:
		return "waiting"
	case l.g != nil && l.g.Over:
		return "over"
	}
	if _, ok := l.src.(*draftSource); ok {
		return "drafting"
	}
	return "playing"
}

// thought tells OnThought how long a computer thought for seat of l.
func (s *Tables) thought(l *Table, seat engine.Seat, took time.Duration) {
	if s.OnThought == nil {
		return
	}
	kind := "stand-in"
	l.locked(func() {
		if seat >= 0 && int(seat) < len(l.cfg.Seats) && l.cfg.Seats[seat].Kind != Human {
			kind = l.cfg.Seats[seat].Kind
		}
	})
	s.OnThought(kind, took)
}
