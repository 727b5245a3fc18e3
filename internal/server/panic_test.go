package server

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/table"
)

// Requests are read strictly: a move without its numbers, trailing data,
// unknown fields and game creation without a JSON content type are refused
// and change nothing.
func TestStrictRequests(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "r.db"))
	h := s.Handler()
	do := func(path, ctype, body string) int {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	create := `{"seats":["human","human"]}`
	if c := do("/api/games", "text/plain", create); c != 415 {
		t.Errorf("creation as text/plain: %d, want 415", c)
	}
	if c := do("/api/games", "application/json", create+` {}`); c != 400 {
		t.Errorf("creation with trailing data: %d, want 400", c)
	}
	if c := do("/api/games", "application/json", `{"seats":["human","human"],"x":1}`); c != 400 {
		t.Errorf("creation with an unknown field: %d, want 400", c)
	}
	s.AnswerPause = time.Hour // the server answers no question meanwhile (a mulligan without a choice)
	resp, err := s.Create(context.Background(), table.CreateRequest{Seated: true, Seats: []string{"human", "human"}})
	if err != nil {
		t.Fatal(err)
	}
	tok := resp.Links[0][strings.Index(resp.Links[0], "t=")+2:]
	path := "/api/games/" + resp.ID + "/move?t=" + tok
	// the server answers a person's questions without a real choice (the
	// mulligan of a hand with minions) on its own: stop it, and count only
	// the moves made after
	l, _ := s.Game(context.Background(), resp.ID)
	askEveryWindow(l)
	before := l.Moves()
	for _, body := range []string{`{}`, `null`, `{"move":0}`, `{"option":0}`, `{"move":0,"option":0} x`, strings.Repeat(" ", 5000)} {
		if c := do(path, "application/json", body); c != 400 && c != 413 {
			t.Errorf("move %.20q: %d, want 400", body, c)
		}
	}
	n := l.Moves() - before
	if n != 0 {
		t.Fatalf("refused requests made %d moves", n)
	}
}

// /healthz answers at once; /readyz only once the stored games are resumed.
func TestHealthAndReadiness(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "h.db"))
	h := s.Handler()
	get := func(path string) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Code
	}
	if c := get("/healthz"); c != 200 {
		t.Errorf("/healthz: %d", c)
	}
	if c := get("/readyz"); c != 503 {
		t.Errorf("/readyz before resuming: %d, want 503", c)
	}
	if err := s.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.SetReady()
	if c := get("/readyz"); c != 200 {
		t.Errorf("/readyz after resuming: %d, want 200", c)
	}
}

// Game creation is limited per address: past the burst, 429 and no game.
func TestCreationLimit(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "l.db"))
	h := s.Handler()
	codes := map[int]int{}
	for i := 0; i < 40; i++ {
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"seats":["human","human"]}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = "192.0.2.7:5000"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		codes[rec.Code]++
	}
	if codes[200] != 30 || codes[429] != 10 {
		t.Fatalf("40 quick creations from one address: %v, want 30 accepted and 10 refused", codes)
	}
	req := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"seats":["human","human"]}`))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = "198.51.100.1:5000"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("another address is limited too: %d", rec.Code)
	}
}

// WebSocket connections are capped per address.
func TestConnectionCaps(t *testing.T) {
	var c connCount
	for i := 0; i < maxConnsPerAddr; i++ {
		if !c.acquire("a") {
			t.Fatalf("connection %d refused", i+1)
		}
	}
	if c.acquire("a") {
		t.Fatal("one connection too many was accepted")
	}
	if !c.acquire("b") {
		t.Fatal("another address is refused")
	}
	c.release("a")
	if !c.acquire("a") {
		t.Fatal("a closed connection is not given back")
	}
}
