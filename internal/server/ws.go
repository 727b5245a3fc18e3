package server

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/coder/websocket"
	"github.com/smashup/smashup/internal/table"
)

// Live updates: each page holds a WebSocket (handleWS), subscribed to its
// game (table.Subscriber), which receives the update of every change.

func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookup(w, r)
	if !ok {
		return
	}
	if l.Subscribers() >= maxConnsPerGame {
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
	sub := table.NewSubscriber(seat, 8)
	var msg Message
	for { // subscribe to the game as held in memory (loaded again if it was unloaded)
		if l.Subscribe(sub, &msg) {
			break
		}
		if l, err = s.Game(r.Context(), l.ID()); err != nil {
			c.Close(websocket.StatusTryAgainLater, "the game cannot be loaded now")
			return
		}
	}
	defer s.PokePresence() // after unsubscribe: the other instances see the page leave soon (table's lease.go)
	defer l.Unsubscribe(sub)
	s.SharePresence(r.Context(), l) // the other instances count this page before it is shown anything
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
		case <-sub.Gone():
			c.Close(websocket.StatusPolicyViolation, "this seat was invited again: its old link no longer plays it")
			return
		case b := <-sub.Updates():
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				return
			}
		}
	}
}
