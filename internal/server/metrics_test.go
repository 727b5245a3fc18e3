package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/smashup/smashup/internal/table"
)

// scrape reads a /metrics page in the Prometheus text format: each sample
// by its name and labels as written ("smashup_games{state=\"playing\"}"),
// and the families announced by # TYPE.
func scrape(t *testing.T, base string) (map[string]float64, map[string]string) {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("/metrics: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	samples, types := map[string]float64{}, map[string]string{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if f := strings.Fields(line); len(f) == 4 && f[0] == "#" && f[1] == "TYPE" {
			types[f[2]] = f[3]
		}
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("/metrics: a sample without a value: %q", line)
		}
		samples[line[:i]] = v
	}
	return samples, types
}

// After some play, /metrics has every family of docs/observability.md, and
// its counters have moved: moves stored, move requests timed, a computer's
// thinking timed by level, the WebSocket open, a refusal by its limit, a
// store failure by its operation, the games by state.
func TestMetricsAfterPlay(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "m.db"))
	s.sandboxLimit = newLimiter(1e-9, 0) // every sandbox game refused
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	a := seatAPI{t, s.Handler()}

	before, types := scrape(t, ts.URL)
	for name, typ := range map[string]string{
		"smashup_games": "gauge", "smashup_moves_total": "counter", "smashup_move_request_seconds": "histogram",
		"smashup_computer_think_seconds": "histogram", "smashup_websocket_connections": "gauge",
		"smashup_store_errors_total": "counter", "smashup_rate_limit_refusals_total": "counter",
		"go_goroutines": "gauge", "process_cpu_seconds_total": "counter",
	} {
		if types[name] != typ {
			t.Errorf("family %s: type %q, want %s", name, types[name], typ)
		}
	}
	if before["smashup_moves_total"] != 0 || before[`smashup_games{state="playing"}`] != 0 {
		t.Errorf("a new server counts moves or games: %v", before)
	}

	code, b := a.call("POST", "/api/games", "", `{"seats":["human","easy"],"mode":"random"}`)
	var cr table.CreateResponse
	if code != 200 || json.Unmarshal(b, &cr) != nil {
		t.Fatalf("create: %d %s", code, b)
	}
	key := tokenOf(cr.Links[0])
	code, _ = a.call("POST", "/api/games", "", `{"seats":["human","human"]}`) // waits for its second person
	if code != 200 {
		t.Fatalf("create: %d", code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+cr.ID+"/ws",
		&websocket.DialOptions{Subprotocols: []string{wsProtocol, "token." + key}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	go func() { // read the updates, so that the server's writes go through
		for {
			if _, _, err := c.Read(ctx); err != nil {
				return
			}
		}
	}()

	// the person moves until the computer has thought at least once
	moved := 0
	var now map[string]float64
	for {
		now, _ = scrape(t, ts.URL)
		if now[`smashup_computer_think_seconds_count{level="easy"}`] > 0 && moved > 0 {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the computer never thought (%d moves of the person): %v", moved, now)
		}
		_, m := a.state(cr.ID, key)
		if over(m) {
			t.Fatal("the game ended before the computer thought")
		}
		if len(options(m)) == 0 {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		if code, b := a.call("POST", "/api/games/"+cr.ID+"/move", key, fmt.Sprintf(`{"move":%d,"option":0}`, m.Move)); code != 200 && code != 409 {
			t.Fatalf("move: %d %s", code, b)
		} else if code == 200 {
			moved++
		}
	}
	if now["smashup_moves_total"] < float64(moved)+1 {
		t.Errorf("moves stored: %v, want more than the person's %d", now["smashup_moves_total"], moved)
	}
	if now["smashup_move_request_seconds_count"] < float64(moved) || now["smashup_move_request_seconds_sum"] <= 0 {
		t.Errorf("move requests timed: %v (sum %v), want at least %d", now["smashup_move_request_seconds_count"], now["smashup_move_request_seconds_sum"], moved)
	}
	if now["smashup_websocket_connections"] != 1 {
		t.Errorf("WebSocket connections: %v, want 1", now["smashup_websocket_connections"])
	}
	if now[`smashup_games{state="playing"}`] != 1 || now[`smashup_games{state="waiting"}`] != 1 {
		t.Errorf("games by state: playing %v, waiting %v; want 1 and 1", now[`smashup_games{state="playing"}`], now[`smashup_games{state="waiting"}`])
	}

	// a refusal by a limit, a failure of the store
	if code, _ := a.call("POST", "/api/sandbox", "", `{"position":"x"}`); code != 429 {
		t.Fatalf("a sandbox game over its limit: %d, want 429", code)
	}
	s.store.Close() // the database goes away
	if code, b := a.call("POST", "/api/games", "", `{"seats":["human","human"]}`); code != 503 {
		t.Fatalf("create with the store closed: %d %s, want 503", code, b)
	}
	after, _ := scrape(t, ts.URL)
	if after[`smashup_rate_limit_refusals_total{limit="sandbox"}`] != 1 || after[`smashup_rate_limit_refusals_total{limit="create"}`] != 0 {
		t.Errorf("refusals: sandbox %v, create %v; want 1 and 0", after[`smashup_rate_limit_refusals_total{limit="sandbox"}`], after[`smashup_rate_limit_refusals_total{limit="create"}`])
	}
	if after[`smashup_store_errors_total{op="create"}`] != 1 || before[`smashup_store_errors_total{op="create"}`] != 0 {
		t.Errorf("store errors of create: %v, want 1", after[`smashup_store_errors_total{op="create"}`])
	}
}
