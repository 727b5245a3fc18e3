package server

import (
	"context"
	"errors"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// A card that panics stops nothing but the move that played it: the move is
// refused (never stored), the game goes on, other games are served, and a
// game whose stored log panics when replayed is kept as broken, not crashed
// on or replayed again and again.
func TestPanickingCardIsContained(t *testing.T) {
	invader, err := engine.Lookup("Invader")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "p.db")
	s := newSQLiteServer(t, path)
	ctx := context.Background()
	other, err := s.Create(ctx, CreateRequest{Seats: []string{"human", "ai"}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	// a game whose first player can play an Invader at once
	var resp CreateResponse
	var l *live
	pick := -1
	for k := uint64(1); k < 60 && pick < 0; k++ {
		resp, err = s.Create(ctx, CreateRequest{seated: true, Seats: []string{"human", "human"},
			Factions: [][]string{{"Aliens", "Dinosaurs"}, {"Ninjas", "Pirates"}}, Seed: seed(k)})
		if err != nil {
			t.Fatal(err)
		}
		l, _ = s.game(ctx, resp.ID)
		askEveryWindow(l)
		keepHands(t, l)
		pick = invaderOption(l)
	}
	if pick < 0 {
		t.Fatal("no game with a playable Invader")
	}
	restore := engine.ReplaceOnPlay(invader, func(g *engine.Game, f *engine.Frame) { panic("a card's bug, on purpose") })
	defer func() { restore() }()
	l.mu.Lock()
	d, _ := l.g.Decision()
	at := len(l.moves)
	l.mu.Unlock()
	if err := l.move(ctx, d.Player, at, pick); err != nil { // play it: its ability runs once its base is chosen
		t.Fatal(err)
	}
	at++
	l.mu.Lock()
	d, _ = l.g.Decision()
	l.mu.Unlock()
	pick = 0 // the first base
	err = l.move(ctx, d.Player, at, pick)
	if !errors.Is(err, ErrPanic) {
		t.Fatalf("playing the panicking Invader: %v, want a refusal wrapping ErrPanic", err)
	}
	l.mu.Lock()
	if len(l.moves) != at || l.broken != nil {
		t.Fatalf("the refused move changed the game: %d moves (was %d), broken %v", len(l.moves), at, l.broken)
	}
	l.mu.Unlock()
	if _, err := s.game(ctx, other.ID); err != nil {
		t.Fatalf("another game: %v", err)
	}

	// a stored log that panics when replayed (the card broke after it was played)
	restore()
	if err := l.move(ctx, d.Player, at, pick); err != nil {
		t.Fatal(err)
	}
	s.Close()
	restore = engine.ReplaceOnPlay(invader, func(g *engine.Game, f *engine.Frame) { panic("broken after the fact") })
	st, _ := store.OpenSQLite(path)
	s2 := New(st)
	defer func() { s2.Close(); st.Close() }()
	l2, err := s2.game(ctx, resp.ID)
	if err != nil {
		t.Fatalf("a game whose log panics should be served as broken, got %v", err)
	}
	if l2.broken == nil || !errors.Is(l2.broken, ErrPanic) {
		t.Fatalf("the game should be marked broken by the panic, is %v", l2.broken)
	}
	l2.mu.Lock()
	m := l2.messageLocked(0)
	l2.mu.Unlock()
	if m.Broken == "" {
		t.Error("the page is not told the game is broken")
	}
	if _, err := s2.game(ctx, other.ID); err != nil {
		t.Fatalf("another game after the restart: %v", err)
	}
}

// invaderOption is the option that plays an Invader from the hand, or -1.
func invaderOption(l *live) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	d, ok := l.g.Decision()
	if !ok {
		return -1
	}
	for i, o := range d.Options {
		if o.Kind == engine.OptPlay && o.Card >= 0 && l.g.Name(o.Card) == "Invader" {
			return i
		}
	}
	return -1
}

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
	resp, err := s.Create(context.Background(), CreateRequest{seated: true, Seats: []string{"human", "human"}})
	if err != nil {
		t.Fatal(err)
	}
	tok := resp.Links[0][strings.Index(resp.Links[0], "t=")+2:]
	path := "/api/games/" + resp.ID + "/move?t=" + tok
	// the server answers a person's questions without a real choice (the
	// mulligan of a hand with minions) on its own: stop it, and count only
	// the moves made after
	l, _ := s.game(context.Background(), resp.ID)
	askEveryWindow(l)
	l.mu.Lock()
	before := len(l.moves)
	l.mu.Unlock()
	for _, body := range []string{`{}`, `null`, `{"move":0}`, `{"option":0}`, `{"move":0,"option":0} x`, strings.Repeat(" ", 5000)} {
		if c := do(path, "application/json", body); c != 400 && c != 413 {
			t.Errorf("move %.20q: %d, want 400", body, c)
		}
	}
	l.mu.Lock()
	n := len(l.moves) - before
	l.mu.Unlock()
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

func TestCleanName(t *testing.T) {
	cases := map[string]string{
		"Alice":             "Alice",
		"  Bob \n\t Smith ": "Bob Smith",
		"Eve\x00\u202eevil": "Eveevil",
		"ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ": "ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ",
		"\u2066\u2069": "",
	}
	for in, want := range cases {
		if got := cleanName(in); got != want {
			t.Errorf("cleanName(%q) = %q, want %q", in, got, want)
		}
	}
}
