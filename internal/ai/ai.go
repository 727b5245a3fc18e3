// Package ai holds the computer players.
//
// A Player decides from what its seat may know. It gets the seat's View and
// the game, but may use the game only through Game.Determinize, which hides
// everything the seat cannot know (other hands, deck orders, the random
// generator) behind a random re-deal.
package ai

import (
	"math/rand/v2"

	"github.com/smashup/smashup/internal/engine"
)

// Player chooses an option of the pending decision of its seat (v.Decision.Player).
type Player interface {
	Choose(g *engine.Game, v *engine.View) int
	Name() string
}

// New returns the computer player called kind ("greedy" or "random") with a seed.
func New(kind string, seed uint64) (Player, bool) {
	switch kind {
	case "greedy", "ai":
		return NewGreedy(seed), true
	case "random":
		return NewRandom(seed), true
	}
	return nil, false
}

// Random picks a legal option uniformly at random.
type Random struct{ r *rand.Rand }

// NewRandom returns a seeded random player.
func NewRandom(seed uint64) *Random { return &Random{r: rand.New(rand.NewPCG(seed, 0x5eed))} }

// Name implements Player.
func (*Random) Name() string { return "random" }

// Choose implements Player.
func (a *Random) Choose(g *engine.Game, v *engine.View) int {
	if v.Decision == nil {
		return 0
	}
	return a.Pick(len(v.Decision.Options))
}

// Pick chooses uniformly among n options (the same choice Choose makes).
func (a *Random) Pick(n int) int {
	if n <= 0 {
		return 0
	}
	return a.r.IntN(n)
}
