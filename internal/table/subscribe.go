package table

import (
	"sync"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Subscribers: each page connected to a game (the server's WebSocket) is
// a Subscriber of its Table, which receives the update of every change
// (broadcastLocked, message.go).

// Subscriber is a connected client of one seat (NoSeat: a spectator).
type Subscriber struct {
	seat engine.Seat
	ch   chan []byte
	// gone is closed when the seat's key changes (seats.go): the page is
	// disconnected
	gone     chan struct{}
	dropOnce sync.Once
	mu       sync.Mutex
	last     uint64 // the latest update offered (updates are marshalled concurrently)
}

// NewSubscriber returns a client of seat, not yet subscribed to a game,
// which holds up to buffer updates not yet sent on.
func NewSubscriber(seat engine.Seat, buffer int) *Subscriber {
	return &Subscriber{seat: seat, ch: make(chan []byte, buffer), gone: make(chan struct{})}
}

// Updates are the updates (JSON messages) for the client to send on; a
// slow client loses its oldest, never the newest (offer).
func (s *Subscriber) Updates() <-chan []byte { return s.ch }

// Gone is closed when the client's seat was invited again: its old key no
// longer plays it, and the page is disconnected.
func (s *Subscriber) Gone() <-chan struct{} { return s.gone }

// drop disconnects the subscriber (its seat was invited again).
func (s *Subscriber) drop() {
	if s.gone != nil {
		s.dropOnce.Do(func() { close(s.gone) })
	}
}

// Subscribers counts the clients connected to l here.
func (l *Table) Subscribers() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.subs)
}

// Subscribe adds sub to l's clients and fills in its first message, unless
// l was unloaded (then it reports false: ask Tables.Game for it again).
func (l *Table) Subscribe(sub *Subscriber, first *Message) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.evicted {
		return false
	}
	// the others are told of the arrival; the newcomer gets its first
	// message, and from then on every update broadcast after it
	l.arriveLocked(sub.seat, time.Now())
	l.subs[sub] = struct{}{}
	sub.mu.Lock()
	sub.last = l.sent
	sub.mu.Unlock()
	*first = l.messageLocked(engine.Seat(sub.seat))
	return true
}

// Unsubscribe removes sub from l's clients (its page left).
func (l *Table) Unsubscribe(sub *Subscriber) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.subs, sub)
	l.leaveLocked(sub.seat, time.Now())
	l.touch()
}
