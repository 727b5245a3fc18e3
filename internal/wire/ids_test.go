package wire_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/wire"
)

// seatMessages is what seat is sent after each move: its table, decision and
// events, as JSON.
func seatMessages(g *engine.Game, seat engine.Seat) string {
	t, d := wire.Build(g, seat, nil)
	b, err := json.Marshal(frame{Table: t, Decision: d, Events: wire.SeatEvents(g, seat)})
	if err != nil {
		panic(err)
	}
	return string(b)
}

var idRe = regexp.MustCompile(`"(id|card)":(\d+)`)

// relabel renames the card ids of messages in the order they first appear
// (ids are opaque: only which ids are equal can tell anything).
func relabel(msgs []string) []string {
	names := map[string]int{}
	var out []string
	for _, m := range msgs {
		out = append(out, idRe.ReplaceAllStringFunc(m, func(s string) string {
			sub := idRe.FindStringSubmatch(s)
			n, ok := names[sub[2]]
			if !ok {
				n = len(names) + 1
				names[sub[2]] = n
			}
			return fmt.Sprintf("%q:#%d", sub[1], n)
		}))
	}
	return out
}

// A card that goes into a hand comes back out under another id for the seats
// that could not follow it there: when one of two copies is played after the
// other was returned to the hand, the other players cannot tell which.
// World A returns Invader to a hand that holds another Invader and then
// plays the other copy; world B returns it to a hand without one and plays
// it. Player 2 sees the same (ids relabelled), and the Invader played never
// has the id it had on the table.
func TestACardBackFromAHandIsNotRecognised(t *testing.T) {
	play := func(g *engine.Game, kind engine.OptKind, name string) {
		t.Helper()
		d, _ := g.Decision()
		for i, o := range d.Options {
			if o.Kind == kind && (name == "" || o.Card >= 0 && g.Name(o.Card) == name) {
				if err := g.ApplySafe(i); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("no option %v %s in %+v", kind, name, d.Options)
	}
	world := func(second string) (msgs []string, oldID, playedID int) {
		g, err := engine.New(engine.Setup{
			Seed: 5,
			Players: []engine.SetupPlayer{
				{Hand: []string{"Beam Up", second}, Deck: []string{"King Rex", "Scout"}},
				{Hand: []string{"Collector"}, Deck: []string{"King Rex"}},
			},
			Bases: []engine.SetupBase{
				{Base: "Jungle Oasis", Cards: []engine.SetupCard{{Card: "Invader", Owner: 0, Controller: -1, On: -1}}},
				{Base: "The Homeworld"},
			},
			Phase: engine.PhasePlay,
		})
		if err != nil {
			t.Fatal(err)
		}
		onTable := g.OnBase(0)[0]
		oldID = g.PublicID(onTable)
		msgs = append(msgs, seatMessages(g, 1))
		play(g, engine.OptPlay, "Beam Up")
		msgs = append(msgs, seatMessages(g, 1))
		if g.Cards[onTable].Zone != engine.ZHand {
			t.Fatalf("Invader was not returned to the hand")
		}
		// the return is told by the id everyone saw on the table
		for _, ev := range g.EventViews(1, 0) {
			if ev.Kind == engine.EvReturn && g.PublicIDAt(ev.Card, ev.Inc[0]) != oldID {
				t.Errorf("the return names Invader by another id than the table's")
			}
		}
		inHand := map[int]bool{}
		for _, c := range g.View(0).Hand {
			inHand[c.PubID] = true
		}
		from := g.EvSeq
		play(g, engine.OptPlay, "Invader")
		if d, ok := g.Decision(); ok && d.Options[0].Kind == engine.OptBase {
			play(g, engine.OptBase, "")
		}
		for _, ev := range g.EventViews(1, from) {
			if ev.Kind == engine.EvPlay {
				playedID = g.PublicIDAt(ev.Card, ev.Inc[0])
			}
		}
		// its holder sees it played under the id it had in the hand (the
		// page moves it from there)
		if !inHand[playedID] {
			t.Errorf("the Invader played has id %d, not one of its holder's hand %v", playedID, inHand)
		}
		msgs = append(msgs, seatMessages(g, 1))
		return relabel(msgs), oldID, playedID
	}
	a, _, _ := world("Invader")
	b, oldID, playedID := world("Scout")
	if playedID == 0 || playedID == oldID {
		t.Errorf("the Invader played from the hand has the id it had on the table (%d): everyone knows it is the copy returned", oldID)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("player 2 can tell which copy was played: message %d differs\n%s\n%s", i, a[i], b[i])
		}
	}
}

// A card shown where it lies hidden (a hand looked at, its cards offered in
// a question) takes a new id afterwards: the player who looked cannot tell,
// when a copy is played later, whether it is the one they saw.
func TestAHandLookedAtIsNotRecognisedLater(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 2,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Probe"}, Deck: []string{"King Rex"}},
			{Hand: []string{"Invader", "Scout", "Collector"}, Deck: []string{"King Rex"}},
		},
		Bases: []engine.SetupBase{{Base: "Jungle Oasis"}},
		Phase: engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	note := func() {
		for _, e := range wire.SeatEvents(g, 0) {
			if e.Card != nil && e.Card.ID != nil {
				seen[*e.Card.ID] = true
			}
		}
		if _, d := wire.Build(g, 0, nil); d != nil {
			for _, o := range d.Options {
				if o.Card != nil && o.Card.ID != nil {
					seen[*o.Card.ID] = true
				}
			}
		}
	}
	for step := 0; step < 6; step++ {
		note()
		d, ok := g.Decision()
		if !ok || d.Player != 0 || g.MainDecision() && step > 0 {
			break
		}
		i := 0
		for k, o := range d.Options {
			if o.Kind == engine.OptPlay && g.Name(o.Card) == "Probe" || o.Kind == engine.OptPlayer && o.Player == 1 {
				i = k
			}
		}
		if err := g.ApplySafe(i); err != nil {
			t.Fatal(err)
		}
	}
	left := g.Hand(1)
	if len(left) != 2 {
		t.Fatalf("Probe did not discard a minion from the hand looked at: %d cards left", len(left))
	}
	for _, c := range left {
		if seen[g.PublicID(c)] {
			t.Errorf("%s, still in player 2's hand, has the id player 1 saw it under when looking", g.Name(c))
		}
	}
}
