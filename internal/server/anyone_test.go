package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/table"
)

// call sends one request to h as the identity with key (none: ""), and
// answers its status and body.
func call(h http.Handler, method, path, key, body string) (int, string) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set(identityHeader, key)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

func newIdentity(t *testing.T, h http.Handler, name string) PlayerResponse {
	t.Helper()
	code, body := call(h, "POST", "/api/players", "", `{"name":`+mustJSON(name)+`}`)
	if code != 201 {
		t.Fatalf("identity %q: %d %s", name, code, body)
	}
	var p PlayerResponse
	if err := json.Unmarshal([]byte(body), &p); err != nil || !validKey(p.Key) || len(p.ID) != 16 || p.Name != name {
		t.Fatalf("identity %q: %s", name, body)
	}
	return p
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// An identity is a key the browser keeps: made with a name that is unique
// (compared folded) and clean, told back with the key, renamed; a bad or
// unknown key is refused with nothing changed, and making identities is
// limited per address.
func TestIdentitiesWithoutPasswords(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "id.db"))
	s.identityLimit = newLimiter(1e6, 1e6)
	h := s.Handler()
	ann := newIdentity(t, h, "Ann Lee")
	for _, c := range []struct{ body, want string }{
		{`{"name":"  ann   LEE "}`, "taken"},
		{`{"name":""}`, "choose a name"},
		{`{"name":"` + strings.Repeat("n", 25) + `"}`, "at most 24"},
		{`{"name":"Ann\u202eX"}`, "cannot be shown"},
		{`{"name":"Bot (computer)"}`, "(computer)"},
		{`{"name":3}`, ""},
		{`nonsense`, ""},
	} {
		code, body := call(h, "POST", "/api/players", "", c.body)
		if code/100 != 4 || !strings.Contains(body, c.want) {
			t.Errorf("identity %s: %d %s", c.body, code, body)
		}
	}
	code, body := call(h, "GET", "/api/me", ann.Key, "")
	if code != 200 || !strings.Contains(body, `"name":"Ann Lee"`) || strings.Contains(body, ann.Key) || strings.Contains(body, hashKey(ann.Key)) {
		t.Fatalf("me: %d %s", code, body)
	}
	for _, key := range []string{"", "short", strings.Repeat("0", 64)} {
		if code, _ := call(h, "GET", "/api/me", key, ""); code != 401 {
			t.Errorf("me with key %q: %d", key, code)
		}
	}
	ben := newIdentity(t, h, "Ben")
	if code, body := call(h, "POST", "/api/me/name", ben.Key, `{"name":"ANN LEE"}`); code != 409 {
		t.Errorf("renamed to a name taken: %d %s", code, body)
	}
	if code, _ := call(h, "POST", "/api/me/name", strings.Repeat("1", 64), `{"name":"Zed"}`); code != 401 {
		t.Errorf("an unknown key renames: %d", code)
	}
	if code, body := call(h, "POST", "/api/me/name", ben.Key, `{"name":"Benjamin"}`); code != 200 {
		t.Fatalf("rename: %d %s", code, body)
	}
	if _, body := call(h, "GET", "/api/me", ben.Key, ""); !strings.Contains(body, `"name":"Benjamin"`) {
		t.Fatalf("after the rename: %s", body)
	}
	// the name is free again, and a game made with the identity seats it by name
	newIdentity(t, h, "Ben")
	if code, body := call(h, "POST", "/api/games", strings.Repeat("2", 64), `{"seats":["human","normal"]}`); code != 401 {
		t.Errorf("a game made with an unknown identity: %d %s", code, body)
	}

	// a burst of 5 an address, then refused
	s.identityLimit = newLimiter(identityRate, identityBurst)
	h = s.Handler()
	refused := 0
	for i := range 7 {
		if code, _ := call(h, "POST", "/api/players", "", `{"name":"Burst `+string(rune('A'+i))+`"}`); code == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused != 2 {
		t.Fatalf("%d of 7 new identities refused, want 2", refused)
	}
}

// The lobby's open tables: listed by one identity, found and taken by
// another, watched once dealt; Play now joins the table that waits; the
// profile and the leaderboard answer, and refuse bad input clearly.
func TestTheLobbyOpenTablesOverHTTP(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "lobby.db"))
	s.identityLimit = newLimiter(1e6, 1e6)
	h := s.Handler()
	ann, ben, cat := newIdentity(t, h, "Ann"), newIdentity(t, h, "Ben"), newIdentity(t, h, "Cat")
	if code, body := call(h, "POST", "/api/games", "", `{"seats":["human","human"],"open":true,"stand_in":60}`); code != 400 || !strings.Contains(body, "identified") {
		t.Errorf("an open table without an identity: %d %s", code, body)
	}
	code, body := call(h, "POST", "/api/games", ann.Key, `{"seats":["human","human"],"open":true,"stand_in":60}`)
	if code != 200 && code != 201 {
		t.Fatalf("open table: %d %s", code, body)
	}
	var cr table.CreateResponse
	json.Unmarshal([]byte(body), &cr)
	code, body = call(h, "GET", "/api/tables", "", "")
	var ts TablesResponse
	if err := json.Unmarshal([]byte(body), &ts); code != 200 || err != nil || len(ts.Tables) != 1 || ts.Tables[0].Game != cr.ID || ts.Tables[0].Seats[0].Name != "Ann" {
		t.Fatalf("tables: %d %s", code, body)
	}
	for _, q := range []string{"?status=nope", "?players=5", "?players=x"} {
		if code, _ := call(h, "GET", "/api/tables"+q, "", ""); code != 400 {
			t.Errorf("tables%s: %d", q, code)
		}
	}
	if code, _ := call(h, "POST", "/api/tables/"+cr.ID+"/take", "", `{}`); code != 401 {
		t.Errorf("a seat taken without an identity: %d", code)
	}
	code, body = call(h, "POST", "/api/tables/"+cr.ID+"/take", ben.Key, `{}`)
	var took table.ClaimResponse
	if json.Unmarshal([]byte(body), &took); code != 200 || took.Seat != 1 || took.Token == "" {
		t.Fatalf("take: %d %s", code, body)
	}
	if code, body := call(h, "POST", "/api/tables/"+cr.ID+"/take", cat.Key, `{}`); code != 409 || !strings.Contains(body, "no free seat") {
		t.Errorf("a full table taken: %d %s", code, body)
	}
	if code, _ := call(h, "POST", "/api/tables/nosuch/take", cat.Key, `{}`); code != 404 {
		t.Errorf("no such table: %d", code)
	}
	_, body = call(h, "GET", "/api/tables?status=live", "", "")
	if json.Unmarshal([]byte(body), &ts); len(ts.Tables) != 1 || !strings.HasPrefix(ts.Tables[0].Watch, "/g/"+cr.ID+"?t=") || strings.Contains(body, took.Token) || strings.Contains(body, cr.Host) {
		t.Fatalf("live tables: %s", body)
	}
	// Play now: Cat opens a table, Ann joins it
	code, body = call(h, "POST", "/api/quick", cat.Key, `{"players":2}`)
	var q table.QuickResponse
	if json.Unmarshal([]byte(body), &q); code != 200 || !q.Opened {
		t.Fatalf("quick: %d %s", code, body)
	}
	code, body = call(h, "POST", "/api/quick", ann.Key, `{"players":2}`)
	var q2 table.QuickResponse
	if json.Unmarshal([]byte(body), &q2); code != 200 || q2.Game != q.Game || q2.Opened {
		t.Fatalf("quick join: %d %s", code, body)
	}
	// My games: Ann's two tables, each with her seat's key
	code, body = call(h, "GET", "/api/me/games", ann.Key, "")
	var mg MyGames
	if json.Unmarshal([]byte(body), &mg); code != 200 || len(mg.Games) != 2 {
		t.Fatalf("my games: %d %s", code, body)
	}
	for _, g := range mg.Games {
		if g.Game == q.Game && g.Token != q2.Token || g.Game == cr.ID && g.Token != tokenOf(cr.Links[0]) {
			t.Fatalf("my games give the wrong key: %s", body)
		}
	}
	if code, _ := call(h, "GET", "/api/me/games", "", ""); code != 401 {
		t.Errorf("my games without an identity: %d", code)
	}
	if code, _ := call(h, "POST", "/api/quick", ann.Key, `{"players":9}`); code != 400 {
		t.Errorf("quick for 9: %d", code)
	}
	// the game ends: the profile and the leaderboard show it
	l := playRandom(t, s, q.Game, 20000, 11)
	if !over(l.Message(0)) {
		t.Fatal("the game did not end")
	}
	code, body = call(h, "GET", "/api/leaderboard", "", "")
	var board Board
	if json.Unmarshal([]byte(body), &board); code != 200 || len(board.Players) != 2 || board.Players[0].Rank != 1 {
		t.Fatalf("leaderboard: %d %s", code, body)
	}
	code, body = call(h, "GET", "/api/players/"+ann.ID, "", "")
	var pr Profile
	if json.Unmarshal([]byte(body), &pr); code != 200 || len(pr.Played) != 1 || !pr.Played[0].Rated || len(pr.History) != 1 || pr.Played[0].Replay == "" || strings.Contains(body, ann.Key) {
		t.Fatalf("profile: %d %s", code, body)
	}
	for _, p := range []string{"/api/players/nosuchplayer0000", "/api/players/x"} {
		if code, _ := call(h, "GET", p, "", ""); code != 404 {
			t.Errorf("%s: %d", p, code)
		}
	}
	for _, p := range []string{"?limit=0", "?limit=1000", "?offset=-1", "?limit=x"} {
		if code, _ := call(h, "GET", "/api/leaderboard"+p, "", ""); code != 400 {
			t.Errorf("leaderboard%s: %d", p, code)
		}
	}
	_ = context.Background
}
