package ai_test

import (
	_ "github.com/smashup/smashup/internal/cards"
	"testing"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/match"
)

// playGames plays n two-player games of a against b, swapping seats every
// game, and returns a's wins (shared wins count half).
func playGames(t *testing.T, n int, mkA, mkB func(seed uint64) ai.Player) float64 {
	t.Helper()
	wins := 0.0
	for i := 0; i < n; i++ {
		seed := uint64(1000 + i)
		g, _, err := match.DealRandom(2, seed)
		if err != nil {
			t.Fatal(err)
		}
		aSeat := i % 2
		ps := make([]ai.Player, 2)
		ps[aSeat] = mkA(seed)
		ps[1-aSeat] = mkB(seed + 7)
		if err := ai.PlayOut(g, ps); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		switch {
		case g.Winners == 1<<aSeat:
			wins++
		case g.Winners&(1<<aSeat) != 0:
			wins += 0.5
		}
	}
	return wins
}

func TestRandomGamesFinish(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for i := 0; i < 5; i++ {
			g, _, err := match.DealRandom(n, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			ps := make([]ai.Player, n)
			for p := range ps {
				ps[p] = ai.NewRandom(uint64(i*10 + p))
			}
			if err := ai.PlayOut(g, ps); err != nil {
				t.Fatalf("%d players, game %d: %v", n, i, err)
			}
		}
	}
}

func TestGreedyBeatsRandom(t *testing.T) {
	n := longtest.Pick(40, 200) // SMASHUP_LONG=1: 200
	if raceBuild {
		n = longtest.Pick(10, 30)
	}
	wins := playGames(t, n, func(s uint64) ai.Player { return ai.NewGreedy(s) }, func(s uint64) ai.Player { return ai.NewRandom(s) })
	t.Logf("greedy vs random: greedy won %.1f of %d games (%.0f%%)", wins, n, 100*wins/float64(n))
	if wins < 0.75*float64(n) {
		t.Errorf("greedy won only %.1f of %d games against random", wins, n)
	}
}

// The same seeds give the same game, move for move.
func TestDeterministic(t *testing.T) {
	play := func() [2]any {
		g, _, err := match.DealRandom(3, 77)
		if err != nil {
			t.Fatal(err)
		}
		ps := []ai.Player{ai.NewGreedy(1), ai.NewRandom(2), ai.NewGreedy(3)}
		if err := ai.PlayOut(g, ps); err != nil {
			t.Fatal(err)
		}
		return [2]any{g.Moves, *g}
	}
	a, b := play(), play()
	if a != b {
		t.Fatal("two runs with the same seeds differ")
	}
}

// Greedy against greedy finishes games of every size.
func TestGreedySelfPlay(t *testing.T) {
	for n := 2; n <= 4; n++ {
		g, _, err := match.DealRandom(n, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		ps := make([]ai.Player, n)
		for p := range ps {
			ps[p] = ai.NewGreedy(uint64(p))
		}
		if err := ai.PlayOut(g, ps); err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
	}
}

func mc(name string, owner int) engine.SetupCard {
	return engine.SetupCard{Card: name, Owner: owner, Controller: -1, On: -1}
}

// situation starts player 1's Play Cards phase with this hand and the cards
// on the first base (two empty bases beside it), then lets Greedy play its turn.
func greedyTurn(t *testing.T, hand []string, here []engine.SetupCard) *engine.Game {
	t.Helper()
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Factions: []string{"Aliens", "Dinosaurs"}, Hand: hand, Deck: []string{"Collector", "Collector", "Collector"}},
			{Factions: []string{"Ninjas", "Pirates"}, Deck: []string{"Shinobi", "Shinobi", "Shinobi"}},
		},
		Bases:    []engine.SetupBase{{Base: "The Homeworld", Cards: here}, {Base: "Jungle Oasis"}, {Base: "The Mothership"}},
		BaseDeck: []string{"Ninja Dojo", "Temple of Goju"},
		Current:  0,
		Phase:    engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	a := ai.NewGreedy(3)
	for i := 0; i < 50 && !g.Over && g.Pending.Active && g.Pending.Player == 0 && g.Phase == engine.PhasePlay; i++ {
		v := g.View(0)
		if err := g.Apply(a.Choose(g, &v)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func zoneOf(g *engine.Game, name string, owner int) []engine.Zone {
	var out []engine.Zone
	for i := range g.NCards {
		if g.Name(i) == name && int(g.Owner(i)) == owner {
			out = append(out, g.Cards[i].Zone)
		}
	}
	return out
}

// Greedy aims its removal at the opponent's strongest minion.
func TestGreedyTargetsStrongestOpponent(t *testing.T) {
	g := greedyTurn(t, []string{"Beam Up"}, []engine.SetupCard{mc("Saucy Wench", 1), mc("Pirate King", 1), mc("Invader", 0)})
	if z := zoneOf(g, "Pirate King", 1); len(z) != 1 || z[0] != engine.ZHand {
		t.Fatalf("Pirate King should be back in its owner's hand, is in %v", z)
	}
	if z := zoneOf(g, "Invader", 0); z[0] != engine.ZInPlay {
		t.Fatalf("Greedy returned its own Invader")
	}
}

// Greedy declines an optional ability that would only hurt it.
func TestGreedyDeclinesHarmfulMay(t *testing.T) {
	g := greedyTurn(t, []string{"Supreme Overlord"}, []engine.SetupCard{mc("Invader", 0), mc("Invader", 0)})
	if z := zoneOf(g, "Supreme Overlord", 0); z[0] != engine.ZInPlay {
		t.Fatalf("Greedy did not play its minion: %v", z)
	}
	for _, z := range zoneOf(g, "Invader", 0) {
		if z != engine.ZInPlay {
			t.Fatalf("Greedy returned its own minion")
		}
	}
}

// Greedy plays its strongest minion where it breaks a base it then wins.
func TestGreedyBreaksABaseItWins(t *testing.T) {
	// The Homeworld (breakpoint 23, 4 VP to the winner) holds 20 power: 8 of
	// Greedy's, 12 of the opponent's. King Rex (7) there breaks it and wins it.
	g := greedyTurn(t, []string{"War Raptor", "King Rex"}, []engine.SetupCard{mc("Supreme Overlord", 0), mc("Invader", 0), mc("Pirate King", 1), mc("Buccaneer", 1), mc("Saucy Wench", 1)})
	if g.Players[0].VP != 4 || g.Players[1].VP != 2 {
		t.Fatalf("VP %d and %d; want Greedy to win The Homeworld (4 and 2)", g.Players[0].VP, g.Players[1].VP)
	}
}
