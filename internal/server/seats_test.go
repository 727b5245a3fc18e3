package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// seatAPI calls the game API with an optional bearer key.
type seatAPI struct {
	t *testing.T
	h http.Handler
}

func (a seatAPI) call(method, path, key, body string) (int, []byte) {
	a.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	rec := httptest.NewRecorder()
	a.h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

func (a seatAPI) state(id, key string) (int, Message) {
	a.t.Helper()
	code, b := a.call("GET", "/api/games/"+id, key, "")
	var m Message
	json.Unmarshal(b, &m)
	return code, m
}

func (a seatAPI) claim(id, link string) (int, table.ClaimResponse) {
	a.t.Helper()
	code := link[strings.Index(link, "?invite=")+len("?invite="):]
	st, b := a.call("POST", "/api/games/"+id+"/claim", "", `{"invite":"`+code+`"}`)
	var c table.ClaimResponse
	json.Unmarshal(b, &c)
	return st, c
}

// A seat belongs to the person who takes it: the creator gets their own
// seat's key and invite links, never another seat's key; an invite is
// claimed once; nothing is dealt until every person has a seat; the host
// invites a seat again (ending the old claim) or starts with computers.
func TestSeatsAreClaimed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seats.db")
	s := newSQLiteServer(t, path)
	a := seatAPI{t, s.Handler()}
	code, b := a.call("POST", "/api/games", "", `{"seats":["human","human","ai"],"mode":"random"}`)
	var cr table.CreateResponse
	if code != 200 || json.Unmarshal(b, &cr) != nil {
		t.Fatalf("create: %d %s", code, b)
	}
	if cr.Seat != 0 || !strings.Contains(cr.Links[0], "?t=") || !strings.Contains(cr.Links[1], "?invite=") || cr.Links[2] != "" || cr.Host == "" {
		t.Fatalf("the creation's answer: %+v", cr)
	}
	mine := tokenOf(cr.Links[0])

	// waiting: nothing dealt, the open seat shown
	_, m := a.state(cr.ID, mine)
	if !m.Waiting || m.Table != nil || m.Decision != nil || !m.Seats[1].Open || m.Seats[0].Open {
		t.Fatalf("before the invite is taken: %+v", m)
	}
	// the host key is no seat's key, and the invite link reads nothing
	if code, _ := a.state(cr.ID, cr.Host); code != 404 {
		t.Fatalf("the host key reads the game as a seat: %d", code)
	}
	if code, _ := a.call("GET", cr.Links[1], "", ""); code != 200 {
		t.Fatalf("the invite page: %d", code)
	}

	code, c := a.claim(cr.ID, cr.Links[1])
	if code != 200 || c.Seat != 1 || c.Token == "" {
		t.Fatalf("claim: %d %+v", code, c)
	}
	if code, again := a.claim(cr.ID, cr.Links[1]); code != 409 || again.Token != "" {
		t.Fatalf("a second claim of the same invite: %d %+v", code, again)
	}
	if code, _ := a.call("POST", "/api/games/"+cr.ID+"/claim", "", `{"invite":"nope"}`); code != 404 {
		t.Fatalf("an unknown invite: %d", code)
	}
	_, m = a.state(cr.ID, c.Token)
	if m.Waiting || m.Table == nil || m.Seat != 1 {
		t.Fatalf("dealt once every seat is taken: %+v", m)
	}

	// the claim survives a restart
	s.Close()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s2 := New(st)
	defer s2.Close()
	a = seatAPI{t, s2.Handler()}
	if code, m := a.state(cr.ID, c.Token); code != 200 || m.Seat != 1 || m.Table == nil {
		t.Fatalf("after a restart: %d %+v", code, m)
	}

	// the host invites seat 2 again, once its person has been away a while
	// (TestReinviteRefusedWhilePresent): the old key and the old invite
	// are dead, the new invite is claimed
	if code, _ := a.call("POST", "/api/games/"+cr.ID+"/invite", mine, `{"seat":1}`); code != 403 {
		t.Fatalf("a seat's key invites again: %d", code)
	}
	l2, err := s2.Game(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	awayFor(l2, 1, table.ReinviteAfter+time.Minute)
	code, b = a.call("POST", "/api/games/"+cr.ID+"/invite", cr.Host, `{"seat":1}`)
	var inv table.InviteResponse
	if code != 200 || json.Unmarshal(b, &inv) != nil || !strings.Contains(inv.Link, "?invite=") {
		t.Fatalf("invite again: %d %s", code, b)
	}
	if code, _ := a.state(cr.ID, c.Token); code != 404 {
		t.Fatalf("the old claim still reads the seat: %d", code)
	}
	if code, _ := a.claim(cr.ID, cr.Links[1]); code != 404 {
		t.Fatalf("the old invite: %d", code)
	}
	if _, m := a.state(cr.ID, mine); !m.Seats[1].Open || m.Table == nil {
		t.Fatalf("the seat open again, the game going on: %+v", m.Seats)
	}
	code, c2 := a.claim(cr.ID, inv.Link)
	if code != 200 || c2.Seat != 1 || c2.Token == c.Token {
		t.Fatalf("the new invite: %d %+v", code, c2)
	}
	if code, _ := a.call("POST", "/api/games/"+cr.ID+"/invite", cr.Host, `{"seat":2}`); code != 400 {
		t.Fatalf("inviting a computer's seat: %d", code)
	}
}

// The host starts a game with computers in the seats nobody took.
func TestHostStartsWithComputers(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "start.db"))
	a := seatAPI{t, s.Handler()}
	code, b := a.call("POST", "/api/games", "", `{"seats":["human","human","human"],"mode":"random"}`)
	var cr table.CreateResponse
	if code != 200 || json.Unmarshal(b, &cr) != nil {
		t.Fatalf("create: %d %s", code, b)
	}
	mine := tokenOf(cr.Links[0])
	if code, _ := a.claim(cr.ID, cr.Links[2]); code != 200 {
		t.Fatalf("claim: %d", code)
	}
	if _, m := a.state(cr.ID, mine); !m.Waiting {
		t.Fatal("dealt with a seat still open")
	}
	if code, _ := a.call("POST", "/api/games/"+cr.ID+"/start", mine, ""); code != 403 {
		t.Fatalf("a seat's key starts the game: %d", code)
	}
	if code, b := a.call("POST", "/api/games/"+cr.ID+"/start", cr.Host, ""); code != 200 {
		t.Fatalf("start: %d %s", code, b)
	}
	_, m := a.state(cr.ID, mine)
	if m.Waiting || m.Table == nil || m.Seats[1].Kind == table.Human || m.Seats[1].Open || m.Seats[2].Kind != table.Human {
		t.Fatalf("after the start: %+v", m.Seats)
	}
	if code, _ := a.claim(cr.ID, cr.Links[1]); code != 404 {
		t.Fatalf("the invite of a seat given to a computer: %d", code)
	}
	// the game goes on: the computer seat moves when it is asked
	ctx := context.Background()
	if _, err := s.Game(ctx, cr.ID); err != nil {
		t.Fatal(err)
	}
}

// reinviteGame makes a game of two people whose second seat is claimed:
// the API, the creation's answer, the claim and the game in memory.
func reinviteGame(t *testing.T, body string) (seatAPI, table.CreateResponse, table.ClaimResponse, *table.Table) {
	t.Helper()
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "reinvite.db"))
	a := seatAPI{t, s.Handler()}
	code, b := a.call("POST", "/api/games", "", body)
	var cr table.CreateResponse
	if code != 200 || json.Unmarshal(b, &cr) != nil {
		t.Fatalf("create: %d %s", code, b)
	}
	code, c := a.claim(cr.ID, cr.Links[1])
	if code != 200 || c.Seat != 1 {
		t.Fatalf("claim: %d %+v", code, c)
	}
	l, err := s.Game(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	return a, cr, c, l
}

// awayFor makes seat's person look away (no page connected) for d.
func awayFor(l *table.Table, seat engine.Seat, d time.Duration) {
	l.Backdate(seat, d)
}

// A seat belongs to whoever took it: the host cannot invite it again while
// its person is at the table, nor in the minutes after they left; the
// refusal changes nothing (the person keeps their key and their page).
func TestReinviteRefusedWhilePresent(t *testing.T) {
	a, cr, c, l := reinviteGame(t, `{"seats":["human","human"],"mode":"random"}`)
	sub := table.NewSubscriber(1, 64)
	var first Message
	if !l.Subscribe(sub, &first) {
		t.Fatal("not subscribed")
	}
	awayFor(l, 1, time.Hour) // connected: when the page came matters not
	code, b := a.call("POST", "/api/games/"+cr.ID+"/invite", cr.Host, `{"seat":1}`)
	if code != 409 || !strings.Contains(string(b), "away") {
		t.Fatalf("inviting again a seat whose person is connected: %d %s", code, b)
	}
	select {
	case <-sub.Gone():
		t.Fatal("the person's page was disconnected")
	default:
	}
	if code, m := a.state(cr.ID, c.Token); code != 200 || m.Seat != 1 || m.Seats[1].Open {
		t.Fatalf("the person lost the seat: %d %+v", code, m.Seats)
	}
	// just left: still theirs
	l.Unsubscribe(sub)
	if code, b := a.call("POST", "/api/games/"+cr.ID+"/invite", cr.Host, `{"seat":1}`); code != 409 {
		t.Fatalf("inviting again a seat whose person left a moment ago: %d %s", code, b)
	}
	// claimed a moment ago, never connected: theirs too
	if code, m := a.state(cr.ID, c.Token); code != 200 || m.Seats[1].Open {
		t.Fatalf("after the refusals: %d %+v", code, m.Seats)
	}
	for _, ev := range first.Events {
		if ev.Kind == "invited-again" {
			t.Fatalf("a refused invite was told: %+v", ev)
		}
	}
}

// A seat whose person left long ago may be invited again, and every seat
// and the spectators are told in the log.
func TestReinviteOfALeftSeatIsTold(t *testing.T) {
	a, cr, c, l := reinviteGame(t, `{"seats":["human","human"],"mode":"random"}`)
	sub := table.NewSubscriber(1, 64)
	var first Message
	l.Subscribe(sub, &first)
	l.Unsubscribe(sub)
	awayFor(l, 1, table.ReinviteAfter+time.Minute)
	code, b := a.call("POST", "/api/games/"+cr.ID+"/invite", cr.Host, `{"seat":1}`)
	var inv table.InviteResponse
	if code != 200 || json.Unmarshal(b, &inv) != nil {
		t.Fatalf("inviting again a seat left long ago: %d %s", code, b)
	}
	if code, _ := a.state(cr.ID, c.Token); code != 404 {
		t.Fatalf("the old claim still reads the seat: %d", code)
	}
	told := func(key string) bool {
		_, m := a.state(cr.ID, key)
		for _, ev := range m.Events {
			if ev.Kind == "invited-again" && ev.Player != nil && *ev.Player == 1 {
				return true
			}
		}
		return false
	}
	if !told(tokenOf(cr.Links[0])) || !told(tokenOf(cr.Spectator)) {
		t.Fatal("the new invite is not told to every seat and the spectators")
	}
	code, c2 := a.claim(cr.ID, inv.Link)
	if code != 200 || !told(c2.Token) {
		t.Fatalf("the new claimant: %d, told %v", code, told(c2.Token))
	}
	// the new claim is the seat's own now: not invited again at once
	if code, _ := a.call("POST", "/api/games/"+cr.ID+"/invite", cr.Host, `{"seat":1}`); code != 409 {
		t.Fatalf("a seat claimed a moment ago invited again: %d", code)
	}
}

// A rematch's seat key goes only to whoever held the seat when the game
// ended: the host, inviting a seat again after the end (its person gone
// long enough) and claiming it, never gets that person's rematch key,
// whether the rematch was made before or after.
func TestRematchKeyIsTheHoldersOnly(t *testing.T) {
	for _, before := range []bool{true, false} {
		s := newSQLiteServer(t, filepath.Join(t.TempDir(), "rematch.db"))
		a := seatAPI{t, s.Handler()}
		code, b := a.call("POST", "/api/games", "", `{"seats":["human","human"],"mode":"random","seed":5}`)
		var cr table.CreateResponse
		if code != 200 || json.Unmarshal(b, &cr) != nil {
			t.Fatalf("create: %d %s", code, b)
		}
		mine := tokenOf(cr.Links[0])
		code, c := a.claim(cr.ID, cr.Links[1])
		if code != 200 {
			t.Fatalf("claim: %d", code)
		}
		l := playRandom(t, s, cr.ID, 1<<20, 3)
		if !l.Ended() {
			t.Fatal("the game did not end")
		}
		rematch := func(key string) RematchResponse {
			t.Helper()
			code, b := a.call("POST", "/api/games/"+cr.ID+"/rematch", key, "")
			var r RematchResponse
			if code != 200 || json.Unmarshal(b, &r) != nil {
				t.Fatalf("rematch: %d %s", code, b)
			}
			return r
		}
		var theirs RematchResponse
		if before {
			theirs = rematch(c.Token)
			if _, m := a.state(theirs.ID, tokenOf(theirs.Link)); m.Seat != 1 || m.Spectator {
				t.Fatalf("the seat's holder got no rematch key: %+v", theirs)
			}
		}
		ownRematch := rematch(mine)
		// the person has gone long since: the host invites the seat again and takes it
		awayFor(l, 1, table.ReinviteAfter+time.Minute)
		code, b = a.call("POST", "/api/games/"+cr.ID+"/invite", cr.Host, `{"seat":1}`)
		var inv table.InviteResponse
		if code != 200 || json.Unmarshal(b, &inv) != nil {
			t.Fatalf("invite again after the end: %d %s", code, b)
		}
		code, c2 := a.claim(cr.ID, inv.Link)
		if code != 200 || c2.Seat != 1 {
			t.Fatalf("the host's claim: %d %+v", code, c2)
		}
		got := rematch(c2.Token)
		if _, m := a.state(got.ID, tokenOf(got.Link)); got.ID != ownRematch.ID || !m.Spectator || (before && got.Link == theirs.Link) {
			t.Fatalf("rematch made before: %v: a seat claimed after the end got %+v, seat %d (the holder's: %+v)", before, got, m.Seat, theirs)
		}
		// the rematch's seat 1 key was handed to nobody else: the host's
		// own seat and the spectators read the rematch as themselves
		rl, err := s.Game(context.Background(), got.ID)
		if err != nil {
			t.Fatal(err)
		}
		key1 := rl.Config().Seats[1].Token
		for _, r := range []RematchResponse{ownRematch, got} {
			if strings.Contains(r.Link, key1) {
				t.Fatalf("seat 1's rematch key handed out: %+v", r)
			}
		}
	}
}

// Hints between people only if every person agreed: the invite's landing
// says the game has hints for every seat, and a claim without the
// person's explicit agreement is refused and changes nothing. A game
// without hints needs no agreement (older pages claim as they did).
func TestHintsNeedEveryPersonsAgreement(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "agree.db"))
	a := seatAPI{t, s.Handler()}
	create := func(body string) table.CreateResponse {
		code, b := a.call("POST", "/api/games", "", body)
		var cr table.CreateResponse
		if code != 200 || json.Unmarshal(b, &cr) != nil {
			t.Fatalf("create: %d %s", code, b)
		}
		return cr
	}
	inviteCode := func(link string) string { return link[strings.Index(link, "?invite=")+len("?invite="):] }
	landing := func(id, code string) (int, table.InviteInfo) {
		st, b := a.call("GET", "/api/games/"+id+"/claim", code, "")
		var in table.InviteInfo
		json.Unmarshal(b, &in)
		return st, in
	}
	claim := func(id, body string) (int, table.ClaimResponse, string) {
		st, b := a.call("POST", "/api/games/"+id+"/claim", "", body)
		var c table.ClaimResponse
		json.Unmarshal(b, &c)
		return st, c, string(b)
	}

	cr := create(`{"seats":["human","human","ai"],"mode":"random","hints":true}`)
	code := inviteCode(cr.Links[1])
	if st, in := landing(cr.ID, code); st != 200 || !in.Hints || in.Taken || in.Seat != 1 || in.Name != "Player 2" {
		t.Fatalf("the invite's landing: %d %+v", st, in)
	}
	for _, body := range []string{`{"invite":"` + code + `"}`, `{"invite":"` + code + `","hints_ok":false}`} {
		if st, c, b := claim(cr.ID, body); st != 428 || c.Token != "" || !strings.Contains(b, "hints") {
			t.Fatalf("a claim without agreeing to hints (%s): %d %s", body, st, b)
		}
	}
	if _, m := a.state(cr.ID, tokenOf(cr.Links[0])); !m.Waiting || !m.Seats[1].Open {
		t.Fatalf("a refused claim changed the game: %+v", m.Seats)
	}
	st, c, b := claim(cr.ID, `{"invite":"`+code+`","hints_ok":true}`)
	if st != 200 || c.Seat != 1 || c.Token == "" {
		t.Fatalf("a claim agreeing to hints: %d %s", st, b)
	}
	if _, m := a.state(cr.ID, c.Token); m.Waiting || !m.Hints || m.Seat != 1 {
		t.Fatalf("after the claim: %+v", m)
	}
	if st, in := landing(cr.ID, code); st != 200 || !in.Taken {
		t.Fatalf("the landing of a taken invite: %d %+v", st, in)
	}
	if st, _ := landing(cr.ID, "nope"); st != 404 {
		t.Fatalf("the landing of an unknown invite: %d", st)
	}
	if st, _ := landing(cr.ID, ""); st != 404 {
		t.Fatalf("the landing without an invite: %d", st)
	}

	// no hints: no agreement asked
	plain := create(`{"seats":["human","human"],"mode":"random"}`)
	code = inviteCode(plain.Links[1])
	if st, in := landing(plain.ID, code); st != 200 || in.Hints || in.Taken {
		t.Fatalf("the landing of a game without hints: %d %+v", st, in)
	}
	if st, c, b := claim(plain.ID, `{"invite":"`+code+`"}`); st != 200 || c.Token == "" {
		t.Fatalf("an older page's claim of a game without hints: %d %s", st, b)
	}
}

// A drafted game's configuration never stores its picks (they are moves of
// its log): a seat invited again after the draft changes the stored
// configuration in that seat only, the game in memory keeps its factions,
// and a fresh server loads the game as it was.
func TestAConfigChangeAfterTheDraftStoresNoPicks(t *testing.T) {
	dir := t.TempDir()
	st, err := store.OpenSQLite(filepath.Join(dir, "draft.db"))
	if err != nil {
		t.Fatal(err)
	}
	s := New(st)
	s.moveLimit = newLimiter(1e6, 1e6)
	a := seatAPI{t, s.Handler()}
	code, b := a.call("POST", "/api/games", "", `{"seats":["human","human"],"mode":"draft"}`)
	var cr table.CreateResponse
	if code != 200 || json.Unmarshal(b, &cr) != nil {
		t.Fatalf("create: %d %s", code, b)
	}
	code, c := a.claim(cr.ID, cr.Links[1])
	if code != 200 {
		t.Fatalf("claim: %d", code)
	}
	keys := []string{tokenOf(cr.Links[0]), c.Token}
	l, err := s.Game(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	dealt := func(l *table.Table) (d bool) {
		l.Peek(func(g *engine.Game, _ int) { d = g != nil })
		return d
	}
	for !dealt(l) {
		who, _, _ := l.Pending()
		_, m := a.state(cr.ID, keys[who])
		if code, b := a.call("POST", "/api/games/"+cr.ID+"/move", keys[who], fmt.Sprintf(`{"move":%d,"option":0}`, m.Move)); code != 200 {
			t.Fatalf("a pick: %d %s", code, b)
		}
	}
	var factions [][]string
	for _, p := range l.Config().Setup.Players {
		factions = append(factions, p.Factions)
	}
	awayFor(l, 1, table.ReinviteAfter+time.Minute)
	if code, b := a.call("POST", "/api/games/"+cr.ID+"/invite", cr.Host, `{"seat":1}`); code != 200 {
		t.Fatalf("inviting again after the draft: %d %s", code, b)
	}
	g, err := st.Load(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	var stored table.Config
	if err := json.Unmarshal(g.Config, &stored); err != nil {
		t.Fatal(err)
	}
	for i, p := range stored.Setup.Players {
		if len(p.Factions) != 0 {
			t.Errorf("the stored configuration holds seat %d's picks %v", i, p.Factions)
		}
	}
	for i, p := range l.Config().Setup.Players {
		if !slices.Equal(p.Factions, factions[i]) || len(p.Factions) != 2 {
			t.Errorf("seat %d's factions in memory: %v, were %v", i, p.Factions, factions[i])
		}
	}
	s.Close()
	s2 := New(st)
	defer func() { s2.Close(); st.Close() }()
	l2, err := s2.Game(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !dealt(l2) || l2.Moves() != l.Moves() {
		t.Fatalf("reloaded: dealt %v, %d moves (was %d)", dealt(l2), l2.Moves(), l.Moves())
	}
	for i, p := range l2.Config().Setup.Players {
		if !slices.Equal(p.Factions, factions[i]) {
			t.Errorf("reloaded seat %d's factions: %v, were %v", i, p.Factions, factions[i])
		}
	}
}
