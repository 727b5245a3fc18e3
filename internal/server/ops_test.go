package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/smashup/smashup/internal/table"
)

// syncBuffer is a log sink safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *syncBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// createHTTP creates a game through the API.
func createHTTP(t *testing.T, h http.Handler, body string) table.CreateResponse {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/games", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	var cr table.CreateResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &cr); err != nil {
		t.Fatal(err)
	}
	// every invited seat claimed, as its person's browser does: the link
	// becomes the seat's key
	for i, link := range cr.Links {
		code, ok := strings.CutPrefix(link, "/g/"+cr.ID+"?invite=")
		if !ok {
			continue
		}
		req := httptest.NewRequest("POST", "/api/games/"+cr.ID+"/claim", strings.NewReader(`{"invite":"`+code+`"}`))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var c table.ClaimResponse
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &c) != nil || c.Seat != i {
			t.Fatalf("claim seat %d: %d %s", i, rec.Code, rec.Body)
		}
		cr.Links[i] = "/g/" + cr.ID + "?t=" + c.Token
	}
	return cr
}

func tokenOf(link string) string { return link[strings.Index(link, "?t=")+3:] }

// A seat's token may travel in an Authorization header or in the WebSocket
// protocols offered, not only in the query; a wrong one is refused however
// it comes; no token reaches the log.
func TestTokensInHeaders(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "tok.db"))
	logs := &syncBuffer{}
	s.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	cr := createHTTP(t, ts.Config.Handler, `{"seats":["human","human"]}`)
	tok0, tok1 := tokenOf(cr.Links[0]), tokenOf(cr.Links[1])
	get := func(auth, query string) (int, Message) {
		req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+cr.ID+query, nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m Message
		json.NewDecoder(resp.Body).Decode(&m)
		if resp.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Error("a response lets the browser send its address (and token) as a referrer")
		}
		return resp.StatusCode, m
	}
	if code, m := get("Bearer "+tok1, ""); code != 200 || m.Seat != 1 {
		t.Fatalf("token in the header: %d, seat %d", code, m.Seat)
	}
	if code, m := get("", "?t="+tok0); code != 200 || m.Seat != 0 {
		t.Fatalf("token in the query (invite links): %d, seat %d", code, m.Seat)
	}
	if code, m := get("Bearer "+tokenOf(cr.Spectator), ""); code != 200 || !m.Spectator {
		t.Fatalf("spectator token in the header: %d, %+v", code, m.Spectator)
	}
	for _, bad := range []string{"Bearer " + tok0[:len(tok0)-1], "Bearer ", "Basic " + tok0, "Bearer " + tok0 + tok1} {
		if code, _ := get(bad, ""); code != 404 { // as for a game that does not exist
			t.Errorf("Authorization %q: %d, want 404", bad, code)
		}
	}
	// the page's WebSocket: the token as an offered protocol
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+cr.ID+"/ws",
		&websocket.DialOptions{Subprotocols: []string{wsProtocol, "token." + tok0}})
	if err != nil {
		t.Fatalf("WebSocket with the token as a protocol: %v", err)
	}
	defer c.CloseNow()
	if resp.Header.Get("Sec-WebSocket-Protocol") != wsProtocol {
		t.Fatalf("accepted protocol %q, want %q (never the token)", resp.Header.Get("Sec-WebSocket-Protocol"), wsProtocol)
	}
	c.SetReadLimit(1 << 22)
	_, raw, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m Message
	json.Unmarshal(raw, &m)
	if m.Seat != 0 || m.Spectator {
		t.Fatalf("WebSocket seat %d", m.Seat)
	}
	if _, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+cr.ID+"/ws",
		&websocket.DialOptions{Subprotocols: []string{wsProtocol, "token.0123"}}); err == nil {
		t.Fatal("a WebSocket with a wrong token was accepted")
	}
	out := logs.String()
	for _, tok := range []string{tok0, tok1, tokenOf(cr.Spectator)} {
		if strings.Contains(out, tok) {
			t.Fatal("a seat token reached the log")
		}
	}
	if !strings.Contains(out, "game="+cr.ID) || !strings.Contains(out, "path=/api/games/"+cr.ID) {
		t.Fatalf("the log does not name the game:\n%s", out)
	}
}

// Moves are limited per address (429, nothing changed); another address is
// not; behind a trusted proxy the address is the proxy's last
// X-Forwarded-For entry.
func TestMoveLimit(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "ml.db"))
	s.moveLimit = newLimiter(1, 5)
	h := s.Handler()
	cr := createHTTP(t, h, `{"seats":["human","human"]}`)
	move := func(addr, fwd string) int {
		req := httptest.NewRequest("POST", "/api/games/"+cr.ID+"/move", strings.NewReader(`{"move": 99, "option": 0}`))
		req.Header.Set("Authorization", "Bearer "+tokenOf(cr.Links[0]))
		if fwd != "" {
			req.Header.Set("X-Forwarded-For", fwd)
		}
		req.RemoteAddr = addr + ":4000"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	codes := map[int]int{}
	for range 8 {
		codes[move("192.0.2.1", "")]++
	}
	if codes[409] != 5 || codes[429] != 3 { // 409: the stale move is refused as such while allowed
		t.Fatalf("8 quick moves from one address: %v, want 5 answered and 3 limited", codes)
	}
	if c := move("192.0.2.2", ""); c != 409 {
		t.Fatalf("another address: %d", c)
	}
	s.TrustProxy = true
	for range 5 {
		move("10.0.0.1", "203.0.113.9, 198.51.100.4")
	}
	if c := move("10.0.0.1", "203.0.113.9, 198.51.100.4"); c != 429 {
		t.Fatalf("the proxied client over its limit: %d", c)
	}
	if c := move("10.0.0.1", "203.0.113.9, 198.51.100.5"); c != 409 {
		t.Fatalf("another client behind the same proxy: %d", c)
	}
}

// Stopping the server closes every WebSocket with a reason.
func TestCloseTellsClients(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "cl.db"))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	cr := createHTTP(t, ts.Config.Handler, `{"seats":["human","human"]}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := dialFirst(ctx, t, ts.URL, cr.ID, tokenOf(cr.Links[0]))
	defer c.CloseNow()
	go s.Close()
	var err error
	for {
		if _, _, err = c.Read(ctx); err != nil {
			break
		}
	}
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway || ce.Reason != "server stopping" {
		t.Fatalf("closed with %v, want going away: server stopping", err)
	}
}

// The server's read and write timeouts are for requests: a WebSocket
// outlives them.
func TestWebSocketOutlivesRequestTimeouts(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "to.db"))
	ts := httptest.NewUnstartedServer(s.Handler())
	ts.Config.ReadTimeout, ts.Config.WriteTimeout = 200*time.Millisecond, 200*time.Millisecond
	ts.Start()
	defer ts.Close()
	cr := createHTTP(t, ts.Config.Handler, `{"seats":["human","human"],"mode":"random"}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := dialFirst(ctx, t, ts.URL, cr.ID, tokenOf(cr.Spectator))
	defer c.CloseNow()
	time.Sleep(600 * time.Millisecond) // past both timeouts
	l, _ := s.Game(ctx, cr.ID)
	who, _, at := l.Pending()
	if err := l.Move(ctx, who, at, 0); err != nil {
		t.Fatal(err)
	}
	// updates sent before the move may still be on their way: the test
	// reads until the one for the move (or a later one: the server may have
	// answered a question without a real choice meanwhile)
	for {
		_, raw, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("the WebSocket did not outlive the request timeouts: %v", err)
		}
		var m Message
		json.Unmarshal(raw, &m)
		if m.Move >= at+1 {
			return
		}
	}
}

// wsURL is the address of a game's WebSocket for token, on the server at base.
func wsURL(base, id, token string) string {
	return "ws" + strings.TrimPrefix(base, "http") + "/api/games/" + id + "/ws?t=" + token
}

// dialWS opens a game's WebSocket with token, ready for the largest messages.
func dialWS(ctx context.Context, t *testing.T, base, id, token string) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.Dial(ctx, wsURL(base, id, token), nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 22)
	return c
}

// dialFirst opens a game's WebSocket with token and reads its first message.
func dialFirst(ctx context.Context, t *testing.T, base, id, token string) *websocket.Conn {
	t.Helper()
	c := dialWS(ctx, t, base, id, token)
	if _, _, err := c.Read(ctx); err != nil {
		c.CloseNow()
		t.Fatal(err)
	}
	return c
}
