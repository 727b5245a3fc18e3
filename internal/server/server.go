// Package server serves Smash Up to browsers: a lobby to create games with
// invite links, a game page, live updates over WebSocket, and a durable move
// log in a store (embedded SQLite by default, PostgreSQL for several
// instances). The server is authoritative: it accepts a decision only from
// the seat it is pending for, only among the pending options, and only at the
// current move number.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/web"
	"github.com/smashup/smashup/internal/wire"
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
	// make, in order, each at most once (live.queued); see kick and aiWorker
	qmu   sync.Mutex
	qcond *sync.Cond
	queue []*live // games where a person waits
	bg    []*live // games of computer seats only
	// Logger receives the server's structured log lines (nil: none).
	Logger *slog.Logger
	ready  atomic.Bool  // stored games resumed (/readyz)
	conns  connCount    // open WebSockets by address
	open   atomic.Int64 // open WebSockets in all
	// per-address limits on new games and on moves (limit.go)
	createLimit, moveLimit *limiter
	// TrustProxy: the server is behind a reverse proxy, which gives each
	// request's client address as the last X-Forwarded-For entry (limit.go).
	TrustProxy bool
	// AnswerPause: how long after a question is asked an answer the server
	// makes reaches the table when a person sits at it: a computer seat's
	// (a longer think: at the next multiple of the pause), or a pass for a
	// person with nothing to play in a Me First window (settings.go). It
	// is the same whatever the seat holds, so that how soon an answer comes
	// tells nothing. 0 in tests, half a second by default.
	AnswerPause time.Duration
	// Games held in memory (memory.go): at most MaxGames; idle ones are
	// unloaded after IdleAfter, finished ones after DoneAfter.
	MaxGames             int
	IdleAfter, DoneAfter time.Duration
	tick                 atomic.Int64 // the janitor's period (memory.go)
}

// New returns a server over st. Call Close when done.
func New(st store.Store) *Server {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{store: st, games: map[string]*live{}, ctx: ctx, cancel: cancel,
		createLimit: newLimiter(1, 30), // a burst of 30 games, then one a second
		moveLimit:   newLimiter(20, 200),
		MaxGames:    defaultMaxGames, IdleAfter: defaultIdleAfter, DoneAfter: defaultDoneAfter}
	s.tick.Store(int64(defaultTick))
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
			for ctx.Err() == nil {
				err := n.Listen(ctx, func() {
					once.Do(func() { close(first) })
					s.catchUp() // moves made while we were not listening
				}, s.remoteMove)
				if ctx.Err() == nil && err != nil {
					s.log().Error("listening to the store", "err", err)
					time.Sleep(time.Second)
				}
			}
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
	for end := time.Now().Add(3 * time.Second); s.open.Load() > 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
}

// Computer players are fair between games: a game waiting for a computer
// seat is queued once (never dropped), a worker makes one decision of it and
// queues it again at the back, so every game moves in turn, and a few
// workers (aiWorkers) think at once, each game one decision at a time (its
// lock). Games where a person waits come before games of computer seats
// only, which play in the background with what is left.

// aiWorkers is how many computer decisions are made at once.
func aiWorkers() int { return max(2, runtime.GOMAXPROCS(0)) }

// kick asks the computer players to look at a game.
func (s *Server) kick(l *live) {
	if !l.queued.CompareAndSwap(false, true) {
		return // already waiting its turn
	}
	s.qmu.Lock()
	if l.people() {
		s.queue = append(s.queue, l)
	} else {
		s.bg = append(s.bg, l)
	}
	s.qcond.Signal()
	s.qmu.Unlock()
}

func (s *Server) aiWorker() {
	defer s.wg.Done()
	for {
		s.qmu.Lock()
		for len(s.queue) == 0 && len(s.bg) == 0 && s.ctx.Err() == nil {
			s.qcond.Wait()
		}
		if s.ctx.Err() != nil {
			s.qmu.Unlock()
			return
		}
		q := &s.queue
		if len(*q) == 0 {
			q = &s.bg
		}
		l := (*q)[0]
		(*q)[0] = nil
		*q = (*q)[1:]
		s.qmu.Unlock()
		l.queued.Store(false)
		if l.stepAI(s.ctx) {
			s.kick(l) // its next decision waits behind the other games
		}
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
		l.locked(func() {
			if st, err := s.store.Load(s.ctx, id); err == nil {
				var cfg Config
				if json.Unmarshal(st.Config, &cfg) == nil {
					l.takeConfigLocked(cfg)
				}
			}
		})
		s.kick(l)
		return
	}
	l.locked(func() {
		if len(l.moves) <= n {
			s.reloadLocked(s.ctx, l)
			l.broadcastLocked()
		}
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
			before := len(l.moves)
			s.reloadLocked(s.ctx, l)
			if len(l.moves) != before {
				l.broadcastLocked()
			}
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
func (s *Server) Resume(ctx context.Context) error {
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

// CreateRequest is the lobby's form.
type CreateRequest struct {
	Seats    []string   `json:"seats"`    // per seat: "human", or a computer level: "random", "easy", "ai" (normal), "hard", "max"
	Names    []string   `json:"names"`    // optional display names
	Factions [][]string `json:"factions"` // per seat: two names, or empty for random
	Mode     string     `json:"mode"`     // "chosen" (default), "random" or "draft"
	Bases    string     `json:"bases"`    // "sets" (default: the factions' sets) or "all"
	// StandIn: seconds after which a computer plays for a person who has
	// left the table, until they are back (0: never; presence.go).
	StandIn int `json:"stand_in"`
	// Reproducible asks for a public seed (Seed, or one chosen at random),
	// shown to every seat: whoever knows a game's seed can work out every
	// hidden card. Otherwise the seed is secret server randomness, revealed
	// with the replay once the game is over. A Seed always makes the game
	// reproducible (an older lobby sends a Seed alone).
	Reproducible bool    `json:"reproducible"`
	Seed         *uint64 `json:"seed"`
	// seated: every person's seat is taken at once (a rematch hands each
	// player their own seat's key); otherwise the creator takes the first
	// person's seat and the others are invited (seats.go).
	seated bool
}

// CreateResponse tells the creator their own seat and the invite links.
type CreateResponse struct {
	ID string `json:"id"`
	// Links: one per seat. The creator's own seat's link carries its key
	// (?t=, which the page moves out of the address bar at once); another
	// person's seat has an invite link (?invite=), claimed by the first
	// browser that opens it; a computer's seat has "".
	Links     []string `json:"links"`
	Seat      int      `json:"seat"`      // the creator's seat (-1: none, every seat is a computer's)
	Host      string   `json:"host"`      // the creator's key: start with computers, invite a seat again
	Spectator string   `json:"spectator"` // the spectators' link
	tokens    []string // every seat's key (a rematch gives each player theirs)
}

// Create makes a new game and stores it.
func (s *Server) Create(ctx context.Context, req CreateRequest) (CreateResponse, error) {
	n := len(req.Seats)
	if n < 2 || n > 4 {
		return CreateResponse{}, fmt.Errorf("a game needs 2 to 4 seats, got %d", n)
	}
	seed := gameSeed(req)
	rng := mrand.New(mrand.NewPCG(subSeed(seed, "create", 0), 77))
	if req.StandIn < 0 || req.StandIn > maxStandIn {
		return CreateResponse{}, fmt.Errorf("stand_in: %d seconds is not between 0 (never) and %d", req.StandIn, maxStandIn)
	}
	cfg := Config{Spectator: newToken(), Reproducible: req.Seed != nil || req.Reproducible, StandIn: req.StandIn}
	if !req.seated {
		cfg.Host = newToken()
	}
	creator := -1
	// every player is asked in every Me First window, and a question with
	// no real choice is put all the same (and answered by the server after
	// its pause), so that neither being asked nor when play goes on tells
	// anything about a hand (engine.RuleAskAll, engine.RuleStopNoChoice)
	cfg.Setup = engine.Setup{Seed: seed, Deal: true, AllBases: req.Bases == "all", Players: make([]engine.SetupPlayer, n), Options: engine.RuleAskAll | engine.RuleStopNoChoice}
	humans := 0
	for i, k := range req.Seats {
		switch k {
		case Human, Greedy, Random, "easy", "normal", "hard", "max":
		default:
			return CreateResponse{}, fmt.Errorf("seat %d: unknown kind %q (human, or a computer level: random, easy, ai, hard, max)", i+1, k)
		}
		if k == Human {
			humans++
		}
		name := fmt.Sprintf("Player %d", i+1)
		if i < len(req.Names) {
			if n := cleanName(req.Names[i]); n != "" {
				name = n
			}
		}
		if k != Human {
			name += " (computer)"
		}
		st := Seat{Kind: k, Name: name}
		switch {
		case k != Human:
		case req.seated || creator < 0:
			st.Token = newToken()
			if creator < 0 {
				creator = i
			}
		default: // dealt once this seat is claimed (seats.go)
			st.Invite = newToken()
			cfg.Waiting = true
		}
		cfg.Seats = append(cfg.Seats, st)
	}
	playable := engine.PlayableFactions()
	switch req.Mode {
	case "draft":
		if len(playable) < 2*n {
			return CreateResponse{}, fmt.Errorf("only %d playable factions: not enough to draft for %d players", len(playable), n)
		}
		cfg.Draft = true
		cfg.DraftPool = playable
		cfg.First = rng.IntN(n)
	case "random", "":
		if req.Mode == "" && len(req.Factions) > 0 {
			req.Mode = "chosen"
		}
		fallthrough
	case "chosen":
		used := map[string]bool{}
		for i := 0; i < n; i++ {
			var fs []string
			if req.Mode == "chosen" && i < len(req.Factions) && len(req.Factions[i]) > 0 {
				if len(req.Factions[i]) != 2 {
					return CreateResponse{}, fmt.Errorf("seat %d needs exactly two factions", i+1)
				}
				for _, f := range req.Factions[i] {
					cf := engine.CanonicalFaction(f)
					if cf == "" || !engine.FactionPlayable(cf) {
						return CreateResponse{}, fmt.Errorf("seat %d: %q is not a playable faction", i+1, f)
					}
					if used[cf] {
						return CreateResponse{}, fmt.Errorf("faction %s is chosen twice", cf)
					}
					used[cf] = true
					fs = append(fs, cf)
				}
			}
			cfg.Setup.Players[i].Factions = fs
		}
		for i := 0; i < n; i++ {
			for len(cfg.Setup.Players[i].Factions) < 2 {
				var free []string
				for _, f := range playable {
					if !used[f] {
						free = append(free, f)
					}
				}
				if len(free) == 0 {
					return CreateResponse{}, errors.New("not enough playable factions for every seat")
				}
				f := free[rng.IntN(len(free))]
				used[f] = true
				cfg.Setup.Players[i].Factions = append(cfg.Setup.Players[i].Factions, f)
			}
		}
	default:
		return CreateResponse{}, fmt.Errorf("unknown mode %q (chosen, random or draft)", req.Mode)
	}
	id := newID()
	raw, err := json.Marshal(cfg)
	if err != nil {
		return CreateResponse{}, err
	}
	// validate before storing: the game must start
	fp := engine.RulesFingerprint()
	l, err := rebuild(s, id, &store.Game{Config: raw, Fingerprint: fp})
	if err != nil {
		return CreateResponse{}, err
	}
	var room bool
	s.withGames(func() { room = len(s.games) < s.MaxGames || s.sweepLocked(time.Now(), 1) })
	if !room {
		return CreateResponse{}, ErrBusy
	}
	if err := s.store.Create(ctx, id, raw, fp); err != nil {
		return CreateResponse{}, err
	}
	l.touch()
	s.withGames(func() { s.games[id] = l })
	s.kick(l)
	s.log().Info("game created", "game", id, "seats", strings.Join(req.Seats, ","), "mode", req.Mode, "people", humans)
	resp := CreateResponse{ID: id, Seat: creator, Host: cfg.Host, Spectator: "/g/" + id + "?t=" + cfg.Spectator}
	for i, st := range cfg.Seats {
		resp.tokens = append(resp.tokens, st.Token)
		switch {
		case st.Kind != Human:
			resp.Links = append(resp.Links, "")
		case i == creator || req.seated:
			resp.Links = append(resp.Links, "/g/"+id+"?t="+st.Token)
		default:
			resp.Links = append(resp.Links, "/g/"+id+"?invite="+st.Invite)
		}
	}
	return resp, nil
}

// Handler returns the HTTP routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(web.Files)))
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			b, err := web.Files.ReadFile(name)
			if err != nil {
				http.Error(w, "missing page", 500)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(b)
		}
	}
	mux.HandleFunc("GET /{$}", page("lobby.html"))
	mux.HandleFunc("GET /g/{id}", page("game.html"))
	mux.HandleFunc("GET /g/{$}", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/", http.StatusSeeOther) })
	mux.HandleFunc("GET /", notFoundPage)
	mux.HandleFunc("GET /api/factions", s.handleFactions)
	mux.HandleFunc("POST /api/games", s.limited(s.createLimit, "new games", s.handleCreate))
	mux.HandleFunc("GET /api/games/{id}", s.handleState)
	mux.HandleFunc("POST /api/games/{id}/move", s.limited(s.moveLimit, "moves", s.handleMove))
	mux.HandleFunc("POST /api/games/{id}/settings", s.limited(s.moveLimit, "requests", s.handleSettings))
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("GET /readyz", s.handleReady)
	mux.HandleFunc("GET /api/games/{id}/ws", s.handleWS)
	mux.HandleFunc("GET /api/cards/{name}", s.handleCard)
	mux.HandleFunc("GET /api/cards", s.handleCards)
	mux.HandleFunc("GET /api/games/{id}/replay", s.handleReplay)
	s.uiRoutes(mux)      // ui.go
	s.seatRoutes(mux)    // seats.go
	s.sandboxRoutes(mux) // sandbox.go
	return s.accessLog(mux)
}

type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func (s *Server) handleFactions(w http.ResponseWriter, r *http.Request) {
	type fv struct {
		Name     string `json:"name"`
		Playable bool   `json:"playable"`
	}
	var out []fv
	for _, f := range engine.Factions() {
		out = append(out, fv{f, engine.FactionPlayable(f)})
	}
	writeJSON(w, 200, out)
}

func (s *Server) handleCard(w http.ResponseWriter, r *http.Request) {
	d, err := engine.Lookup(r.PathValue("name"))
	if err != nil {
		writeJSON(w, 404, apiError{err.Error()})
		return
	}
	writeJSON(w, 200, engine.DefView(d))
}

// handleCards returns every card's text by its key (the game page loads it once).
func (s *Server) handleCards(w http.ResponseWriter, r *http.Request) {
	texts := map[string]string{}
	for _, d := range engine.Defs() {
		texts[d.Key] = d.Text
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	writeJSON(w, 200, texts)
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if !readJSON(w, r, 1<<16, &req, true) {
		return
	}
	resp, err := s.Create(r.Context(), req)
	if errors.Is(err, ErrBusy) {
		w.Header().Set("Retry-After", "60")
		writeJSON(w, http.StatusServiceUnavailable, apiError{err.Error()})
		return
	}
	if err != nil {
		writeJSON(w, 400, apiError{err.Error()})
		return
	}
	writeJSON(w, 200, resp)
}

// errNoSuchLink answers both an unknown game and a token that is not one of
// its seats' (or its spectators'), so that an answer does not tell whether a
// game id exists.
var errNoSuchLink = errors.New("no game has this id and seat key")

func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (*live, int, bool) {
	l, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		code := 500
		switch {
		case errors.Is(err, store.ErrNotFound):
			code, err = 404, errNoSuchLink
		case errors.Is(err, ErrBusy):
			code = http.StatusServiceUnavailable
			w.Header().Set("Retry-After", "60")
		}
		writeJSON(w, code, apiError{err.Error()})
		return nil, 0, false
	}
	seat, err := l.seatOf(requestToken(r))
	if err != nil {
		writeJSON(w, 404, apiError{errNoSuchLink.Error()})
		return nil, 0, false
	}
	return l, seat, true
}

// lookupSeat is lookup for a request only a seat may make: a spectator's is
// refused (403) with refusal.
func (s *Server) lookupSeat(w http.ResponseWriter, r *http.Request, refusal string) (*live, int, bool) {
	l, seat, ok := s.lookup(w, r)
	if ok && seat == engine.None {
		writeJSON(w, 403, apiError{refusal})
		return nil, 0, false
	}
	return l, seat, ok
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookup(w, r)
	if !ok {
		return
	}
	writeJSON(w, 200, l.message(engine.Seat(seat)))
}

// handleReplay serves a finished game as a replay file (setup and decisions),
// for `smashup replay`. While the game runs it would reveal hidden cards, so it
// is refused until the game is over.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.lookup(w, r)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	rep, err := l.replayFile()
	if err != nil {
		writeJSON(w, 409, apiError{err.Error()})
		return
	}
	b, err := rep.Marshal()
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"smashup-%s.json\"", l.id))
	w.Write(b)
}

// MoveRequest is a decision sent by a seat.
type MoveRequest = wire.Move

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookupSeat(w, r, "spectators cannot move")
	if !ok {
		return
	}
	var req struct { // wire.Move, with both numbers required
		Move   *int  `json:"move"`
		Option *int  `json:"option"`
		Then   []int `json:"then"`
	}
	if !readJSON(w, r, 4096, &req, false) {
		return
	}
	if req.Move == nil || req.Option == nil {
		writeJSON(w, 400, apiError{`bad request: send {"move": N, "option": I}, both numbers`})
		return
	}
	if len(req.Then) > wire.MaxThen {
		writeJSON(w, 400, apiError{fmt.Sprintf("bad request: at most %d follow-up answers", wire.MaxThen)})
		return
	}
	err := l.move(r.Context(), seat, *req.Move, *req.Option, req.Then...)
	if errors.Is(err, errEvicted) { // unloaded meanwhile: once more, on the game as loaded again
		if l, seat, ok = s.lookup(w, r); !ok {
			return
		}
		err = l.move(r.Context(), seat, *req.Move, *req.Option, req.Then...)
	}
	if err != nil {
		code := 409
		if errors.Is(err, ErrBadOption) || errors.Is(err, ErrBadThen) {
			code = 400
		}
		writeJSON(w, code, apiError{err.Error()})
		return
	}
	writeJSON(w, 200, l.message(engine.Seat(seat)))
}

func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var full bool
	l.locked(func() { full = len(l.subs) >= maxConnsPerGame })
	if full {
		writeJSON(w, http.StatusTooManyRequests, apiError{"too many connections to this game"})
		return
	}
	addr := s.clientAddr(r)
	if !s.conns.acquire(addr) {
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
	defer l.unsubscribe(sub)
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

// notFoundPage answers a page address that leads nowhere with a page that
// says so and leads back to the lobby (the API answers JSON errors).
func notFoundPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · smashup</title><link rel="stylesheet" href="/static/style.css"></head>
<body class="lost"><main><h1>Nothing here</h1><p>This address leads to no page. A game's address comes from its invite link.</p>
<p><a href="/">Go to the lobby</a></p></main></body></html>`)
}
