// Package ai holds the computer players.
//
// A Player decides from what its seat may know. It gets the seat's View and
// the game, but may use the game only through Game.Determinize, which deals
// again every card the seat cannot identify (other hands, every deck, cards
// given away or set aside face down) from the cards it could be, and
// replaces the random generator: the copy, and so the choice, is the same
// in every game the seat cannot tell apart (TestRedealProperty).
package ai

import (
	"math/rand/v2"
	"runtime"

	"github.com/smashup/smashup/internal/engine"
)

// Player chooses an option of the pending decision of its seat (v.Decision.Player).
type Player interface {
	Choose(g *engine.Game, v *engine.View) int
	Name() string
}

// Levels are the computer players people choose from, weakest first:
// random (any legal option), easy (greedy that often plays carelessly),
// normal (Greedy), hard (Search, one core) and max (Search with twice the
// budget on every core, looking a round further ahead).
var Levels = []string{"random", "easy", "normal", "hard", "max"}

// HardIterations is the search budget per decision of the hard and max
// levels (per core). Measured (BenchmarkSearchDecision, docs/computer-players.md): tens of
// milliseconds per decision on one core; more iterations gained little
// against normal in our measurements.
const HardIterations = 2000

// MaxIterations is the search budget per decision and core of the max
// level: twice hard's per core (four times in all on two cores). The budget
// alone gained little against hard (53.8% of 400 deals); with playouts a
// round longer (newMax) max wins 66.2% at about 0.2 s a decision (docs/computer-players.md:
// the ladder).
const MaxIterations = 4000

// New returns the computer player of a level (see Levels; "greedy" and "ai"
// are other names of normal) with a seed.
func New(kind string, seed uint64) (Player, bool) {
	switch kind {
	case "normal", "greedy", "ai":
		return NewGreedy(seed), true
	case "random":
		return NewRandom(seed), true
	case "easy":
		return NewEasy(seed), true
	case "hard":
		s := NewSearch(seed, HardIterations, 1)
		s.name = "hard"
		return s, true
	case "max":
		return newMax(seed, runtime.GOMAXPROCS(0)), true
	}
	return nil, false
}

// NewMaxOn returns the max level's search player on workers cores (New
// gives it every core), for measuring it per core.
func NewMaxOn(seed uint64, workers int) Player { return newMax(seed, workers) }

// newMax returns the search player of the max level on workers cores.
func newMax(seed uint64, workers int) *Search {
	s := NewSearch(seed, MaxIterations, workers)
	s.name = "max"
	// Two rounds rather than hard's one: max's playouts go on through its own
	// next turn and every other player's after it, so a play is judged by
	// what it sets up, not only by what the others can do to it at once. At
	// equal budgets (`smashup arena --a max --b hard --iterations 500`) this
	// alone took max from 52.0% to 61.8% of 400 deals (seeds 5 and 7).
	s.Horizon = -2
	return s
}

// Easy plays like Greedy with a small budget, and one time in three picks
// any legal option instead.
type Easy struct {
	r *rand.Rand
	g *Greedy
}

// NewEasy returns a seeded easy player.
func NewEasy(seed uint64) *Easy {
	g := NewGreedy(seed)
	g.Budget = 40
	return &Easy{r: rand.New(rand.NewPCG(seed, 0xea5e)), g: g}
}

// Name implements Player.
func (*Easy) Name() string { return "easy" }

// Choose implements Player.
func (e *Easy) Choose(g *engine.Game, v *engine.View) int {
	if v.Decision != nil && len(v.Decision.Options) > 1 && e.r.IntN(3) == 0 {
		return e.g.guard.check(g, e.r.IntN(len(v.Decision.Options)))
	}
	return e.g.Choose(g, v)
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
