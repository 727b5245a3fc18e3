package ai

import (
	"math"
	"math/bits"
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
	Budget int // positions examined per decision (default 300)
	nodes  int
	me     engine.Seat
	bufs   []*engine.Game // scratch games, one per search depth (reused: no allocation per position)
	guard  loopGuard
}

// NewGreedy returns a seeded greedy player.
func NewGreedy(seed uint64) *Greedy {
	return &Greedy{r: rand.New(rand.NewPCG(seed, 0x67eed)), Budget: 300}
}

// Name implements Player.
func (*Greedy) Name() string { return "greedy" }

// Choose implements Player.
func (a *Greedy) Choose(g *engine.Game, v *engine.View) int {
	return a.guard.decide(g, v, a.choose)
}

// choose picks among the two or more options of v's decision.
func (a *Greedy) choose(g *engine.Game, v *engine.View) int {
	d := v.Decision
	a.me = d.Player
	a.nodes = 0
	det := g.Determinize(a.me, a.r.Uint64())
	det.SetQuiet() // no one reads its log
	best, bestV := 0, math.Inf(-1)
	n := len(d.Options)
	share := a.Budget / n
	for i := 0; i < n; i++ {
		val, ok := a.try(det, i, share, 4, false)
		if !ok {
			continue
		}
		// On a tie, declining wins: it never loops on an ability that changes nothing.
		decline := d.Options[i].Kind == engine.OptPass || d.Options[i].Kind == engine.OptNo
		if val > bestV+1e-9 || (decline && val > bestV-1e-9) {
			best, bestV = i, val
		}
	}
	return best
}

// try applies option i to a copy of g and values the result.
func (a *Greedy) try(g *engine.Game, i, budget, depth int, passed bool) (float64, bool) {
	for len(a.bufs) <= depth {
		a.bufs = append(a.bufs, new(engine.Game))
	}
	c := a.bufs[depth]
	c.CopyToPlay(g) // (quiet: no one reads its log)
	a.nodes++
	if !apply(c, i) {
		return 0, false
	}
	return a.value(c, budget-1, depth-1, passed), true
}

// apply answers option i on a scratch copy; a failing card only makes the option unattractive.
func apply(g *engine.Game, i int) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return g.Apply(i) == nil
}

// value follows the seat's own decisions from g and returns the evaluation.
// passed says whether a Play Cards phase has already been ended in this line.
func (a *Greedy) value(g *engine.Game, budget, depth int, passed bool) float64 {
	if g.Over || !g.Pending.Active || g.Pending.Player != a.me || depth <= 0 || budget <= 0 {
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

// eval judges a position for the seat.
func (a *Greedy) eval(g *engine.Game) float64 { return evaluate(g, a.me) }

// evaluate judges a position for seat me: its value minus the best
// opponent's, where a player's value is its VP, the VP it can expect from the
// bases it stands well at (more as they near their breakpoints), its power on
// the table and the cards in its hand.
func evaluate(g *engine.Game, me engine.Seat) float64 {
	n := g.NPlayers
	if g.Over {
		if g.Winners&(1<<me) != 0 {
			return 1000
		}
		return -1000
	}
	var val [engine.MaxPlayers]float64
	for p := engine.Seat(0); p < n; p++ {
		val[p] = float64(g.Players[p].VP)
	}
	// power and presence by base slot and player, in one pass
	var pw [engine.MaxBases][engine.MaxPlayers]int
	var has [engine.MaxBases][engine.MaxPlayers]bool
	for i, power := range g.MinionPowers() {
		cd := &g.Cards[i]
		if cd.Ctrl >= 0 && cd.Ctrl < n && cd.Base >= 0 {
			pw[cd.Base][cd.Ctrl] += power
			has[cd.Base][cd.Ctrl] = true
		}
	}
	var bps [engine.MaxBases]int
	g.Breakpoints(&bps)
	for s := range g.NBases {
		if g.BaseCardAt(s) == engine.None {
			continue
		}
		b := g.DefOf(g.BaseCardAt(s))
		bp := bps[s]
		total := 0
		for p := engine.Seat(0); p < n; p++ {
			total += pw[s][p]
		}
		prog := 1.0
		if bp > 0 {
			prog = float64(total) / float64(bp)
		}
		if prog > 1 {
			prog = 1
		}
		w := 0.25 + 0.65*prog*prog
		for p := engine.Seat(0); p < n; p++ {
			val[p] += 0.08 * float64(pw[s][p])
			if !has[s][p] && pw[s][p] == 0 {
				continue
			}
			place := 1 // players with more power here, plus one
			for q := engine.Seat(0); q < n; q++ {
				if q != p && (has[s][q] || pw[s][q] > 0) && pw[s][q] > pw[s][p] {
					place++
				}
			}
			if place <= 3 {
				val[p] += w * float64(b.VP[place-1])
			}
		}
	}
	// Cards in hand are worth a little (up to six of them), and so is having
	// used this turn's plays: a card kept back must earn its place.
	var held [engine.MaxPlayers]int
	for i := range inZone(g, engine.ZHand) {
		cd := &g.Cards[i]
		if cd.Ctrl >= n || cd.Ctrl < 0 || held[cd.Ctrl] >= 6 {
			continue
		}
		held[cd.Ctrl]++
		hv := 0.1
		if d := g.DefOf(i); d.Type == engine.Minion {
			hv = 0.06 + 0.02*float64(d.Power)
		}
		val[cd.Ctrl] += hv
	}
	pl := &g.Players[me]
	val[me] += 0.15 * float64(pl.MinionsPlayed+pl.ActionsPlayed)
	other := math.Inf(-1)
	for p := engine.Seat(0); p < n; p++ {
		if p != me && val[p] > other {
			other = val[p]
		}
	}
	return val[me] - other
}

// inZone yields the cards in zone z in index order (Game.Zones: the same
// cards, in the same order, as a walk of every card looking at its zone).
func inZone(g *engine.Game, z engine.Zone) func(yield func(engine.CardID) bool) {
	return func(yield func(engine.CardID) bool) {
		for w, word := range g.Zones[z] {
			for ; word != 0; word &= word - 1 {
				if !yield(engine.CardID(w<<6 | bits.TrailingZeros64(word))) {
					return
				}
			}
		}
	}
}
