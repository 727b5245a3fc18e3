package engine_test

import (
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
)

// playNamed answers the pending decision with the option playing (or
// choosing) the card named name.
func playNamed(t *testing.T, g *engine.Game, name string) {
	t.Helper()
	d, ok := g.Decision()
	if !ok {
		t.Fatal("no decision")
	}
	for i, o := range d.Options {
		if o.Card >= 0 && g.Name(o.Card) == name {
			if err := g.Apply(i); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("no option %q in %+v", name, d.Options)
}

// TestAlikeTriggersWhoseOrderMatters: Tar Pits puts two different minions
// under their owner's deck; the order matters, so it is asked, and each
// option says which minion it is about.
func TestAlikeTriggersWhoseOrderMatters(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Powderkeg"}},
			{},
		},
		Bases: []engine.SetupBase{
			{Base: "Tar Pits", Cards: []engine.SetupCard{
				{Card: "King Rex", Owner: 0, Controller: -1, On: -1},
				{Card: "Zapbot", Owner: 0, Controller: -1, On: -1},
			}},
			{Base: "Jungle Oasis"},
		},
		Phase: engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	playNamed(t, g, "Powderkeg")
	playNamed(t, g, "King Rex")
	d, ok := g.Decision()
	if !ok || len(d.Options) != 2 {
		t.Fatalf("want the order of the two Tar Pits abilities asked, got %+v", d)
	}
	about := map[string]bool{}
	for i, o := range d.Options {
		if g.Name(o.Card) != "Tar Pits" {
			t.Fatalf("option %d is about %s", i, g.Name(o.Card))
		}
		if c := g.OrderingAbout(i); c >= 0 {
			about[g.Name(c)] = true
		}
	}
	if !about["King Rex"] || !about["Zapbot"] {
		t.Fatalf("the options do not say which minion each is about: %v", about)
	}
	// and the decider's view says it beside each option
	v := g.View(g.Pending.Player)
	shown := map[string]bool{}
	for _, o := range v.Decision.Options {
		shown[o.AboutName] = true
	}
	if !shown["King Rex"] || !shown["Zapbot"] {
		t.Fatalf("the view does not say which minion each option is about: %v", shown)
	}
}

// TestAlikeCardsInHand: two copies of a minion in hand are one option;
// a copy owned by another player is another option.
func TestAlikeCardsInHand(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Howler", "Howler", "Invader", "Howler"}},
			{},
		},
		Bases: []engine.SetupBase{{Base: "Jungle Oasis"}},
		Phase: engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := g.Decision()
	var names []string
	for _, o := range d.Options {
		if o.Card >= 0 {
			names = append(names, g.Name(o.Card))
		}
	}
	if len(names) != 2 || names[0] != "Howler" || names[1] != "Invader" {
		t.Fatalf("options %v, want [Howler Invader] and pass", names)
	}
}
