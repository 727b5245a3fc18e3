package cards_test

import (
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
)

// A card taken into a hand from a discard pile is told to every seat by
// name: the pile is face up, so at a table everyone sees which card it is.
func TestTakingFromTheDiscardPileIsTold(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Grave Digger"}, Discard: []string{"Walker", "Invader"}},
			{Hand: []string{"Collector"}, Deck: []string{"King Rex"}},
		},
		Bases: []engine.SetupBase{{Base: "Jungle Oasis"}},
		Phase: engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	from := g.EvSeq
	pick(t, g, engine.OptPlay, "Grave Digger")
	if d, ok := g.Decision(); ok && d.Options[0].Kind == engine.OptBase {
		answer(t, g, "a base", func(o engine.Option) bool { return o.Kind == engine.OptBase })
	}
	answer(t, g, "Walker", func(o engine.Option) bool { return o.Card >= 0 && g.Name(o.Card) == "Walker" })
	names := present.Names{"Alice", "Bob"}
	for _, seat := range []engine.Seat{0, 1, engine.NoSeat} {
		var lines []string
		for _, ev := range g.EventViews(seat, from) {
			lines = append(lines, present.Event(ev, names))
		}
		if l := strings.Join(lines, "\n"); !strings.Contains(l, "Alice takes Walker from their discard pile into their hand because of Grave Digger") {
			t.Errorf("seat %d's log does not tell which card went into Alice's hand:\n%s", seat, l)
		}
	}
}
