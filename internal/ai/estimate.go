package ai

import (
	"math/rand/v2"

	"github.com/smashup/smashup/internal/engine"
)

// Estimate is what the search found at one position of a finished game,
// every card known (a post-game review).
type Estimate struct {
	// Chances: each seat's estimated chance to win (they sum to 1): the
	// mean judgement of each seat where the search's playouts ended,
	// shared out in proportion.
	Chances []float64
	Choice  int // the option the search chooses for the player deciding (-1: nobody decides)
}

// EstimateExact searches g's pending decision with iterations playouts on
// one core, as the search player of the deciding seat would, but in g
// itself rather than in worlds dealt again (everything is known once the
// game is over: never use it on a game in progress, where it would see
// hidden cards). g is not changed.
func EstimateExact(g *engine.Game, iterations int, seed uint64) Estimate {
	n := int(g.NPlayers)
	e := Estimate{Chances: make([]float64, n), Choice: -1}
	if g.Over || !g.Pending.Active {
		w := 0
		for p := 0; p < n; p++ {
			if g.Winners&(1<<p) != 0 {
				w++
			}
		}
		for p := 0; p < n; p++ {
			if g.Winners&(1<<p) != 0 {
				e.Chances[p] = 1 / float64(w)
			} else if w == 0 {
				e.Chances[p] = 1 / float64(n)
			}
		}
		return e
	}
	s := NewSearch(seed, max(1, iterations), 1)
	s.exact = true
	ws := s.search(g, g.Pending.Player)
	visits, mean := rootStats(g, ws)
	e.Choice = pickOption(g, visits, mean)
	if e.Choice < 0 {
		e.Choice = 0
	}
	sum := 0.0
	for p := 0; p < n; p++ {
		e.Chances[p] = ws[0].all[p]
		sum += e.Chances[p]
	}
	for p := 0; p < n; p++ {
		if sum > 0 {
			e.Chances[p] /= sum
		} else {
			e.Chances[p] = 1 / float64(n)
		}
	}
	return e
}

// judgeAll adds each seat's judgement of g, where an iteration ended.
func (sr *searcher) judgeAll(g *engine.Game) {
	for p := range sr.all {
		sr.all[p] += judge(g, engine.Seat(p))
	}
}

// EstimateEven estimates each seat's chance to win from g by playouts in
// which every seat plays alike, whoever decides now: each playout answers
// every decision by the search's out-of-tree policy (a later turn's main
// decisions at random, the rest passed or declined where allowed), up to
// the search's horizon (the end of the round), and is judged there for
// every seat. A search rooted at the decider's question (EstimateExact)
// plays that seat well and the others passively, so its estimate leans
// toward whoever decides and a game's curve zigzags as the decider
// changes; this one does not lean, so a game where nothing happens draws a
// flat line. Everything is known (a finished game's review): never use it
// on a game in progress. g is not changed. With the same seed at every
// position of a game, the playouts share their randomness, and the curve
// moves only where the game does.
func EstimateEven(g *engine.Game, playouts int, seed uint64) Estimate {
	n := int(g.NPlayers)
	if g.Over || !g.Pending.Active {
		return EstimateExact(g, 0, seed) // the winners' shares
	}
	sr := &searcher{r: rand.New(rand.NewPCG(seed, 0xe7e4)), me: engine.NoSeat, turn: -1, all: make([]float64, n),
		lastTurn: int(g.Turn) + n - 1}
	c := new(engine.Game)
	for range max(1, playouts) {
		c.CopyFrom(g)
		for steps := 0; steps < 300 && !c.Over && c.Pending.Active && int(c.Turn) <= sr.lastTurn; steps++ {
			if !apply(c, sr.policy(c)) {
				break
			}
		}
		sr.judgeAll(c)
	}
	e := Estimate{Chances: make([]float64, n), Choice: -1}
	sum := 0.0
	for _, v := range sr.all {
		sum += v
	}
	for p := range n {
		if sum > 0 {
			e.Chances[p] = sr.all[p] / sum
		} else {
			e.Chances[p] = 1 / float64(n)
		}
	}
	return e
}
