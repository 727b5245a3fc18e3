package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/store/pgtest"
	"github.com/smashup/smashup/internal/table"
)

// TestSeveralInstancesPlayAsOne runs three instances over loopback on one
// PostgreSQL database, with a real answer pause and a one-second stand-in
// delay, and plays games of a person against the computer and of two
// people whose pages (seats' and spectators'), moves and claims are spread
// over the instances; one instance is killed mid-game (stopped without
// letting its leases go; its pages reconnect to the others). It fails on:
//
//   - a page more than a second behind the store (while connected);
//   - a seat played by a stand-in while its person had a page connected
//     (for more than 200 ms: the time for the page's arrival to be read);
//   - an invite claimed twice (two claims at once on two instances);
//   - an acknowledged move (200) missing from the store;
//   - a game the killed instance made the answers of that no other takes up.
//
// One person leaves for longer than the stand-in delay and comes back on
// another instance: a stand-in plays meanwhile, and stops when they are back.
func TestSeveralInstancesPlayAsOne(t *testing.T) {
	url := pgtest.Fresh(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(longtest.Pick(150, 900))*time.Second)
	defer cancel()
	var logs syncBuffer
	c := startCluster(t, url, 3, &logs)
	limit := longtest.Pick(40, 160) // moves a game is played to (or its end)
	races := longtest.Pick(4, 10)   // invites claimed on two instances at once
	pvp := longtest.Pick(2, 4)      // games of two people (their invites raced for too)
	pvc := longtest.Pick(2, 4)      // games of a person against the computer
	rec := newRecorder()
	for _, in := range c.insts {
		in.s.AfterStandIn = func(l *table.Table, seat engine.Seat, n int) { rec.standIn(l.ID(), int(seat), n) }
	}

	// invites claimed at once on two instances: exactly one claim wins
	type person struct {
		id, tok    string
		seat, home int
		leave      bool
	}
	var people []person
	var spectators []person
	for r := 0; r < races; r++ {
		resp, err := c.insts[0].s.Create(ctx, table.CreateRequest{Seats: []string{"human", "human"}, Mode: "random", StandIn: 1, Seed: seed(uint64(700 + r))})
		if err != nil {
			t.Fatal(err)
		}
		code := strings.Split(resp.Links[1], "invite=")[1]
		var wg sync.WaitGroup
		codes, toks := make([]int, 2), make([]string, 2)
		for k := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, _ := json.Marshal(table.ClaimRequest{Invite: code})
				r, err := http.Post(c.insts[1+k].ts.URL+"/api/games/"+resp.ID+"/claim", "application/json", bytes.NewReader(b))
				if err != nil {
					t.Error(err)
					return
				}
				defer r.Body.Close()
				var cr table.ClaimResponse
				json.NewDecoder(r.Body).Decode(&cr)
				codes[k], toks[k] = r.StatusCode, cr.Token
			}()
		}
		wg.Wait()
		won := -1
		for k, code := range codes {
			if code == 200 {
				if won >= 0 {
					t.Fatalf("game %s: one invite claimed twice (answers %v)", resp.ID, codes)
				}
				won = k
			} else if code != 409 {
				t.Fatalf("game %s: a claim answered %d", resp.ID, code)
			}
		}
		if won < 0 {
			t.Fatalf("game %s: nobody got the seat (answers %v)", resp.ID, codes)
		}
		if st, _ := c.insts[0].st.Load(ctx, resp.ID); !strings.Contains(string(st.Config), toks[won]) {
			t.Fatalf("game %s: the stored seat is not the winner's", resp.ID)
		}
		if r < pvp {
			g := len(people)
			tok0 := strings.Split(resp.Links[0], "t=")[1]
			people = append(people, person{resp.ID, tok0, 0, g % 3, false}, person{resp.ID, toks[won], 1, (g + 1) % 3, false})
			spectators = append(spectators, person{resp.ID, strings.Split(resp.Spectator, "t=")[1], -1, (g + 2) % 3, false})
		}
	}
	for g := range pvc {
		resp, err := c.insts[0].s.Create(ctx, table.CreateRequest{Seated: true, Seats: []string{"human", "ai"}, Mode: "random", StandIn: 1, Seed: seed(uint64(800 + g))})
		if err != nil {
			t.Fatal(err)
		}
		// the person's page is never on the instance that made the game,
		// which holds its lease until it is killed
		people = append(people, person{resp.ID, strings.Split(resp.Links[0], "t=")[1], 0, 1 + g%2, g == 0})
		spectators = append(spectators, person{resp.ID, strings.Split(resp.Spectator, "t=")[1], -1, 2 - g%2, false})
	}

	// the pages, and a watch on how far behind the store they are
	mst, err := store.OpenPostgres(ctx, url) // the monitor's own connections (instance 0's go with it)
	if err != nil {
		t.Fatal(err)
	}
	defer mst.Close()
	mon := newMonitor(mst)
	var wg sync.WaitGroup
	for _, p := range people {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := playPerson(ctx, c, mon, rec, p.id, p.tok, p.seat, p.home, limit, p.leave); err != nil {
				t.Errorf("game %s seat %d: %v", p.id, p.seat, err)
			}
		}()
	}
	sctx, stopSpectators := context.WithCancel(ctx)
	var swg sync.WaitGroup
	for _, p := range spectators {
		swg.Add(1)
		go func() {
			defer swg.Done()
			watchPage(sctx, c, mon, p.id, p.tok, p.home)
		}()
	}
	mctx, stopMonitor := context.WithCancel(ctx)
	mdone := make(chan struct{})
	var killedAt atomic.Int64
	go func() {
		defer close(mdone)
		mon.run(mctx, func(most int) { // kill instance 0 mid-game
			if most >= limit/3 && killedAt.Load() == 0 {
				killedAt.Store(time.Now().UnixNano())
				go c.kill(0)
			}
		})
	}()
	wg.Wait()
	stopSpectators()
	swg.Wait()
	stopMonitor()
	<-mdone
	if killedAt.Load() == 0 {
		t.Error("no instance was killed: the games ended too soon")
	}

	for _, v := range mon.violations() {
		t.Error(v)
	}
	for _, v := range rec.check() {
		t.Error(v)
	}
	// every acknowledged move is stored, as it was sent
	for _, a := range rec.acked() {
		st, err := c.insts[1].st.Load(context.Background(), a.id)
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Moves) <= a.n || st.Moves[a.n].Option != a.option {
			t.Errorf("game %s: acknowledged move %d (option %d) is not in the store", a.id, a.n, a.option)
		}
	}
	for id, ts := range mon.first {
		t.Logf("game %s: %d moves seen, the last %v after the kill", id, len(ts), ts[len(ts)-1].Sub(time.Unix(0, killedAt.Load())).Round(time.Millisecond))
	}
	t.Logf("%d games to move %d, %d claims raced; %d moves acknowledged, %d stand-in moves; the pages' largest lag behind the store %v (seen every 50 ms); the killed instance's games taken over after %v",
		pvp+pvc, limit, races, len(rec.acked()), len(rec.standIns), mon.maxLag().Round(time.Millisecond), mon.handover(killedAt.Load()).Round(time.Millisecond))
	if t.Failed() || testing.Verbose() {
		t.Logf("warnings logged by the instances:\n%s", logs.String())
	}
}

// instance is one server of a cluster, with its own store connections.
type instance struct {
	s    *Server
	st   *store.Postgres
	ts   *httptest.Server
	dead atomic.Bool
}

type cluster struct {
	insts []*instance
	next  atomic.Int64
}

func startCluster(t *testing.T, url string, n int, logs io.Writer) *cluster {
	c := &cluster{}
	for range n {
		st, err := store.OpenPostgres(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		s := New(st)
		// every client here is one address: the shared limits of a
		// scripted table are a person's many times over
		s.moveLimit, s.hintLimit = newLimiter(1e6, 1e6), newLimiter(1e6, 1e6)
		s.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
		s.AnswerPause = 100 * time.Millisecond
		s.SetTick(100 * time.Millisecond)
		s.SetLeaseTTL(time.Second)
		s.SetPresenceEvery(100 * time.Millisecond)
		in := &instance{s: s, st: st, ts: httptest.NewServer(s.Handler())}
		c.insts = append(c.insts, in)
	}
	t.Cleanup(func() {
		for i := range c.insts {
			c.kill(i)
		}
	})
	return c
}

// kill stops instance i as if killed: its leases and presence rows are
// left to expire, its connections cut.
func (c *cluster) kill(i int) {
	in := c.insts[i]
	if in.dead.Swap(true) {
		return
	}
	in.s.Abandon()
	in.ts.CloseClientConnections()
	in.s.Close()
	in.ts.Close()
	in.st.Close()
}

// url returns the base address of instance k, or of the next one alive.
func (c *cluster) url(k int) (string, int) {
	for i := range len(c.insts) {
		j := (k + i) % len(c.insts)
		if !c.insts[j].dead.Load() {
			return c.insts[j].ts.URL, j
		}
	}
	return "", -1
}

// watched is one connected page of a game, as the monitor sees it.
type watched struct {
	id     string
	latest atomic.Int64 // the latest move number shown
	since  atomic.Int64 // connected since (unix ns; 0: not connected)
}

// monitor watches the store's move count of every game and the pages.
type monitor struct {
	st    *store.Postgres
	mu    sync.Mutex
	pages map[*watched]bool
	first map[string][]time.Time // game -> when the store first had n+1 moves
	bad   []string
	most  time.Duration
}

func newMonitor(st *store.Postgres) *monitor {
	return &monitor{st: st, pages: map[*watched]bool{}, first: map[string][]time.Time{}}
}

func (m *monitor) add(p *watched)    { m.mu.Lock(); m.pages[p] = true; m.mu.Unlock() }
func (m *monitor) remove(p *watched) { m.mu.Lock(); delete(m.pages, p); m.mu.Unlock() }

// run looks every 50 ms; tick is told the most moves of any game.
func (m *monitor) run(ctx context.Context, tick func(most int)) {
	for ctx.Err() == nil {
		time.Sleep(50 * time.Millisecond)
		m.mu.Lock()
		ids := map[string]bool{}
		for p := range m.pages {
			ids[p.id] = true
		}
		m.mu.Unlock()
		most := 0
		for id := range ids {
			g, err := m.st.Load(ctx, id)
			if err != nil {
				continue
			}
			now := time.Now()
			m.mu.Lock()
			for len(m.first[id]) < len(g.Moves) {
				m.first[id] = append(m.first[id], now)
			}
			most = max(most, len(g.Moves))
			for p := range m.pages {
				since := p.since.Load()
				if p.id != id || since == 0 {
					continue
				}
				n := int(p.latest.Load())
				if n >= len(g.Moves) {
					continue
				}
				behind := m.first[id][n] // the store has had move n since
				if s := time.Unix(0, since); s.After(behind) {
					behind = s
				}
				lag := now.Sub(behind)
				m.most = max(m.most, lag)
				if lag > pageLag() {
					m.bad = append(m.bad, fmt.Sprintf("game %s: a page shows move %d, %v after the store had move %d", id, n, lag.Round(time.Millisecond), n+1))
				}
			}
			m.mu.Unlock()
		}
		tick(most)
	}
}

func (m *monitor) violations() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.bad) > 10 {
		return append(m.bad[:10:10], fmt.Sprintf("... and %d more", len(m.bad)-10))
	}
	return m.bad
}

func (m *monitor) maxLag() time.Duration { m.mu.Lock(); defer m.mu.Unlock(); return m.most }

// handover is the longest any game went without a move stored across the
// kill (at, unix ns).
func (m *monitor) handover(at int64) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	kill, most := time.Unix(0, at), time.Duration(0)
	for _, ts := range m.first {
		for i := 1; i < len(ts); i++ {
			if !ts[i-1].After(kill) && ts[i].After(kill) {
				most = max(most, ts[i].Sub(kill))
			}
		}
	}
	return most
}

// recorder keeps what the people did: their moves acknowledged, when their
// pages were connected, and the stand-ins' moves.
type recorder struct {
	mu       sync.Mutex
	acks     []ack
	conns    map[string][][2]time.Time // game/seat -> [connected, left (zero: still)]
	standIns []standInMove
}

type ack struct {
	id        string
	n, option int
}

type standInMove struct {
	id       string
	seat, n  int
	at       time.Time
	listened bool
}

func newRecorder() *recorder { return &recorder{conns: map[string][][2]time.Time{}} }

func (r *recorder) ack(id string, n, option int) {
	r.mu.Lock()
	r.acks = append(r.acks, ack{id, n, option})
	r.mu.Unlock()
}

func (r *recorder) acked() []ack { r.mu.Lock(); defer r.mu.Unlock(); return r.acks }

func (r *recorder) connected(id string, seat int) {
	r.mu.Lock()
	k := fmt.Sprint(id, "/", seat)
	r.conns[k] = append(r.conns[k], [2]time.Time{time.Now()})
	r.mu.Unlock()
}

func (r *recorder) left(id string, seat int) {
	r.mu.Lock()
	k := fmt.Sprint(id, "/", seat)
	if cs := r.conns[k]; len(cs) > 0 && cs[len(cs)-1][1].IsZero() {
		cs[len(cs)-1][1] = time.Now()
	}
	r.mu.Unlock()
}

func (r *recorder) standIn(id string, seat, n int) {
	r.mu.Lock()
	r.standIns = append(r.standIns, standInMove{id: id, seat: seat, n: n, at: time.Now()})
	r.mu.Unlock()
}

// check returns the stand-ins' moves made while their person's page had
// been connected for more than 200 ms.
func (r *recorder) check() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var bad []string
	for _, m := range r.standIns {
		for _, c := range r.conns[fmt.Sprint(m.id, "/", m.seat)] {
			if c[0].Before(m.at.Add(-200*time.Millisecond)) && (c[1].IsZero() || c[1].After(m.at)) {
				bad = append(bad, fmt.Sprintf("game %s: a stand-in made move %d for seat %d, whose person had been connected for %v", m.id, m.n, m.seat, m.at.Sub(c[0]).Round(time.Millisecond)))
				break
			}
		}
	}
	return bad
}

// playPerson plays a person's seat to move limit (or the game's end): a page
// on instance home (on the next one alive when it is cut), each decision
// answered at random and sent to another instance (the next alive when one
// does not answer). With leave, the person closes the page at a third of
// the way for longer than the stand-in delay, and comes back on another
// instance.
func playPerson(ctx context.Context, c *cluster, mon *monitor, rec *recorder, id, tok string, seat, home, limit int, leave bool) error {
	rng := rand.New(rand.NewPCG(uint64(seat), uint64(home)))
	sent := -1
	for k := home; ctx.Err() == nil; k++ {
		base, at := c.url(k)
		if base == "" {
			return fmt.Errorf("no instance left")
		}
		conn, _, err := websocket.Dial(ctx, wsURL(base, id, tok), nil)
		if err != nil {
			continue
		}
		conn.SetReadLimit(1 << 22)
		p := &watched{id: id}
		first := true
		for {
			_, raw, err := conn.Read(ctx)
			if err != nil {
				break
			}
			var m Message
			if err := json.Unmarshal(raw, &m); err != nil {
				conn.CloseNow()
				return err
			}
			p.latest.Store(int64(m.Move))
			if first {
				first = false
				p.since.Store(time.Now().UnixNano())
				mon.add(p)
				rec.connected(id, seat)
			}
			if over(m) || m.Move >= limit {
				mon.remove(p)
				rec.left(id, seat)
				conn.CloseNow()
				return nil
			}
			if leave && m.Move >= limit/3 {
				leave = false
				mon.remove(p)
				rec.left(id, seat)
				conn.CloseNow()
				time.Sleep(2500 * time.Millisecond) // a stand-in plays meanwhile (one second)
				break
			}
			if opts := options(m); len(opts) > 0 && m.Move > sent {
				opt := opts[rng.IntN(len(opts))].Index
				b, _ := json.Marshal(MoveRequest{Move: m.Move, Option: opt})
				for j := 1; j <= len(c.insts); j++ {
					mbase, _ := c.url(at + j)
					r, err := http.Post(mbase+"/api/games/"+id+"/move?t="+tok, "application/json", bytes.NewReader(b))
					if err != nil {
						continue // that instance is gone: another one
					}
					r.Body.Close()
					if r.StatusCode == 200 {
						rec.ack(id, m.Move, opt)
					} // else another instance's answer came first: a new message follows
					break
				}
				sent = m.Move
			}
		}
		mon.remove(p)
		rec.left(id, seat)
		conn.CloseNow()
	}
	return ctx.Err()
}

// watchPage is a spectator's page on instance home (the next one alive
// when it is cut), until ctx ends.
func watchPage(ctx context.Context, c *cluster, mon *monitor, id, tok string, home int) {
	for k := home; ctx.Err() == nil; k++ {
		base, _ := c.url(k)
		if base == "" {
			return
		}
		conn, _, err := websocket.Dial(ctx, wsURL(base, id, tok), nil)
		if err != nil {
			continue
		}
		conn.SetReadLimit(1 << 22)
		p := &watched{id: id}
		for {
			_, raw, err := conn.Read(ctx)
			if err != nil {
				break
			}
			var m Message
			json.Unmarshal(raw, &m)
			p.latest.Store(int64(m.Move))
			if p.since.Load() == 0 {
				p.since.Store(time.Now().UnixNano())
				mon.add(p)
			}
		}
		mon.remove(p)
		conn.CloseNow()
	}
}

// pageLag is how far a page may fall behind the store: a second; twice
// that under the race detector, whose computers think many times slower on
// a loaded machine (CI runs this test without it too, at a second).
func pageLag() time.Duration {
	if raceBuild {
		return 2 * time.Second
	}
	return time.Second
}
