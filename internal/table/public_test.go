package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/rating"
	"github.com/smashup/smashup/internal/store"
)

// people makes identified players in s's store, named as given.
func people(t *testing.T, s *Tables, names ...string) []Identity {
	t.Helper()
	var out []Identity
	for _, n := range names {
		id := Identity{ID: fmt.Sprintf("%016x", rand.Uint64()), Name: n}
		r := rating.New()
		if err := s.players().CreatePlayer(context.Background(), store.Player{ID: id.ID, Name: n, KeyHash: "key-" + id.ID, Mu: r.Mu, Sigma: r.Sigma}); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

func openTable2(t *testing.T, s *Tables, host Identity, seats int, fillAfter int) CreateResponse {
	t.Helper()
	kinds := make([]string, seats)
	for i := range kinds {
		kinds[i] = Human
	}
	resp, err := s.Create(context.Background(), CreateRequest{Seats: kinds, Mode: "random", StandIn: 60, Open: true, FillAfter: fillAfter, Player: &host})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func publicTables(t *testing.T, s *Tables, status string) []PublicTable {
	t.Helper()
	ts, err := s.PublicTables(context.Background(), status, 0, 50)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// secretsOf are the keys of a game no listing may hold: every seat's key
// and invite, the host's key.
func secretsOf(l *Table) []string {
	var out []string
	l.locked(func() {
		out = append(out, l.cfg.Host)
		for _, st := range l.cfg.Seats {
			out = append(out, st.Token, st.Invite)
		}
	})
	return out
}

func TestAnOpenTableIsTakenFromTheLobby(t *testing.T) {
	ctx := context.Background()
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "open.db"))
	who := people(t, s, "Ann", "Ben", "Cat")
	resp := openTable2(t, s, who[0], 2, 0)
	if resp.Seat != 0 || resp.Links[1] != "" {
		t.Fatalf("an open table's creator sits at seat 0 and no invite link is made: %+v", resp)
	}
	open := publicTables(t, s, store.ListOpen)
	if len(open) != 1 || open[0].Game != resp.ID || open[0].Free != 1 || open[0].Seats[0].Name != "Ann" || !open[0].Seats[1].Open || open[0].Watch != "" || !open[0].Rated {
		t.Fatalf("the open table as listed: %+v", open)
	}
	// an open table's seats are not claimed by invite, nor invited again
	l, _ := s.Game(ctx, resp.ID)
	var invite string
	l.locked(func() { invite = l.cfg.Seats[1].Invite })
	if _, err := s.Claim(ctx, resp.ID, ClaimRequest{Invite: invite}); !errors.Is(err, ErrOpenTable) && !errors.Is(err, ErrNoSuchLink) {
		t.Fatalf("an invite claim of an open table's seat: %v", err)
	}
	if _, err := s.Invite(ctx, resp.ID, resp.Host, 1); !errors.Is(err, ErrOpenInvite) {
		t.Fatalf("an invite of an open table's seat: %v", err)
	}
	// the host takes no second seat; Ben takes the free one
	if r, err := s.TakeSeat(ctx, resp.ID, who[0], false); !errors.Is(err, ErrAlreadySeated) || r.Seat != 0 || r.Token != resp.Tokens[0] {
		t.Fatalf("the host taking a seat again: %+v %v", r, err)
	}
	r, err := s.TakeSeat(ctx, resp.ID, who[1], false)
	if err != nil || r.Seat != 1 || r.Token == "" {
		t.Fatalf("Ben takes the free seat: %+v %v", r, err)
	}
	if _, err := s.TakeSeat(ctx, resp.ID, who[2], false); !errors.Is(err, ErrTableFull) {
		t.Fatalf("a third person at a full table: %v", err)
	}
	if _, err := s.TakeSeat(ctx, "nosuchgame", who[2], false); !errors.Is(err, ErrNotOpen) {
		t.Fatalf("a seat at no table: %v", err)
	}
	if len(publicTables(t, s, store.ListOpen)) != 0 {
		t.Fatal("a full table is still listed as open")
	}
	live := publicTables(t, s, store.ListLive)
	if len(live) != 1 || live[0].Seats[1].Name != "Ben" || live[0].Seats[1].Player != who[1].ID || live[0].Watch == "" || len(live[0].Seats[0].Factions) != 2 {
		t.Fatalf("the dealt table as listed: %+v", live)
	}
	// what the lobby shows holds no seat's key, no invite, no host key,
	// and of the game only what spectators see (its link is the spectators')
	raw, _ := json.Marshal(live)
	for _, k := range secretsOf(l) {
		if k != "" && strings.Contains(string(raw), k) {
			t.Fatalf("the listing holds a key: %s", raw)
		}
	}
	var spect string
	l.locked(func() { spect = l.cfg.Spectator })
	if live[0].Watch != "/g/"+resp.ID+"?t="+spect {
		t.Fatalf("watch link %q", live[0].Watch)
	}
}

func TestOpenTablesAreRefusedWhatTheyCannotBe(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "bad.db"))
	who := people(t, s, "Ann")
	ctx := context.Background()
	for _, c := range []struct {
		name string
		req  CreateRequest
		want string
	}{
		{"no identity", CreateRequest{Seats: []string{Human, Human}, Open: true, StandIn: 60}, "identified"},
		{"a seed", CreateRequest{Seats: []string{Human, Human}, Open: true, StandIn: 60, Player: &who[0], Seed: seed(3)}, "seed"},
		{"pass and play", CreateRequest{Seats: []string{Human, Human}, Open: true, StandIn: 60, Player: &who[0], PassAndPlay: true}, "pass and play"},
		{"no stand-in", CreateRequest{Seats: []string{Human, Human}, Open: true, Player: &who[0]}, "stand-in"},
		{"a computer seat", CreateRequest{Seats: []string{Human, "normal"}, Open: true, StandIn: 60, Player: &who[0]}, "people only"},
		{"fill too late", CreateRequest{Seats: []string{Human, Human}, Open: true, StandIn: 60, Player: &who[0], FillAfter: 61}, "fill_after"},
		{"fill a closed table", CreateRequest{Seats: []string{Human, Human}, FillAfter: 5}, "fill_after"},
	} {
		if _, err := s.Create(ctx, c.req); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if n := len(publicTables(t, s, store.ListOpen)); n != 0 {
		t.Fatalf("%d tables listed after refusals", n)
	}
}

func TestOpenTablesFillWithComputersWhenTheySaySo(t *testing.T) {
	ctx := context.Background()
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "fill.db"))
	who := people(t, s, "Ann")
	never := openTable2(t, s, who[0], 3, 0)
	fill := openTable2(t, s, who[0], 3, 1)
	s.fillDue(time.Now().Add(30 * time.Second)) // not yet
	if n := len(publicTables(t, s, store.ListOpen)); n != 2 {
		t.Fatalf("%d tables open before their time", n)
	}
	s.fillDue(time.Now().Add(61 * time.Second))
	open := publicTables(t, s, store.ListOpen)
	if len(open) != 1 || open[0].Game != never.ID {
		t.Fatalf("open after the fill: %+v", open)
	}
	l, _ := s.Game(ctx, fill.ID)
	l.locked(func() {
		if l.cfg.Waiting || l.cfg.Rated || l.g == nil {
			t.Errorf("a filled table: waiting %v, rated %v, dealt %v", l.cfg.Waiting, l.cfg.Rated, l.g != nil)
		}
		for i, st := range l.cfg.Seats[1:] {
			if st.Kind == Human || !strings.HasSuffix(st.Name, "(computer)") {
				t.Errorf("seat %d after the fill: %+v", i+1, st)
			}
		}
	})
	live := publicTables(t, s, store.ListLive)
	if len(live) != 1 || live[0].Rated || live[0].Seats[2].Kind == Human {
		t.Fatalf("the filled table as listed: %+v", live)
	}
}

func TestQuickMatchSeatsPeopleTogether(t *testing.T) {
	ctx := context.Background()
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "quick.db"))
	who := people(t, s, "Ann", "Ben", "Cat", "Dan")
	a, err := s.QuickMatch(ctx, who[0], QuickRequest{Players: 2})
	if err != nil || !a.Opened || a.Token == "" {
		t.Fatalf("the first to ask opens a table: %+v %v", a, err)
	}
	again, err := s.QuickMatch(ctx, who[0], QuickRequest{Players: 2})
	if err != nil || again.Game != a.Game || again.Token != a.Token || again.Opened {
		t.Fatalf("asking again gives one's own seat: %+v %v", again, err)
	}
	c, err := s.QuickMatch(ctx, who[2], QuickRequest{Players: 3})
	if err != nil || !c.Opened || c.Game == a.Game {
		t.Fatalf("a 3-player ask opens its own table: %+v %v", c, err)
	}
	b, err := s.QuickMatch(ctx, who[1], QuickRequest{Players: 2})
	if err != nil || b.Opened || b.Game != a.Game || b.Seat != 1 {
		t.Fatalf("the second 2-player ask joins the first: %+v %v", b, err)
	}
	d, err := s.QuickMatch(ctx, who[3], QuickRequest{}) // any size: the 3-player table waits
	if err != nil || d.Game != c.Game {
		t.Fatalf("an ask of any size joins the one that waits: %+v %v", d, err)
	}
	for _, bad := range []QuickRequest{{Players: 1}, {Players: 5}, {FillAfter: -1}, {FillAfter: 61}} {
		if _, err := s.QuickMatch(ctx, who[3], bad); err == nil {
			t.Errorf("quick match %+v accepted", bad)
		}
	}
}

// playToTheEnd plays random moves for every seat until the game ends.
func playToTheEnd(t *testing.T, s *Tables, id string, seed uint64) *Table {
	t.Helper()
	l := playRandom(t, s, id, 20000, seed)
	var over bool
	l.locked(func() { over = l.g != nil && l.g.Over })
	if !over {
		t.Fatal("the game did not end")
	}
	return l
}

func TestARatedGameMovesTheRatingsOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rated.db")
	s := newSQLiteTables(t, path)
	who := people(t, s, "Ann", "Ben")
	resp := openTable2(t, s, who[0], 2, 0)
	if _, err := s.TakeSeat(ctx, resp.ID, who[1], false); err != nil {
		t.Fatal(err)
	}
	l := playToTheEnd(t, s, resp.ID, 4)
	l.locked(func() {
		t.Logf("%d moves, VP %d-%d, winner %d", len(l.moves), l.g.Players[0].VP, l.g.Players[1].VP, l.g.Winner)
	})
	var m Message
	var g engine.Game
	l.locked(func() { m, g = l.messageLocked(0), *l.g })
	if m.Rated == nil || len(m.Rated.Changes) != 2 {
		t.Fatalf("a rated game's end tells the rating changes: %+v", m.Rated)
	}
	res, err := s.players().GameResults(ctx, resp.ID)
	if err != nil || len(res) != 2 {
		t.Fatalf("results: %+v %v", res, err)
	}
	first := 0
	if res[1].Place < res[0].Place {
		first = 1
	}
	if g.Winner != engine.Seat(res[first].Seat) && g.Winner != engine.None {
		t.Fatalf("the winner %d is not first in %+v", g.Winner, res)
	}
	for _, c := range m.Rated.Changes {
		if c.Place == 0 && res[0].Place != res[1].Place && c.Delta <= 0 {
			t.Fatalf("the winner's rating did not rise: %+v", m.Rated.Changes)
		}
	}
	board, err := s.players().Leaderboard(ctx, 10, 0)
	if err != nil || len(board) != 2 || board[0].Games != 1 {
		t.Fatalf("leaderboard: %+v %v", board, err)
	}
	if res[0].Place != res[1].Place && (board[0].ID != res[first].Player || board[0].Wins != 1) {
		t.Fatalf("the winner leads the board: %+v", board)
	}
	// a restart (or another instance) loads the game and records nothing again
	s.Close()
	s2 := newSQLiteTables(t, path)
	l2, err := s2.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	var m2 Message
	l2.locked(func() { m2 = l2.messageLocked(1) })
	if m2.Rated == nil || len(m2.Rated.Changes) != 2 || m2.Rated.Changes[0] != m.Rated.Changes[0] {
		t.Fatalf("after a restart the changes are told as recorded: %+v", m2.Rated)
	}
	board2, _ := s2.players().Leaderboard(ctx, 10, 0)
	if board2[0].Games != 1 || board2[0].Mu != board[0].Mu {
		t.Fatalf("the game was rated twice: %+v then %+v", board, board2)
	}
	// the lobby lists it as over: neither open nor live
	if len(publicTables(t, s2, store.ListLive))+len(publicTables(t, s2, store.ListOpen)) != 0 {
		t.Fatal("a finished game is still listed")
	}
}

func TestAPersonWhoLeftForGoodComesLast(t *testing.T) {
	g := &engine.Game{NPlayers: 3, Winner: 1}
	g.Players[0].VP, g.Players[1].VP, g.Players[2].VP = 9, 15, 12
	if p := Standings(g, nil); p[0] != 2 || p[1] != 0 || p[2] != 1 {
		t.Fatalf("by score: %v", p)
	}
	// seat 1 won on points but had left: a stand-in played its end
	if p := Standings(g, []bool{false, true, false}); p[1] != 2 || p[2] != 0 || p[0] != 1 {
		t.Fatalf("the one who left comes last: %v", p)
	}
}

func TestTheLastSeatGoesToOneOfTwoInstances(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	// the database is shared with other tests and runs: names of this run
	sfx := fmt.Sprintf(" %x", rand.Uint32())
	who := people(t, a, "Ann"+sfx, "Ben"+sfx, "Cat"+sfx)
	for round := range 4 {
		resp := openTable2(t, a, who[0], 2, 0)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, s := range []*Tables{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.TakeSeat(ctx, resp.ID, who[1+i], false)
			}()
		}
		wg.Wait()
		took := 0
		for _, err := range errs {
			switch {
			case err == nil:
				took++
			case !errors.Is(err, ErrTableFull):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if took != 1 {
			t.Fatalf("round %d: %d people took the last seat (%v)", round, took, errs)
		}
	}
}

// Each identified person's seats are kept with whether the game waits on
// them: the decision passes between them, and at the end neither is waited
// on; a game against the computer lists its creator's seat.
func TestMyGamesFollowWhoseDecisionItIs(t *testing.T) {
	ctx := context.Background()
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "mine.db"))
	who := people(t, s, "Ann", "Ben")
	ss := s.store.(store.Seats)
	resp := openTable2(t, s, who[0], 2, 0)
	mine := func(p Identity) []store.PlayerSeat {
		rows, err := ss.PlayerSeats(ctx, p.ID, 10)
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	if rows := mine(who[0]); len(rows) != 1 || rows[0].Token != resp.Tokens[0] || rows[0].Turn {
		t.Fatalf("Ann's seat at a table still waiting for players: %+v", rows)
	}
	if _, err := s.TakeSeat(ctx, resp.ID, who[1], false); err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, resp.ID)
	askEveryWindow(l)
	l.locked(func() { l.seatsLocked(ctx) }) // as asked now
	rng := rand.New(rand.NewPCG(3, 4))
	turns := [2]int{}
	for range 20000 {
		var seat engine.Seat
		var k, count int
		var real bool
		l.locked(func() {
			seat, count = l.pending()
			k = len(l.moves)
			real = seat >= 0 && !l.autoMove(seat)
		})
		if seat == engine.None {
			break
		}
		if real {
			a, b := mine(who[0]), mine(who[1])
			if len(a) != 1 || len(b) != 1 || a[0].Turn != (seat == 0) || b[0].Turn != (seat == 1) {
				t.Fatalf("move %d, seat %d to decide: Ann %+v, Ben %+v", k, seat, a, b)
			}
			turns[seat]++
		}
		if err := l.Move(ctx, seat, k, rng.IntN(count)); err != nil {
			t.Fatal(err)
		}
	}
	a, b := mine(who[0]), mine(who[1])
	if !a[0].Over || a[0].Turn || !b[0].Over || b[0].Turn || turns[0] == 0 || turns[1] == 0 {
		t.Fatalf("at the end: Ann %+v, Ben %+v (turns %v)", a, b, turns)
	}
	vs, err := s.Create(ctx, CreateRequest{Seats: []string{Human, "normal"}, Mode: "random", Player: &who[1]})
	if err != nil {
		t.Fatal(err)
	}
	if rows := mine(who[1]); len(rows) != 2 || rows[0].Game != vs.ID && rows[1].Game != vs.ID {
		t.Fatalf("Ben's games with the computer's: %+v", rows)
	}
}

// What the lobby shows of a public game is what a spectator may know: the
// same whatever the hidden cards are (the game re-dealt as the spectator
// cannot tell apart), at every point of a game.
func TestTheLobbyShowsNothingHidden(t *testing.T) {
	ctx := context.Background()
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "lobbyhidden.db"))
	who := people(t, s, "Ann", "Ben")
	resp := openTable2(t, s, who[0], 2, 0)
	if _, err := s.TakeSeat(ctx, resp.ID, who[1], false); err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, resp.ID)
	askEveryWindow(l)
	rng := rand.New(rand.NewPCG(5, 6))
	for step := 0; step < 20000; step++ {
		var seat engine.Seat
		var k, count int
		l.locked(func() {
			seat, count = l.pending()
			k = len(l.moves)
			if step%25 != 0 {
				return
			}
			real, _ := json.Marshal(ListingOf(l.id, l.cfg, l.g))
			for r := range 3 {
				alt, _ := json.Marshal(ListingOf(l.id, l.cfg, l.g.Redeal(engine.None, uint64(step*4+r))))
				if string(real) != string(alt) {
					t.Fatalf("move %d: the listing depends on hidden cards:\n%s\n%s", k, real, alt)
				}
			}
		})
		if seat == engine.None {
			break
		}
		if err := l.Move(ctx, seat, k, rng.IntN(count)); err != nil {
			t.Fatal(err)
		}
	}
}
