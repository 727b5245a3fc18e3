package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store/pgtest"
)

// TestPostgresLeases: a game's lease has one holder at a time; it moves to
// another instance only once it has expired (its holder stopped renewing)
// or its holder let it expire; an expired lease is an orphan to take.
func TestPostgresLeases(t *testing.T) {
	ctx := context.Background()
	p, err := OpenPostgres(ctx, pgtest.Fresh(t))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ttl := 300 * time.Millisecond
	if ok, err := p.TakeLease(ctx, "g", "a", ttl); !ok || err != nil {
		t.Fatalf("a free lease: %v %v", ok, err)
	}
	if ok, err := p.TakeLease(ctx, "g", "b", ttl); ok || err != nil {
		t.Fatalf("a lease held by another instance was taken: %v %v", ok, err)
	}
	if ok, _ := p.TakeLease(ctx, "g", "a", ttl); !ok {
		t.Fatal("the holder could not renew its lease")
	}
	if o, _ := p.Orphans(ctx, 10); len(o) != 0 {
		t.Fatalf("orphans while held: %v", o)
	}
	time.Sleep(ttl + 100*time.Millisecond) // a stops renewing
	if o, _ := p.Orphans(ctx, 10); !slices.Equal(o, []string{"g"}) {
		t.Fatalf("orphans after expiry: %v", o)
	}
	if ok, _ := p.TakeLease(ctx, "g", "b", ttl); !ok {
		t.Fatal("an expired lease was not taken over")
	}
	if held, _ := p.RenewLeases(ctx, "a", []string{"g"}, ttl); len(held) != 0 {
		t.Fatalf("the old holder renewed a lease taken over: %v", held)
	}
	if held, _ := p.RenewLeases(ctx, "b", []string{"g"}, ttl); !slices.Equal(held, []string{"g"}) {
		t.Fatalf("the holder's renewal: %v", held)
	}
	if err := p.ExpireLeases(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := p.TakeLease(ctx, "g", "a", ttl); !ok {
		t.Fatal("a lease let go was not taken at once")
	}
	p.DropLease(ctx, "g", "b") // not b's: kept
	if ok, _ := p.TakeLease(ctx, "g", "b", ttl); ok {
		t.Fatal("DropLease dropped another holder's lease")
	}
	p.DropLease(ctx, "g", "a")
	if ok, _ := p.TakeLease(ctx, "g", "b", ttl); !ok {
		t.Fatal("a dropped lease was not free")
	}
}

// TestPostgresPresence: an instance sees the pages open on the others,
// until their heartbeat stops; then when the seat was last seen.
func TestPostgresPresence(t *testing.T) {
	ctx := context.Background()
	p, err := OpenPostgres(ctx, pgtest.Fresh(t))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ttl := 300 * time.Millisecond
	if err := p.PutPresence(ctx, "a", []Presence{{Game: "g", Seat: 1, Conns: 2}, {Game: "g", Seat: 0, Conns: 0, Age: time.Minute}}); err != nil {
		t.Fatal(err)
	}
	p.PutPresence(ctx, "b", []Presence{{Game: "g", Seat: 1, Conns: 1}})
	p.PutPresence(ctx, "c", []Presence{{Game: "g", Seat: 1, Conns: 0, Age: time.Hour, Asked: true, AskAll: true, AskAge: time.Second}})
	p.PutPresence(ctx, "d", []Presence{{Game: "g", Seat: 1, Conns: 0, Age: time.Hour, Asked: true, AskAll: false, AskAge: time.Minute}})
	got, err := p.Presence(ctx, "b", []string{"g"}, ttl)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(got, func(x, y Presence) int { return x.Seat - y.Seat })
	if len(got) != 2 || got[0].Conns != 0 || got[0].Age < 59*time.Second || got[0].Asked ||
		got[1].Conns != 2 || got[1].Age > time.Second || !got[1].Asked || !got[1].AskAll || got[1].AskAge > 2*time.Second {
		t.Fatalf("b sees %+v", got)
	}
	time.Sleep(ttl + 100*time.Millisecond) // a stops renewing
	got, _ = p.Presence(ctx, "b", []string{"g"}, ttl)
	slices.SortFunc(got, func(x, y Presence) int { return x.Seat - y.Seat })
	if len(got) != 2 || got[1].Conns != 0 || got[1].Age < ttl {
		t.Fatalf("after a's heartbeat stopped b sees %+v", got)
	}
	p.DropPresence(ctx, "a")
	p.DropPresence(ctx, "c")
	p.DropPresence(ctx, "d")
	if got, _ = p.Presence(ctx, "b", []string{"g"}, ttl); len(got) != 0 {
		t.Fatalf("after a dropped its rows b sees %+v", got)
	}
}

// Token buckets and game ownership are shared: two connections (instances)
// taking tokens or adding games at once never go over the limits.
func TestPostgresSharedLimits(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Fresh(t)
	a, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var mu sync.Mutex
	took, owned := 0, 0
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := []*Postgres{a, b}[i%2]
			ok, err := s.TakeToken(ctx, "move 10.0.0.1", 0.001, 5)
			if err != nil {
				t.Error(err)
			}
			_, mine, err := s.OwnGame(ctx, fmt.Sprintf("g%d", i), "10.0.0.1", 3, time.Minute)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if ok {
				took++
			}
			if mine {
				owned++
			}
		}()
	}
	wg.Wait()
	if took != 5 || owned != 3 {
		t.Fatalf("20 requests at once took %d tokens of 5 and added %d games of 3", took, owned)
	}
	if ok, _ := a.TakeToken(ctx, "move 10.0.0.2", 0.001, 5); !ok {
		t.Fatal("another address's bucket is empty")
	}
	if ok, _ := a.TakeToken(ctx, "hint 10.0.0.1", 0.001, 5); !ok {
		t.Fatal("another kind's bucket is empty")
	}
	// a bucket refills at its rate
	if ok, _ := a.TakeToken(ctx, "fast", 100, 1); !ok {
		t.Fatal("a new bucket is empty")
	}
	if ok, _ := a.TakeToken(ctx, "fast", 100, 1); ok {
		t.Fatal("an empty bucket gave a token")
	}
	time.Sleep(30 * time.Millisecond)
	if ok, _ := a.TakeToken(ctx, "fast", 100, 1); !ok {
		t.Fatal("a bucket did not refill")
	}
	// a game let go, or whose row expired, no longer counts
	n, ok, err := a.OwnGame(ctx, "more", "10.0.0.1", 3, time.Minute)
	if err != nil || ok || n != 3 {
		t.Fatalf("a fourth game: %d %v %v", n, ok, err)
	}
	var ids []string
	a.pool.QueryRow(ctx, `SELECT array_agg(game_id ORDER BY game_id) FROM owned_games`).Scan(&ids)
	if err := b.DisownGame(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := a.OwnGame(ctx, "more", "10.0.0.1", 3, 50*time.Millisecond); !ok {
		t.Fatal("a game let go still counts")
	}
	if err := a.RenewOwned(ctx, ids[1:], time.Minute); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if n, ok, _ := a.OwnGame(ctx, "again", "10.0.0.1", 3, time.Minute); !ok || n != 2 {
		t.Fatalf("an expired game still counts: %d %v", n, ok)
	}
	if err := a.SweepLimits(ctx); err != nil {
		t.Fatal(err)
	}
}
