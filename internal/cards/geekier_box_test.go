package cards_test

import (
	"strings"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
)

// A dealt All Stars deck holds the All Stars definitions, not the cards of
// other factions that share their printed names (King Rex, Fan...).
func TestAllStarsDeckUsesItsOwnDefinitions(t *testing.T) {
	for _, f := range []string{"Geeks", "Smash Up All Stars"} {
		if !engine.FactionPlayable(f) {
			t.Fatalf("%s is not playable", f)
		}
	}
	g, err := engine.New(engine.Setup{Seed: 3, Deal: true, Players: []engine.SetupPlayer{
		{Factions: []string{"Smash Up All Stars", "Dinosaurs"}},
		{Factions: []string{"Geeks", "Ninjas"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range g.NCards {
		d := g.DefOf(i)
		if g.Owner(i) != 0 || d.Faction != "Smash Up All Stars" {
			continue
		}
		n++
		if !strings.HasPrefix(d.Key, "smash_up_all_stars/") {
			t.Errorf("card %s in the All Stars deck has key %s", d.Name, d.Key)
		}
	}
	if n != 20 {
		t.Errorf("All Stars deck has %d cards, want 20", n)
	}
	rex := 0
	for i := range g.NCards {
		if g.Owner(i) == 0 && g.Name(i) == "King Rex" {
			rex++
		}
	}
	if rex != 2 { // one from the Dinosaurs, one from the All Stars
		t.Errorf("player 1 has %d King Rex, want 2", rex)
	}
}
