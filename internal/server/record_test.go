package server

import (
	"bytes"
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

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/table"
)

// TestSecretSeedStaysSecret: nothing a client gets from an unfinished game
// with a secret seed contains the seed; the replay reveals it once the game
// is over. A reproducible game shows its seed to every seat.
func TestSecretSeedStaysSecret(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "s.db"))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	var answers [][]byte
	call := func(method, url, body string) (int, []byte) {
		t.Helper()
		req, _ := http.NewRequest(method, ts.URL+url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		answers = append(answers, b)
		return r.StatusCode, b
	}
	_, b := call("POST", "/api/games", `{"seats":["human","ai"],"mode":"draft"}`)
	var cr table.CreateResponse
	json.Unmarshal(b, &cr)
	l, err := s.Game(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	seed := strconv.FormatUint(l.Config().Setup.Seed, 10)
	tok := strings.Split(cr.Links[0], "t=")[1]
	spec := strings.Split(cr.Spectator, "t=")[1]
	// a WebSocket client of the seat hears every update
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := dialWS(ctx, t, ts.URL, cr.ID, tok)
	defer c.CloseNow()
	for i := 0; i < 25; i++ {
		var m Message
		for {
			_, raw, err := c.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			answers = append(answers, raw)
			json.Unmarshal(raw, &m)
			if len(options(m)) > 0 || (over(m)) {
				break
			}
		}
		if over(m) {
			break
		}
		call("POST", "/api/games/"+cr.ID+"/move?t="+tok, fmt.Sprintf(`{"move":%d,"option":%d}`, m.Move, i%len(options(m))))
		call("POST", "/api/games/"+cr.ID+"/move?t="+tok, fmt.Sprintf(`{"move":%d,"option":0}`, m.Move)) // stale
		call("GET", "/api/games/"+cr.ID+"?t="+spec, "")
		call("GET", "/api/games/"+cr.ID+"?t="+tok, "")
	}
	call("GET", "/api/games/"+cr.ID+"/replay?t="+tok, "")
	call("GET", "/api/games/"+cr.ID+"/replay?t="+spec, "")
	call("POST", "/api/games/"+cr.ID+"/move?t="+spec, `{"move":0,"option":0}`)
	var unfinished bool
	l.Peek(func(g *engine.Game, _ int) { unfinished = g != nil && !g.Over })
	if !unfinished {
		t.Fatal("the test wanted an unfinished game")
	}
	for _, a := range answers {
		if bytes.Contains(a, []byte(seed)) || bytes.Contains(a, []byte(`"seed"`)) || bytes.Contains(a, []byte(`"reproducible"`)) {
			t.Fatalf("an answer about a secret game shows its seed: %s", a)
		}
	}
	// once the game is over, the replay carries the seed
	playOverWS(t, ts.URL, cr.ID, tok, 0, 20000)
	code, rb := call("GET", "/api/games/"+cr.ID+"/replay?t="+spec, "")
	rep, err := engine.UnmarshalReplay(rb)
	if code != 200 || err != nil || strconv.FormatUint(rep.Setup.Seed, 10) != seed || len(rep.Draft) != 4 {
		t.Fatalf("the finished game's replay: %d %v", code, err)
	}
	g, err := rep.Play(-1)
	if err != nil || !g.Over {
		t.Fatalf("the finished game's replay does not replay: %v", err)
	}

	// a reproducible game shows its seed to every seat and the spectator
	// (a seed alone, from an older lobby, makes a reproducible game too)
	for _, body := range []string{`"reproducible":true,"seed":4242`, `"seed":4242`, `"reproducible":true`} {
		_, b = call("POST", "/api/games", `{"seats":["human","human"],"mode":"random",`+body+`}`)
		json.Unmarshal(b, &cr)
		for _, link := range append(cr.Links, cr.Spectator) {
			if strings.Contains(link, "?invite=") {
				continue // a seat not yet claimed: its person sees the seed once they take it
			}
			_, b := call("GET", "/api/games/"+cr.ID+"?t="+strings.Split(link, "t=")[1], "")
			var m Message
			json.Unmarshal(b, &m)
			if !m.Reproducible || m.Seed == nil || (*m.Seed != 4242) != (body == `"reproducible":true`) {
				t.Fatalf("a reproducible game (%s): %s", body, b)
			}
		}
	}
}
