package server

// TestServerSoak plays many games at once against the real HTTP handler and
// reports how fast decisions reach every client. The full run (issue 9: 100
// games for several minutes) is
//
//	SMASHUP_SOAK_GAMES=100 SMASHUP_SOAK_SECONDS=300 go test ./internal/server -run TestServerSoak -v -count=1
//
// With SMASHUP_LONG=1 (as in CI) it plays soakGames games for soakSeconds
// seconds (soak_norace_test.go: 100 games, 20 s; under the race detector a
// smaller and shorter run, soak_race_test.go); a plain `go test` plays them
// for a quarter of that. SMASHUP_SOAK_THINK (a Go
// duration, e.g. 500ms) makes the scripted players wait a random time up to
// it before each decision; by default they answer at once, so the server is
// as busy as its clients can make it. It is skipped under -short.
//
// What it does: each game has one person seat, played by a scripted client
// of the test, and one computer seat ("random", or "ai" in every fifth game),
// factions at random ("random" mode), and one spectator. Both clients follow
// the game on its WebSocket; the player answers each of its decisions with
// an option drawn at random (seeded) through POST /api/games/{id}/move. A
// game that ends is replaced by a new one, so that the same number of games
// stay in play until the time is up; then the players stop (every request
// sent gets its answer) and the computer seats play on to the person's next
// decision.
//
// What it reports (t.Logf, always): decisions per second (every stored
// move, computers' included), and the time from a decision to the update
// that carries it on each client of its game (the player's socket and the
// spectator's): for the person's moves from the moment the request is sent,
// for the computers' moves from the moment the server stores them (it stores
// a move before it applies and announces it). Latency is reported only,
// never asserted.
//
// What it checks: every game, at the end, holds each move the player got a
// 200 for exactly once, at its number, with its option, and no other move
// of the person's seat; the game in memory has the stored moves and equals a
// rebuild of its stored log through the path a restarting server takes
// (Server.restore); no game broke and no request failed.
//
// The server runs as in production, limits included: each game's clients
// come from an address of their own (soakAddresses), so the per-address caps
// on new games and sockets apply per game, not to 200 sockets from one
// address.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// TestServerSoak: see the comment at the top of this file.
func TestServerSoak(t *testing.T) {
	games, seconds := soakGames, soakSeconds
	if !longtest.Enabled() {
		seconds /= 4
	}
	if n, err := strconv.Atoi(os.Getenv("SMASHUP_SOAK_GAMES")); err == nil && n > 0 {
		games = n
	}
	if n, err := strconv.ParseFloat(os.Getenv("SMASHUP_SOAK_SECONDS"), 64); err == nil && n > 0 {
		seconds = n
	}
	var think time.Duration
	if d, err := time.ParseDuration(os.Getenv("SMASHUP_SOAK_THINK")); err == nil {
		think = d
	}
	if testing.Short() && os.Getenv("SMASHUP_SOAK_GAMES")+os.Getenv("SMASHUP_SOAK_SECONDS") == "" {
		t.Skip("soak test skipped in -short mode")
	}

	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "soak.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() }) // after the server's Close
	// the workers reach the store only through the server
	stamps := &stampStore{Store: st}
	s := newServerOver(t, stamps)
	ts := httptest.NewServer(soakAddresses(s.Handler()))
	defer ts.Close()
	so := &soak{t: t, base: ts.URL, stamps: stamps, think: think,
		http: &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 2 * games}}}
	defer so.http.CloseIdleConnections()

	start := time.Now()
	// the run lasts its time, and on a loaded machine (where a short run
	// may end before any person was asked) until a scripted player's move
	// has been accepted, for at most a minute more
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		end := start.Add(time.Duration(seconds * float64(time.Second)))
		for ctx.Err() == nil && (time.Now().Before(end) || (so.moved.Load() == 0 && time.Since(end) < time.Minute)) {
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	var wg sync.WaitGroup
	for slot := 0; slot < games; slot++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			so.slot(ctx, slot)
		}()
	}
	wg.Wait()
	played := time.Since(start)
	if so.failed.Load() {
		t.FailNow()
	}

	// the players have stopped: the computer seats play on to the person's
	// next decision (or the end), and then nothing moves any more
	bg := context.Background()
	settle := time.Now()
	for _, g := range so.games {
		l, err := s.Game(bg, g.id)
		if err != nil {
			t.Fatal(err)
		}
		for {
			who, _, _ := l.Pending()
			broken := l.Broken()
			auto := who == g.person && l.AutoMove(who) // the server answers it for the person: play goes on
			if who == g.person && !auto || who == engine.None || broken != nil {
				break
			}
			if time.Since(settle) > 5*time.Minute { // a guard against a game stuck on a computer seat, not a measurement
				t.Fatalf("game %s (seed %d): still waiting for computer seat %d", g.id, g.seed, who)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	elapsed := time.Since(start)

	// nothing lost, nothing duplicated, every game equal to its replay
	total, byPerson, over := 0, 0, 0
	for _, g := range so.games {
		st, err := s.store.Load(bg, g.id)
		if err != nil {
			t.Fatal(err)
		}
		total += len(st.Moves)
		mine := g.check(t, s, st)
		byPerson += mine
		l, _ := s.Game(bg, g.id)
		re, err := s.Rebuild(g.id, st)
		if err != nil {
			t.Fatalf("game %s (seed %d): rebuilding from the store: %v", g.id, g.seed, err)
		}
		lb, rb := l.Broken(), re.Broken()
		l.Peek(func(lg *engine.Game, moves int) {
			re.Peek(func(rg *engine.Game, replayed int) {
				switch {
				case lb != nil || rb != nil:
					t.Errorf("game %s (seed %d) is broken: %v / %v", g.id, g.seed, lb, rb)
				case moves != len(st.Moves) || replayed != len(st.Moves):
					t.Errorf("game %s (seed %d): %d moves in memory, %d stored, %d replayed, or they differ", g.id, g.seed, moves, len(st.Moves), replayed)
				case *lg != *rg:
					t.Errorf("game %s (seed %d) differs from the replay of its stored log", g.id, g.seed)
				}
				if lg != nil && lg.Over {
					over++
				}
			})
		})
	}
	if byPerson == 0 {
		t.Error("the scripted players made no move")
	}

	so.lat.Lock()
	person, computer := so.lat.person, so.lat.computer
	so.lat.Unlock()
	stamps.mu.Lock()
	appends := stamps.append
	stamps.mu.Unlock()
	report := fmt.Sprintf("soak: %d games at once for %v (think up to %v), %d games played (%d over): %d decisions (%d by the scripted players) in %v: %.0f decisions/s\n",
		games, time.Duration(seconds*float64(time.Second)), think, len(so.games), over, total, byPerson, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds()) +
		soakLatencies("person's decision to update on each client", "deliveries", person) +
		soakLatencies("computer's decision to update on each client", "deliveries", computer) +
		soakLatencies("any decision to update on each client", "deliveries", append(person, computer...)) +
		soakLatencies("of which storing the move (Store.Append)", "moves", appends)
	t.Log("\n" + report)
	t.Logf("(%v of play; then the computers took %v to reach the players' next decisions)", played.Round(time.Millisecond), time.Since(settle).Round(time.Millisecond))
	if dir := os.Getenv("SMASHUP_ARTIFACTS"); dir != "" {
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "soak.txt"), []byte(report), 0o644)
	}
}

// soakLatencies formats p50, p99, max and mean of a sample of n things.
func soakLatencies(what, things string, d []time.Duration) string {
	if len(d) == 0 {
		return fmt.Sprintf("  %s: no sample\n", what)
	}
	slices.Sort(d)
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	q := func(p float64) time.Duration { return d[int(float64(len(d)-1)*p)].Round(10 * time.Microsecond) }
	return fmt.Sprintf("  %s (%d %s): p50 %v, p99 %v, max %v, mean %v\n", what, len(d), things,
		q(0.5), q(0.99), d[len(d)-1].Round(10*time.Microsecond), (sum / time.Duration(len(d))).Round(10*time.Microsecond))
}

// soak is the state of a soak run shared by its clients.
type soak struct {
	t      *testing.T
	base   string
	http   *http.Client
	stamps *stampStore
	think  time.Duration
	failed atomic.Bool
	moved  atomic.Int64 // the scripted players' moves the server accepted
	mu     sync.Mutex
	games  []*soakGame // every game created, in order
	lat    struct {
		sync.Mutex
		person, computer []time.Duration
	}
}

func (so *soak) fail(format string, a ...any) {
	so.failed.Store(true)
	so.t.Errorf(format, a...)
}

// soakGame is one game of the run as its clients know it.
type soakGame struct {
	id        string
	seed      uint64
	addr      string      // the address its clients come from
	person    engine.Seat // the person's seat
	token     string      // the person's seat token
	spectator string      // the spectator's token
	mu        sync.Mutex
	sent      map[int]time.Time // the person's move n: when its request was sent
	acked     map[int]int       // the person's move n: the option the server accepted (200)
}

// soakAddrHeader names the address a client of the test comes from.
const soakAddrHeader = "X-Soak-Client"

// soakAddresses gives every client of the test the address its request
// names: each game's clients come from an address of their own, as players
// do, so that the per-address caps (limit.go: new games, sockets) apply to a
// game as they would in production, instead of to every client at once on
// 127.0.0.1. The caps themselves are untouched.
func soakAddresses(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a := r.Header.Get(soakAddrHeader); a != "" {
			r.RemoteAddr = a + ":1"
		}
		h.ServeHTTP(w, r)
	})
}

// soakKey is a move of a game.
type soakKey struct {
	id string
	n  int
}

// stampStore notes when each move is handed to the store. The server stores
// a move before it applies and announces it, so for a computer's move this
// is (just after) the moment it is decided. It also times each append, the
// part of a decision's way to its clients spent storing it. (A sync.Map:
// the clients' look-ups add no lock to the server's path.)
type stampStore struct {
	store.Store
	at     sync.Map // soakKey -> time.Time
	mu     sync.Mutex
	append []time.Duration
}

func (s *stampStore) Append(ctx context.Context, id string, n int, m store.Move) error {
	at := time.Now()
	err := s.Store.Append(ctx, id, n, m)
	took := time.Since(at)
	if err == nil {
		s.at.Store(soakKey{id, n}, at)
		s.mu.Lock()
		s.append = append(s.append, took)
		s.mu.Unlock()
	}
	return err
}

func (s *stampStore) stamp(id string, n int) (time.Time, bool) {
	at, ok := s.at.Load(soakKey{id, n})
	if !ok {
		return time.Time{}, false
	}
	return at.(time.Time), true
}

// slot keeps one game in play until ctx is done: it creates a game, plays
// it to its end, and starts another.
func (so *soak) slot(ctx context.Context, slot int) {
	addr := fmt.Sprintf("10.%d.%d.%d", slot>>16&255, slot>>8&255, slot&255)
	for round := 0; ctx.Err() == nil && !so.failed.Load(); round++ {
		g, err := so.create(slot, round, addr)
		if err != nil {
			so.fail("slot %d: %v", slot, err)
			return
		}
		so.play(ctx, g)
	}
}

// create makes a game through POST /api/games.
func (so *soak) create(slot, round int, addr string) (*soakGame, error) {
	level := "random"
	if slot%5 == 4 {
		level = "ai"
	}
	g := &soakGame{seed: uint64(slot)<<20 | uint64(round), addr: addr, person: engine.Seat(slot % 2),
		sent: map[int]time.Time{}, acked: map[int]int{}}
	seats := []string{level, level}
	seats[g.person] = table.Human
	body, _ := json.Marshal(table.CreateRequest{Seats: seats, Mode: "random", Seed: seed(g.seed)})
	req, _ := http.NewRequest("POST", so.base+"/api/games", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(soakAddrHeader, addr)
	resp, err := so.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var cr table.CreateResponse
	if err := json.NewDecoder(resp.Body).Decode(&cr); err != nil || resp.StatusCode != 200 {
		return nil, fmt.Errorf("create: %s (%v)", resp.Status, err)
	}
	token := func(link string) string { _, tok, _ := strings.Cut(link, "t="); return tok }
	g.id, g.token, g.spectator = cr.ID, token(cr.Links[g.person]), token(cr.Spectator)
	so.mu.Lock()
	so.games = append(so.games, g)
	so.mu.Unlock()
	return g, nil
}

// soakMessage is what the clients read of a Message (the test's clients
// share the machine with the server: they decode only what they use).
type soakMessage struct {
	Move     int    `json:"move"`
	Broken   string `json:"broken"`
	Decision *struct {
		Mine    bool         `json:"mine"`
		Options []soakOption `json:"options"`
	} `json:"decision"`
	Table *struct {
		Over bool `json:"over"`
	} `json:"table"`
	at time.Time // when it was received
}

// options are the message's options, when the decision is the seat's own.
func (m soakMessage) options() []soakOption {
	if m.Decision == nil || !m.Decision.Mine {
		return nil
	}
	return m.Decision.Options
}

type soakOption struct {
	Index int `json:"index"`
}

// play follows g with the player's and the spectator's sockets, and answers
// the player's decisions, until the game is over or ctx is done.
func (so *soak) play(ctx context.Context, g *soakGame) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	mine := make(chan soakMessage, 64)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // a client that fails stops the game's other client
		defer wg.Done()
		if !so.follow(ctx, g, g.spectator, nil) {
			cancel()
		}
	}()
	go func() {
		defer wg.Done()
		defer close(mine)
		if !so.follow(ctx, g, g.token, mine) {
			cancel()
		}
	}()
	defer wg.Wait()
	rng := rand.New(rand.NewPCG(g.seed, 1))
	last := -1
	for m := range mine {
		if len(m.options()) == 0 || m.Move <= last || ctx.Err() != nil {
			continue
		}
		if so.think > 0 {
			select {
			case <-time.After(time.Duration(rng.Int64N(int64(so.think)))):
			case <-ctx.Done():
				continue
			}
		}
		last = m.Move
		if !so.move(g, m.Move, rng.Perm(len(m.options())), m.options()) {
			cancel()
		}
	}
}

// move sends the person's decision at move n: the first of the options in
// the order perm that the server accepts (one whose card fails, a card's bug
// the server contains, is refused with 409 and another is tried). The
// request is not tied to the run's deadline: every request sent gets its
// answer, so that the test knows what the server accepted.
func (so *soak) move(g *soakGame, n int, perm []int, opts []soakOption) bool {
	for _, k := range perm {
		opt := opts[k].Index
		body, _ := json.Marshal(MoveRequest{Move: n, Option: opt})
		req, _ := http.NewRequest("POST", so.base+"/api/games/"+g.id+"/move?t="+g.token, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(soakAddrHeader, g.addr)
		g.mu.Lock()
		g.sent[n] = time.Now()
		g.mu.Unlock()
		resp, err := so.http.Do(req)
		if err != nil {
			so.fail("game %s (seed %d) move %d: %v", g.id, g.seed, n, err)
			return false
		}
		var ae apiError
		json.NewDecoder(resp.Body).Decode(&ae)
		resp.Body.Close()
		switch {
		case resp.StatusCode == 200:
			g.mu.Lock()
			if _, dup := g.acked[n]; dup {
				so.fail("game %s (seed %d): move %d accepted twice", g.id, g.seed, n)
			}
			g.acked[n] = opt
			g.mu.Unlock()
			so.moved.Add(1)
			return true
		case resp.StatusCode == 409 && strings.Contains(ae.Error, table.ErrPanic.Error()):
			so.t.Logf("game %s (seed %d) move %d: option %d refused (%s); trying another", g.id, g.seed, n, opt, ae.Error)
		default:
			so.fail("game %s (seed %d) move %d option %d: %s: %s", g.id, g.seed, n, opt, resp.Status, ae.Error)
			return false
		}
	}
	so.fail("game %s (seed %d) move %d: every option refused", g.id, g.seed, n)
	return false
}

// follow reads g's updates on a socket with token until the game is over or
// ctx is done, timing every decision each update brings. With out, it
// passes the updates on (the player's client). It reports false when it
// failed (and failed the test).
func (so *soak) follow(ctx context.Context, g *soakGame, token string, out chan<- soakMessage) bool {
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(so.base, "http")+"/api/games/"+g.id+"/ws?t="+token,
		// compressed as a browser asks for it (permessage-deflate)
		&websocket.DialOptions{HTTPHeader: http.Header{soakAddrHeader: {g.addr}}, CompressionMode: websocket.CompressionNoContextTakeover})
	if err != nil {
		if ctx.Err() == nil {
			so.fail("game %s: connecting: %v", g.id, err)
		}
		return ctx.Err() != nil
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	var person, computer []time.Duration
	defer func() {
		so.lat.Lock()
		so.lat.person = append(so.lat.person, person...)
		so.lat.computer = append(so.lat.computer, computer...)
		so.lat.Unlock()
	}()
	seen := -1 // moves before the first update were made before this client came
	for {
		_, raw, err := c.Read(ctx)
		if err != nil {
			if ctx.Err() == nil {
				so.fail("game %s (seed %d): reading: %v", g.id, g.seed, err)
			}
			return ctx.Err() != nil
		}
		m := soakMessage{at: time.Now()}
		if err := json.Unmarshal(raw, &m); err != nil {
			so.fail("game %s: %v", g.id, err)
			return false
		}
		if m.Broken != "" {
			so.fail("game %s (seed %d) broke: %s", g.id, g.seed, m.Broken)
			return false
		}
		if seen < 0 {
			seen = m.Move
		}
		for n := seen; n < m.Move; n++ {
			g.mu.Lock()
			at, ok := g.sent[n]
			g.mu.Unlock()
			if ok {
				person = append(person, m.at.Sub(at))
			} else if at, ok := so.stamps.stamp(g.id, n); ok {
				computer = append(computer, m.at.Sub(at))
			}
		}
		seen = max(seen, m.Move)
		if out != nil {
			select {
			case out <- m:
			case <-ctx.Done():
				return true
			}
		}
		if m.Table != nil && m.Table.Over {
			return true
		}
	}
}

// check compares g's stored moves with what the player was told: every
// accepted move is stored at its number, made by the person's seat, with
// its option, and the person's seat made no other but the passes the server
// makes for it in windows where it has nothing to play. It returns the number of
// the person's moves.
func (g *soakGame) check(t *testing.T, s *Server, st *store.Game) int {
	t.Helper()
	l, err := s.Rebuild(g.id, &store.Game{Config: st.Config, Fingerprint: st.Fingerprint})
	if err != nil {
		t.Fatal(err)
	}
	mine := 0
	for n, m := range st.Moves {
		who, _, _ := l.Pending()
		opt, acked := g.acked[n]
		// a window where the person had nothing to play: the server passes
		// for them (settings.go), and their page is never asked
		auto := who == g.person && !acked && l.AutoMove(who)
		switch {
		case auto:
		case who == g.person && !acked:
			t.Errorf("game %s (seed %d): stored move %d of the person's seat was never accepted", g.id, g.seed, n)
		case who != g.person && acked:
			t.Errorf("game %s (seed %d): move %d, accepted from the person, is stored as seat %d's", g.id, g.seed, n, who)
		case acked && m.Option != opt:
			t.Errorf("game %s (seed %d): move %d accepted with option %d, stored with %d", g.id, g.seed, n, opt, m.Option)
		}
		if who == g.person && !auto {
			mine++
		}
		if err := l.Replay(m); err != nil {
			t.Fatalf("game %s (seed %d): replaying move %d: %v", g.id, g.seed, n, err)
		}
	}
	if mine != len(g.acked) {
		t.Errorf("game %s (seed %d): %d moves accepted from the person, %d stored", g.id, g.seed, len(g.acked), mine)
	}
	return mine
}
