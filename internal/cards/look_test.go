package cards_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/wire"
)

// A card that looks at another player's hand shows that hand to its player
// alone (compendium: a card looked at is shown to no one else). The third
// player and a spectator learn that the hand was looked at, never what is in
// it; the player who looked is shown every card of it.
func TestLookingAtAHandShowsItToTheLookerAlone(t *testing.T) {
	secret := []string{"Invader", "Augmentation", "Collector"}
	for _, tc := range []struct {
		card  string
		steps func(t *testing.T, g *engine.Game)
	}{
		{"Probe", func(t *testing.T, g *engine.Game) { choosePlayer(t, g, 1) }},
		{"Collecting Stories", func(t *testing.T, g *engine.Game) { choosePlayer(t, g, 1) }},
		{"Min-Maxing", func(t *testing.T, g *engine.Game) { choosePlayer(t, g, 1) }},
		{"Banned List", func(t *testing.T, g *engine.Game) {
			for range 2 { // a name for each other player: one not in any hand
				pickText(t, g, "King Rex")
			}
		}},
	} {
		t.Run(tc.card, func(t *testing.T) {
			g, err := engine.New(engine.Setup{
				Seed: 1,
				Players: []engine.SetupPlayer{
					{Hand: []string{tc.card}},
					{Hand: secret, Deck: []string{"King Rex"}},
					{Hand: []string{"Collector"}, Deck: []string{"King Rex"}},
				},
				Bases: []engine.SetupBase{{Base: "Jungle Oasis"}},
				Phase: engine.PhasePlay,
			})
			if err != nil {
				t.Fatal(err)
			}
			hand := map[engine.CardID]bool{}
			for _, c := range g.Hand(1) {
				hand[c] = true
			}
			from := g.EvSeq
			pick(t, g, engine.OptPlay, tc.card)
			tc.steps(t, g)
			seen := map[engine.CardID]bool{}
			for _, ev := range g.EventViews(0, from) {
				if ev.Kind == engine.EvLook && hand[ev.Card] {
					seen[ev.Card] = true
				}
			}
			if len(seen) != len(secret) {
				t.Errorf("the player who looked was shown %d of the %d cards", len(seen), len(secret))
			}
			// the log lines as the seats read them
			names := present.Names{"Alice", "Bob", "Carol"}
			logOf := func(seat engine.Seat) string {
				var lines []string
				for _, ev := range g.EventViews(seat, from) {
					lines = append(lines, present.Event(ev, names))
				}
				return strings.Join(lines, "\n")
			}
			if l := logOf(0); !strings.Contains(l, "Alice sees Augmentation in Bob's hand") {
				t.Errorf("the looker's log does not show the hand:\n%s", l)
			}
			for _, seat := range []engine.Seat{2, engine.NoSeat} {
				l := logOf(seat)
				if !strings.Contains(l, "Alice looks at Bob's hand") || strings.Contains(l, "Augmentation") {
					t.Errorf("seat %d's log should say the hand was looked at, and not what is in it:\n%s", seat, l)
				}
			}
			for _, seat := range []engine.Seat{2, engine.NoSeat} {
				looks := 0
				for _, ev := range g.EventViews(seat, from) {
					if ev.Kind == engine.EvLook {
						looks++
					}
					if hand[ev.Event.Card] || (ev.Other >= 0 && hand[ev.OtherCard()]) {
						t.Errorf("seat %d is told about %s in another player's hand: %+v", seat, g.Name(ev.Event.Card), ev)
					}
				}
				if looks == 0 {
					t.Errorf("seat %d is not told that the hand was looked at", seat)
				}
			}
		})
	}
}

func choosePlayer(t *testing.T, g *engine.Game, p engine.Seat) {
	t.Helper()
	answer(t, g, fmt.Sprint("player ", p), func(o engine.Option) bool { return o.Kind == engine.OptPlayer && o.Player == p })
}

func pickText(t *testing.T, g *engine.Game, text string) {
	t.Helper()
	answer(t, g, text, func(o engine.Option) bool { return o.Kind == engine.OptText && engine.TextOf(o.Text()) == text })
}

// A card chosen searching a deck is revealed (compendium: Decks, Discards,
// and Searches), so that what its player is then asked about it tells the
// others nothing they were not shown: Tattoo Artist's action found in the
// deck is named to the other player before its player chooses what to do.
func TestASearchedCardIsRevealed(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Tattoo Artist"}, Deck: []string{"Upgrade", "Invader"}},
			{Hand: []string{"Collector"}, Deck: []string{"King Rex"}},
		},
		Bases: []engine.SetupBase{{Base: "Jungle Oasis", Cards: []engine.SetupCard{{Card: "King Rex", Owner: 0, Controller: -1, On: -1}}}},
		Phase: engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	from := g.EvSeq
	pick(t, g, engine.OptPlay, "Tattoo Artist")
	for g.Pending.Active && g.Pending.Player == 0 && g.NumOptions() > 0 && g.Pending.Opts[0].Kind == engine.OptBase {
		if err := g.Apply(0); err != nil {
			t.Fatal(err)
		}
	}
	if d, ok := g.Decision(); !ok || !strings.Contains(d.Prompt, "What do you do with Upgrade") {
		t.Fatalf("Tattoo Artist should have found Upgrade: %+v", d)
	}
	for _, ev := range g.EventViews(1, from) {
		if ev.Kind == engine.EvReveal && !ev.CardHidden && ev.CardName == "Upgrade" {
			return
		}
	}
	t.Fatal("the other player was not shown the action Tattoo Artist found")
}

// A looked-at hand tells those it is not shown nothing by its order: one
// card of it is known to everyone (Bob took Invader from his discard pile,
// as a card that takes from a discard pile does), and yet Carol and the
// spectator are told the look the same way whatever Bob's other cards are,
// even though the looker is told the hand in name order (which puts
// Invader first among Scouts and Zapbots, third among Augmentation,
// Collector and Zapbot). Each look event used to name Invader to everyone
// (it was the last card moved), at the place its name sorts among the
// hidden ones.
func TestALookedAtHandSaysNothingByItsOrder(t *testing.T) {
	told := func(hidden []string) (carol, spectator []byte, looker string) {
		g, err := engine.New(engine.Setup{
			Seed: 1,
			Players: []engine.SetupPlayer{
				{Hand: []string{"Collecting Stories"}, Deck: []string{"King Rex"}},
				{Hand: hidden, Discard: []string{"Invader"}, Deck: []string{"King Rex"}},
				{Hand: []string{"Collector"}, Deck: []string{"King Rex"}},
			},
			Bases: []engine.SetupBase{{Base: "Jungle Oasis"}},
			Phase: engine.PhasePlay,
		})
		if err != nil {
			t.Fatal(err)
		}
		g.ToHand(g.Discard(1)[0], 1) // in front of everyone
		from := len(wire.SeatEvents(g, 2))
		pick(t, g, engine.OptPlay, "Collecting Stories")
		choosePlayer(t, g, 1)
		seen := func(seat engine.Seat) []byte {
			b, err := json.Marshal(wire.SeatEvents(g, seat)[from:])
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		var names []string
		for _, ev := range g.EventViews(0, 0) {
			if ev.Kind == engine.EvLook && ev.CardName != "" {
				names = append(names, ev.CardName)
			}
		}
		return seen(2), seen(engine.NoSeat), strings.Join(names, ", ")
	}
	carol1, spec1, look1 := told([]string{"Augmentation", "Zapbot", "Collector"})
	carol2, spec2, look2 := told([]string{"Zapbot", "Scout", "Scout"})
	if !strings.Contains(look1, "Invader") || !strings.Contains(look2, "Invader") {
		t.Fatalf("the looker is not shown the whole hand: %s; %s", look1, look2)
	}
	if !bytes.Equal(carol1, carol2) {
		t.Errorf("what Carol is told of the look depends on Bob's hidden cards:\n%s\n%s", carol1, carol2)
	}
	if !bytes.Equal(spec1, spec2) {
		t.Errorf("what the spectator is told of the look depends on Bob's hidden cards:\n%s\n%s", spec1, spec2)
	}
}
