package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/table"
)

// A whole move (a card from the hand, then where it goes: wire.Move.Then)
// is made all at once; a follow-up that does not fit the question it
// answers is refused with a clear error and changes nothing.
func TestWholeMove(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "w.db"))
	s.AnswerPause = time.Hour // the test is the only one to move
	ctx := context.Background()
	resp, err := s.Create(ctx, table.CreateRequest{Seated: true, Seats: []string{"human", "human"},
		Factions: [][]string{{"Aliens", "Dinosaurs"}, {"Ninjas", "Pirates"}}, Seed: seed(3)})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	askEveryWindow(l)
	keepHands(t, l)
	h := s.Handler()
	tok := func(link string) string { return link[strings.Index(link, "t=")+2:] }
	call := func(seat int, method, path, body string) (int, Message) {
		req := httptest.NewRequest(method, "/api/games/"+resp.ID+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok(resp.Links[seat]))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var m Message
		json.Unmarshal(rec.Body.Bytes(), &m)
		return rec.Code, m
	}
	// the seat whose Play Cards phase it is, and a card it may play with its bases
	var seat, idx, base int
	var m Message
	found := false
	for s := 0; s < 2 && !found; s++ {
		_, m = call(s, "GET", "", "")
		for _, o := range options(m) {
			if o.Then != nil && len(o.Then.Options) > 1 {
				seat, idx, base, found = s, o.Index, o.Then.Options[1].Index, true
				break
			}
		}
	}
	if !found {
		t.Fatal("no card to play with a follow-up question at the start of the game")
	}
	for _, bad := range []string{`[99]`, `[-1]`, `[0,0,0,0,0]`} {
		code, _ := call(seat, "POST", "/move", fmt.Sprintf(`{"move":%d,"option":%d,"then":%s}`, m.Move, idx, bad))
		if code != 400 {
			t.Errorf("then %s: %d, want 400", bad, code)
		}
	}
	if _, again := call(seat, "GET", "", ""); again.Move != m.Move {
		t.Fatalf("a refused whole move changed the game: move %d, was %d", again.Move, m.Move)
	}
	code, after := call(seat, "POST", "/move", fmt.Sprintf(`{"move":%d,"option":%d,"then":[%d]}`, m.Move, idx, base))
	if code != 200 || after.Move != m.Move+2 {
		t.Fatalf("the whole move: %d, move %d (was %d)", code, after.Move, m.Move)
	}
}
