package server

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

func (l *live) messageLocked(seat engine.Seat) Message {
	m := Message{Game: l.id, Move: len(l.moves), Seat: int(seat), Spectator: seat == engine.None, Goal: wire.Goal}
	if seat >= 0 && int(seat) < len(l.askAll) {
		m.Settings = &wire.Settings{AskEveryWindow: l.askAll[seat]}
	}
	now := time.Now()
	for i, s := range l.cfg.Seats {
		si := SeatInfo{Name: s.Name, Kind: s.Kind, Away: l.awayLocked(i), StandIn: l.pres.standing[i], Open: s.Kind == Human && s.Token == ""}
		if si.Away && !si.StandIn && l.cfg.StandIn > 0 {
			left := time.Duration(l.cfg.StandIn)*time.Second - now.Sub(l.pres.seen[i])
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
		l.src.show(&m, seat, l.names(), l.autoMove(int(seat)))
	}
	return m
}

func (l *live) broadcastLocked() {
	if len(l.subs) == 0 {
		return
	}
	// one message per seat, however many of its connections there are,
	// built under the lock and marshalled and sent after it (deliver)
	l.sent++
	var msgs [engine.MaxPlayers + 1]*Message
	subs := make([]*subscriber, 0, len(l.subs))
	for s := range l.subs {
		k := s.seat + 1
		if k < 0 || k >= len(msgs) {
			continue
		}
		if msgs[k] == nil {
			m := l.messageLocked(engine.Seat(s.seat))
			msgs[k] = &m
		}
		subs = append(subs, s)
	}
	go deliver(l.sent, &msgs, subs)
}

// deliver marshals update number n (one message per seat) and offers it to
// each client.
func deliver(n uint64, msgs *[engine.MaxPlayers + 1]*Message, subs []*subscriber) {
	var raw [engine.MaxPlayers + 1][]byte
	for k, m := range msgs {
		if m != nil {
			raw[k], _ = json.Marshal(m)
		}
	}
	for _, s := range subs {
		if b := raw[s.seat+1]; b != nil {
			s.offer(n, b)
		}
	}
}

// offer queues update n for the client unless it has a later one already
// (updates are marshalled concurrently). A slow client loses its oldest
// pending update, never the newest.
func (s *subscriber) offer(n uint64, b []byte) {
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
