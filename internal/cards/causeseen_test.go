package cards_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// An event names its cause to those who saw the ability begin, by the id
// they saw, even when the card has since gone out of their sight (issue 35,
// item 6): the Gray Wolf goes on top of its owner's deck, then its ability
// plays a minion (Collector, which returns another) and puts a +1 power counter on it, and the other player
// reads "from The Gray Wolf", not "from a card". The Wolf's id in the deck,
// which no one sees, is never named.
func TestACauseGoneFromSightIsNamedAsSeen(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Collector"}, Deck: []string{"Scout"}},
			{Deck: []string{"King Rex"}},
		},
		Bases: []engine.SetupBase{{Base: "Jungle Oasis", Cards: []engine.SetupCard{{Card: "The Gray Wolf", Owner: 0, Controller: -1, On: -1}, {Card: "Invader", Owner: 1, Controller: -1, On: -1}}}},
		Phase: engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	wolf := engine.CardID(cardNamed(g, "The Gray Wolf", engine.ZInPlay))
	seenID := g.PublicID(wolf)
	after := g.EvSeq
	pick(t, g, engine.OptUse, "The Gray Wolf")
	pick(t, g, engine.OptPlay, "Collector")
	for step := 0; step < 4; step++ { // Collector returns the Invader to its owner's hand (that card moved last)
		if d, ok := g.Decision(); ok && !g.MainDecision() {
			pick(t, g, d.Options[0].Kind, "Invader")
		}
	}
	if z := g.Cards[wolf].Zone; z != engine.ZDeck {
		t.Fatalf("the Gray Wolf is in zone %v, not the deck", z)
	}
	counters := 0
	for seat := engine.Seat(engine.None); seat < 2; seat++ {
		for _, v := range g.EventViews(seat, after) {
			if v.Kind != engine.EvCounter {
				continue
			}
			counters++
			if v.CauseHidden || v.CauseName != "The Gray Wolf" {
				t.Errorf("seat %d: the counter's cause is %q (hidden %v), want The Gray Wolf", seat, v.CauseName, v.CauseHidden)
			}
			if id := g.PublicIDAt(v.Cause, v.Inc[2]); id != seenID {
				t.Errorf("seat %d: the cause is named by id %d, not %d, the Wolf's id in play (its id now: %d)", seat, id, seenID, g.PublicID(wolf))
			}
		}
	}
	if counters != 3 {
		t.Errorf("%d counter events seen by the three views, want 3", counters)
	}
}

// Signs in the Stars' choice at the start of a turn is told in the log: the
// base's breakpoint changes, and everyone reads why.
func TestSignsInTheStarsSaysItTurnsTheTopBaseDown(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Deck: []string{"Invader", "Scout"}},
			{Deck: []string{"King Rex"}},
		},
		Bases:    []engine.SetupBase{{Base: "The Homeworld", Cards: []engine.SetupCard{{Card: "Signs in the Stars", Owner: 1, Controller: -1, On: -1}}}},
		BaseDeck: []string{"Cuzcu"},
		Phase:    engine.PhaseStart,
	})
	if err != nil {
		t.Fatal(err)
	}
	after := g.EvSeq
	pick(t, g, engine.OptYes, "")
	want := "turns the top card of the base deck face down with Signs in the Stars until the end of their turn"
	for seat := engine.Seat(engine.None); seat < 2; seat++ {
		told := false
		for _, v := range g.EventViews(seat, after) {
			told = told || v.Kind == engine.EvText && v.Player == 0 && v.Text == want
		}
		if !told {
			t.Errorf("seat %d is not told %q", seat, want)
		}
	}
}
