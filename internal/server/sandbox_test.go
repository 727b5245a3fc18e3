package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/scenario"
	"github.com/smashup/smashup/internal/table"
)

// sandboxPos is a small position: Ann may play a minion and an action,
// then Bob plays.
const sandboxPos = `name: Sandbox walk
rule: "a test position"
setup:
  players:
    - { id: Ann, hand: [Invader, Augmentation], deck: [Scout, Collector, Scout] }
    - { id: Bob, hand: [King Rex, Laseratops], deck: [Laseratops, King Rex] }
  bases:
    - base: Tar Pits
    - base: The Homeworld
  base_deck: [Jungle Oasis]
  current: Ann
`

// sbClient speaks to a test server as a page does.
type sbClient struct {
	t    *testing.T
	base string
}

func (c sbClient) do(method, path, ctype, key string, body []byte, out any) int {
	c.t.Helper()
	req, _ := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer r.Body.Close()
	if out != nil {
		if err := json.NewDecoder(r.Body).Decode(out); err != nil {
			c.t.Fatalf("%s %s: %d, undecodable answer: %v", method, path, r.StatusCode, err)
		}
	}
	return r.StatusCode
}

// create posts a position; it answers the game's id and key.
func (c sbClient) create(pos, query string) (id, key string) {
	c.t.Helper()
	var resp table.SandboxResponse
	if code := c.do("POST", "/api/sandbox"+query, "application/yaml", "", []byte(pos), &resp); code != 200 {
		c.t.Fatalf("create: %d", code)
	}
	return linkParts(c.t, resp.Link)
}

func linkParts(t *testing.T, link string) (id, key string) {
	t.Helper()
	rest, ok := strings.CutPrefix(link, "/g/")
	id, key, ok2 := strings.Cut(rest, "?t=")
	if !ok || !ok2 || id == "" || key == "" {
		t.Fatalf("bad link %q", link)
	}
	return id, key
}

func (c sbClient) state(id, key string) Message {
	c.t.Helper()
	var m Message
	if code := c.do("GET", "/api/games/"+id, "", key, nil, &m); code != 200 {
		c.t.Fatalf("state: %d", code)
	}
	return m
}

// pass answers the pending decision with its pass (or its first option).
func (c sbClient) pass(id, key string, m Message) Message {
	c.t.Helper()
	opt := 0
	for _, o := range m.Decision.Options {
		if o.Kind == "pass" {
			opt = o.Index
		}
	}
	var next Message
	body, _ := json.Marshal(map[string]int{"move": m.Move, "option": opt})
	if code := c.do("POST", "/api/games/"+id+"/move", "application/json", key, body, &next); code != 200 {
		c.t.Fatalf("move %d option %d: %d", m.Move, opt, code)
	}
	return next
}

func newSandboxServer(t *testing.T) (*Server, sbClient) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "s.db"))
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, sbClient{t, ts.URL}
}

func TestSandboxPlaysEverySeatFaceUp(t *testing.T) {
	s, c := newSandboxServer(t)
	id, key := c.create(sandboxPos, "")
	m := c.state(id, key)
	sb := m.Sandbox
	if sb == nil || sb.Name != "Sandbox walk" || sb.Acting == nil || *sb.Acting != 0 || m.Seat != 0 {
		t.Fatalf("first update: seat %d, sandbox %+v", m.Seat, sb)
	}
	if len(sb.Hands) != 2 || len(sb.Hands[0]) != 2 || len(sb.Hands[1]) != 2 || sb.Hands[1][0].Name == "" {
		t.Fatalf("every hand face up: %+v", sb.Hands)
	}
	if m.Decision == nil || !m.Decision.Mine || m.Decision.Kind != "main" || len(m.Seats) != 2 || m.Seats[1].Name != "Bob" {
		t.Fatalf("Ann's decision is the page's: %+v seats %+v", m.Decision, m.Seats)
	}
	// Ann ends her turn; the same key then answers Bob's decision
	m = c.pass(id, key, m)
	for m.Sandbox.Acting != nil && *m.Sandbox.Acting == 0 { // windows, if any
		m = c.pass(id, key, m)
	}
	if m.Sandbox.Acting == nil || *m.Sandbox.Acting != 1 || m.Seat != 1 || !m.Decision.Mine {
		t.Fatalf("Bob's decision: seat %d acting %v decision %+v", m.Seat, m.Sandbox.Acting, m.Decision)
	}
	if len(m.Table.Hand) != 2 || m.Table.Hand[0].Name == "" {
		t.Fatalf("Bob's hand as the table: %+v", m.Table.Hand)
	}
	at := m.Move
	m = c.pass(id, key, m)
	if len(m.Sandbox.History) != m.Move || m.Sandbox.History[0].Player != 0 || m.Sandbox.History[at].Player != 1 || m.Sandbox.History[0].Label == "" {
		t.Fatalf("history %+v after %d moves", m.Sandbox.History, m.Move)
	}
	// a spectator's key sees the sandbox but decides nothing
	l, _ := s.Game(context.Background(), id)
	spec := l.Config().Spectator
	if w := c.state(id, spec); w.Sandbox == nil || w.Move != m.Move {
		t.Fatalf("spectator: %+v", w)
	}
	var e apiError
	if code := c.do("POST", "/api/games/"+id+"/move", "application/json", spec, []byte(`{"move":`+itoa(m.Move)+`,"option":0}`), &e); code != 403 {
		t.Fatalf("spectator moved: %d %v", code, e)
	}
	if code := c.do("POST", "/api/games/"+id+"/undo", "application/json", spec, []byte(`{"to":0}`), &e); code != 403 {
		t.Fatalf("spectator went back: %d %v", code, e)
	}
	if code := c.do("POST", "/api/games/"+id+"/rematch", "", key, nil, &e); code != 409 {
		t.Fatalf("a sandbox's rematch: %d %v", code, e)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// moveOn plays k moves from m (each decision's pass or first option).
func (c sbClient) moveOn(id, key string, m Message, k int) Message {
	for range k {
		if m.Decision == nil {
			c.t.Fatalf("the game ended at move %d", m.Move)
		}
		m = c.pass(id, key, m)
	}
	return m
}

func TestSandboxUndoAndShare(t *testing.T) {
	s, c := newSandboxServer(t)
	id, key := c.create(sandboxPos, "")
	m := c.moveOn(id, key, c.state(id, key), 5)
	ctx := context.Background()
	gameOf := func(id string) engine.Game {
		l, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var g engine.Game
		l.Peek(func(lg *engine.Game, _ int) { g = *lg })
		return g
	}

	// undo to move 2: the game as it was after its first two moves
	var u table.SandboxResponse
	if code := c.do("POST", "/api/games/"+id+"/undo", "application/json", key, []byte(`{"to":2}`), &u); code != 200 {
		t.Fatalf("undo: %d", code)
	}
	uid, ukey := linkParts(t, u.Link)
	um := c.state(uid, ukey)
	if um.Move != 2 || len(um.Sandbox.History) != 2 || um.Sandbox.History[1].Label != m.Sandbox.History[1].Label {
		t.Fatalf("after undo to 2: move %d history %+v", um.Move, um.Sandbox.History)
	}
	_, _, moves, err := scenario.ParseShare(m.Sandbox.Share)
	if err != nil || len(moves) != m.Move {
		t.Fatalf("the share link's moves: %v %v", moves, err)
	}
	byHand, _ := c.create(sandboxPos, "?moves="+strings.Trim(strings.Join(strings.Fields(fmt.Sprint(moves[:2])), "."), "[]"))
	if gameOf(byHand) != gameOf(uid) {
		t.Fatal("undo to 2 differs from the position with the first two moves")
	}
	var e sandboxError
	if code := c.do("POST", "/api/games/"+id+"/undo", "application/json", key, []byte(`{"to":99}`), &e); code != 400 || !strings.Contains(e.Error, "no decision 99") {
		t.Fatalf("undo past the end: %d %+v", code, e)
	}
	// the old game is as it was
	if om := c.state(id, key); om.Move != m.Move {
		t.Fatalf("the game gone back from moved: %d", om.Move)
	}

	// the share link reproduces the position and every move
	frag, ok := strings.CutPrefix(m.Sandbox.Share, "/sandbox#")
	if !ok {
		t.Fatalf("share %q", m.Sandbox.Share)
	}
	var sr table.SandboxResponse
	body, _ := json.Marshal(map[string]string{"fragment": frag})
	if code := c.do("POST", "/api/sandbox/link", "application/json", "", body, &sr); code != 200 {
		t.Fatalf("open the share link: %d", code)
	}
	sid, skey := linkParts(t, sr.Link)
	sm := c.state(sid, skey)
	if sm.Move != m.Move || sm.Sandbox.Share != m.Sandbox.Share {
		t.Fatalf("shared: move %d share %q, want %d %q", sm.Move, sm.Sandbox.Share, m.Move, m.Sandbox.Share)
	}
	if gameOf(sid) != gameOf(id) {
		t.Fatal("the shared link's game differs from the game shared")
	}
	// a damaged link is refused
	body, _ = json.Marshal(map[string]string{"fragment": frag[:len(frag)/2]})
	if code := c.do("POST", "/api/sandbox/link", "application/json", "", body, &e); code != 400 || e.Error == "" {
		t.Fatalf("a damaged link: %d %+v", code, e)
	}
}

func TestSandboxRefusesBadPositions(t *testing.T) {
	s, c := newSandboxServer(t)
	before := s.Games()
	bad := strings.Replace(sandboxPos, "King Rex, Laseratops]", "King Rex, Laseratopz]", 1)
	cases := []struct {
		name, body, query, ctype string
		code                     int
		want                     string
		line                     int
	}{
		{"unknown card", bad, "", "application/yaml", 400, `line 6: unknown card "Laseratopz"`, 6},
		{"YAML syntax", "name: x\nsetup:\n  players: [\n", "", "application/yaml", 400, "line 3", 3},
		{"not a mapping", "- just\n- a list\n", "", "text/yaml", 400, "line 1", 1},
		{"no position", "", "", "application/yaml", 400, "no scenario here", 1},
		{"one player", "name: x\nsetup:\n  players: [{id: A}]\n  bases: [{base: Tar Pits}]\n", "", "application/yaml", 400, "line 3: a game needs 2 to 4 players", 3},
		{"a move that does not exist", sandboxPos, "?moves=0.77", "application/yaml", 400, "move 2", 0},
		{"moves not numbers", sandboxPos, "?moves=a", "application/yaml", 400, "moves", 0},
		{"too large", sandboxPos + "#" + strings.Repeat("x", scenario.MaxPosition), "", "application/yaml", 413, "larger than", 0},
		{"not YAML", sandboxPos, "", "text/plain", 415, "YAML", 0},
		{"pick out of range", sandboxPos, "?pick=2", "application/yaml", 400, "holds 1", 0},
	}
	for _, tc := range cases {
		var e sandboxError
		code := c.do("POST", "/api/sandbox"+tc.query, tc.ctype, "", []byte(tc.body), &e)
		if code != tc.code || !strings.Contains(e.Error, tc.want) || e.Line != tc.line {
			t.Errorf("%s: %d %+v, want %d %q line %d", tc.name, code, e, tc.code, tc.want, tc.line)
		}
	}
	if n := s.Games(); n != before {
		t.Errorf("refused positions left %d games behind", n-before)
	}
	ids, err := s.store.List(context.Background())
	if err != nil || len(ids) != 0 {
		t.Errorf("refused positions stored games: %v %v", ids, err)
	}
}

func TestSandboxPlaysTheScenariosSteps(t *testing.T) {
	_, c := newSandboxServer(t)
	steps := "steps:\n  - play: Invader\n    base: Tar Pits\n  - expect: { vp: { Ann: 9 } }\n"
	var resp table.SandboxResponse
	if code := c.do("POST", "/api/sandbox?steps=1", "application/yaml", "", []byte(sandboxPos+steps), &resp); code != 200 {
		t.Fatalf("create: %d", code)
	}
	if !strings.Contains(resp.Failed, "step 2: expect vp") {
		t.Errorf("the failing step: %q", resp.Failed)
	}
	id, key := linkParts(t, resp.Link)
	m := c.state(id, key)
	if m.Move != 2 || len(m.Sandbox.History) != 2 || m.Sandbox.History[1].Question == "" {
		t.Fatalf("the steps played: move %d history %+v", m.Move, m.Sandbox.History)
	}
	// without steps=1 the steps are not played
	id, key = c.create(sandboxPos+steps, "")
	if m := c.state(id, key); m.Move != 0 {
		t.Fatalf("steps played unasked: %d", m.Move)
	}
}
