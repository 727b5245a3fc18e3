package engine

// Randomness: every random choice of the engine (shuffles, random discards)
// comes from the game's own seeded generator (Game.Rng), so a game plays the
// same from the same seed and a copy of it goes on with the same draws.

// rand returns a deterministic pseudo-random number (splitmix64).
func (g *Game) rand() uint64 {
	g.Rng += 0x9e3779b97f4a7c15
	z := g.Rng
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a deterministic random number in [0,n).
func (g *Game) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int(g.rand() % uint64(n))
}
