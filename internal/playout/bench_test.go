package playout

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

func benchGames(b *testing.B, n int) { benchGamesOf(b, n, RandomSetup) }

func benchGamesOf(b *testing.B, n int, setup func(seed uint64, n int) engine.Setup) {
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		seed := uint64(i)
		res := Play(setup(seed, n), NewRandom(seed))
		if res.Err != nil {
			b.Fatalf("seed %d: %v", seed, res.Err)
		}
		moves += res.Moves
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "decisions/game")
}

// BenchmarkRandomGame2P plays whole random 2-player games.
func BenchmarkRandomGame2P(b *testing.B) { benchGames(b, 2) }

// BenchmarkRandomGame4P plays whole random 4-player games.
func BenchmarkRandomGame4P(b *testing.B) { benchGames(b, 4) }

func coreSetup(seed uint64, n int) engine.Setup { return RandomSetupOfSet(seed, n, "core") }

// BenchmarkRandomGame2PCore plays whole random 2-player games with factions
// and bases of the core set only.
func BenchmarkRandomGame2PCore(b *testing.B) { benchGamesOf(b, 2, coreSetup) }

// BenchmarkRandomGame4PCore plays whole random 4-player games with factions
// and bases of the core set only.
func BenchmarkRandomGame4PCore(b *testing.B) { benchGamesOf(b, 4, coreSetup) }

// BenchmarkCopyState copies a mid-game state into a reused buffer.
func BenchmarkCopyState(b *testing.B) {
	g := midGame(b, 7, 4)
	var buf engine.Game
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf.CopyFrom(g)
	}
	if buf.Moves != g.Moves {
		b.Fatal("copy differs")
	}
}

// BenchmarkCopyToPlay copies a mid-game state into a reused buffer as the
// searches do (engine.Game.CopyToPlay: the parts in use, no log).
func BenchmarkCopyToPlay(b *testing.B) {
	g := midGame(b, 7, 4)
	var buf engine.Game
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf.CopyToPlay(g)
	}
	if buf.Moves != g.Moves {
		b.Fatal("copy differs")
	}
	b.ReportMetric(float64(g.CopiedBytes()), "bytes/copy")
}

// midGame returns a game after some random decisions.
func midGame(tb testing.TB, seed uint64, n int) *engine.Game {
	g, err := engine.New(RandomSetup(seed, n))
	if err != nil {
		tb.Fatal(err)
	}
	r := NewRandom(seed)
	for k := 0; k < 150 && !g.Over; k++ {
		if err := g.Apply(r.Choose(g)); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}
