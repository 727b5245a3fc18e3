package server

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/wire"
)

// A finished game's review: refused while the game runs, then worked out in
// the background (progress shown), with each player's chances after every
// decision and the biggest falls explained.
func TestReviewOfAFinishedGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	s := newSQLiteServer(t, path)
	a := seatAPI{t, s.Handler()}
	cr := createFor(t, a, `{"seats":["ai","ai"],"mode":"random","seed":2503}`)
	key := tokenOf(cr.Spectator)
	getReview := func() (int, wire.Review, string) {
		code, b := a.call("GET", "/api/games/"+cr.ID+"/review", key, "")
		var rv wire.Review
		json.Unmarshal(b, &rv)
		return code, rv, string(b)
	}
	var m Message
	for i := 0; ; i++ {
		if _, m = a.state(cr.ID, key); over(m) {
			break
		}
		if i == 0 {
			if code, _, b := getReview(); code != 409 || !strings.Contains(b, "once the game is over") {
				t.Fatalf("a review while the game runs: %d %s", code, b)
			}
		}
		if i > 6000 {
			t.Fatal("the computers' game did not end")
		}
		time.Sleep(10 * time.Millisecond)
	}
	var rv wire.Review
	for i := 0; ; i++ {
		code, r, b := getReview()
		if code != 200 || r.Status == "failed" || r.Total == 0 || r.Done > r.Total {
			t.Fatalf("review: %d %s", code, b)
		}
		if r.Status == "done" {
			rv = r
			break
		}
		if i > 6000 {
			t.Fatal("the review did not end")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(rv.Points) != rv.Total || rv.Done != rv.Total || rv.Total < 10 {
		t.Fatalf("%d points, done %d of %d", len(rv.Points), rv.Done, rv.Total)
	}
	for k, p := range rv.Points {
		sum := 0
		for _, c := range p.Chances {
			sum += c
		}
		if len(p.Chances) != 2 || sum < 98 || sum > 102 {
			t.Fatalf("point %d: chances %v", k, p.Chances)
		}
	}
	lastP := rv.Points[len(rv.Points)-1]
	for _, w := range m.Table.Winners {
		if lastP.Player != -1 || lastP.Chances[w] < 50 {
			t.Fatalf("the game is over, won by %v: the last point is %+v", m.Table.Winners, lastP)
		}
	}
	if len(rv.Swings) > 5 {
		t.Fatalf("%d swings", len(rv.Swings))
	}
	for _, sw := range rv.Swings {
		if sw.From <= sw.To || sw.Played == "" || sw.Point < 0 || sw.Point >= len(rv.Points) || rv.Points[sw.Point].Player != sw.Player {
			t.Fatalf("swing %+v", sw)
		}
		t.Logf("turn %d, player %d: %d%% to %d%% after %q (better: %q)", sw.Turn, sw.Player, sw.From, sw.To, sw.Played, sw.Better)
	}
	t.Logf("%d positions, %d swings", len(rv.Points), len(rv.Swings))

	// stored with the game: a restarted server gives it at once
	s.Close()
	s.store.Close()
	s2 := newSQLiteServer(t, path)
	a = seatAPI{t, s2.Handler()}
	code, again, b := getReview()
	if code != 200 || again.Status != "done" || len(again.Points) != len(rv.Points) || len(again.Swings) != len(rv.Swings) {
		t.Fatalf("after a restart: %d %.200s", code, b)
	}
}
