package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/table"
)

// One stranger cannot slow the others (issue 33): a person plays a hard
// computer through the HTTP API at the real answer pause, and the server's
// answers come at the same pace before and while one other address runs
// as many games as the limits let it: games of a person bot against three
// max computers, the bot answering at once, and all-computer max games.
// The victim's pace is the time from the update that leaves the server to
// answer (its computer, or a pass for the person) to the update with the
// answer. Before the scheduler took turns between addresses (internal/table queue.go),
// the victim's median was several seconds under 12 + 30 such games.
func TestOneStrangerCannotSlowTheOthers(t *testing.T) {
	if raceBuild {
		t.Skip("under the race detector a max decision takes seconds, and the pace tells nothing")
	}
	restN, attackN := longtest.Pick(8, 30), longtest.Pick(16, 100)
	people, bots := longtest.Pick(12, 12), longtest.Pick(8, 30) // what the attacker tries for; the limits may give less
	const bound = 3 * time.Second                               // the longest wait allowed for one answer under attack
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "stranger.db"))
	s.AnswerPause = 500 * time.Millisecond // the default
	s.TrustProxy = true                    // the victim and the attacker come from addresses of their own
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	v := &victim{s: s, base: hs.URL, addr: "192.0.2.1", r: rand.New(rand.NewPCG(7, 33))}
	defer v.leave()

	rest, restFetch, err := v.waits(restN, time.Now().Add(time.Minute))
	if err != nil {
		t.Fatalf("at rest: %v", err)
	}

	ctx, stop := context.WithCancel(context.Background())
	a := &attacker{s: s, base: hs.URL, addr: "198.51.100.7"}
	var wg sync.WaitGroup
	for i := range people {
		wg.Add(1)
		go func() { defer wg.Done(); a.personGames(ctx, uint64(1000+i)) }()
	}
	for i := range bots {
		wg.Add(1)
		go func() { defer wg.Done(); a.computerGames(ctx, uint64(2000+i)) }()
	}
	defer func() { stop(); wg.Wait() }()
	for ramp := time.Now(); time.Since(ramp) < 5*time.Second; time.Sleep(100 * time.Millisecond) {
		if a.tries.Load() >= int64(people+bots) {
			break // every attacking goroutine has asked for its game at least once
		}
	}
	time.Sleep(time.Second) // the attack's games get going
	during, duringFetch, err := v.waits(attackN, time.Now().Add(time.Duration(longtest.Pick(90, 180))*time.Second))
	t.Logf("attacker: %d games with a person bot, %d all-computer games at once at most (%d refused by the limits)",
		a.maxPeople.Load(), a.maxBots.Load(), a.refused.Load())
	t.Logf("victim at rest: %s; page fetch median %v", stats(rest), median0(restFetch))
	t.Logf("victim under attack: %s; page fetch median %v", stats(during), median0(duringFetch))
	if err != nil {
		t.Fatalf("under attack: %v", err)
	}
	if m, r := median(during), median(rest); m > r*3/2 {
		t.Errorf("under attack the victim's median answer took %v, over 1.5 times its %v at rest", m, r)
	}
	if w := slices.Max(during); w > bound {
		t.Errorf("under attack the victim waited %v for one answer (over %v)", w, bound)
	}
}

func median0(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return median(ds)
}

func stats(ds []time.Duration) string {
	if len(ds) == 0 {
		return "no answers"
	}
	return fmt.Sprintf("%d answers, median %v, max %v", len(ds), median(ds).Round(time.Millisecond), slices.Max(ds).Round(time.Millisecond))
}

// post sends a JSON request from addr (X-Forwarded-For, the server trusting
// its proxy) with a seat's key, returning the status and body.
func post(base, path, addr, key, body string) (int, []byte, error) {
	req, err := http.NewRequest("POST", base+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", addr)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// seated is a person bot's seat in a game it created, with its page connected.
type seated struct {
	l   *table.Table
	id  string
	key string
	sub *table.Subscriber
	m   Message
}

func join(s *Server, base, addr, body string) (*seated, int, []byte, error) {
	code, b, err := post(base, "/api/games", addr, "", body)
	if err != nil || code != 200 {
		return nil, code, b, err
	}
	var cr table.CreateResponse
	if err := json.Unmarshal(b, &cr); err != nil {
		return nil, code, b, err
	}
	g := &seated{id: cr.ID}
	if cr.Seat >= 0 {
		g.key = tokenOf(cr.Links[cr.Seat])
	}
	if g.l, err = s.Game(context.Background(), cr.ID); err != nil {
		return nil, code, b, err
	}
	g.sub = table.NewSubscriber(engine.Seat(cr.Seat), 256)
	if !g.l.Subscribe(g.sub, &g.m) {
		return nil, code, b, fmt.Errorf("game %s: not subscribed", cr.ID)
	}
	return g, code, b, nil
}

func (g *seated) leave() {
	if g != nil {
		g.l.Unsubscribe(g.sub)
	}
}

// answer sends option o (and sometimes a follow-up) for the decision shown.
func (g *seated) answer(base, addr string, r *rand.Rand) error {
	opts := options(g.m)
	o := opts[r.IntN(len(opts))]
	mv := map[string]any{"move": g.m.Move, "option": o.Index}
	if o.Then != nil && len(o.Then.Options) > 0 && r.IntN(2) == 0 {
		mv["then"] = []int{o.Then.Options[r.IntN(len(o.Then.Options))].Index}
	}
	b, _ := json.Marshal(mv)
	code, body, err := post(base, "/api/games/"+g.id+"/move", addr, g.key, string(b))
	if err == nil && code != 200 && code != 409 && code != 429 {
		err = fmt.Errorf("game %s: move %s answered %d %s", g.id, b, code, body)
	}
	return err
}

// next waits for the next update until deadline.
func (g *seated) next(ctx context.Context, deadline time.Time) (bool, error) {
	select {
	case raw := <-g.sub.Updates():
		var m Message
		if err := json.Unmarshal(raw, &m); err != nil {
			return false, err
		}
		g.m = m
		return true, nil
	case <-time.After(time.Until(deadline)):
		return false, nil
	case <-ctx.Done():
		return false, nil
	}
}

// victim is a person playing one hard computer, a new game whenever one ends.
type victim struct {
	s          *Server
	base, addr string
	r          *rand.Rand
	g          *seated
	games      int
}

func (v *victim) leave() { v.g.leave() }

// waits plays on until n answers of the server have been timed, or
// deadline, returning them and the times a page fetch took meanwhile.
func (v *victim) waits(n int, deadline time.Time) (waits, fetches []time.Duration, err error) {
	var since time.Time
	for len(waits) < n {
		if time.Now().After(deadline) {
			return waits, fetches, fmt.Errorf("only %d of %d answers timed by the deadline", len(waits), n)
		}
		if v.g == nil || over(v.g.m) {
			v.g.leave()
			v.games++
			body := fmt.Sprintf(`{"seats":["human","hard"],"mode":"random","seed":%d}`, 700+v.games)
			g, code, b, err := join(v.s, v.base, v.addr, body)
			if err != nil || code != 200 {
				return waits, fetches, fmt.Errorf("create: %d %s %v", code, b, err)
			}
			v.g, since = g, time.Now()
		}
		at := v.g.m.Move
		if len(options(v.g.m)) > 0 {
			time.Sleep(time.Duration(v.r.IntN(200)) * time.Millisecond) // the person thinks
			if err := v.g.answer(v.base, v.addr, v.r); err != nil {
				return waits, fetches, err
			}
			since = time.Time{}
		} else if since.IsZero() {
			since = time.Now() // the server is to answer from now
		}
		if !since.IsZero() { // meanwhile the person reloads the page
			f := time.Now()
			req, _ := http.NewRequest("GET", v.base+"/api/games/"+v.g.id, nil)
			req.Header.Set("Authorization", "Bearer "+v.g.key)
			req.Header.Set("X-Forwarded-For", v.addr)
			if resp, err := http.DefaultClient.Do(req); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				fetches = append(fetches, time.Since(f))
			}
		}
		for v.g.m.Move == at && !over(v.g.m) {
			ok, err := v.g.next(context.Background(), deadline)
			if err != nil {
				return waits, fetches, err
			}
			if !ok {
				return waits, fetches, fmt.Errorf("game %s: nothing after move %d by the deadline (%d of %d answers timed)", v.g.id, at, len(waits), n)
			}
		}
		if !since.IsZero() && v.g.m.Move > at {
			waits = append(waits, time.Since(since))
		}
		since = time.Time{}
		if len(options(v.g.m)) == 0 && !over(v.g.m) {
			since = time.Now()
		}
	}
	return waits, fetches, nil
}

// attacker is one address running as many games as it may.
type attacker struct {
	s          *Server
	base, addr string
	tries      atomic.Int64 // goroutines that have asked for a game
	people     atomic.Int64 // games with a person bot now
	bots       atomic.Int64 // all-computer games now
	maxPeople  atomic.Int64
	maxBots    atomic.Int64
	refused    atomic.Int64 // creations refused by a budget
}

// create asks for a game until one is made or ctx is done: refused by the
// creation rate, or by a budget (some game of the address may end), it
// tries again a little later.
func (a *attacker) create(ctx context.Context, body string, first *bool) *seated {
	for ctx.Err() == nil {
		g, code, b, err := join(a.s, a.base, a.addr, body)
		if *first {
			*first = false
			a.tries.Add(1)
		}
		if err == nil && code == 200 {
			return g
		}
		if code == 429 && !strings.Contains(string(b), "new games") {
			a.refused.Add(1)
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	return nil
}

func raise(m *atomic.Int64, n int64) {
	for {
		old := m.Load()
		if n <= old || m.CompareAndSwap(old, n) {
			return
		}
	}
}

// personGames plays games of a person bot against three max computers, one
// after another, answering at once.
func (a *attacker) personGames(ctx context.Context, sd uint64) {
	r := rand.New(rand.NewPCG(sd, 1))
	first := true
	for k := uint64(0); ctx.Err() == nil; k++ {
		g := a.create(ctx, fmt.Sprintf(`{"seats":["human","max","max","max"],"mode":"random","seed":%d}`, sd*100+k), &first)
		if g == nil {
			return
		}
		raise(&a.maxPeople, a.people.Add(1))
		for ctx.Err() == nil && !over(g.m) {
			if len(options(g.m)) > 0 && g.answer(a.base, a.addr, r) != nil {
				break
			}
			if ok, err := g.next(ctx, time.Now().Add(time.Minute)); !ok || err != nil {
				break
			}
		}
		a.people.Add(-1)
		g.leave()
	}
}

// computerGames keeps an all-computer max game going, a new one once it ends.
func (a *attacker) computerGames(ctx context.Context, sd uint64) {
	first := true
	for k := uint64(0); ctx.Err() == nil; k++ {
		g := a.create(ctx, fmt.Sprintf(`{"seats":["max","max","max","max"],"mode":"random","seed":%d}`, sd*100+k), &first)
		if g == nil {
			return
		}
		raise(&a.maxBots, a.bots.Add(1))
		for ctx.Err() == nil && !over(g.m) {
			if ok, err := g.next(ctx, time.Now().Add(time.Minute)); err != nil || (!ok && ctx.Err() != nil) {
				break
			}
		}
		a.bots.Add(-1)
		g.leave()
	}
}
