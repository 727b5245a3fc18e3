package server

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/smashup/smashup/internal/engine"
)

// Live updates: each page holds a WebSocket (handleWS), subscribed to its
// game, which receives the update of every change (broadcastLocked).

func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var full bool
	l.locked(func() { full = len(l.subs) >= maxConnsPerGame })
	if full {
		s.refused("ws-per-game")
		writeJSON(w, http.StatusTooManyRequests, apiError{"too many connections to this game"})
		return
	}
	addr := s.clientAddr(r)
	if !s.conns.acquire(addr) {
		s.refused("ws-per-address")
		writeJSON(w, http.StatusTooManyRequests, apiError{"too many connections from your address"})
		return
	}
	defer s.conns.release(addr)
	// the server's read and write timeouts are for requests: a WebSocket
	// lives on, with deadlines of its own (pings, each write)
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	// updates are compressed message by message (permessage-deflate): a
	// typical one is under 3 KB on the wire (TestMessageSizes, README)
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{wsProtocol}, CompressionMode: websocket.CompressionNoContextTakeover})
	if err != nil {
		return
	}
	defer c.CloseNow()
	s.open.Add(1)
	defer s.open.Add(-1)
	sub := &subscriber{seat: seat, ch: make(chan []byte, 8), gone: make(chan struct{})}
	var msg Message
	for { // subscribe to the game as held in memory (loaded again if it was unloaded)
		if l.subscribe(sub, &msg) {
			break
		}
		if l, err = s.game(r.Context(), l.id); err != nil {
			c.Close(websocket.StatusTryAgainLater, "the game cannot be loaded now")
			return
		}
	}
	defer s.pokePresence() // after unsubscribe: the other instances see the page leave soon (lease.go)
	defer l.unsubscribe(sub)
	s.sharePresence(r.Context(), l) // the other instances count this page before it is shown anything
	first, err := json.Marshal(msg) // catch up at once
	if err != nil {
		return
	}
	ctx := c.CloseRead(r.Context()) // a client sends nothing: any message closes it
	if err := c.Write(ctx, websocket.MessageText, first); err != nil {
		return
	}
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-ping.C: // a peer that does not answer within 10 s is gone
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		case <-ctx.Done():
			return
		case <-s.ctx.Done():
			c.Close(websocket.StatusGoingAway, "server stopping")
			return
		case <-sub.gone:
			c.Close(websocket.StatusPolicyViolation, "this seat was invited again: its old link no longer plays it")
			return
		case b := <-sub.ch:
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				return
			}
		}
	}
}

// subscriber is a connected client of one seat (NoSeat: a spectator).
type subscriber struct {
	seat engine.Seat
	ch   chan []byte
	// gone is closed when the seat's key changes (seats.go): the page is
	// disconnected
	gone     chan struct{}
	dropOnce sync.Once
	mu       sync.Mutex
	last     uint64 // the latest update offered (updates are marshalled concurrently)
}

// drop disconnects the subscriber (its seat was invited again).
func (s *subscriber) drop() {
	if s.gone != nil {
		s.dropOnce.Do(func() { close(s.gone) })
	}
}

// subscribe adds sub to l's clients and fills in its first message, unless
// l was unloaded (then it reports false).
func (l *live) subscribe(sub *subscriber, first *Message) bool {
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

func (l *live) unsubscribe(sub *subscriber) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.subs, sub)
	l.leaveLocked(sub.seat, time.Now())
	l.touch()
}
