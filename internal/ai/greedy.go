package ai

import (
	"math"
	"math/rand/v2"

	"github.com/smashup/smashup/internal/engine"
)

// Greedy looks a little ahead on a determinized copy of the game: it tries
// each option, follows its own further choices (the base a minion goes to,
// the target of an action...) up to the end of that play, then imagines
// ending the Play Cards phase (so bases that would score do score) and judges
// the result with a static evaluation: VP, the VP each player can expect from
// the bases they lead, power on the table and cards in hand. Where the search
// budget runs out it judges positions directly.
//
// Because it judges outcomes, it plays its strongest cards where they win or
// break bases, aims removal at the opponents' strongest minions, declines
// optional abilities that would hurt it, and discards its least useful cards.
type Greedy struct {
	r      *rand.Rand
	Budget int // positions examined per decision (default 600)
	nodes  int
	me     int
}

// NewGreedy returns a seeded greedy player.
func NewGreedy(seed uint64) *Greedy {
	return &Greedy{r: rand.New(rand.NewPCG(seed, 0x67eed)), Budget: 600}
}

// Name implements Player.
func (*Greedy) Name() string { return "greedy" }

// Choose implements Player.
func (a *Greedy) Choose(g *engine.Game, v *engine.View) int {
	d := v.Decision
	if d == nil || len(d.Options) <= 1 {
		return 0
	}
	a.me = d.Player
	a.nodes = 0
	det := g.Determinize(a.me, a.r.Uint64())
	best, bestV := 0, math.Inf(-1)
	n := len(d.Options)
	share := a.Budget / n
	for i := 0; i < n; i++ {
		val, ok := a.try(det, i, share, 4, true)
		if !ok {
			continue
		}
		if val > bestV+1e-9 {
			best, bestV = i, val
		}
	}
	return best
}

// try applies option i to a copy of g and values the result.
func (a *Greedy) try(g *engine.Game, i, budget, depth int, passed bool) (float64, bool) {
	c := g.Clone()
	a.nodes++
	if err := c.ApplySafe(i); err != nil {
		return 0, false
	}
	return a.value(c, budget-1, depth-1, passed), true
}

// value follows the seat's own decisions from g and returns the evaluation.
// passed says whether a Play Cards phase has already been ended in this line.
func (a *Greedy) value(g *engine.Game, budget, depth int, passed bool) float64 {
	if g.Over || !g.Pending.Active || int(g.Pending.Player) != a.me || depth <= 0 || budget <= 0 {
		return a.eval(g)
	}
	n := g.NumOptions()
	if g.MainDecision() {
		// Back at the main question after a play: imagine passing now.
		if passed {
			return a.eval(g)
		}
		for k := n - 1; k >= 0; k-- {
			if g.Pending.Opts[k].Kind == engine.OptPass {
				if v, ok := a.try(g, k, budget, depth, true); ok {
					return v
				}
				break
			}
		}
		return a.eval(g)
	}
	share := budget / n
	if share < 1 {
		return a.eval(g)
	}
	best := math.Inf(-1)
	for k := 0; k < n; k++ {
		if v, ok := a.try(g, k, share, depth, passed); ok && v > best {
			best = v
		}
	}
	if math.IsInf(best, -1) {
		return a.eval(g)
	}
	return best
}

// eval judges a position for the seat: its value minus the best opponent's.
func (a *Greedy) eval(g *engine.Game) float64 {
	n := int(g.NPlayers)
	if g.Over {
		if g.Winners&(1<<a.me) != 0 {
			return 1000
		}
		return -1000
	}
	var val [engine.MaxPlayers]float64
	for p := 0; p < n; p++ {
		val[p] = float64(g.Players[p].VP)
	}
	for _, s := range g.BaseSlots() {
		b := g.DefOf(g.BaseCardAt(s))
		bp := g.Breakpoint(s)
		total := g.TotalAt(s)
		prog := 1.0
		if bp > 0 {
			prog = float64(total) / float64(bp)
		}
		if prog > 1 {
			prog = 1
		}
		w := 0.25 + 0.65*prog*prog
		places := g.Places(s)
		for p := 0; p < n; p++ {
			pw := g.PowerAt(s, p)
			val[p] += 0.08 * float64(pw)
			if places[p] > 0 && places[p] <= 3 {
				val[p] += w * float64(b.VP[places[p]-1])
			}
		}
	}
	for i := 0; i < int(g.NCards); i++ {
		cd := &g.Cards[i]
		if cd.Zone != engine.ZHand || int(cd.Ctrl) >= n || cd.Ctrl < 0 {
			continue
		}
		d := g.DefOf(i)
		hv := 0.3
		if d.Type == engine.Minion {
			hv = 0.2 + 0.05*float64(d.Power)
		}
		val[cd.Ctrl] += hv
	}
	other := math.Inf(-1)
	for p := 0; p < n; p++ {
		if p != a.me && val[p] > other {
			other = val[p]
		}
	}
	return val[a.me] - other
}
