package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store/pgtest"
)

type playersStore interface {
	Store
	Players
}

// exercisePlayers runs the Players contract against s: identities with
// unique names, listings, results recorded once (also when two record at
// once) and a leaderboard.
func exercisePlayers(t *testing.T, s, other playersStore) {
	ctx := context.Background()
	mk := func(id, name string) Player {
		return Player{ID: id, Name: name, KeyHash: "h-" + id, Mu: 25, Sigma: 25.0 / 3}
	}
	for _, p := range []Player{mk("p1", "Alice"), mk("p2", "Bob"), mk("p3", "Carol")} {
		if err := s.CreatePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := other.CreatePlayer(ctx, mk("p4", "  ALICE ")); !errors.Is(err, ErrNameTaken) || !errors.Is(err, ErrConflict) {
		t.Fatalf("a name taken, folded: %v", err)
	}
	if _, err := s.Player(ctx, "p4"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a refused identity was kept: %v", err)
	}
	if p, err := other.PlayerByKey(ctx, "h-p2"); err != nil || p.ID != "p2" || p.Name != "Bob" {
		t.Fatalf("by key: %+v %v", p, err)
	}
	if _, err := s.PlayerByKey(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown key: %v", err)
	}
	if err := s.RenamePlayer(ctx, "p3", "bob"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("renamed to a name taken: %v", err)
	}
	if err := s.RenamePlayer(ctx, "p3", "Caroline"); err != nil {
		t.Fatal(err)
	}
	if err := s.RenamePlayer(ctx, "zz", "Zed"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("renaming nobody: %v", err)
	}
	if p, _ := s.Player(ctx, "p3"); p.Name != "Caroline" {
		t.Fatalf("renamed: %+v", p)
	}

	// listings: only those of stored games, oldest first, open ones with a free seat
	now := time.Now()
	for i, id := range []string{"ga", "gb", "gc", "gd"} {
		if err := s.Create(ctx, id, []byte(`{}`), "fp"); err != nil {
			t.Fatal(err)
		}
		free, seats := 1, 2+i%2
		if id == "gc" {
			free = 0
		}
		if err := s.PutListing(ctx, Listing{Game: id, Status: ListOpen, Seats: seats, Free: free, Info: []byte(`{"n":` + fmt.Sprint(i) + `}`), Created: now.Add(time.Duration(-i) * time.Minute)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PutListing(ctx, Listing{Game: "ghost", Status: ListOpen, Seats: 2, Free: 1, Info: []byte(`{}`), Created: now}); err != nil {
		t.Fatal(err)
	}
	ls, err := other.Listings(ctx, ListOpen, 0, now.Add(-time.Hour), 10)
	if err != nil || len(ls) != 3 || ls[0].Game != "gd" || ls[1].Game != "gb" || ls[2].Game != "ga" {
		t.Fatalf("open listings: %+v %v", ls, err)
	}
	if ls, _ := s.Listings(ctx, ListOpen, 3, now.Add(-time.Hour), 10); len(ls) != 2 || ls[0].Game != "gd" {
		t.Fatalf("open tables of 3: %+v", ls)
	}
	if err := s.PutListing(ctx, Listing{Game: "gb", Status: ListLive, Seats: 3, Free: 0, Info: []byte(`{"live":1}`), Created: now}); err != nil {
		t.Fatal(err)
	}
	if ls, _ := s.Listings(ctx, ListLive, 0, now.Add(-time.Hour), 10); len(ls) != 1 || string(ls[0].Info) != `{"live":1}` || ls[0].Created.UnixMilli() != now.Add(-time.Minute).UnixMilli() {
		t.Fatalf("live listings (created kept): %+v", ls)
	}
	if ls, _ := s.Listings(ctx, ListOpen, 0, now.Add(time.Hour), 10); len(ls) != 0 {
		t.Fatalf("listings not updated since: %+v", ls)
	}
	if l, err := s.Listing(ctx, "ga"); err != nil || l.Seats != 2 {
		t.Fatalf("one listing: %+v %v", l, err)
	}
	if _, err := s.Listing(ctx, "ghost"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the listing of no game: %v", err)
	}

	// results: recorded once, the ratings changed under the players' locks
	rate := func(in []Rating) []Rating {
		out := make([]Rating, len(in))
		for i, r := range in {
			out[i] = Rating{r.Mu + float64(len(in)-2*i), r.Sigma - 1}
		}
		return out
	}
	res := []Result{{Player: "p2", Name: "Bob", Seat: 1, Place: 1, Factions: "Aliens+Ninjas"}, {Player: "p1", Name: "Alice", Seat: 0, Place: 0, Factions: "Robots+Zombies"}}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	outs := make([][]Result, 2)
	for k, st := range []playersStore{s, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[k], errs[k] = st.RecordResult(ctx, "ga", true, res, rate)
		}()
	}
	wg.Wait()
	won := -1
	for k := range 2 {
		switch {
		case errs[k] == nil:
			won = k
		case !errors.Is(errs[k], ErrConflict):
			t.Fatalf("recording a result: %v", errs[k])
		}
	}
	if won < 0 || errs[0] == nil && errs[1] == nil {
		t.Fatalf("results recorded %v times", errs)
	}
	out := outs[won]
	if len(out) != 2 || out[0].Player != "p1" || out[0].After.Mu != 25 || out[1].After.Mu != 27 || !out[0].Rated {
		t.Fatalf("recorded: %+v", out)
	}
	if got, err := other.GameResults(ctx, "ga"); err != nil || len(got) != 2 || got[1].Before.Mu != 25 || got[1].After.Mu != 27 || got[0].Factions != "Robots+Zombies" {
		t.Fatalf("game results: %+v %v", got, err)
	}
	// an unrated game changes no rating, and is in the history
	if _, err := s.RecordResult(ctx, "gd", false, []Result{{Player: "p1", Seat: 0, Place: 1, At: now.Add(time.Second)}, {Player: "p3", Seat: 1, Place: 0, At: now.Add(time.Second)}}, rate); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordResult(ctx, "gx", true, []Result{{Player: "p1"}, {Player: "p1"}}, rate); err == nil {
		t.Fatal("a player with two results")
	}
	if _, err := s.RecordResult(ctx, "gy", true, []Result{{Player: "p1"}, {Player: "nobody"}}, rate); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a result of nobody: %v", err)
	}
	if got, _ := s.GameResults(ctx, "gy"); len(got) != 0 {
		t.Fatalf("a refused result was kept: %+v", got)
	}
	h, err := s.PlayerResults(ctx, "p1", 10)
	if err != nil || len(h) != 2 || h[0].Game != "gd" || h[0].Rated || h[1].Game != "ga" {
		t.Fatalf("history: %+v %v", h, err)
	}
	lb, err := other.Leaderboard(ctx, 10, 0)
	if err != nil || len(lb) != 2 || lb[0].ID != "p2" || lb[0].Games != 1 || lb[0].Wins != 0 || lb[1].Wins != 1 {
		t.Fatalf("leaderboard: %+v %v", lb, err)
	}
	if lb, _ := s.Leaderboard(ctx, 10, 1); len(lb) != 1 || lb[0].ID != "p1" {
		t.Fatalf("leaderboard from 1: %+v", lb)
	}
}

func TestSQLitePlayers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exercisePlayers(t, s, s)
	exercisePasskeys(t, s, s)
	exerciseTalk(t, s, s)
	exerciseSeats(t, s, s)
	s.Close()
	s, err = OpenSQLite(path) // kept, and the schema opens again
	if err != nil {
		t.Fatal(err)
	}
	if p, err := s.Player(context.Background(), "p1"); err != nil || p.Games != 1 {
		t.Fatalf("after reopening: %+v %v", p, err)
	}
}

// TestPostgresPlayers: two instances' connections to one database.
func TestPostgresPlayers(t *testing.T) {
	url := pgtest.Fresh(t)
	a, err := OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	exercisePlayers(t, a, b)
	exercisePasskeys(t, a, b)
	exerciseTalk(t, a, b)
	exerciseSeats(t, a, b)
}

// exercisePasskeys runs the Passkeys contract: keys given since the first
// find the player; a ceremony is taken once, and not after it expires;
// passkeys are kept by player and updated by credential.
func exercisePasskeys(t *testing.T, s, other interface {
	Players
	Passkeys
}) {
	ctx := context.Background()
	sfx := fmt.Sprint(time.Now().UnixNano())
	id := "pk" + sfx
	if err := s.CreatePlayer(ctx, Player{ID: id, Name: "Passkey " + sfx, KeyHash: "first-" + sfx, Mu: 25, Sigma: 8}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddPlayerKey(ctx, id, "second-"+sfx); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"first-", "second-"} {
		if p, err := other.PlayerByKey(ctx, k+sfx); err != nil || p.ID != id {
			t.Fatalf("by the %skey: %+v %v", k, p, err)
		}
	}
	if _, err := s.PlayerByKey(ctx, "third-"+sfx); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an unknown key: %v", err)
	}
	if err := s.PutCeremony(ctx, "c1"+sfx, id, []byte(`{"challenge":"x"}`), time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.PutCeremony(ctx, "c2"+sfx, "", []byte(`{}`), time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if p, d, err := other.TakeCeremony(ctx, "c1"+sfx); err != nil || p != id || string(d) != `{"challenge":"x"}` {
		t.Fatalf("take: %q %q %v", p, d, err)
	}
	if _, _, err := s.TakeCeremony(ctx, "c1"+sfx); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a ceremony taken twice: %v", err)
	}
	if _, _, err := s.TakeCeremony(ctx, "c2"+sfx); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an expired ceremony: %v", err)
	}
	if err := s.AddPasskey(ctx, id, []byte{1, 2}, []byte(`{"n":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.AddPasskey(ctx, id, []byte{1, 2}, []byte(`{"n":1}`)); err == nil {
		t.Fatal("one credential recorded twice")
	}
	if err := other.UpdatePasskey(ctx, []byte{1, 2}, []byte(`{"n":2}`)); err != nil {
		t.Fatal(err)
	}
	if err := other.UpdatePasskey(ctx, []byte{9}, []byte(`{}`)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("updating no passkey: %v", err)
	}
	if ks, err := s.PlayerPasskeys(ctx, id); err != nil || len(ks) != 1 || string(ks[0]) != `{"n":2}` {
		t.Fatalf("passkeys: %q %v", ks, err)
	}
}

// exerciseTalk runs the Talk contract: things said are numbered in their
// game and read back oldest first, the latest ones; blocks are kept both
// ways and forgotten.
func exerciseTalk(t *testing.T, s, other interface {
	Store
	Talk
}) {
	ctx := context.Background()
	g := fmt.Sprint("talk", time.Now().UnixNano())
	for i, p := range []string{"hello", "good-luck", "nice"} {
		x, err := []Talk{s, other}[i%2].Say(ctx, g, i%2, p)
		if err != nil || x.N != i+1 || x.Phrase != p {
			t.Fatalf("say %s: %+v %v", p, x, err)
		}
	}
	if xs, err := other.Talk(ctx, g, 2); err != nil || len(xs) != 2 || xs[0].Phrase != "good-luck" || xs[1].N != 3 || xs[1].Seat != 0 {
		t.Fatalf("talk: %+v %v", xs, err)
	}
	if xs, _ := s.Talk(ctx, "nosuchgame", 5); len(xs) != 0 {
		t.Fatalf("talk of no game: %+v", xs)
	}
	a, b := "ba"+g, "bb"+g
	if err := s.Block(ctx, a, b, true); err != nil {
		t.Fatal(err)
	}
	if err := other.Block(ctx, a, b, true); err != nil { // again: no error
		t.Fatal(err)
	}
	if bl, by, err := other.Blocked(ctx, a); err != nil || len(bl) != 1 || bl[0] != b || len(by) != 0 {
		t.Fatalf("blocked by a: %v %v %v", bl, by, err)
	}
	if bl, by, _ := s.Blocked(ctx, b); len(bl) != 0 || len(by) != 1 || by[0] != a {
		t.Fatalf("b blocked by: %v %v", bl, by)
	}
	if err := s.Block(ctx, a, b, false); err != nil {
		t.Fatal(err)
	}
	if bl, _, _ := s.Blocked(ctx, a); len(bl) != 0 {
		t.Fatalf("a block forgotten: %v", bl)
	}
}

// exerciseSeats runs the Seats contract: a game's rows replaced as a whole;
// a person's seats of stored games, those waiting on them first.
func exerciseSeats(t *testing.T, s, other interface {
	Store
	Seats
}) {
	ctx := context.Background()
	sfx := fmt.Sprint(time.Now().UnixNano())
	g1, g2, g3 := "s1"+sfx, "s2"+sfx, "s3"+sfx
	for _, g := range []string{g1, g2, g3} {
		if err := s.Create(ctx, g, []byte(`{}`), "fp"); err != nil {
			t.Fatal(err)
		}
	}
	ann, ben := "ann"+sfx, "ben"+sfx
	put := func(st interface{ Seats }, g string, rows ...PlayerSeat) {
		t.Helper()
		if err := st.PutSeats(ctx, g, rows); err != nil {
			t.Fatal(err)
		}
	}
	put(s, g1, PlayerSeat{Player: ann, Seat: 0, Token: "t1", Names: "Ann, Ben"}, PlayerSeat{Player: ben, Seat: 1, Token: "t2", Names: "Ann, Ben", Turn: true})
	put(other, g2, PlayerSeat{Player: ann, Seat: 1, Token: "t3", Names: "Cat, Ann", Turn: true})
	put(s, g3, PlayerSeat{Player: ann, Seat: 0, Token: "t4", Over: true})
	put(s, "ghost"+sfx, PlayerSeat{Player: ann, Seat: 0, Token: "t5"}) // a game not stored
	got, err := other.PlayerSeats(ctx, ann, 10)
	if err != nil || len(got) != 3 || got[0].Game != g2 || !got[0].Turn || got[0].Token != "t3" || got[1].Game != g1 || got[2].Game != g3 || !got[2].Over {
		t.Fatalf("Ann's seats: %+v %v", got, err)
	}
	// the turn passes: the game's rows are replaced
	put(other, g1, PlayerSeat{Player: ann, Seat: 0, Token: "t1", Turn: true}, PlayerSeat{Player: ben, Seat: 1, Token: "t2"})
	if got, _ := s.PlayerSeats(ctx, ben, 10); len(got) != 1 || got[0].Turn {
		t.Fatalf("Ben's seats after the turn passed: %+v", got)
	}
	put(s, g1) // nobody identified sits there any more
	if got, _ := s.PlayerSeats(ctx, ben, 10); len(got) != 0 {
		t.Fatalf("Ben's seats after his seat went: %+v", got)
	}
}
