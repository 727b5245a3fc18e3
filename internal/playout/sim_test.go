package playout

import (
	"fmt"
	"sync"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
)

// playChecked plays the random game of seed with n players, checking the
// invariants after every decision.
func playChecked(seed uint64, n int) Result {
	c := &Checker{}
	return Runner{Check: c.Check}.Play(RandomSetup(seed, n), NewRandom(seed))
}

// TestRandomGames plays thousands of random games (2,000 with SMASHUP_LONG=1,
// 300 by default, 200 with -short) and checks the invariants after every
// decision; a failure names its seed.
func TestRandomGames(t *testing.T) {
	games := longtest.Pick(300, 2000)
	if testing.Short() {
		games = 200
	}
	if raceEnabled {
		games /= 10
	}
	ends := 0
	for i := 0; i < games; i++ {
		seed := uint64(i)*7919 + 1
		n := 2 + i%3
		res := playChecked(seed, n)
		if res.Err != nil {
			t.Fatalf("seed %d, %d players: %v", seed, n, res.Err)
		}
		if res.Over {
			ends++
		}
	}
	if ends != games {
		t.Fatalf("%d of %d games ended", ends, games)
	}
}

// TestRandomGamesAreDealt makes sure the property test plays real dealt games
// (random playable factions, 2 to 4 players), not only constructed ones.
func TestRandomGamesAreDealt(t *testing.T) {
	for n := 2; n <= 4; n++ {
		if !Dealt(n) {
			t.Errorf("%d-player games cannot be dealt: playable factions %v, %d playable bases",
				n, engine.PlayableFactions(), len(engine.Bases(true)))
		}
	}
}

// TestCoreSetGames: games of the core set only (the core benchmarks) are
// dealt from core factions and bases and end with every invariant kept.
func TestCoreSetGames(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		n := 2 + int(seed%3)
		s := RandomSetupOfSet(seed, n, "core")
		for _, sp := range s.Players {
			for _, f := range sp.Factions {
				if engine.FactionCards(f)[0].Set != "core" {
					t.Fatalf("seed %d: faction %s is not in the core set", seed, f)
				}
			}
		}
		c := &Checker{}
		res := Runner{Check: c.Check}.Play(s, NewRandom(seed))
		if res.Err != nil || !res.Over {
			t.Fatalf("seed %d, %d players: %+v", seed, n, res)
		}
	}
}

// TestHooksMatchDefinitions: the engine's per-definition hook masks (used to
// skip cards in scans) agree with the registered behaviour.
func TestHooksMatchDefinitions(t *testing.T) {
	if err := engine.CheckHooks(); err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentGames: games on several goroutines share only immutable
// registries (the race detector checks it in CI) and give the same results as
// when played alone.
func TestConcurrentGames(t *testing.T) {
	const workers, each = 4, 6
	var wg sync.WaitGroup
	results := make([]Result, workers*each)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := 0; k < each; k++ {
				seed := uint64(500 + w*each + k)
				results[w*each+k] = Play(RandomSetup(seed, 2+k%3), NewRandom(seed))
			}
		}(w)
	}
	wg.Wait()
	for i, r := range results {
		seed := uint64(500 + i)
		if alone := Play(RandomSetup(seed, 2+(i%each)%3), NewRandom(seed)); r != alone || r.Err != nil {
			t.Fatalf("seed %d: concurrent %+v, alone %+v", seed, r, alone)
		}
	}
}

// TestPlayIsDeterministic: the same seed gives the same game.
func TestPlayIsDeterministic(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		a := Play(RandomSetup(seed, 3), NewRandom(seed))
		b := Play(RandomSetup(seed, 3), NewRandom(seed))
		if a != b {
			t.Fatalf("seed %d: %+v then %+v", seed, a, b)
		}
	}
}

// TestStuckGameIsReported: a game cut short by the decision cap is an error naming the cap.
func TestStuckGameIsReported(t *testing.T) {
	res := Runner{MaxMoves: 3}.Play(RandomSetup(5, 2), NewRandom(5))
	if res.Err == nil || res.Over {
		t.Fatalf("expected a stuck-game error, got %+v", res)
	}
}

// TestCheckerCatchesBrokenStates: the invariants are not vacuous.
func TestCheckerCatchesBrokenStates(t *testing.T) {
	base := midGame(t, 11, 3)
	breakers := map[string]func(g *engine.Game){
		"card lost": func(g *engine.Game) { g.NCards-- },
		"VP down": func(g *engine.Game) {
			for p := range g.Players[:g.NPlayers] {
				if g.Players[p].VP > 0 {
					g.Players[p].VP--
					return
				}
			}
			g.Players[0].VP = -1
		},
		"no decision": func(g *engine.Game) { g.Pending.Active = false },
		"bad zone":    func(g *engine.Game) { g.Cards[0].Zone = 99 },
		"base card in hand": func(g *engine.Game) {
			b := g.BaseCardAt(g.BaseSlots()[0])
			g.Cards[b].Zone = engine.ZHand
		},
		"in play on no base": func(g *engine.Game) {
			g.Cards[g.Hand(g.Current)[0]].Zone = engine.ZInPlay
			g.Cards[g.Hand(g.Current)[0]].Base = engine.MaxBases - 1
		},
		"attached to a card in hand": func(g *engine.Game) {
			var h []engine.CardID // two cards in hands (the current player may hold only one)
			for p := range g.NPlayers {
				h = append(h, g.Hand(p)...)
			}
			c := h[0]
			g.Cards[c].Zone = engine.ZInPlay
			g.Cards[c].Base = g.BaseSlots()[0]
			g.Cards[c].On = h[1]
		},
	}
	for name, brk := range breakers {
		c := &Checker{}
		if err := c.Check(base); err != nil {
			t.Fatalf("%s: the unbroken game fails: %v", name, err)
		}
		g := base.Clone()
		if g.Players[0].VP == 0 && name == "VP down" {
			g.Players[0].VP = 3
			c = &Checker{}
			c.Check(g)
		}
		brk(g)
		if err := c.Check(g); err == nil {
			t.Errorf("%s: not detected", name)
		}
	}
}

// FuzzRandomGames plays the random game a seed and player count describe,
// checking every invariant after every decision.
func FuzzRandomGames(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i*104729+3, uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed uint64, players uint8) {
		n := 2 + int(players%3)
		res := playChecked(seed, n)
		if res.Err != nil {
			t.Fatalf("seed %d, %d players: %v", seed, n, res.Err)
		}
		if !res.Over {
			t.Fatalf("seed %d, %d players: game did not end", seed, n)
		}
	})
}

func ExamplePlay() {
	res := Play(RandomSetup(42, 2), NewRandom(42))
	fmt.Println(res.Over, res.Err)
	// Output: true <nil>
}
