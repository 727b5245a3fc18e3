package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// errDriver is what a database driver says when the database is down: it
// names the user, the database and the host, which no client may learn.
var errDriver = errors.New("failed to connect to `user=smashup_secret database=games_secret host=db.internal.example`: dial error")

// downStore is a store that fails every operation, as a store does when its
// database cannot be reached (store.Unavailable), while down is set.
type downStore struct {
	store.Store
	down atomic.Bool
}

func (d *downStore) fail(op string) error {
	if d.down.Load() {
		return store.Unavailable(op, errDriver)
	}
	return nil
}

func (d *downStore) Create(ctx context.Context, id string, config []byte, fp string) error {
	if err := d.fail("create"); err != nil {
		return err
	}
	return d.Store.Create(ctx, id, config, fp)
}

func (d *downStore) SetConfig(ctx context.Context, id string, config []byte) error {
	if err := d.fail("set-config"); err != nil {
		return err
	}
	return d.Store.SetConfig(ctx, id, config)
}

func (d *downStore) SwapConfig(ctx context.Context, id string, old, config []byte) error {
	if err := d.fail("swap-config"); err != nil {
		return err
	}
	return d.Store.SwapConfig(ctx, id, old, config)
}

func (d *downStore) Append(ctx context.Context, id string, n int, m store.Move) error {
	if err := d.fail("append"); err != nil {
		return err
	}
	return d.Store.Append(ctx, id, n, m)
}

func (d *downStore) Load(ctx context.Context, id string) (*store.Game, error) {
	if err := d.fail("load"); err != nil {
		return nil, err
	}
	return d.Store.Load(ctx, id)
}

func (d *downStore) List(ctx context.Context) ([]string, error) {
	if err := d.fail("list"); err != nil {
		return nil, err
	}
	return d.Store.List(ctx)
}

func (d *downStore) Ping(ctx context.Context) error {
	if err := d.fail("ping"); err != nil {
		return err
	}
	return d.Store.Ping(ctx)
}

// answer is seatAPI.call's whole answer, headers too.
func answer(a seatAPI, method, path, key, body string) *httptest.ResponseRecorder {
	a.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	rec := httptest.NewRecorder()
	a.h.ServeHTTP(rec, req)
	return rec
}

// newDownServer is a server over a SQLite store that fails while down is set.
func newDownServer(t *testing.T) (*Server, *downStore, *syncBuffer) {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "down.db"))
	if err != nil {
		t.Fatal(err)
	}
	ds := &downStore{Store: st}
	s := New(ds)
	logs := &syncBuffer{}
	s.Logger = slog.New(slog.NewTextHandler(logs, nil))
	s.moveLimit = newLimiter(1e6, 1e6)
	s.createLimit = newLimiter(1e6, 1e6)
	t.Cleanup(func() { s.Close(); st.Close() })
	return s, ds, logs
}

// While the store cannot be reached, every request that needs it is
// answered 503 with a plain message and Retry-After, never the driver's
// error (which names the database's user, name and host: it goes to the
// log); a stale move is still a conflict (409).
func TestStoreFailuresAnswer503WithoutDetail(t *testing.T) {
	s, ds, logs := newDownServer(t)
	h := s.Handler()
	a := seatAPI{t, h}
	create := func(body string) table.CreateResponse {
		t.Helper()
		code, b := a.call("POST", "/api/games", "", body)
		var cr table.CreateResponse
		if code != 200 || json.Unmarshal(b, &cr) != nil {
			t.Fatalf("create: %d %s", code, b)
		}
		return cr
	}
	// a game on one screen, dealt at once: whose is the first decision
	pnp := create(`{"seats":["human","human"],"mode":"random","pass_and_play":true}`)
	key, n := "", 0
	for end := time.Now().Add(5 * time.Second); key == "" && time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		for _, link := range pnp.Links { // (the server may be answering a question without a choice)
			if _, m := a.state(pnp.ID, tokenOf(link)); len(options(m)) > 0 {
				key, n = tokenOf(link), m.Move
			}
		}
	}
	if key == "" {
		t.Fatal("nobody has a decision")
	}
	// a game whose second seat is yet to be claimed
	invited := create(`{"seats":["human","human"]}`)
	// a stale move is a conflict, as before
	if code, b := a.call("POST", "/api/games/"+pnp.ID+"/move", key, fmt.Sprintf(`{"move":%d,"option":0}`, n+5)); code != 409 {
		t.Fatalf("a stale move: %d %s, want 409", code, b)
	}

	ds.down.Store(true)
	other := New(ds) // an instance that has no game in memory: each must be loaded
	other.createLimit, other.moveLimit = newLimiter(1e6, 1e6), newLimiter(1e6, 1e6)
	other.Logger = s.Logger
	defer other.Close()
	b := seatAPI{t, other.Handler()}
	for _, c := range []struct {
		what, method, path, key, body string
		api                           seatAPI
	}{
		{"create", "POST", "/api/games", "", `{"seats":["human","ai"]}`, a},
		{"move", "POST", "/api/games/" + pnp.ID + "/move", key, fmt.Sprintf(`{"move":%d,"option":0}`, n), a},
		{"claim", "POST", "/api/games/" + invited.ID + "/claim", "", `{"invite":"` + invited.Links[1][strings.Index(invited.Links[1], "?invite=")+len("?invite="):] + `"}`, a},
		{"lesson", "POST", "/api/lessons/01-minion", "", "", a},
		{"state (load)", "GET", "/api/games/" + pnp.ID, key, "", b},
		{"settings (load)", "POST", "/api/games/" + pnp.ID + "/settings", key, `{"ask_every_window":true}`, b},
		{"move (load)", "POST", "/api/games/" + pnp.ID + "/move", key, fmt.Sprintf(`{"move":%d,"option":0}`, n), b},
		{"invite info (load)", "GET", "/api/games/" + invited.ID + "/claim?invite=x", "", "", b},
		{"claim (load)", "POST", "/api/games/" + invited.ID + "/claim", "", `{"invite":"x"}`, b},
		{"replay (load)", "GET", "/api/games/" + pnp.ID + "/replay", key, "", b},
	} {
		rec := answer(c.api, c.method, c.path, c.key, c.body)
		body := rec.Body.String()
		if rec.Code != 503 || strings.TrimSpace(body) != `{"error":"the game store is unavailable; try again shortly"}` || rec.Header().Get("Retry-After") == "" {
			t.Errorf("%s with the store down: %d %q (Retry-After %q), want 503 with the plain message and Retry-After", c.what, rec.Code, body, rec.Header().Get("Retry-After"))
		}
		for _, secret := range []string{"smashup_secret", "games_secret", "db.internal"} {
			if strings.Contains(body, secret) || strings.Contains(fmt.Sprint(rec.Header()), secret) {
				t.Errorf("%s: the answer names the database (%s): %s", c.what, secret, body)
			}
		}
	}
	if !strings.Contains(logs.String(), "db.internal.example") {
		t.Errorf("the store's error is not in the server's log:\n%s", logs.String())
	}

	// back up: the game goes on where it was
	ds.down.Store(false)
	if code, b := a.call("POST", "/api/games/"+pnp.ID+"/move", key, fmt.Sprintf(`{"move":%d,"option":0}`, n)); code != 200 {
		t.Fatalf("the move once the store is back: %d %s", code, b)
	}
}
