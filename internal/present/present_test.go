package present_test

import (
	"strings"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
)

func TestOptionTexts(t *testing.T) {
	v := &engine.View{Me: 0, NPlayers: 2, Bases: []engine.BaseView{{Slot: 1, Card: engine.CardView{Name: "The Homeworld"}, Total: 7, Current: 23}}}
	cases := []struct {
		o    engine.OptionView
		want string
	}{
		{engine.OptionView{Kind: engine.OptPass}, "pass / done"},
		{engine.OptionView{Kind: engine.OptYes}, "yes"},
		{engine.OptionView{Kind: engine.OptPlayer, Player: 1}, "Player 2"},
		{engine.OptionView{Kind: engine.OptPlayer, Player: 0}, "Player 1 (you)"},
		{engine.OptionView{Kind: engine.OptBase, Slot: 1, BaseName: "The Homeworld"}, "base The Homeworld [7/23 power]"},
		{engine.OptionView{Kind: engine.OptCard, Hidden: true, Zone: engine.ZHand, Holder: 1, Card: engine.None}, "a hidden card in Player 2's hand"},
		{engine.OptionView{Kind: engine.OptPlay, CardName: "Invader", CardText: "You gain 1 VP.", Zone: engine.ZHand, Holder: 0}, "play Invader — You gain 1 VP."},
		{engine.OptionView{Kind: engine.OptCard, CardName: "King Rex", CardType: engine.Minion, Power: 7, Zone: engine.ZInPlay, Slot: 1, Holder: 1}, "King Rex (power 7, at The Homeworld, Player 2)"},
		{engine.OptionView{Kind: engine.OptCard, CardName: "Invader", Zone: engine.ZDiscard, Holder: 0}, "Invader (from your discard pile)"},
	}
	for _, c := range cases {
		if got := present.Option(c.o, v); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
		// the brief form is the same without the card's text
		brief, _, _ := strings.Cut(c.want, " — ")
		if got := present.OptionBrief(c.o, v); got != brief {
			t.Errorf("brief: got %q, want %q", got, brief)
		}
	}
}

// Text is what Card says after the name and the kind of card.
func TestCardText(t *testing.T) {
	d, err := engine.Lookup("Invader")
	if err != nil {
		t.Fatal(err)
	}
	c := engine.DefView(d)
	if got, want := present.Text(c), strings.SplitN(present.Card(c), "): ", 2)[1]; got == "" || got != want {
		t.Fatalf("Text %q, Card %q", got, present.Card(c))
	}
}

func TestEventTexts(t *testing.T) {
	ev := func(k engine.EventKind, p int, card, base, other string, num int) engine.EventView {
		return engine.EventView{Event: engine.Event{Kind: k, Player: engine.Seat(p), Num: int16(num), Other: 1}, CardName: card, BaseName: base, OtherName: other}
	}
	self := func(e engine.EventView) engine.EventView { // the card's own ability did it
		e.Card, e.Cause, e.CauseName = 5, 5, e.CardName
		return e
	}
	cases := []struct {
		e    engine.EventView
		want string
	}{
		{ev(engine.EvPlay, 0, "Invader", "The Homeworld", "", 0), "Player 1 plays Invader at The Homeworld"},
		{ev(engine.EvDestroy, 1, "Shinobi", "Jungle Oasis", "Laseratops", 0), "Shinobi (Player 2) is destroyed at Jungle Oasis by Laseratops"},
		{ev(engine.EvVP, 1, "", "", "", 2), "Player 2 gains 2 VP"},
		{ev(engine.EvReturn, 1, "King Rex", "", "", 0), "King Rex returns to Player 2's hand"},
		{ev(engine.EvDraw, 0, "", "", "", 2), "Player 1 draws 2 cards"},
		{ev(engine.EvDraw, 0, "", "", "", 1), "Player 1 draws a card"},
		{ev(engine.EvAffect, 0, "X", "", "", 0), ""},
		{ev(engine.EvDiscard, 0, "Zapbot", "", "", 0), "Player 1 discards Zapbot to keep ten cards (the hand limit)"},
		{self(ev(engine.EvDiscard, 0, "Fan", "", "", 0)), "Player 1 discards Fan to use its ability"},
		{self(ev(engine.EvDestroy, 0, "Infiltrate", "Tar Pits", "", 0)), "Infiltrate (Player 1) destroys itself at Tar Pits"},
		{self(ev(engine.EvCounter, 0, "Summon Wolves", "", "", 1)), "Summon Wolves places a +1 power counter on itself"},
	}
	for _, c := range cases {
		if got := present.Event(c.e, nil); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

func TestScreenOfADealtGame(t *testing.T) {
	g, err := engine.New(engine.Setup{Seed: 1, Deal: true, AllBases: true, Players: []engine.SetupPlayer{
		{Factions: []string{"Aliens", "Dinosaurs"}}, {Factions: []string{"Ninjas", "Pirates"}}}})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(0)
	s := present.Screen(&v, []string{"something happened"})
	for _, want := range []string{"Player 1 (you): 0 VP, Aliens+Dinosaurs", "Player 2: 0 VP, Ninjas+Pirates; hand 5", "breakpoint", "Your hand (Player 1, 5 cards)", "something happened"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	for _, c := range g.Hand(1) {
		if strings.Contains(present.Hand(&v), g.Name(c)+" (") && !inHand(g, 0, g.Name(c)) {
			t.Errorf("player 2's %s shows in player 1's hand listing", g.Name(c))
		}
	}
}

func inHand(g *engine.Game, p int, name string) bool {
	for _, c := range g.Hand(engine.Seat(p)) {
		if g.Name(c) == name {
			return true
		}
	}
	return false
}
