package cards

import (
	"math/rand"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// TestCultureShockRandomGames deals games with the Culture Shock factions and
// answers every decision at random: no panic, no stuck game, state copyable.
func TestCultureShockRandomGames(t *testing.T) {
	fs := []string{"Anansi Tales", "Ancient Incas", "Grimms' Fairy Tales", "Polynesian Voyagers", "Russian Fairy Tales"}
	for seed := 1; seed <= 40; seed++ {
		r := rand.New(rand.NewSource(int64(seed)))
		n := 2 + seed%3
		perm := r.Perm(len(fs))
		var ps []engine.SetupPlayer
		for p := 0; p < n; p++ {
			a := fs[perm[p%len(fs)]]
			b := fs[perm[(p+n)%len(fs)]]
			if a == b {
				b = "Aliens"
			}
			ps = append(ps, engine.SetupPlayer{Factions: []string{a, b}})
		}
		g, err := engine.New(engine.Setup{Seed: uint64(seed), Players: ps, Deal: true, Copies: 4}) // factions repeat across seats
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		func() {
			defer func() {
				if x := recover(); x != nil {
					t.Fatalf("seed %d: panic after %d moves: %v", seed, g.Moves, x)
				}
			}()
			for i := 0; i < 3000 && !g.Over; i++ {
				k := g.NumOptions()
				if k == 0 {
					t.Fatalf("seed %d: no decision and not over", seed)
				}
				if err := g.Apply(r.Intn(k)); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				_ = g.Clone()
			}
		}()
		t.Logf("seed %d: %d players, turn %d, moves %d, over %v, bases %d", seed, n, g.Turn, g.Moves, g.Over, len(g.BaseSlots()))
	}
}
