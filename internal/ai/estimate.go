package ai

import (
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
