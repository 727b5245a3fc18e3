package cards_test

import (
	"fmt"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
)

func pick(t *testing.T, g *engine.Game, kind engine.OptKind, name string) {
	t.Helper()
	answer(t, g, fmt.Sprintf("%v %q", kind, name), func(o engine.Option) bool {
		return o.Kind == kind && (name == "" || (o.Card >= 0 && g.Name(o.Card) == name))
	})
}

// answer applies the first option of the pending decision that is wanted.
func answer(t *testing.T, g *engine.Game, what string, wanted func(engine.Option) bool) {
	t.Helper()
	d, ok := g.Decision()
	if !ok {
		t.Fatalf("no decision pending")
	}
	for i, o := range d.Options {
		if wanted(o) {
			if err := g.Apply(i); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("no option %s in %+v", what, d.Options)
}

func cardNamed(g *engine.Game, name string, z engine.Zone) int {
	for i := range g.NCards {
		if g.Cards[i].Zone == z && g.Name(i) == name {
			return int(i)
		}
	}
	return engine.None
}

// Tooth and Claw: the stopped ability cannot affect the minion for the rest of
// the turn (no card of these factions can try twice, so this checks the shield).
func TestToothAndClawShieldLastsTheTurn(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Deck: []string{"Collector", "Collector"}},
			{Hand: []string{"Ninja Master"}, Deck: []string{"Collector", "Collector"}},
		},
		Bases: []engine.SetupBase{
			{Base: "Jungle Oasis", Cards: []engine.SetupCard{
				{Card: "King Rex", Owner: 0, Controller: -1, On: -1},
				{Card: "Tooth and Claw... and Guns", Owner: 0, Controller: -1, On: 0},
			}},
			{Base: "Ninja Dojo"},
		},
		Current: 1,
		Phase:   engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	rex := cardNamed(g, "King Rex", engine.ZInPlay)
	pick(t, g, engine.OptPlay, "Ninja Master")
	pick(t, g, engine.OptBase, "Jungle Oasis")
	pick(t, g, engine.OptCard, "King Rex")
	master := cardNamed(g, "Ninja Master", engine.ZInPlay)
	if !g.InPlay(engine.CardID(rex)) || cardNamed(g, "Tooth and Claw... and Guns", engine.ZDiscard) == engine.None {
		t.Fatalf("Tooth and Claw should be destroyed instead of King Rex")
	}
	if !g.Protected(engine.CardID(rex), engine.Affect{Kind: engine.AffPower, By: 1, Src: engine.CardID(master)}) {
		t.Errorf("Ninja Master's ability should not affect King Rex for the rest of the turn")
	}
	if g.Protected(engine.CardID(rex), engine.Affect{Kind: engine.AffDestroy, By: 1, Src: engine.None}) {
		t.Errorf("only the stopped ability is shielded")
	}
	pick(t, g, engine.OptPass, "") // B ends the turn; A's turn begins
	if g.Protected(engine.CardID(rex), engine.Affect{Kind: engine.AffDestroy, By: 1, Src: engine.CardID(master)}) {
		t.Errorf("the shield should end with the turn")
	}
}

// Ninja Acolyte: minions played before the Play Cards phase (start of turn)
// do not stop its Special; minions played during the phase do.
func TestNinjaAcolyteIgnoresStartOfTurnMinions(t *testing.T) {
	for _, before := range []int8{0, 1} {
		g, err := engine.New(engine.Setup{
			Seed: 1,
			Players: []engine.SetupPlayer{
				{Hand: []string{"Seeing Stars"}},
				{},
			},
			Bases: []engine.SetupBase{
				{Base: "Jungle Oasis", Cards: []engine.SetupCard{
					{Card: "Ninja Acolyte", Owner: 0, Controller: -1, On: -1},
					{Card: "Collector", Owner: 1, Controller: -1, On: -1},
				}},
				{Base: "Ninja Dojo"},
			},
			Current: 0,
			Phase:   engine.PhasePlay,
		})
		if err != nil {
			t.Fatal(err)
		}
		// one minion was played this turn: at the start of it (before = 1) or in this phase (before = 0)
		g.Players[0].MinionsPlayed, g.Players[0].MinionsBeforePlay = 1, before
		pick(t, g, engine.OptPlay, "Seeing Stars") // the prompt is asked again afterwards
		pick(t, g, engine.OptCard, "Collector")
		d, _ := g.Decision()
		usable := false
		for _, o := range d.Options {
			usable = usable || (o.Kind == engine.OptUse && g.Name(o.Card) == "Ninja Acolyte")
		}
		if usable != (before == 1) {
			t.Errorf("minion played before the phase=%v: Acolyte usable=%v", before == 1, usable)
		}
	}
}
