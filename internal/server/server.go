// Package server serves Smash Up to browsers: a lobby to create games with
// invite links, a game page, live updates over WebSocket, and a durable move
// log in a store (embedded SQLite by default, PostgreSQL for several
// instances). The server is authoritative: it accepts a decision only from
// the seat it is pending for, only among the pending options, and only at the
// current move number.
//
// This package is the HTTP half: routes (Handler), requests and their
// limits, WebSockets, metrics, health, the reviews of finished games and
// `smashup serve`. Each game's live state, and everything that changes it,
// is package table.
package server

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/smashup/smashup/internal/push"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/web"
)

// Server is the HTTP face of the games this instance holds (table.Tables,
// embedded: its settings and methods are the server's).
type Server struct {
	*table.Tables
	store store.Store
	// shared: the store instances share (PostgreSQL), nil with one
	// instance: the rate limits are counted over every instance (limit.go)
	shared store.Shared
	ctx    context.Context // cancelled by Close: WebSockets and reviews stop
	cancel context.CancelFunc
	ready  atomic.Bool  // stored games resumed (/readyz)
	push   *push.Pusher // Web Push, nil when the store keeps no subscriptions (notify.go)
	conns  connCount    // open WebSockets by address
	open   atomic.Int64 // open WebSockets in all
	// per-address limits on new games, moves, sandbox games and hints (limit.go)
	createLimit, moveLimit, sandboxLimit, hintLimit *limiter
	reportLimit                                     *limiter // reports of what looks wrong (report.go)
	identityLimit                                   *limiter // new identities and renames (anyone.go)
	passkeyLimit                                    *limiter // passkey ceremonies begun (passkey.go)
	// Origin: the server's public origin (https://smashup.example), the
	// relying party of passkeys (passkey.go); "": each request's own.
	Origin string
	// TrustProxy: the server is behind a reverse proxy, which gives each
	// request's client address as the last X-Forwarded-For entry (limit.go).
	TrustProxy bool
	reviews    reviews  // finished games' reviews (review.go)
	metrics    *metrics // GET /metrics (metrics.go)
	unobserve  func()   // stops the store's observer (metrics.go)
	// draining: stopping, /readyz says 503 (Drain); storeDownSeen: the
	// last ping of /readyz failed (ops.go)
	draining, storeDownSeen atomic.Bool
}

// New returns a server over st. Call Close when done.
func New(st store.Store) *Server {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{Tables: table.New(st), store: st, ctx: ctx, cancel: cancel,
		createLimit:  newLimiter(1, 30), // a burst of 30 games, then one a second
		moveLimit:    newLimiter(20, 200),
		sandboxLimit: newLimiter(sandboxRate, sandboxBurst), hintLimit: newLimiter(hintRate, hintBurst),
		reportLimit: newLimiter(reportRate, reportBurst), identityLimit: newLimiter(identityRate, identityBurst),
		passkeyLimit: newLimiter(passkeyRate, passkeyBurst)}
	s.shared, _ = st.(store.Shared)
	s.setUpPush(st) // notify.go
	s.metrics = newMetrics(s)
	s.OnThought = s.metrics.thought
	s.unobserve = func() {}
	if o, ok := st.(store.Observed); ok {
		s.unobserve = o.Observe(s.metrics.observeStore)
	}
	return s
}

// Close stops background work: computer players finish the move in hand,
// and every WebSocket is closed with a reason ("server stopping"), waited
// for up to a few seconds.
func (s *Server) Close() {
	s.cancel()
	s.Tables.Close()
	s.unobserve()
	for end := time.Now().Add(3 * time.Second); s.open.Load() > 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
}

// Handler returns the HTTP routes. Every route the server answers is
// registered here, and nowhere else.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	// pages (api.go, ui.go)
	mux.Handle("GET /static/", http.StripPrefix("/static/", web.Static())) // gzipped, with ETags (web.Static)
	mux.HandleFunc("GET /{$}", page("lobby.html"))
	mux.HandleFunc("GET /g/{id}", page("game.html"))
	mux.HandleFunc("GET /g/{$}", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/", http.StatusSeeOther) })
	mux.HandleFunc("GET /", notFoundPage)
	mux.HandleFunc("GET /favicon.ico", handleFavicon)
	mux.HandleFunc("GET /sw.js", handleServiceWorker)           // notify.go
	mux.HandleFunc("GET /manifest.webmanifest", handleManifest) // notify.go
	mux.HandleFunc("GET /api/push/key", s.handlePushKey)        // notify.go
	mux.HandleFunc("POST /api/me/push", s.limited(s.moveLimit, "requests", s.handleSubscribe))
	mux.HandleFunc("DELETE /api/me/push", s.limited(s.moveLimit, "requests", s.handleUnsubscribe))
	// factions and cards (api.go, ui.go)
	mux.HandleFunc("GET /api/factions", s.handleFactions)
	mux.HandleFunc("GET /api/cards/{name}", s.handleCard)
	mux.HandleFunc("GET /api/cards", s.handleCards)
	mux.Handle("GET /api/catalog", web.Compress(http.HandlerFunc(s.handleCatalog)))
	// games (create.go, api.go, ws.go, settings.go)
	mux.HandleFunc("POST /api/games", s.limited(s.createLimit, "new games", s.handleCreate))
	mux.HandleFunc("GET /api/games/{id}", s.handleState)
	mux.HandleFunc("POST /api/games/{id}/move", s.limited(s.moveLimit, "moves", s.timedMove(s.handleMove)))
	mux.HandleFunc("POST /api/games/{id}/settings", s.limited(s.moveLimit, "requests", s.handleSettings))
	mux.HandleFunc("GET /api/games/{id}/ws", s.handleWS)
	mux.HandleFunc("POST /api/games/{id}/hint", s.limited(s.moveLimit, "requests", s.limited(s.hintLimit, "hints", s.handleHint))) // hint.go
	// seats (seats.go)
	mux.HandleFunc("POST /api/games/{id}/claim", s.limited(s.createLimit, "seat requests", s.handleClaim))
	mux.HandleFunc("GET /api/games/{id}/claim", s.limited(s.createLimit, "seat requests", s.handleInviteInfo))
	mux.HandleFunc("POST /api/games/{id}/invite", s.limited(s.createLimit, "seat requests", s.handleInvite))
	mux.HandleFunc("POST /api/games/{id}/start", s.limited(s.createLimit, "seat requests", s.handleStart))
	// finished games (api.go, ui.go)
	mux.HandleFunc("GET /api/games/{id}/replay", s.handleReplay)
	mux.HandleFunc("POST /api/games/{id}/report", s.limited(s.reportLimit, "reports", s.handleReport)) // report.go
	mux.HandleFunc("GET /api/reports/{id}", s.limited(s.moveLimit, "requests", s.handleOpenReport))
	mux.HandleFunc("GET /api/games/{id}/at", s.handleAt)
	mux.HandleFunc("GET /api/games/{id}/review", s.handleReview) // review.go
	mux.HandleFunc("POST /api/games/{id}/rematch", s.handleRematch)
	mux.HandleFunc("GET /api/games/{id}/rematch", s.handleRematch)
	// the rules sandbox (sandbox.go)
	mux.HandleFunc("GET /sandbox", page("sandbox.html"))
	mux.HandleFunc("POST /api/sandbox", s.limited(s.createLimit, "new games", s.limited(s.sandboxLimit, "sandbox games", s.handleSandbox)))
	mux.HandleFunc("POST /api/sandbox/link", s.limited(s.createLimit, "new games", s.limited(s.sandboxLimit, "sandbox games", s.handleSandboxLink)))
	mux.HandleFunc("POST /api/games/{id}/undo", s.limited(s.createLimit, "new games", s.limited(s.sandboxLimit, "sandbox games (each undo makes one)", s.handleUndo)))
	// the guided first game (lessons.go)
	mux.HandleFunc("GET /learn", page("learn.html"))
	mux.HandleFunc("GET /api/lessons", s.handleLessons)
	mux.HandleFunc("POST /api/lessons/{lesson}", s.limited(s.createLimit, "new games", s.handleLesson))
	// playing with anyone: identities, open tables, quick match, ratings (anyone.go)
	mux.HandleFunc("GET /leaderboard", page("leaderboard.html"))
	mux.HandleFunc("GET /p/{id}", page("profile.html"))
	mux.HandleFunc("POST /api/players", s.limited(s.identityLimit, "new identities", s.handleNewPlayer))
	mux.HandleFunc("GET /api/players/{id}", s.handleProfile)
	mux.HandleFunc("GET /api/me", s.handleMe)
	mux.HandleFunc("POST /api/me/name", s.limited(s.identityLimit, "renames", s.handleRename))
	mux.HandleFunc("POST /api/me/passkey/begin", s.limited(s.passkeyLimit, "passkey requests", s.handlePasskeyBegin)) // passkey.go
	mux.HandleFunc("POST /api/me/passkey/finish", s.limited(s.moveLimit, "requests", s.handlePasskeyFinish))
	mux.HandleFunc("POST /api/passkey/begin", s.limited(s.passkeyLimit, "passkey requests", s.handleSignInBegin))
	mux.HandleFunc("POST /api/passkey/finish", s.limited(s.moveLimit, "requests", s.handleSignInFinish))
	mux.HandleFunc("POST /api/games/{id}/say", s.limited(s.moveLimit, "requests", s.handleSay)) // talk.go
	mux.HandleFunc("POST /api/me/block", s.limited(s.moveLimit, "requests", s.handleBlock))
	mux.HandleFunc("GET /api/me/blocks", s.handleBlocks)
	mux.HandleFunc("GET /api/me/games", s.handleMyGames) // anyone.go
	mux.HandleFunc("GET /api/tables", s.handleTables)
	mux.HandleFunc("POST /api/tables/{id}/take", s.limited(s.createLimit, "seat requests", s.handleTake))
	mux.HandleFunc("POST /api/quick", s.limited(s.createLimit, "new games", s.handleQuick))
	mux.HandleFunc("GET /api/leaderboard", s.handleLeaderboard)
	// operations (ops.go)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("GET /readyz", s.handleReady)
	mux.Handle("GET /metrics", s.handleMetrics()) // metrics.go
	return s.accessLog(mux)
}
