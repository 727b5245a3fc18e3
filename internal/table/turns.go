package table

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// Turn-based games (docs/anyone.md). A game made with turn_hours waits
// that many hours for each decision of a person: a clock (store.Clock) is
// started when the decision is asked, kept in the store so that every
// instance, after any restart, knows when it runs out. Once it has run out
// a computer (normal level) makes the decision for the seat, and goes on
// playing for it while its person is away, until a page of the seat is
// back (as the live stand-in does). A person whose page is closed when
// their decision is asked is told so by Web Push (Tables.OnTurn).
//
// Only the seat asked sees its clock (Update.TurnDue): a decision the
// server answers itself for a person (a Me First window with nothing to
// play) has none, so the others would learn from a clock what it holds.

const (
	// MaxTurnHours is the longest a turn-based game may wait for one
	// decision: a week.
	MaxTurnHours = 168
	// DefaultTurnHours suits people in different time zones: a day.
	DefaultTurnHours = 24
	// dueEvery: how often the janitor asks the store for the turn-based
	// games whose time ran out (and loads those not in memory).
	dueEvery = 30 * time.Second
)

// TurnNotice is what Tables.OnTurn is told: a person's decision is asked
// in a turn-based game while no page of their seat is open.
type TurnNotice struct {
	Player string // the person's public id
	Game   string
	Seat   int
	Token  string // the seat's key (the person's own)
	Names  string // the seats' names, "Ann, Ben"
	Due    time.Time
}

// ErrTurnHours is a turn_hours outside 0 to MaxTurnHours.
var ErrTurnHours = fmt.Errorf("turn_hours: a turn-based game waits 1 to %d hours for a decision (0: a live game)", MaxTurnHours)

// checkTurns checks a request's pace.
func checkTurns(req CreateRequest) error {
	switch {
	case req.TurnHours == 0:
		return nil
	case req.TurnHours < 0 || req.TurnHours > MaxTurnHours:
		return ErrTurnHours
	case req.PassAndPlay:
		return errors.New("a pass-and-play game is played at one screen: it cannot be turn-based")
	case req.StandIn != 0:
		return errors.New("stand_in: a turn-based game's computer stands in once a decision's time (turn_hours) has run out: leave stand_in out")
	}
	return nil
}

// turnBased reports whether l waits hours for each decision.
func (l *Table) turnBased() bool { return l.cfg.TurnHours > 0 }

// turnTime is how long l waits for a decision.
func (l *Table) turnTime() time.Duration {
	return time.Duration(l.cfg.TurnHours) * l.srv.hour()
}

// SetTurnUnit sets how long a turn-based game's hour is (tests shorten it).
func (s *Tables) SetTurnUnit(d time.Duration) { s.turnUnit.Store(int64(d)) }

// hour is a turn-based game's hour.
func (s *Tables) hour() time.Duration {
	if d := time.Duration(s.turnUnit.Load()); d > 0 {
		return d
	}
	return time.Hour
}

// dueEvery is how often the janitor asks the store for the turn-based
// games whose time ran out: every 30 seconds (sooner with a shorter hour).
func (s *Tables) dueEvery() time.Duration { return min(dueEvery, s.hour()/20) }

// waitedLocked is the seat whose person the game waits on now, or NoSeat:
// none (over, not dealt, a computer's decision, one the server answers
// itself, or a seat a computer stands in for).
func (l *Table) waitedLocked() engine.Seat {
	if l.src == nil || l.cfg.Waiting || l.overLocked() {
		return engine.NoSeat
	}
	who, _ := l.pending()
	if who < 0 || int(who) >= len(l.ais) || l.ais[who] != nil || l.autoMove(who) || l.pres.standing[who] {
		return engine.NoSeat
	}
	return who
}

// overdueLocked reports whether seat's decision has waited its time out.
func (l *Table) overdueLocked(seat engine.Seat, now time.Time) bool {
	c := l.clock
	return c != nil && c.Seat == int(seat) && c.Move == len(l.moves) && !now.Before(c.Due)
}

// clockLocked keeps l's clock up to date (after each move, when loaded,
// and at every janitor round): a decision newly asked of a person starts
// one; and tells the person if no page of theirs is open.
func (l *Table) clockLocked(ctx context.Context) {
	if !l.turnBased() {
		return
	}
	ts, _ := l.srv.store.(store.Turns)
	n, who := len(l.moves), l.waitedLocked()
	if l.overLocked() && l.src != nil && !l.cfg.Waiting {
		if l.clock != nil && ts != nil {
			if err := ts.DropClock(ctx, l.id); err != nil {
				l.log().Warn("dropping the turn clock", "err", err)
				return
			}
		}
		l.clock = nil
		return
	}
	if c := l.clock; c != nil && c.Move == n && c.Seat == int(who) {
		l.remindLocked(ctx, ts) // as it is: half its time gone, the person may be told again
		return
	}
	if c := l.clock; c == nil && ts != nil && !l.clockRead {
		// loaded: the clock of this move may be running since before
		stored, err := ts.GetClock(ctx, l.id)
		if err != nil {
			l.log().Warn("reading the turn clock", "err", err)
			return
		}
		l.clockRead = true
		if stored != nil && stored.Move == n && stored.Seat == int(who) {
			l.clock = stored
			return
		}
	}
	now := time.UnixMilli(time.Now().UnixMilli()) // as the store keeps it
	c := &store.Clock{Seat: int(who), Move: n, Since: now}
	if who >= 0 {
		c.Due = now.Add(l.turnTime())
		c.Told = l.pres.connsLocked(who) == 0 && l.tellableLocked(who)
	}
	wrote := true
	if ts != nil {
		var err error
		if wrote, err = ts.PutClock(ctx, l.id, *c); err != nil {
			l.log().Warn("recording the turn clock", "err", err)
			return
		}
		if !wrote {
			// another instance saw this decision first: its clock stands
			stored, err := ts.GetClock(ctx, l.id)
			if err != nil || stored == nil || stored.Move != n {
				return // read again at the next look
			}
			c = stored
		}
	}
	l.clock = c
	if wrote && c.Told {
		l.tellTurnLocked(who, c.Due)
	}
}

// remindLocked tells the person whose decision has waited half its time,
// with no page of theirs open, if they were not told of it yet (their page
// was open when it was asked): one instance does (store.Turns.MarkTold).
func (l *Table) remindLocked(ctx context.Context, ts store.Turns) {
	c := l.clock
	if c == nil || c.Seat < 0 || c.Told || time.Since(c.Since) < l.turnTime()/2 {
		return
	}
	seat := engine.Seat(c.Seat)
	if l.pres.connsLocked(seat) > 0 || !l.tellableLocked(seat) {
		return
	}
	if ts != nil {
		told, err := ts.MarkTold(ctx, l.id, c.Move)
		if err != nil {
			l.log().Warn("marking the turn clock told", "err", err)
			return
		}
		c.Told = true
		if !told {
			return // another instance did
		}
	}
	c.Told = true
	l.tellTurnLocked(seat, c.Due)
}

// tellableLocked reports whether seat's person can be told (identified).
func (l *Table) tellableLocked(seat engine.Seat) bool {
	st := l.cfg.Seats[seat]
	return l.srv.OnTurn != nil && st.Player != "" && st.Token != ""
}

// tellTurnLocked tells seat's person, if identified, that their decision
// is asked (Tables.OnTurn, which runs on its own).
func (l *Table) tellTurnLocked(seat engine.Seat, due time.Time) {
	hook := l.srv.OnTurn
	st := l.cfg.Seats[seat]
	if hook == nil || st.Player == "" || st.Token == "" {
		return
	}
	names := make([]string, len(l.cfg.Seats))
	for i, s := range l.cfg.Seats {
		names[i] = s.Name
	}
	n := TurnNotice{Player: st.Player, Game: l.id, Seat: int(seat), Token: st.Token, Names: strings.Join(names, ", "), Due: due}
	go hook(n)
}

// turnDueLocked is what seat's message says of its clock (Update.TurnDue).
func (l *Table) turnDueLocked(seat engine.Seat) int64 {
	if c := l.clock; c != nil && seat >= 0 && c.Seat == int(seat) && c.Move == len(l.moves) {
		return c.Due.UnixMilli()
	}
	return 0
}

// dueTurns loads the turn-based games whose time ran out that are not in
// memory (another instance's, or before a restart), so that their
// stand-ins play; then keeps every turn-based game's clock up to date.
func (s *Tables) dueTurns(ctx context.Context, now time.Time, load bool) {
	if ts, ok := s.store.(store.Turns); ok && load {
		ids, err := ts.DueClocks(ctx, now, 50)
		if err != nil {
			if ctx.Err() == nil {
				s.log().Warn("finding the turn-based games whose time ran out", "err", err)
			}
		}
		for _, id := range ids {
			if _, err := s.Game(ctx, id); err != nil && ctx.Err() == nil {
				s.log().Warn("loading a turn-based game whose time ran out", "game", id, "err", err)
			}
		}
	}
	s.mu.Lock()
	ls := make([]*Table, 0, len(s.games))
	for _, l := range s.games {
		if l.turnBased() {
			ls = append(ls, l)
		}
	}
	s.mu.Unlock()
	for _, l := range ls {
		l.locked(func() { l.clockLocked(ctx) })
	}
}
