package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store/pgtest"
)

// exerciseTurns runs the Turns contract: a game's clock replaced and
// removed, the games overdue found by any instance, subscriptions kept by
// endpoint and per player, and one key pair for every instance.
func exerciseTurns(t *testing.T, s, other interface {
	Store
	Turns
}) {
	ctx := context.Background()
	sfx := fmt.Sprint(time.Now().UnixNano())
	g1, g2 := "t1"+sfx, "t2"+sfx
	now := time.UnixMilli(time.Now().UnixMilli())
	if c, err := s.GetClock(ctx, g1); c != nil || err != nil {
		t.Fatalf("a clock before any: %+v %v", c, err)
	}
	put := func(st Turns, g string, c Clock, want bool) {
		t.Helper()
		if wrote, err := st.PutClock(ctx, g, c); err != nil || wrote != want {
			t.Fatalf("clock %+v of %s: wrote %v, %v", c, g, wrote, err)
		}
	}
	put(s, g1, Clock{Seat: 1, Move: 7, Since: now, Due: now.Add(time.Hour)}, true)
	put(other, g1, Clock{Seat: 1, Move: 7, Since: now.Add(time.Second), Due: now.Add(2 * time.Hour)}, false) // another instance saw it too
	put(other, g1, Clock{Seat: 0, Move: 6, Since: now, Due: now}, false)                                     // an instance behind
	put(other, g1, Clock{Seat: -1, Move: 7, Since: now}, true)                                               // the same decision, answered by the server after all
	put(other, g1, Clock{Seat: 1, Move: 7, Since: now, Due: now.Add(time.Hour)}, true)
	put(other, g2, Clock{Seat: 0, Move: 3, Since: now.Add(-2 * time.Hour), Due: now.Add(-time.Hour)}, true)
	if c, err := other.GetClock(ctx, g1); err != nil || c == nil || c.Seat != 1 || c.Move != 7 || !c.Since.Equal(now) || !c.Due.Equal(now.Add(time.Hour)) {
		t.Fatalf("the clock read back: %+v %v", c, err)
	}
	due := func(at time.Time, want ...string) {
		t.Helper()
		ids, err := s.DueClocks(ctx, at, 10)
		if err != nil || fmt.Sprint(ids) != fmt.Sprint(want) {
			t.Fatalf("due at %v: %v %v, want %v", at.Sub(now), ids, err, want)
		}
	}
	due(now, g2)
	due(now.Add(2*time.Hour), g2, g1)
	// one instance tells the person
	for i, st := range []Turns{s, other, s} {
		if told, err := st.MarkTold(ctx, g2, 3); err != nil || told != (i == 0) {
			t.Fatalf("told by instance %d: %v %v", i, told, err)
		}
	}
	if told, _ := s.MarkTold(ctx, g2, 2); told {
		t.Fatal("a clock of another move marked told")
	}
	if c, _ := other.GetClock(ctx, g2); c == nil || !c.Told {
		t.Fatalf("the told clock read back: %+v", c)
	}
	// the turn passes: the clock is replaced
	put(s, g2, Clock{Seat: 1, Move: 4, Since: now, Due: now.Add(3 * time.Hour)}, true)
	due(now.Add(2*time.Hour), g1)
	put(s, g1, Clock{Seat: -1, Move: 9, Since: now}, true) // a computer's decision: nobody is waited on
	due(now.Add(4*time.Hour), g2)
	if err := other.DropClock(ctx, g2); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.GetClock(ctx, g2); c != nil {
		t.Fatalf("a dropped clock: %+v", c)
	}
	due(now.Add(4 * time.Hour))
	s.DropClock(ctx, g1)

	ann := "ann" + sfx
	for i := 0; i < 4; i++ {
		if err := s.Subscribe(ctx, PushSub{Player: ann, Endpoint: fmt.Sprint("https://push.example/", sfx, "/", i), P256dh: "k", Auth: "a"}, 3); err != nil {
			t.Fatal(err)
		}
	}
	// the same browser again, with new keys
	if err := other.Subscribe(ctx, PushSub{Player: ann, Endpoint: fmt.Sprint("https://push.example/", sfx, "/", 2), P256dh: "k2", Auth: "a2"}, 3); err != nil {
		t.Fatal(err)
	}
	subs, err := other.Subscriptions(ctx, ann)
	if err != nil || len(subs) != 3 || subs[0].P256dh != "k2" || subs[0].Endpoint != fmt.Sprint("https://push.example/", sfx, "/", 2) {
		t.Fatalf("Ann's subscriptions: %+v %v", subs, err)
	}
	if err := s.Unsubscribe(ctx, "ben"+sfx, subs[0].Endpoint); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Subscriptions(ctx, ann); len(got) != 3 {
		t.Fatalf("someone else unsubscribed Ann: %+v", got)
	}
	if err := s.Unsubscribe(ctx, ann, subs[0].Endpoint); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Subscriptions(ctx, ann); len(got) != 2 {
		t.Fatalf("after unsubscribing: %+v", got)
	}

	priv, pub, err := s.VAPIDKeys(ctx)
	if err != nil || len(priv) != 43 || len(pub) != 87 {
		t.Fatalf("keys: %q %q %v", priv, pub, err)
	}
	if p2, q2, err := other.VAPIDKeys(ctx); err != nil || p2 != priv || q2 != pub {
		t.Fatalf("another instance's keys: %q %q %v", p2, q2, err)
	}
}

func TestSQLiteTurns(t *testing.T) {
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exerciseTurns(t, s, s)
}

func TestPostgresTurns(t *testing.T) {
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
	exerciseTurns(t, a, b)
}
