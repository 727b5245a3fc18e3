// Package server serves Smash Up to browsers: a lobby to create games with
// invite links, a game page, live updates over WebSocket, and a durable move
// log in a store (embedded SQLite by default, PostgreSQL for several
// instances). The server is authoritative: it accepts a decision only from
// the seat it is pending for, only among the pending options, and only at the
// current move number.
package server

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/web"
)

// Server is the HTTP server state.
type Server struct {
	store  store.Store
	mu     sync.Mutex
	games  map[string]*live
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// games whose computer seats (or automatic passes) may have a move to
	// make, each at most once (live.queued), in turn by owner; see kick and
	// aiWorker (queue.go)
	qmu   sync.Mutex
	qcond *sync.Cond
	queue runQueue
	// Logger receives the server's structured log lines (nil: none).
	Logger *slog.Logger
	ready  atomic.Bool  // stored games resumed (/readyz)
	conns  connCount    // open WebSockets by address
	open   atomic.Int64 // open WebSockets in all
	// per-address limits on new games, moves, sandbox games and hints (limit.go)
	createLimit, moveLimit, sandboxLimit, hintLimit *limiter
	// MaxComputerGames: how many unfinished games with computer seats one
	// address may have in memory at once (limit.go; 0: no limit).
	MaxComputerGames int
	budgetMu         sync.Mutex // held from counting an address's games to adding one (create.go)
	// TrustProxy: the server is behind a reverse proxy, which gives each
	// request's client address as the last X-Forwarded-For entry (limit.go).
	TrustProxy bool
	// AnswerPause sets the pace of the answers the server makes when a
	// person sits at the table (settings.go): a computer seat's reaches it
	// this long after the question (twice for max), a person's (a pass with
	// nothing to play, an answer without a real choice) after a time drawn
	// from their own answers. So how soon an answer comes tells nothing.
	// 0 in tests, half a second by default.
	AnswerPause time.Duration
	// Games held in memory (memory.go): at most MaxGames; idle ones are
	// unloaded after IdleAfter, finished ones after DoneAfter.
	MaxGames             int
	IdleAfter, DoneAfter time.Duration
	tick                 atomic.Int64 // the janitor's period (memory.go)
	reviews              reviews      // finished games' reviews (review.go)
	// afterLook, when set (tests), runs as a worker has looked at a game,
	// before it decides or lets go (queue.go)
	afterLook func(l *live, ok bool)
	metrics   *metrics // GET /metrics (metrics.go)
	unobserve func()   // stops the store's observer (metrics.go)
	// draining: stopping, /readyz says 503 (Drain); storeDownSeen: the
	// last ping of /readyz failed (ops.go)
	draining, storeDownSeen atomic.Bool
	// share: how this instance shares games with others over a shared
	// store, nil with one instance (lease.go)
	share                   *sharing
	leaseTTL, presenceEvery atomic.Int64
	// afterStandIn, when set (tests), runs after a stand-in's move is stored
	afterStandIn func(l *live, seat engine.Seat, n int)
}

// New returns a server over st. Call Close when done.
func New(st store.Store) *Server {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{store: st, games: map[string]*live{}, ctx: ctx, cancel: cancel,
		createLimit:  newLimiter(1, 30), // a burst of 30 games, then one a second
		moveLimit:    newLimiter(20, 200),
		sandboxLimit: newLimiter(sandboxRate, sandboxBurst), hintLimit: newLimiter(hintRate, hintBurst),
		MaxComputerGames: defaultMaxComputerGames,
		MaxGames:         defaultMaxGames, IdleAfter: defaultIdleAfter, DoneAfter: defaultDoneAfter}
	s.tick.Store(int64(defaultTick))
	s.metrics = newMetrics(s)
	s.unobserve = func() {}
	if o, ok := st.(store.Observed); ok {
		s.unobserve = o.Observe(s.metrics.observeStore)
	}
	s.leaseTTL.Store(int64(defaultLeaseTTL))
	s.presenceEvery.Store(int64(defaultPresenceEvery))
	if sh, ok := st.(store.Shared); ok {
		s.share = newSharing(sh)
		s.startSharing()
	}
	s.qcond = sync.NewCond(&s.qmu)
	s.wg.Add(1)
	go s.janitor()
	for range aiWorkers() {
		s.wg.Add(1)
		go s.aiWorker()
	}
	if n, ok := st.(store.Notifier); ok {
		first := make(chan struct{})
		var once sync.Once
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.listen(n, func() { once.Do(func() { close(first) }) }) // listen.go
		}()
		select { // serve only once other instances' moves will reach us
		case <-first:
		case <-time.After(10 * time.Second):
			s.log().Warn("not yet listening to the store's notifications; going on")
		}
	}
	return s
}

// Close stops background work: computer players finish the move in hand,
// and every WebSocket is closed with a reason ("server stopping"), waited
// for up to a few seconds.
func (s *Server) Close() {
	s.cancel()
	s.qmu.Lock()
	s.qcond.Broadcast()
	s.qmu.Unlock()
	s.wg.Wait()
	s.unobserve()
	s.stopSharing()
	for end := time.Now().Add(3 * time.Second); s.open.Load() > 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
}

// remoteMove is told (by a shared store) that some instance appended move n.
func (s *Server) remoteMove(id string, n int) {
	s.mu.Lock()
	l := s.games[id]
	s.mu.Unlock()
	if l == nil {
		return
	}
	if n < 0 { // the game's configuration changed (seats.go)
		l.locked(func() { l.reloadConfigLocked(s.ctx) })
		s.kick(l)
		return
	}
	l.locked(func() {
		if len(l.moves) <= n {
			s.reloadLocked(s.ctx, l)
		}
		l.showLocked() // what a lost race reloaded is shown too
	})
	s.kick(l)
}

// catchUp reloads every game in memory from the store.
func (s *Server) catchUp() {
	s.mu.Lock()
	ls := make([]*live, 0, len(s.games))
	for _, l := range s.games {
		ls = append(ls, l)
	}
	s.mu.Unlock()
	for _, l := range ls {
		l.locked(func() {
			s.reloadLocked(s.ctx, l)
			l.showLocked()
		})
		s.kick(l)
	}
}

// reloadLocked brings l up to the store's log (another instance moved).
func (s *Server) reloadLocked(ctx context.Context, l *live) {
	st, err := s.store.Load(ctx, l.id)
	if err != nil {
		return
	}
	for n := len(l.moves); n < len(st.Moves); n++ {
		if err := l.applyLocal(st.Moves[n]); err != nil {
			l.breakLocked(err)
			return
		}
	}
}

// Resume loads every stored game, so that computer seats carry on after a
// restart; a game with nothing for the server to do is unloaded again at
// once (it is loaded when someone asks for it). A game that fails to load is
// logged and left for later requests, which get its error.
//
// With a shared store it loads only the games whose lease has expired (their
// instance stopped), taking them in turn with the other instances (lease.go
// takeOrphans): the others are loaded when first asked for. (A database of a
// build before leases has an expired lease for every game: its first start
// loads them all once, and migrates the legacy ones.)
func (s *Server) Resume(ctx context.Context) error {
	if s.share != nil {
		for s.takeOrphans(ctx) > 0 && ctx.Err() == nil {
		}
		return ctx.Err()
	}
	ids, err := s.store.List(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		l, err := s.game(ctx, id)
		if err != nil {
			s.log().Error("resuming a game", "game", id, "err", err)
			continue
		}
		s.unloadIfIdle(l)
	}
	return nil
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
	// operations (ops.go)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("GET /readyz", s.handleReady)
	mux.Handle("GET /metrics", s.handleMetrics()) // metrics.go
	return s.accessLog(mux)
}
