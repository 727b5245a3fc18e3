package engine_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/present"
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

// The card that caused an event is named, like its other cards, only to the
// seats that could see it then: a card in play to everyone, a card in a hand
// to its holder. The others learn that a card caused it, not which (its
// instance number is not shown either), and a re-deal for the holder keeps
// it (Redeal: cards the log named).
func TestCauseAudiences(t *testing.T) {
	g, _, err := match.DealRandom(3, 11)
	if err != nil {
		t.Fatal(err)
	}
	c := g.Hand(0)[0]
	name := g.Name(c)
	g.EmitCaused(engine.Event{Kind: engine.EvShuffle, Player: 0, Card: engine.None, Base: engine.None}, c)
	for seat, want := range map[int]bool{0: true, 1: false, 2: false, engine.None: false} {
		evs := g.EventViews(engine.Seat(seat), g.EvSeq-1)
		e := evs[len(evs)-1]
		if got := e.CauseName == name && e.Cause == c && !e.CauseHidden; got != want {
			t.Errorf("an event caused by a card in player 1's hand, seat %d: cause named %v (%+v), want %v", seat, got, e, want)
		}
		if !want && (!e.CauseHidden || e.Cause != engine.None || e.CauseName != "") {
			t.Errorf("seat %d: a hidden cause shows as hidden, without its instance: %+v", seat, e)
		}
		line := present.Event(e, nil)
		if wantLine := map[bool]string{true: "Player 1 shuffles their deck because of " + name, false: "Player 1 shuffles their deck because of a card"}[want]; line != wantLine {
			t.Errorf("seat %d: %q, want %q", seat, line, wantLine)
		}
	}
	for seed := uint64(0); seed < 8; seed++ {
		if r := g.Redeal(0, seed); r.Cards[c].Def != g.Cards[c].Def {
			t.Fatalf("a re-deal for player 1 changed the cause it was shown")
		}
	}
	m := g.Bases[0].Card // a base in play is public: its ability names it to everyone
	g.EmitCaused(engine.Event{Kind: engine.EvDraw, Player: 1, Num: 1, Card: engine.None, Base: engine.None}, m)
	for _, seat := range []engine.Seat{0, 1, 2, engine.None} {
		evs := g.EventViews(seat, g.EvSeq-1)
		if e := evs[len(evs)-1]; e.Cause != m || e.CauseName != g.Name(m) || e.CauseHidden {
			t.Errorf("seat %d: a base's ability is named to everyone: %+v", seat, e)
		}
	}
}
