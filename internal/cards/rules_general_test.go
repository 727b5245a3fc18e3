package cards_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// General rules that no implemented card can reach from a scenario yet: the
// tests act on the game directly where a card of a later set would.

// A base that leaves play after it was chosen to score, before VP are
// awarded, stops scoring; the bases are then evaluated again, and the
// replacement scores when it is ready (compendium: The Big Score).
func TestScoringBaseLeavingPlayStopsScoring(t *testing.T) {
	for _, tc := range []struct {
		replacement    string
		vpA, vpB       int
		replacedScores bool
	}{
		{"The Homeworld", 0, 0, false}, // 21 of 23: not ready
		{"Temple of Goju", 2, 3, true}, // 21 of 18: scores at once
	} {
		g, err := engine.New(engine.Setup{
			Seed: 1,
			Players: []engine.SetupPlayer{
				{Deck: []string{"Collector", "Collector"}},
				{Hand: []string{"Shinobi"}, Deck: []string{"Collector", "Collector"}},
			},
			Bases: []engine.SetupBase{
				{Base: "Jungle Oasis", Cards: []engine.SetupCard{
					{Card: "King Rex", Owner: 0, Controller: -1, On: -1},
					{Card: "King Rex", Owner: 0, Controller: -1, On: -1},
					{Card: "King Rex", Owner: 1, Controller: -1, On: -1},
				}},
				{Base: "Tar Pits"},
			},
			BaseDeck: []string{tc.replacement, "Ninja Dojo"},
			Current:  0,
			Phase:    engine.PhasePlay,
		})
		if err != nil {
			t.Fatal(err)
		}
		pick(t, g, engine.OptPass, "") // A ends Play Cards: Jungle Oasis is chosen to score
		if d, _ := g.Decision(); d.Player != 1 {
			t.Fatalf("%s: expected B's Me First decision, got %+v", tc.replacement, d)
		}
		// a card of a later set replaces the scoring base before VP are awarded
		nb := cardNamed(g, tc.replacement, engine.ZBaseDeck)
		g.SwapBase(&engine.Frame{Player: 0, Src: engine.None}, 0, engine.CardID(nb))
		pick(t, g, engine.OptPass, "") // B passes
		if tc.replacedScores {
			// the replacement is ready: it is chosen to score, and B may play Shinobi there
			if d, _ := g.Decision(); d.Player != 1 || g.Phase != engine.PhaseScore {
				t.Fatalf("%s: expected B's Me First for the replacement, got %+v", tc.replacement, d)
			}
			pick(t, g, engine.OptPass, "")
		}
		if got := [2]int{int(g.Players[0].VP), int(g.Players[1].VP)}; got != [2]int{tc.vpA, tc.vpB} {
			t.Errorf("%s: VP %v, want [%d %d]", tc.replacement, got, tc.vpA, tc.vpB)
		}
		if cardNamed(g, "Jungle Oasis", engine.ZBaseDeck) == engine.None {
			t.Errorf("%s: Jungle Oasis should be back in the base deck, unscored", tc.replacement)
		}
		if onNew := len(g.OnBase(0)); !tc.replacedScores && onNew != 3 {
			t.Errorf("%s: the minions should stay on the replacement, found %d cards", tc.replacement, onNew)
		}
	}
}

// Control taken until the end of the turn goes back to the previous
// controller then; a controlled card that leaves play goes to its owner
// (compendium: Control; Using Card Abilities).
func TestControlExpiresAndOwnerKeepsTheCard(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Beam Up"}, Deck: []string{"Collector", "Collector", "Collector", "Collector"}},
			{Deck: []string{"Collector", "Collector", "Collector", "Collector"}},
		},
		Bases: []engine.SetupBase{
			{Base: "Jungle Oasis", Cards: []engine.SetupCard{
				{Card: "King Rex", Owner: 1, Controller: -1, On: -1},
				{Card: "Zapbot", Owner: 1, Controller: -1, On: -1},
			}},
		},
		Current: 0,
		Phase:   engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	rex := cardNamed(g, "King Rex", engine.ZInPlay)
	zap := cardNamed(g, "Zapbot", engine.ZInPlay)
	f := &engine.Frame{Player: 0, Src: engine.None}
	g.TakeControl(f, engine.CardID(rex), 0, engine.ExpireEndOfTurn)
	g.TakeControl(f, engine.CardID(zap), 0, engine.ExpireEndOfTurn)
	if g.Ctrl(engine.CardID(rex)) != 0 || g.PowerAt(0, 0) != 9 || g.PowerAt(0, 1) != 0 {
		t.Fatalf("A should control both minions: ctrl %d, power A %d B %d", g.Ctrl(engine.CardID(rex)), g.PowerAt(0, 0), g.PowerAt(0, 1))
	}
	pick(t, g, engine.OptPlay, "Beam Up")
	pick(t, g, engine.OptCard, "Zapbot")
	if g.Cards[zap].Zone != engine.ZHand || g.Ctrl(engine.CardID(zap)) != 1 {
		t.Errorf("the returned Zapbot goes to its owner's hand: zone %v holder %d", g.Cards[zap].Zone, g.Ctrl(engine.CardID(zap)))
	}
	pick(t, g, engine.OptPass, "") // A's turn ends: control expires
	if g.Ctrl(engine.CardID(rex)) != 1 || g.PowerAt(0, 1) != 7 {
		t.Errorf("control should return to B at the end of the turn: ctrl %d", g.Ctrl(engine.CardID(rex)))
	}
}
