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

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// A whole move (a card from the hand, then where it goes: wire.Move.Then)
// is made all at once; a follow-up that does not fit the question it
// answers is refused with a clear error and changes nothing.
func TestWholeMove(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "w.db"))
	s.AnswerPause = time.Hour // the test is the only one to move
	ctx := context.Background()
	resp, err := s.Create(ctx, CreateRequest{seated: true, Seats: []string{"human", "human"},
		Factions: [][]string{{"Aliens", "Dinosaurs"}, {"Ninjas", "Pirates"}}, Seed: seed(3)})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.game(ctx, resp.ID)
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

// positionGame makes and stores a game of people (no computer, every seat
// asked everything) from setup, a position; it returns the game and each
// seat's key.
func positionGame(t *testing.T, s *Server, setup engine.Setup) (*live, []string) {
	t.Helper()
	cfg := Config{Spectator: newToken(), Setup: setup}
	var keys []string
	for i := range setup.Players {
		keys = append(keys, newToken())
		cfg.Seats = append(cfg.Seats, Seat{Kind: Human, Name: fmt.Sprint("Seat ", i), Token: keys[i]})
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	id := newID()
	fp := engine.RulesFingerprint()
	l, err := rebuild(s, id, &store.Game{Config: raw, Fingerprint: fp})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.store.Create(context.Background(), id, raw, fp); err != nil {
		t.Fatal(err)
	}
	s.withGames(func() { s.games[id] = l })
	askEveryWindow(l)
	return l, keys
}

// trySpy is a game's source that counts the moves tried on a copy.
type trySpy struct {
	source
	tries *int
}

func (s trySpy) try(seat engine.Seat, option int, then []int) error {
	*s.tries++
	return s.source.try(seat, option, then)
}

// A move's follow-up answers are taken only as the seat's update offered
// them (Option.Then, one answer a level, among the options offered), and
// anything else is refused before anything is tried: otherwise whether a
// chain is refused tells what its questions are, which may depend on cards
// the seat may not see. Probe (Bob's hand is looked at: the only other
// player) with the answer "the third minion" was made when Bob held three
// different minions and refused when he held one; now both are refused alike, untried, whatever Bob holds,
// while the card played with where it goes (the page's whole move) is
// still made at once.
func TestThenOnlyAsOffered(t *testing.T) {
	type answer struct {
		code int
		body string
	}
	play := func(bob []string) (probe, deeper answer, tries int) {
		s := newSQLiteServer(t, filepath.Join(t.TempDir(), "o.db"))
		s.AnswerPause = time.Hour
		l, keys := positionGame(t, s, engine.Setup{
			Seed: 1,
			Players: []engine.SetupPlayer{
				{Hand: []string{"Probe", "Scout"}, Deck: []string{"Invader", "Collector"}},
				{Hand: bob, Deck: []string{"King Rex", "Laseratops"}},
			},
			Bases: []engine.SetupBase{{Base: "Jungle Oasis"}, {Base: "Tar Pits"}},
			Phase: engine.PhasePlay,
		})
		h := s.Handler()
		call := func(method, path, body string) answer {
			req := httptest.NewRequest(method, "/api/games/"+l.id+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+keys[0])
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return answer{rec.Code, rec.Body.String()}
		}
		state := func() Message {
			var m Message
			if err := json.Unmarshal([]byte(call("GET", "", "").body), &m); err != nil {
				t.Fatal(err)
			}
			return m
		}
		m := state()
		var probeOpt, scoutOpt *wire.Option
		for _, o := range options(m) {
			if o.Kind == "play" && o.Card != nil {
				switch o.Card.Name {
				case "Probe":
					probeOpt = &o
				case "Scout":
					scoutOpt = &o
				}
			}
		}
		if probeOpt == nil || scoutOpt == nil {
			t.Fatalf("Probe and Scout are not both offered: %+v", options(m))
		}
		if probeOpt.Then != nil {
			t.Fatalf("Probe is offered a follow-up: %+v", probeOpt.Then)
		}
		if scoutOpt.Then == nil || len(scoutOpt.Then.Options) == 0 {
			t.Fatal("Scout is offered no follow-up (where it goes)")
		}
		var n int
		l.locked(func() { l.src = trySpy{l.src, &n} })
		probe = call("POST", "/move", fmt.Sprintf(`{"move":%d,"option":%d,"then":[2]}`, m.Move, probeOpt.Index))
		base := scoutOpt.Then.Options[0].Index
		deeper = call("POST", "/move", fmt.Sprintf(`{"move":%d,"option":%d,"then":[%d,0]}`, m.Move, scoutOpt.Index, base))
		tries = n
		if after := state(); probe.code != 200 && deeper.code != 200 && after.Move != m.Move {
			t.Fatalf("a refused move changed the game: move %d, was %d", after.Move, m.Move)
		}
		// what the page sends, the card and where it goes, is made at once
		if whole := call("POST", "/move", fmt.Sprintf(`{"move":%d,"option":%d,"then":[%d]}`, m.Move, scoutOpt.Index, base)); whole.code != 200 {
			t.Errorf("the offered whole move: %d %s", whole.code, whole.body)
		} else if after := state(); after.Move != m.Move+2 {
			t.Errorf("the offered whole move: move %d, was %d", after.Move, m.Move)
		}
		return probe, deeper, tries
	}
	three, deep3, tries3 := play([]string{"King Rex", "Laseratops", "War Raptor"})
	one, deep1, tries1 := play([]string{"King Rex", "Augmentation", "Upgrade"})
	if three != one {
		t.Errorf("Probe with follow-up answers tells what Bob holds: %+v with three minions, %+v with one", three, one)
	}
	for _, a := range []answer{three, one, deep3, deep1} {
		if a.code != 400 || !strings.Contains(a.body, ErrBadThen.Error()) {
			t.Errorf("follow-up answers not offered: %d %s, want 400 %q", a.code, a.body, ErrBadThen)
		}
	}
	if tries3 != 0 || tries1 != 0 {
		t.Errorf("follow-up answers not offered were tried on a copy (%d and %d times)", tries3, tries1)
	}
}
