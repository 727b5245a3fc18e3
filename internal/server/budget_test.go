package server

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// An address may keep MaxComputerGames unfinished games with computer seats
// at once: the next is refused with 429 and Retry-After, while another
// address, and a game between people, are not (issue 33).
func TestComputerGamesBudget(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "budget.db"))
	s.TrustProxy = true
	s.MaxComputerGames = 2
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	create := func(addr, seats string) *http.Response {
		return postFrom(t, hs.URL, addr, "/api/games", `{"seats":[`+seats+`],"mode":"random"}`)
	}
	for i, c := range []struct {
		addr, seats string
		code        int
	}{
		{"192.0.2.1", `"human","hard"`, 200},
		{"192.0.2.1", `"max","max"`, 200},
		{"192.0.2.1", `"human","ai"`, 429},
		{"192.0.2.1", `"human","human"`, 200},
		{"192.0.2.2", `"human","ai"`, 200},
	} {
		resp := create(c.addr, c.seats)
		if resp.StatusCode != c.code {
			t.Fatalf("game %d (%s from %s): %d, want %d", i+1, c.seats, c.addr, resp.StatusCode, c.code)
		}
		if c.code == 429 && resp.Header.Get("Retry-After") == "" {
			t.Errorf("game %d: 429 without Retry-After", i+1)
		}
	}
}

// Hints and sandbox games have rates per address: beyond them, 429 with
// Retry-After, and another address is not held back.
func TestHintAndSandboxLimits(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "rates.db"))
	s.TrustProxy = true
	s.hintLimit, s.sandboxLimit = newLimiter(hintRate, 2), newLimiter(sandboxRate, 1)
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	do := func(addr, path, body string) *http.Response { return postFrom(t, hs.URL, addr, path, body) }
	for i, c := range []struct {
		addr, path string
		code       int
	}{
		{"192.0.2.1", "/api/games/nosuch/hint", 404}, // within the rate, the request is looked at
		{"192.0.2.1", "/api/games/nosuch/hint", 404},
		{"192.0.2.1", "/api/games/nosuch/hint", 429},
		{"192.0.2.2", "/api/games/nosuch/hint", 404},
		{"192.0.2.1", "/api/sandbox/link", 400}, // a fragment that is no position
		{"192.0.2.1", "/api/sandbox/link", 429},
		{"192.0.2.2", "/api/sandbox/link", 400},
	} {
		resp := do(c.addr, c.path, `{"move":0,"fragment":"x"}`)
		if resp.StatusCode != c.code {
			t.Fatalf("request %d (%s from %s): %d, want %d", i+1, c.path, c.addr, resp.StatusCode, c.code)
		}
		if c.code == 429 && resp.Header.Get("Retry-After") == "" {
			t.Errorf("request %d: 429 without Retry-After", i+1)
		}
	}
}

// Lessons do not count against the budget of computer games: a newcomer who
// has played every lesson may start a game against the computer (the
// browser test's first game after the lessons was refused).
func TestLessonsDoNotCountAgainstTheBudget(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "budget.db"))
	s.TrustProxy = true
	s.MaxComputerGames = 2
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	post := func(path, body string) int { return postFrom(t, hs.URL, "192.0.2.7", path, body).StatusCode }
	for _, id := range []string{"01-minion", "02-action", "03-scoring"} {
		if code := post("/api/lessons/"+id, ""); code != 200 {
			t.Fatalf("lesson %s: %d", id, code)
		}
	}
	if code := post("/api/games", `{"seats":["human","easy"],"mode":"random"}`); code != 200 {
		t.Fatalf("a game after three lessons: %d, want 200", code)
	}
}

// postFrom posts body to base+path as a client at addr (behind the trusted
// proxy), returning the answer with its body closed.
func postFrom(t *testing.T, base, addr, path, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", addr)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}
