package table

import (
	"encoding/json"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/wire"
)

// What each seat is sent: its view of the game (messageLocked), one update
// per seat built under the game's lock and marshalled and offered to every
// connection after it.

// Message is what a client receives: its view of the game (docs/protocol.md).
type Message = wire.Update

// SeatInfo is public information about a seat.
type SeatInfo = wire.Seat

// Message is seat's message (NoSeat: the spectators'), built under the
// game's lock.
func (l *Table) Message(seat engine.Seat) Message {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.messageLocked(seat)
}

func (l *Table) messageLocked(seat engine.Seat) Message {
	if l.cfg.Sandbox != nil && l.g != nil {
		return l.sandboxMessageLocked() // sandbox.go
	}
	m := Message{Game: l.id, Move: len(l.moves), Seat: int(seat), Spectator: seat == engine.NoSeat, Goal: l.cfg.Setup.GoalVP(), Preset: l.cfg.Preset, Hints: l.hintsAllowed()}
	if seat >= 0 && int(seat) < len(l.askAll) {
		m.Settings = &wire.Settings{AskEveryWindow: l.askAll[seat]}
	}
	now := time.Now()
	for i, s := range l.cfg.Seats {
		si := SeatInfo{Name: s.Name, Kind: s.Kind, Away: l.awayLocked(engine.Seat(i)), StandIn: l.pres.standing[i], Open: s.Kind == Human && s.Token == ""}
		if si.Away && !si.StandIn && l.cfg.StandIn > 0 {
			left := time.Duration(l.cfg.StandIn)*time.Second - now.Sub(l.pres.seenLocked(engine.Seat(i)))
			si.StandInIn = max(1, int((left+time.Second-1)/time.Second))
		}
		m.Seats = append(m.Seats, si)
	}
	if l.broken != nil {
		m.Broken = l.broken.Error()
	}
	l.versionInfo(&m)
	m.Events = l.events.For(int(seat))
	if l.cfg.Waiting {
		m.Waiting = true
		return m
	}
	if l.src != nil {
		l.src.show(&m, seat, l.names(), l.autoMove(seat))
	}
	m.Lesson = l.lessonLocked()                                     // lessons.go
	m.Rated = l.ratedLocked()                                       // public.go
	m.Talk = l.talkLocked()                                         // talk.go
	m.TurnHours, m.TurnDue = l.cfg.TurnHours, l.turnDueLocked(seat) // turns.go
	return m
}

// showLocked announces the moves not announced yet: those reloaded from the
// store (another instance's, or one that won a race for a move number).
func (l *Table) showLocked() {
	if l.shown != len(l.moves) {
		l.broadcastLocked()
	}
}

func (l *Table) broadcastLocked() {
	l.shown = len(l.moves)
	if len(l.subs) == 0 {
		return
	}
	// one message per seat, however many of its connections there are,
	// built under the lock and marshalled and sent after it (deliver)
	l.sent++
	var msgs perSeat[*Message]
	subs := make([]*Subscriber, 0, len(l.subs))
	for s := range l.subs {
		m := msgs.at(s.seat)
		if m == nil {
			continue
		}
		if *m == nil {
			msg := l.messageLocked(s.seat)
			*m = &msg
		}
		subs = append(subs, s)
	}
	go deliver(l.sent, &msgs, subs)
}

// perSeat holds a T for each seat and one for the spectators.
type perSeat[T any] struct {
	seats      [engine.MaxPlayers]T
	spectators T
}

// at is seat's T (NoSeat: the spectators'), nil for a seat out of range.
func (p *perSeat[T]) at(seat engine.Seat) *T {
	switch {
	case seat == engine.NoSeat:
		return &p.spectators
	case seat < 0 || int(seat) >= len(p.seats):
		return nil
	}
	return &p.seats[seat]
}

// deliver marshals update number n (one message per seat) and offers it to
// each client.
func deliver(n uint64, msgs *perSeat[*Message], subs []*Subscriber) {
	var raw perSeat[[]byte]
	marshal := func(m *Message) []byte {
		if m == nil {
			return nil
		}
		b, _ := json.Marshal(m)
		return b
	}
	for i, m := range msgs.seats {
		raw.seats[i] = marshal(m)
	}
	raw.spectators = marshal(msgs.spectators)
	for _, s := range subs {
		if b := *raw.at(s.seat); b != nil {
			s.offer(n, b)
		}
	}
}

// offer queues update n for the client unless it has a later one already
// (updates are marshalled concurrently). A slow client loses its oldest
// pending update, never the newest.
func (s *Subscriber) offer(n uint64, b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n <= s.last {
		return
	}
	s.last = n
	select {
	case s.ch <- b:
	default:
		select {
		case <-s.ch:
		default:
		}
		select {
		case s.ch <- b:
		default:
		}
	}
}
