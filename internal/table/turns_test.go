package table

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// turnRecorder keeps what a turn-based game told and when its stand-ins
// moved.
type turnRecorder struct {
	mu       sync.Mutex
	notices  []TurnNotice
	standIns []time.Time
}

func (r *turnRecorder) notice(n TurnNotice) {
	r.mu.Lock()
	r.notices = append(r.notices, n)
	r.mu.Unlock()
}

func (r *turnRecorder) got() ([]TurnNotice, []time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]TurnNotice(nil), r.notices...), append([]time.Time(nil), r.standIns...)
}

// A turn-based game waits for a person's decision until its time runs out
// (a stand-in does nothing before), then a computer plays for the absent
// person; the person whose page is closed is told of each decision asked
// of them; only the seat asked sees its clock.
func TestATurnBasedGameWaitsForItsTime(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "turns.db"))
	s.SetTick(20 * time.Millisecond)
	const unit = 300 * time.Millisecond
	s.SetTurnUnit(unit)
	rec := &turnRecorder{}
	s.OnTurn = rec.notice
	s.AfterStandIn = func(l *Table, seat engine.Seat, n int) {
		rec.mu.Lock()
		rec.standIns = append(rec.standIns, time.Now())
		rec.mu.Unlock()
	}
	ctx := context.Background()
	for _, bad := range []CreateRequest{
		{Seats: []string{"human", "human"}, TurnHours: MaxTurnHours + 1},
		{Seats: []string{"human", "human"}, TurnHours: -1},
		{Seats: []string{"human", "human"}, TurnHours: 24, PassAndPlay: true},
		{Seats: []string{"human", "human"}, TurnHours: 24, StandIn: 60},
	} {
		if _, err := s.Create(ctx, bad); err == nil {
			t.Fatalf("accepted %+v", bad)
		}
	}
	ann := Identity{ID: "p-ann", Name: "Ann"}
	cr, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random", TurnHours: 1, Player: &ann})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, cr.ID)
	askEveryWindow(l)
	// Ann (seat 0) answers at once, by the API, with no page open; seat 1
	// never comes
	var asked1 time.Time // when seat 1's first real decision was asked
	deadline := time.Now().Add(20 * time.Second)
	seat0 := 0
	for time.Now().Before(deadline) {
		var who engine.Seat
		var n int
		var auto bool
		var due0, due1 int64
		l.locked(func() {
			who, _ = l.pending()
			n = len(l.moves)
			auto = who >= 0 && l.autoMove(who)
			due0, due1 = l.messageLocked(0).TurnDue, l.messageLocked(1).TurnDue
			if m := l.messageLocked(engine.NoSeat); m.TurnDue != 0 || m.TurnHours != 1 {
				t.Errorf("a spectator is told %d, %d", m.TurnDue, m.TurnHours)
			}
		})
		if who == engine.NoSeat {
			break
		}
		_, si := rec.got()
		if len(si) >= 4 {
			break
		}
		switch {
		case auto:
			time.Sleep(5 * time.Millisecond)
		case who == 0 && due0 == 0:
			time.Sleep(5 * time.Millisecond) // the clock is written with the move's mark, or at the janitor's next look
		case who == 0:
			if due1 != 0 {
				t.Fatalf("seat 0's decision: seat 0 sees the clock %d, seat 1 %d", due0, due1)
			}
			if err := l.Move(ctx, 0, n, 0); err != nil && !errors.Is(err, ErrStale) {
				t.Fatal(err)
			}
			seat0++
		default:
			if due1 == 0 && asked1.IsZero() {
				time.Sleep(5 * time.Millisecond) // the clock is written with the move's mark
				continue
			}
			if asked1.IsZero() {
				asked1 = time.Now()
				if due0 != 0 {
					t.Fatalf("seat 1's decision: seat 0 sees a clock")
				}
				if left := time.Until(time.UnixMilli(due1)); left < unit/2 || left > unit {
					t.Fatalf("seat 1's clock runs out in %v, not about %v", left, unit)
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	notices, standIns := rec.got()
	if asked1.IsZero() || len(standIns) == 0 {
		t.Fatalf("seat 1 was never stood in for (asked at %v)", asked1)
	}
	if early := standIns[0].Sub(asked1); early < unit/2 {
		t.Fatalf("the stand-in played %v after seat 1 was asked, before its time (%v) ran out", early, unit)
	}
	// Ann was told of her decisions (her page was never open), nobody of
	// seat 1's (no identity)
	if len(notices) == 0 || seat0 == 0 {
		t.Fatalf("%d notices for %d of Ann's decisions", len(notices), seat0)
	}
	for _, n := range notices {
		if n.Player != ann.ID || n.Game != cr.ID || n.Seat != 0 || n.Token != cr.Tokens[0] || n.Due.IsZero() {
			t.Fatalf("notice %+v", n)
		}
	}
	if len(notices) > seat0+1 {
		t.Fatalf("%d notices for %d of Ann's decisions: some told twice", len(notices), seat0)
	}
	// an open page is not told
	sub := NewSubscriber(0, 256)
	var first Message
	l.Subscribe(sub, &first)
	time.Sleep(100 * time.Millisecond) // (a notice sent before may still be on its way)
	notices, _ = rec.got()
	before := len(notices)
	for i := 0; i < 20; i++ {
		var who engine.Seat
		var n int
		l.locked(func() { who, _ = l.pending(); n = len(l.moves) })
		if who != 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		l.Move(ctx, 0, n, 0)
	}
	if notices, _ := rec.got(); len(notices) != before {
		t.Fatalf("told %d times more with the page open", len(notices)-before)
	}
	// a decision asked while her page was open, and the page closed: once
	// half its time has gone, Ann is told, once
	var asked bool
	for i := 0; i < 200 && !asked; i++ {
		l.locked(func() { c := l.clock; asked = c != nil && c.Seat == 0 && c.Move == len(l.moves) && !c.Told })
		if !asked {
			var n int
			var who engine.Seat
			l.locked(func() { who, _ = l.pending(); n = len(l.moves) })
			if who == 0 {
				l.Move(ctx, 0, n, 0)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	if !asked {
		t.Fatal("no decision of Ann's asked with her page open")
	}
	l.Unsubscribe(sub)
	closed := time.Now()
	var reminded time.Time
	for time.Since(closed) < 3*time.Second && reminded.IsZero() {
		if got, _ := rec.got(); len(got) > before {
			reminded = time.Now()
		}
		time.Sleep(5 * time.Millisecond)
	}
	if reminded.IsZero() {
		t.Fatal("Ann was never reminded of the decision asked while her page was open")
	}
	time.Sleep(unit)
	if got, _ := rec.got(); len(got) != before+1 {
		t.Fatalf("reminded %d times", len(got)-before)
	}
}

// The clock is kept in the store: a restart neither restarts it nor
// forgets the game, whose stand-in plays once its time has run out (the
// game is loaded for it).
func TestATurnBasedClockOutlivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "restart.db")
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	s := New(st)
	const unit = 1500 * time.Millisecond
	s.SetTurnUnit(unit)
	ctx := context.Background()
	cr, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random", TurnHours: 1})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, cr.ID)
	var c *store.Clock
	for i := 0; i < 200 && c == nil; i++ { // a real decision of a person
		var who engine.Seat
		var n int
		l.locked(func() { who, _ = l.pending(); n = len(l.moves); c = l.clock })
		if c != nil && c.Seat >= 0 {
			break
		}
		c = nil
		if err := l.Move(ctx, who, n, 0); err != nil && !errors.Is(err, ErrStale) {
			t.Fatal(err)
		}
	}
	if c == nil {
		t.Fatal("no clock")
	}
	var moves int
	l.locked(func() { moves = len(l.moves) })
	s.Close()
	st.Close()

	// the server is down when the time runs out
	time.Sleep(time.Until(c.Due) + 200*time.Millisecond)
	st, err = store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s = New(st)
	defer s.Close()
	s.SetTurnUnit(unit)
	played := make(chan time.Time, 16)
	s.AfterStandIn = func(l *Table, seat engine.Seat, n int) {
		if int(seat) == c.Seat {
			played <- time.Now()
		}
	}
	// a round of the janitor (as it runs every few seconds)
	s.dueTurns(ctx, time.Now(), true)
	s.mu.Lock()
	l2 := s.games[cr.ID]
	s.mu.Unlock()
	if l2 == nil {
		t.Fatal("the game whose time ran out was not loaded")
	}
	var kept *store.Clock
	l2.locked(func() { kept = l2.clock })
	if kept == nil || !kept.Since.Equal(c.Since) || kept.Move != moves {
		t.Fatalf("the clock after the restart: %+v, before %+v", kept, c)
	}
	s.standIns(time.Now())
	select {
	case <-played:
	case <-time.After(10 * time.Second):
		t.Fatal("no stand-in played after the restart")
	}
}

// Over two instances on PostgreSQL, one clock: the instance that sees a
// decision asked first writes it and tells the person, the other reads it;
// when the first is gone, the other loads the game whose time ran out and
// its stand-in plays.
func TestATurnBasedGameOverTwoInstances(t *testing.T) {
	a, b := twoInstances(t)
	const unit = 600 * time.Millisecond
	a.SetTurnUnit(unit)
	b.SetTurnUnit(unit)
	rec := &turnRecorder{}
	a.OnTurn, b.OnTurn = rec.notice, rec.notice
	ctx := context.Background()
	ann := Identity{ID: "p-ann-turns", Name: "Ann"}
	cr, err := a.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random", TurnHours: 1, Player: &ann})
	if err != nil {
		t.Fatal(err)
	}
	la, _ := a.Game(ctx, cr.ID)
	var c *store.Clock
	for i := 0; i < 300; i++ { // to a real decision of seat 1 (Ann, seat 0, answers)
		var who engine.Seat
		var n int
		la.locked(func() { who, _ = la.pending(); n = len(la.moves); c = la.clock })
		if c != nil && c.Seat == 1 && c.Move == n {
			break
		}
		c = nil
		if who != 0 && who != 1 {
			t.Fatalf("seat %d to decide", who)
		}
		if err := la.Move(ctx, who, n, 0); err != nil && !errors.Is(err, ErrStale) {
			t.Fatal(err)
		}
	}
	if c == nil {
		t.Fatal("seat 1 was never asked a real decision")
	}
	// b sees the game too: the same clock, nobody told again
	lb, err := b.Game(ctx, cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	told, _ := rec.got()
	var cb *store.Clock
	for i := 0; i < 100; i++ {
		lb.locked(func() {
			if len(lb.moves) == c.Move { // (told of a's moves by the store)
				lb.clockLocked(ctx)
				cb = lb.clock
			}
		})
		if cb != nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if cb == nil || !cb.Since.Equal(c.Since) || cb.Seat != 1 {
		t.Fatalf("the other instance's clock: %+v, the first's %+v", cb, c)
	}
	if again, _ := rec.got(); len(again) != len(told) {
		t.Fatalf("told %d times more by the other instance", len(again)-len(told))
	}
	// the first instance is gone; once the time has run out the other
	// loads the game and plays for seat 1
	a.Close()
	played := make(chan struct{}, 16)
	b.AfterStandIn = func(l *Table, seat engine.Seat, n int) {
		if seat == 1 {
			played <- struct{}{}
		}
	}
	time.Sleep(time.Until(c.Due) + 100*time.Millisecond)
	deadline := time.After(20 * time.Second)
	for {
		b.dueTurns(ctx, time.Now(), true)
		b.standIns(time.Now())
		select {
		case <-played:
			return
		case <-deadline:
			t.Fatal("no stand-in played on the other instance")
		case <-time.After(200 * time.Millisecond):
		}
	}
}
