package table

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// A person who leaves is shown as away to everyone; after the game's
// stand-in time a computer plays for them, and they take the seat back when
// they return.
func TestStandInForAnAbsentPlayer(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "si.db"))
	s.SetTick(20 * time.Millisecond)
	ctx := context.Background()
	if _, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, StandIn: maxStandIn + 1}); err == nil {
		t.Fatal("a stand-in time over the longest was accepted")
	}
	cr, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random", StandIn: 1})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, cr.ID)
	// seat 1 is at the table; seat 0 never comes
	sub := NewSubscriber(1, 64)
	var first Message
	l.Subscribe(sub, &first)
	if !first.Seats[0].Away || first.Seats[1].Away || first.Seats[0].StandIn {
		t.Fatalf("seats as seen at first: %+v", first.Seats)
	}
	// within a few seconds the computer makes seat 0's decisions
	deadline := time.Now().Add(10 * time.Second)
	var standing bool
	for time.Now().Before(deadline) {
		l.mu.Lock()
		standing = l.pres.standing[0]
		who, _ := l.pending()
		l.mu.Unlock()
		if standing && who != 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	m := l.Message(1)
	if !standing || !m.Seats[0].StandIn {
		t.Fatalf("no stand-in after the stand-in time: %+v", m.Seats)
	}
	if who, _ := func() (engine.Seat, int) { l.mu.Lock(); defer l.mu.Unlock(); return l.pending() }(); who == 0 {
		t.Fatal("the stand-in did not play seat 0's decision")
	}
	// seat 0 comes back
	back := NewSubscriber(0, 64)
	l.Subscribe(back, &first)
	if first.Seats[0].Away || first.Seats[0].StandIn {
		t.Fatalf("seat 0 is back but shown %+v", first.Seats[0])
	}
	// and is not played for any more
	l.mu.Lock()
	p := l.standInLocked(0)
	l.mu.Unlock()
	if p != nil {
		t.Fatal("the stand-in still plays for a person who is back")
	}
}
