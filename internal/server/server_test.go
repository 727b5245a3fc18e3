package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/store/pgtest"
	"github.com/smashup/smashup/internal/table"
)

func newSQLiteServer(t *testing.T, path string) *Server {
	t.Helper()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() }) // after the server's Close (cleanups run last first)
	return newServerOver(t, st)
}

// newServerOver is a server over st, closed at the end of the test (st is
// not), whose scripted clients are not held to people's limits.
func newServerOver(t *testing.T, st store.Store) *Server {
	t.Helper()
	s := New(st)
	s.moveLimit = newLimiter(1e6, 1e6) // scripted clients move faster than people (TestMoveLimit tests the limit)
	s.hintLimit = newLimiter(1e6, 1e6) // and ask for more hints (TestHintAndSandboxLimits)
	s.sandboxLimit = newLimiter(1e6, 1e6)
	t.Cleanup(s.Close)
	return s
}

func seed(n uint64) *uint64 { return &n }

// TestComputerGameOverWebSocket creates a person-vs-computer game over HTTP and
// plays the person's seat from a WebSocket client until the game ends.
func TestComputerGameOverWebSocket(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "w.db"))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	body := `{"seats":["human","ai"],"mode":"random","reproducible":true,"seed":11}`
	r, err := http.Post(ts.URL+"/api/games", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var cr table.CreateResponse
	json.NewDecoder(r.Body).Decode(&cr)
	r.Body.Close()
	if cr.ID == "" || cr.Links[0] == "" || cr.Links[1] != "" {
		t.Fatalf("create: %+v", cr)
	}
	token := strings.Split(cr.Links[0], "t=")[1]
	if r, _ := http.Get(ts.URL + "/api/games/" + cr.ID + "/replay?t=" + token); r.StatusCode != 409 {
		t.Fatalf("a replay of a running game (it would show hidden cards) was served: %s", r.Status)
	}
	played := playOverWS(t, ts.URL, cr.ID, token, 0, 5000)
	if played == 0 {
		t.Fatal("the person never got to decide")
	}
	// a forged token is refused, with the answer an unknown game gets
	rr, _ := http.Get(ts.URL + "/api/games/" + cr.ID + "?t=forged")
	unknown, _ := http.Get(ts.URL + "/api/games/000000000000?t=forged")
	a, _ := io.ReadAll(rr.Body)
	b, _ := io.ReadAll(unknown.Body)
	if rr.StatusCode != 404 || unknown.StatusCode != 404 || string(a) != string(b) {
		t.Fatalf("forged token: %d %s; unknown game: %d %s (want the same 404)", rr.StatusCode, a, unknown.StatusCode, b)
	}
	// the finished game's replay rebuilds the same game
	rr, err = http.Get(ts.URL + "/api/games/" + cr.ID + "/replay?t=" + token)
	if err != nil || rr.StatusCode != 200 {
		t.Fatalf("replay: %v %v", err, rr.Status)
	}
	raw, _ := io.ReadAll(rr.Body)
	rep, err := engine.UnmarshalReplay(raw)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rep.Play(-1)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(context.Background(), cr.ID)
	var same bool
	l.Peek(func(lg *engine.Game, _ int) { same = *g == *lg })
	if !same || !g.Over {
		t.Fatal("the downloaded replay does not rebuild the game")
	}
}

// playOverWS plays seat's decisions (options at random, seeded: always the
// first could loop for ever in some deals) from a WebSocket until the game is
// over. It returns how many decisions it made.
func playOverWS(t *testing.T, base, id, token string, seat, limit int) int {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := dialWS(ctx, t, base, id, token)
	defer c.CloseNow()
	made, lastSent := 0, -1
	rng := rand.New(rand.NewPCG(uint64(seat), 17))
	for i := 0; i < limit; i++ {
		_, raw, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var m Message
		json.Unmarshal(raw, &m)
		if over(m) {
			return made
		}
		if len(options(m)) > 0 && m.Move != lastSent {
			lastSent = m.Move
			b, _ := json.Marshal(MoveRequest{Move: m.Move, Option: options(m)[rng.IntN(len(options(m)))].Index})
			resp, err := http.Post(base+"/api/games/"+id+"/move?t="+token, "application/json", strings.NewReader(string(b)))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			made++
		}
	}
	t.Fatal("game did not end")
	return made
}

// twoInstances starts two servers on one PostgreSQL database (the test is
// skipped without one), closed when the test ends.
func twoInstances(t *testing.T) (a, b *Server) {
	t.Helper()
	url := pgtest.URL(t)
	ctx := context.Background()
	stA, err := store.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	stB, err := store.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	a, b = New(stA), New(stB)
	t.Cleanup(func() { a.Close(); b.Close(); stA.Close(); stB.Close() })
	return a, b
}

// TestTwoInstancesShareAPostgresStore runs two servers on one PostgreSQL
// database: a move made through one reaches a client of the other.
func TestTwoInstancesShareAPostgresStore(t *testing.T) {
	ctx := context.Background()
	a, b := twoInstances(t)
	a.AnswerPause, b.AnswerPause = time.Hour, time.Hour // the test makes every move
	ta, tb := httptest.NewServer(a.Handler()), httptest.NewServer(b.Handler())
	defer ta.Close()
	defer tb.Close()
	resp, err := a.Create(ctx, table.CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random", Seed: seed(3)})
	if err != nil {
		t.Fatal(err)
	}
	tok0 := strings.Split(resp.Links[0], "t=")[1]
	tok1 := strings.Split(resp.Links[1], "t=")[1]
	// a client of instance B watches seat 1
	wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	c := dialWS(wctx, t, tb.URL, resp.ID, tok1)
	defer c.CloseNow()
	_, raw, _ := c.Read(wctx)
	var m Message
	json.Unmarshal(raw, &m)
	if m.Move != 0 {
		t.Fatalf("first message at move %d", m.Move)
	}
	// seat 0 moves through instance A
	la, _ := a.Game(ctx, resp.ID)
	who, _, _ := la.Pending()
	tok := tok0
	if who == 1 {
		tok = tok1
	}
	body := `{"move":0,"option":0}`
	r, err := http.Post(ta.URL+"/api/games/"+resp.ID+"/move?t="+tok, "application/json", strings.NewReader(body))
	if err != nil || r.StatusCode != 200 {
		t.Fatalf("move through A: %v %v", err, r.Status)
	}
	for {
		_, raw, err := c.Read(wctx)
		if err != nil {
			t.Fatalf("instance B never announced the move: %v", err)
		}
		json.Unmarshal(raw, &m)
		if m.Move == 1 {
			break
		}
	}
	// the same move number sent to B is now stale there too
	r, _ = http.Post(tb.URL+"/api/games/"+resp.ID+"/move?t="+tok, "application/json", strings.NewReader(body))
	if r.StatusCode != 409 {
		t.Fatalf("a second writer of move 0 got %s", r.Status)
	}
}

// TestLoad plays many computer-vs-computer games at once over WebSocket: each
// seat is a client that answers its decisions at random. It reports decisions
// per second and the 99th-percentile time from sending a decision to receiving
// the new state, and checks that every game's final state equals a replay of its log.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test skipped in -short mode")
	}
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "load.db"))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	const games, maxMoves = 12, 300 // each game is played to its end or to move 300
	ctx := context.Background()
	type result struct {
		lat []time.Duration
		err error
	}
	results := make(chan result, games*2)
	start := time.Now()
	ids := make([]string, games)
	for gi := 0; gi < games; gi++ {
		resp, err := s.Create(ctx, table.CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random", Seed: seed(uint64(1000 + gi))})
		if err != nil {
			t.Fatal(err)
		}
		ids[gi] = resp.ID
		for seat := 0; seat < 2; seat++ {
			tok := strings.Split(resp.Links[seat], "t=")[1]
			go func(id, tok string, seat int) {
				results <- loadClient(ts.URL, id, tok, seat, maxMoves)
			}(resp.ID, tok, seat)
		}
	}
	var all []time.Duration
	for i := 0; i < games*2; i++ {
		r := <-results
		if r.err != nil {
			t.Fatal(r.err)
		}
		all = append(all, r.lat...)
	}
	elapsed := time.Since(start)
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	p99 := all[len(all)*99/100]
	t.Logf("load: %d games, %d decisions in %v: %.0f decisions/s, p50 %v, p99 %v", games, len(all), elapsed.Round(time.Millisecond),
		float64(len(all))/elapsed.Seconds(), all[len(all)/2], p99)
	if dir := os.Getenv("SMASHUP_ARTIFACTS"); dir != "" {
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "load.txt"), []byte(fmt.Sprintf("games %d decisions %d elapsed %v decisions/s %.0f p50 %v p99 %v\n",
			games, len(all), elapsed, float64(len(all))/elapsed.Seconds(), all[len(all)/2], p99)), 0o644)
	}
	// nothing lost: each game's state equals a replay of its stored log
	for _, id := range ids {
		st, err := s.store.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		re, err := s.Rebuild(id, st)
		if err != nil {
			t.Fatal(err)
		}
		l, _ := s.Game(ctx, id)
		var same bool
		l.Peek(func(g *engine.Game, moves int) {
			re.Peek(func(rg *engine.Game, _ int) { same = *g == *rg && moves == len(st.Moves) })
		})
		if !same {
			t.Fatalf("game %s differs from the replay of its log", id)
		}
	}
}

func loadClient(base, id, tok string, seat, limit int) (res struct {
	lat []time.Duration
	err error
}) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Second) // a loaded 2-core CI machine, under the race detector
	defer cancel()
	c, _, err := websocket.Dial(ctx, wsURL(base, id, tok), nil)
	if err != nil {
		res.err = err
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	rng := rand.New(rand.NewPCG(uint64(seat), 5))
	var sentAt time.Time
	waiting := -1
	for {
		_, raw, err := c.Read(ctx)
		if err != nil {
			res.err = fmt.Errorf("seat %d read: %w", seat, err)
			return
		}
		var m Message
		if err := json.Unmarshal(raw, &m); err != nil {
			res.err = err
			return
		}
		if waiting >= 0 && m.Move > waiting {
			res.lat = append(res.lat, time.Since(sentAt))
			waiting = -1
		}
		if (over(m)) || m.Move >= limit {
			return // both seats see the same move number, so both stop
		}
		if len(options(m)) > 0 && waiting < 0 {
			b, _ := json.Marshal(MoveRequest{Move: m.Move, Option: options(m)[rng.IntN(len(options(m)))].Index})
			waiting = m.Move
			sentAt = time.Now()
			resp, err := http.Post(base+"/api/games/"+id+"/move?t="+tok, "application/json", strings.NewReader(string(b)))
			if err != nil {
				res.err = err
				return
			}
			resp.Body.Close()
		}
	}
}
