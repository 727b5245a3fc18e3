package server

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/wire"
)

// createFor creates a game through the API and returns its answer.
func createFor(t *testing.T, a seatAPI, body string) table.CreateResponse {
	t.Helper()
	code, b := a.call("POST", "/api/games", "", body)
	var cr table.CreateResponse
	if code != 200 || json.Unmarshal(b, &cr) != nil {
		t.Fatalf("create %s: %d %s", body, code, b)
	}
	return cr
}

// waitMine waits until one of the keys has a decision of its own (the
// computers play meanwhile) and returns which key and its message.
func waitMine(t *testing.T, a seatAPI, id string, keys ...string) (int, Message) {
	t.Helper()
	for range 1000 {
		for i, k := range keys {
			if _, m := a.state(id, k); len(options(m)) > 0 {
				return i, m
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no seat got a decision of its own")
	return 0, Message{}
}

// askHint asks for a hint at move n.
func askHint(t *testing.T, a seatAPI, id, key string, n int) (int, wire.Hint, string) {
	t.Helper()
	code, b := a.call("POST", "/api/games/"+id+"/hint", key, fmt.Sprintf(`{"move":%d}`, n))
	var h wire.Hint
	if code == 200 && json.Unmarshal(b, &h) != nil {
		t.Fatalf("hint: %s", b)
	}
	return code, h, string(b)
}

// sameGame reports whether two messages show the same game and decision.
func sameGame(a, b Message) bool {
	ja, _ := json.Marshal([]any{a.Move, a.Table, a.Decision})
	jb, _ := json.Marshal([]any{b.Move, b.Table, b.Decision})
	return string(ja) == string(jb)
}

// A person against a computer asks for hints: each is one of the pending
// options (and its follow-up answer one of the option's), said in one line,
// the game unchanged by it; the hinted move can be made. Spectators, stale
// move numbers and unknown keys are refused, and a hint asked twice is the same.
func TestHintAgainstComputer(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "h.db"))
	a := seatAPI{t, s.Handler()}
	cr := createFor(t, a, `{"seats":["human","hard"],"mode":"random","seed":2501}`)
	me := tokenOf(cr.Links[0])
	spectator := tokenOf(cr.Spectator)
	if _, m := a.state(cr.ID, spectator); !m.Hints {
		t.Fatal("the spectators are not told that hints are on")
	}
	whys := 0
	for k := 0; k < 6; k++ {
		_, m := waitMine(t, a, cr.ID, me)
		if !m.Hints {
			t.Fatal("the update does not say hints are on")
		}
		if k == 0 {
			if code, _, b := askHint(t, a, cr.ID, spectator, m.Move); code != 403 {
				t.Fatalf("a spectator's hint: %d %s", code, b)
			}
			if code, _, b := askHint(t, a, cr.ID, "nope", m.Move); code != 404 {
				t.Fatalf("an unknown key's hint: %d %s", code, b)
			}
			for _, n := range []int{m.Move - 1, m.Move + 1} {
				if code, _, b := askHint(t, a, cr.ID, me, n); code != 409 || !strings.Contains(b, "stale") {
					t.Fatalf("a hint at move %d (the game is at %d): %d %s", n, m.Move, code, b)
				}
			}
		}
		code, h, b := askHint(t, a, cr.ID, me, m.Move)
		if code != 200 {
			t.Fatalf("hint: %d %s", code, b)
		}
		_, after := a.state(cr.ID, me)
		if !sameGame(m, after) {
			t.Fatal("the game changed with a hint")
		}
		var o *wire.Option
		for i := range m.Decision.Options {
			if m.Decision.Options[i].Index == h.Option {
				o = &m.Decision.Options[i]
			}
		}
		if o == nil || h.Move != m.Move || h.Line == "" || strings.Contains(h.Line, "\n") {
			t.Fatalf("hint %+v is not one of the options of move %d", h, m.Move)
		}
		if len(h.Then) > 0 && (o.Then == nil || !slices.ContainsFunc(o.Then.Options, func(x wire.Option) bool { return x.Index == h.Then[0] })) {
			t.Fatalf("hint %+v: its follow-up answer is not one of the option's %+v", h, o.Then)
		}
		if len(m.Decision.Options) > 1 && (h.Chance == nil || *h.Chance < 0 || *h.Chance > 100 || !strings.Contains(h.Line, "%")) {
			t.Fatalf("hint %+v says no chance", h)
		}
		t.Logf("move %d: %s", m.Move, h.Line)
		if h.Why != "" {
			whys++
			if !strings.HasPrefix(h.Why, "Why: ") || !strings.HasSuffix(h.Line, h.Why) || !strings.Contains(h.Why, "with the next best") {
				t.Fatalf("hint %+v: its why is not said as it should be", h)
			}
		}
		if _, h2, _ := askHint(t, a, cr.ID, me, m.Move); h2.Line != h.Line || h2.Option != h.Option {
			t.Fatalf("asked twice: %+v then %+v", h, h2)
		}
		// the hint is a move the seat can make
		mv, _ := json.Marshal(wire.Move{Move: m.Move, Option: h.Option, Then: h.Then})
		if code, b := a.call("POST", "/api/games/"+cr.ID+"/move", me, string(mv)); code != 200 {
			t.Fatalf("the hinted move %s: %d %s", mv, code, b)
		}
	}
	if whys == 0 {
		t.Fatal("no hint says why (which base it leads at, the VP it gains)")
	}
}

// Between people, hints are off unless the game was created with them for
// everyone (recorded in its configuration, shown to every seat); a seat
// gets a hint only at its own decision.
func TestHintBetweenPeople(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "h.db"))
	a := seatAPI{t, s.Handler()}
	off := createFor(t, a, `{"seats":["human","human"],"mode":"random","pass_and_play":true}`)
	keys := []string{tokenOf(off.Links[0]), tokenOf(off.Links[1])}
	i, m := waitMine(t, a, off.ID, keys...)
	if m.Hints {
		t.Fatal("a game between people says hints are on")
	}
	if code, _, b := askHint(t, a, off.ID, keys[i], m.Move); code != 403 || !strings.Contains(b, "hints are off") {
		t.Fatalf("a hint between people without hints: %d %s", code, b)
	}

	on := createFor(t, a, `{"seats":["human","human"],"mode":"random","pass_and_play":true,"hints":true}`)
	st, err := s.store.Load(context.Background(), on.ID)
	if err != nil {
		t.Fatal(err)
	}
	var cfg table.Config
	if json.Unmarshal(st.Config, &cfg) != nil || !cfg.Hints {
		t.Fatalf("the configuration does not record hints: %s", st.Config)
	}
	keys = []string{tokenOf(on.Links[0]), tokenOf(on.Links[1])}
	i, m = waitMine(t, a, on.ID, keys...)
	for _, k := range append(keys, tokenOf(on.Spectator)) {
		if _, mk := a.state(on.ID, k); !mk.Hints {
			t.Fatal("a seat is not told that hints are on")
		}
	}
	if code, _, b := askHint(t, a, on.ID, keys[1-i], m.Move); code != 409 || !strings.Contains(b, "not your decision") {
		t.Fatalf("a hint at another seat's decision: %d %s", code, b)
	}
	if code, _, b := askHint(t, a, on.ID, keys[i], m.Move); code != 200 {
		t.Fatalf("a hint at the seat's own decision: %d %s", code, b)
	}
}
