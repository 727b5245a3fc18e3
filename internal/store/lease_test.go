package store

import (
	"context"
	"slices"
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
