package engine_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
)

// Who may see the cards of an event is decided when it happens: a log line
// about a card in a hand names it to its holder only; a card given from one
// hand to another is named to those two players; a card discarded from a hand
// is public.
func TestEventAudiences(t *testing.T) {
	g, _, err := match.DealRandom(3, 11)
	if err != nil {
		t.Fatal(err)
	}
	c := g.Hand(0)[0]
	name := g.Name(c)
	seen := func(seat engine.Seat) (bool, string) {
		evs := g.EventViews(seat, g.EvSeq-1)
		e := evs[len(evs)-1]
		return !e.CardHidden && e.CardName == name, e.Text
	}
	g.Log(0, "looks at {}", c)
	for seat, want := range map[int]bool{0: true, 1: false, 2: false, engine.None: false} {
		if ok, text := seen(engine.Seat(seat)); ok != want {
			t.Errorf("a log line about a card in player 1's hand, seat %d: named %v (%q), want %v", seat, ok, text, want)
		}
	}
	g.Give(0, c, 1)
	for seat, want := range map[int]bool{0: true, 1: true, 2: false, engine.None: false} {
		if ok, _ := seen(engine.Seat(seat)); ok != want {
			t.Errorf("a card given from player 1's hand to player 2's, seat %d: named %v, want %v", seat, ok, want)
		}
	}
	if evs := g.EventViews(2, g.EvSeq-1); evs[0].Card != engine.None {
		t.Errorf("a hidden card's instance number is shown: %d", evs[0].Card)
	}
	g.DiscardCard(c)
	for _, seat := range []int{0, 1, 2, engine.None} {
		if ok, _ := seen(engine.Seat(seat)); !ok {
			t.Errorf("a card discarded from a hand is public, seat %d does not see it", seat)
		}
	}
}
