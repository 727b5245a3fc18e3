package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/smashup/smashup/internal/push"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/web"
)

// "Your turn" when the page is closed (docs/anyone.md): a browser with an
// identity subscribes to Web Push (GET /api/push/key, POST /api/me/push);
// when a turn-based game asks that person a decision while no page of
// their seat is open (table.Tables.OnTurn), the server sends each of their
// browsers a message its service worker (/sw.js) shows. DELETE
// /api/me/push forgets a browser.

// pushSub is what POST /api/me/push takes: the browser's
// PushSubscription.toJSON().
type pushSub = push.Subscription

// PushKey is what GET /api/push/key answers.
type PushKey struct {
	Key string `json:"key"` // the VAPID public key, base64url: pushManager.subscribe's applicationServerKey
}

// setUpPush makes the pusher, if the store keeps subscriptions.
func (s *Server) setUpPush(st store.Store) {
	ts, ok := st.(store.Turns)
	if !ok {
		return
	}
	s.push = push.New(ts)
	s.OnTurn = s.tellTurn
}

// SetPushHosts adds push services the server may post to (host names, or
// whole origins such as http://127.0.0.1:8099 for a local receiver), and
// sets who the push services may contact (the origin, or a mail address).
func (s *Server) SetPushHosts(hosts []string, contact string) {
	if s.push == nil {
		return
	}
	s.push.Log = s.log()
	for _, h := range hosts {
		if h = strings.TrimSpace(h); h != "" {
			s.push.Hosts = append(s.push.Hosts, h)
		}
	}
	if contact != "" {
		s.push.Subscriber = contact
	}
}

// tellTurn sends "your turn" to n's person.
func (s *Server) tellTurn(n table.TurnNotice) {
	if s.push == nil {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	left := time.Until(n.Due)
	body := fmt.Sprintf("%s: the table waits for your decision (%s to make it).", n.Names, roughly(left))
	p := push.Payload(push.Notice{Title: "Your turn", Body: body, URL: "/g/" + n.Game + "?t=" + url.QueryEscape(n.Token), Tag: "smashup-" + n.Game})
	if _, err := s.push.Send(ctx, n.Player, p, left); err != nil && ctx.Err() == nil {
		s.log().Warn("telling a person it is their turn", "game", n.Game, "err", err)
	}
}

// roughly says d in hours or minutes, as a person says it.
func roughly(d time.Duration) string {
	switch h := int(d.Round(time.Hour) / time.Hour); {
	case h >= 48:
		return fmt.Sprintf("%d days", (h+12)/24)
	case h >= 2:
		return fmt.Sprintf("%d hours", h)
	case d >= 90*time.Minute:
		return "about an hour and a half"
	case d >= 50*time.Minute:
		return "an hour"
	default:
		return fmt.Sprintf("%d minutes", max(1, int(d/time.Minute)))
	}
}

// pushOff answers 501 when the store keeps no subscriptions.
func (s *Server) pushOff(w http.ResponseWriter) bool {
	if s.push == nil {
		writeJSON(w, http.StatusNotImplemented, apiError{"this server's store keeps no push subscriptions"})
	}
	return s.push == nil
}

// failed answers a store's failure (503 when it cannot be reached, else
// 500), reporting whether there was one.
func (s *Server) failed(w http.ResponseWriter, r *http.Request, err error) bool {
	if err == nil {
		return false
	}
	if !s.storeDown(w, r, err) {
		writeJSON(w, 500, apiError{err.Error()})
	}
	return true
}

func (s *Server) handlePushKey(w http.ResponseWriter, r *http.Request) {
	if s.pushOff(w) {
		return
	}
	key, err := s.push.Key(r.Context())
	if s.failed(w, r, err) {
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	writeJSON(w, 200, PushKey{Key: key})
}

func (s *Server) handleSubscribe(w http.ResponseWriter, r *http.Request) {
	if s.pushOff(w) {
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	var sub pushSub
	if !readJSON(w, r, 4<<10, &sub, true) {
		return
	}
	if err := s.push.Check(sub); err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{err.Error()})
		return
	}
	if s.failed(w, r, s.push.Subscribe(r.Context(), who.ID, sub)) {
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleUnsubscribe(w http.ResponseWriter, r *http.Request) {
	if s.pushOff(w) {
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	var req struct {
		Endpoint string `json:"endpoint"`
	}
	if !readJSON(w, r, 4<<10, &req, true) {
		return
	}
	if s.failed(w, r, s.push.Unsubscribe(r.Context(), who.ID, req.Endpoint)) {
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleServiceWorker serves /sw.js (a service worker's scope is its
// address's folder: it must be at the root).
func handleServiceWorker(w http.ResponseWriter, r *http.Request) {
	serveRoot(w, r, "sw.js", "text/javascript; charset=utf-8", "no-cache")
}

// handleManifest serves the web app manifest (the page is installable).
func handleManifest(w http.ResponseWriter, r *http.Request) {
	serveRoot(w, r, "manifest.webmanifest", "application/manifest+json", "public, max-age=3600")
}

func serveRoot(w http.ResponseWriter, r *http.Request, name, ctype, cache string) {
	b, err := web.Files.ReadFile(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", cache)
	w.Write(b)
}
