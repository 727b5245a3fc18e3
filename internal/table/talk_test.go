package table

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

func talkOf(l *Table, seat int) []string {
	var out []string
	l.locked(func() {
		for _, x := range l.messageLocked(0).Talk {
			if seat < 0 || x.Seat == seat {
				out = append(out, x.Phrase)
			}
		}
	})
	return out
}

// What is said at a table is a preset phrase, one every 2 seconds a seat,
// by people only; it is kept with the game (a restart shows it) and no part
// of the game's record.
func TestTableTalkIsPresetPhrasesOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "talk.db")
	s := newSQLiteTables(t, path)
	resp, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{Human, Human, "normal"}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, resp.ID)
	if err := l.Say(ctx, 0, "hello"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		seat   int
		phrase string
		want   error
	}{
		{0, "nice", ErrTalkTooFast},
		{1, "you are bad", ErrUnknownPhrase},
		{1, "", ErrUnknownPhrase},
	} {
		if err := l.Say(ctx, engine.Seat(c.seat), c.phrase); !errors.Is(err, c.want) {
			t.Errorf("seat %d says %q: %v", c.seat, c.phrase, err)
		}
	}
	if err := l.Say(ctx, 2, "hello"); err == nil {
		t.Error("a computer's seat said something")
	}
	if err := l.Say(ctx, 1, "good-luck"); err != nil {
		t.Fatal(err)
	}
	if got := talkOf(l, -1); len(got) != 2 || got[0] != "hello" || got[1] != "good-luck" {
		t.Fatalf("talk: %v", got)
	}
	s.Close()
	s2 := newSQLiteTables(t, path)
	l2, err := s2.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := talkOf(l2, -1); len(got) != 2 {
		t.Fatalf("after a restart: talk %v", got)
	}
}

// Something said on one instance reaches the pages of another.
func TestTableTalkReachesEveryInstance(t *testing.T) {
	a, b := twoInstances(t)
	ctx := context.Background()
	resp, err := a.Create(ctx, CreateRequest{Seated: true, Seats: []string{Human, Human}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	la, _ := a.Game(ctx, resp.ID)
	lb, err := b.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	sub := NewSubscriber(0, 8)
	var first Message
	if !lb.Subscribe(sub, &first) {
		t.Fatal("subscribe")
	}
	if err := la.Say(ctx, 0, "have-fun"); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for {
		if got := talkOf(lb, 0); len(got) == 1 && got[0] == "have-fun" {
			break
		}
		select {
		case <-deadline:
			t.Fatal("what was said on one instance never reached the other")
		case <-time.After(20 * time.Millisecond):
		}
	}
	if err := lb.Say(ctx, 1, "thanks"); err != nil {
		t.Fatal(err)
	}
	if got := talkOf(la, 1); len(got) != 1 {
		for range 200 {
			time.Sleep(20 * time.Millisecond)
			if got = talkOf(la, 1); len(got) == 1 {
				break
			}
		}
		if len(got) != 1 {
			t.Fatalf("the other way: %v", got)
		}
	}
}

// A person blocked is never seated with the one who blocked them by Play
// now, and takes no seat at their table.
func TestBlockedPeopleAreNotSeatedTogether(t *testing.T) {
	ctx := context.Background()
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "block.db"))
	sfx := fmt.Sprintf(" %x", rand.Uint32())
	who := people(t, s, "Ann"+sfx, "Ben"+sfx, "Cat"+sfx)
	if err := s.talkStore().Block(ctx, who[0].ID, who[1].ID, true); err != nil {
		t.Fatal(err)
	}
	ann, err := s.QuickMatch(ctx, who[0], QuickRequest{Players: 2})
	if err != nil || !ann.Opened {
		t.Fatal(ann, err)
	}
	ben, err := s.QuickMatch(ctx, who[1], QuickRequest{Players: 2})
	if err != nil || ben.Game == ann.Game || !ben.Opened {
		t.Fatalf("Play now seats the blocked one with the blocker: %+v %v", ben, err)
	}
	// the other way round too: Ann, blocker, is not seated at Ben's table
	if _, err := s.TakeSeat(ctx, ben.Game, who[0], false); !errors.Is(err, ErrNotForYou) {
		t.Fatalf("the blocker takes the blocked one's seat: %v", err)
	}
	if _, err := s.TakeSeat(ctx, ann.Game, who[1], false); !errors.Is(err, ErrNotForYou) {
		t.Fatalf("the blocked one takes a seat at the blocker's table: %v", err)
	}
	cat, err := s.QuickMatch(ctx, who[2], QuickRequest{Players: 2})
	if err != nil || cat.Game != ann.Game {
		t.Fatalf("Cat joins the table that waited longest: %+v %v", cat, err)
	}
	if err := s.talkStore().Block(ctx, who[0].ID, who[1].ID, false); err != nil {
		t.Fatal(err)
	}
	if r, err := s.TakeSeat(ctx, ben.Game, who[0], false); err != nil || r.Token == "" {
		t.Fatalf("unblocked, Ann takes Ben's free seat: %v", err)
	}
}
