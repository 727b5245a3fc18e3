package ai

import (
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Search is a computer player that plans its turn by single-observer
// information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
// 2012). Each iteration deals a world the seat cannot tell from the real one
// (Game.Determinize: every card it cannot identify dealt again), walks down a tree
// of the seat's own decisions in that world, choosing by UCB among the options
// the world offers (a child's count of "available" visits stands in for its
// parent's, as the information-set variant asks), adds one new decision,
// finishes the turn with a plain policy (pass when allowed, otherwise a random
// option; other seats do the same when asked during the turn), and judges the
// position where the turn ends with the static evaluation Greedy uses. The
// answer is the most visited option at the root.
//
// Trees of several workers (root parallelism) are merged by summing the
// visits of their root options. The budget is a number of iterations
// (deterministic: tests, the simulator, the arena) or a wall time (people).
type Search struct {
	r          *rand.Rand
	Iterations int           // iterations per decision and worker (0: use Time)
	Time       time.Duration // wall time per decision, when Iterations is 0
	Limit      time.Duration // with Iterations: stop sooner once this wall time has passed (0: never)
	Workers    int           // trees searched in parallel (at least 1)
	C          float64       // exploration constant of UCB (rewards are in [0, 1])
	Horizon    int           // turns after the current one played out before judging (-n: n rounds, every other player n times and the seat n-1 times)
	name       string
	exact      bool // search g itself, not worlds dealt again (a finished game's review: estimate.go)
	fallback   *Greedy
	guard      loopGuard
	idle       int   // the seat's turns in a row ended without a play it could have made (stallTurns)
	idleTurn   int16 // the last turn idle counted
}

// stallTurns is how many turns in a row a search player ends its Play Cards
// phase without playing before it plays its best card rather than pass
// again. A judge can find passing best turn after turn for both players
// (a base would score for the one with the most power there, but what it
// costs them on the table outweighs it in the evaluation, and the other
// fears giving them the VP): deal 198 of `smashup arena --a max --b hard
// --seed 1`, max in the second seat, went 480 turns. A person does not hold
// forever; the count is of the seat's own plays, which every seat sees.
const stallTurns = 3

// NewSearch returns a seeded search player with a budget of iterations per decision.
func NewSearch(seed uint64, iterations, workers int) *Search {
	return &Search{r: rand.New(rand.NewPCG(seed, 0x15c75)), Iterations: iterations, Workers: max(1, workers),
		C: 0.7, Horizon: -1, name: "search", fallback: NewGreedy(seed)}
}

// Name implements Player.
func (s *Search) Name() string { return s.name }

func (s *Search) horizon(g *engine.Game) int {
	if s.Horizon < 0 {
		return -s.Horizon*int(g.NPlayers) - 1
	}
	return s.Horizon
}

// node is one decision of the seat reached by a sequence of its options.
type node struct {
	key      uint64 // the option that leads here (optKey)
	visits   int32
	avail    int32 // iterations in which this option was offered
	reward   float64
	children []*node
}

func (n *node) child(key uint64) *node {
	for _, c := range n.children {
		if c.key == key {
			return c
		}
	}
	return nil
}

// optKey identifies an option across worlds: what it is and what it names.
func optKey(o engine.Option) uint64 {
	return uint64(o.Kind)<<56 | uint64(uint8(o.Player))<<48 | uint64(uint8(o.Base))<<40 |
		uint64(uint16(o.Card))<<24 | uint64(uint16(o.Num))<<8
}

// searcher is one worker's tree and scratch state.
type searcher struct {
	r        *rand.Rand
	me       engine.Seat
	turn     int16
	c        float64
	lastTurn int // the last turn a playout plays before it is judged
	root     node
	world    engine.Game
	dealing  engine.Dealing // what every world dealt from the searched game shares (DealInto)
	path     []*node
	keys     []uint64
	kids     []*node   // the child of each option of keys (nil: none yet)
	all      []float64 // each seat's judgements summed, when estimating (estimate.go)
}

// playToQuestion makes a search play each world to the first question past
// its horizon (the tests: the same iterations as pausing before it).
var playToQuestion bool

// Choose implements Player.
func (s *Search) Choose(g *engine.Game, v *engine.View) int {
	return s.guard.decide(g, v, s.choose)
}

// choose picks among the two or more options of v's decision.
func (s *Search) choose(g *engine.Game, v *engine.View) int {
	ws := s.search(g, v.Decision.Player)
	visits, mean := rootStats(g, ws)
	best := pickOption(g, visits, mean)
	if g.MainDecision() {
		if s.idle >= stallTurns {
			if i := bestPlay(g, visits, mean); i >= 0 {
				best = i
			}
		}
		s.countIdle(g, v.Decision.Player, best)
	}
	if best >= 0 {
		return best
	}
	return s.fallback.Choose(g, v)
}

// countIdle counts the turns in a row in which seat me ends its Play Cards
// phase (choice: the answer to its main decision) having played nothing.
func (s *Search) countIdle(g *engine.Game, me engine.Seat, choice int) {
	pl := &g.Players[me]
	switch {
	case choice < 0 || g.Pending.Opts[choice].Kind != engine.OptPass:
		s.idle = 0
	case pl.MinionsPlayed+pl.ActionsPlayed == 0 && g.Turn != s.idleTurn:
		s.idle++
		s.idleTurn = g.Turn
	}
}

// bestPlay is the searched option other than passing with the best mean (-1: none).
func bestPlay(g *engine.Game, visits []int32, mean []float64) int {
	best := -1
	for i, n := range visits {
		if g.Pending.Opts[i].Kind != engine.OptPass && n > 0 && (best < 0 || mean[i] > mean[best]) {
			best = i
		}
	}
	return best
}

// search runs the iterations of g's pending decision, seat me's, and
// returns the workers' trees.
func (s *Search) search(g *engine.Game, me engine.Seat) []*searcher {
	w := max(1, s.Workers)
	ws := make([]*searcher, w)
	for i := range ws {
		ws[i] = &searcher{r: rand.New(rand.NewPCG(s.r.Uint64(), uint64(i))), me: me, turn: g.Turn, c: s.C, lastTurn: int(g.Turn) + min(s.horizon(g), 1<<30)}
		if s.exact {
			ws[i].all = make([]float64, int(g.NPlayers))
		}
	}
	deadline := time.Now().Add(s.Time)
	if s.Iterations > 0 {
		deadline = time.Now().Add(s.Limit)
	}
	run := func(sr *searcher) {
		for it := 0; ; it++ {
			if s.Iterations > 0 {
				if it >= s.Iterations || s.Limit > 0 && it%16 == 15 && time.Now().After(deadline) {
					return
				}
			} else if it%16 == 0 && time.Now().After(deadline) {
				return
			}
			// a world to play on: quiet, only the parts in use copied (CopyToPlay)
			if s.exact {
				sr.world.CopyToPlay(g)
			} else {
				g.DealInto(&sr.world, &sr.dealing, sr.me, sr.r.Uint64())
			}
			if !playToQuestion {
				sr.world.SetHorizon(sr.lastTurn) // (the playout's end: iterate stops there)
			}
			sr.iterate(&sr.world)
		}
	}
	if w == 1 {
		run(ws[0])
	} else {
		var wg sync.WaitGroup
		for _, sr := range ws {
			wg.Add(1)
			go func() { defer wg.Done(); run(sr) }()
		}
		wg.Wait()
	}
	return ws
}

// rootStats sums the workers' visits of each pending option of g and
// gives the mean reward of the iterations through it (0 when none).
func rootStats(g *engine.Game, ws []*searcher) (visits []int32, mean []float64) {
	for i := 0; i < int(g.Pending.N); i++ {
		k := optKey(g.Pending.Opts[i])
		var n int32
		var r float64
		for _, sr := range ws {
			if c := sr.root.child(k); c != nil {
				n += c.visits
				r += c.reward
			}
		}
		m := 0.0
		if n > 0 {
			m = r / float64(n)
		}
		visits, mean = append(visits, n), append(mean, m)
	}
	return visits, mean
}

// pickOption is the search's answer: the most visited option, or declining
// when doing something is no better (-1: no option was visited).
func pickOption(g *engine.Game, visits []int32, mean []float64) int {
	best, bestN := -1, int32(-1)
	decline, declineMean := -1, 0.0
	for i, n := range visits {
		if n > bestN {
			best, bestN = i, n
		}
		if kd := g.Pending.Opts[i].Kind; (kd == engine.OptPass || kd == engine.OptNo) && n > 0 {
			decline, declineMean = i, mean[i]
		}
	}
	if bestN <= 0 {
		return -1
	}
	// declining wins when doing something is no better: it never loops on an
	// ability that can be used again and again to no effect. The margin is in
	// log-odds: 0.005 at even chances, far less near a sure win or loss, where
	// every difference is small; a margin of 0.005 there made a player far
	// ahead pass turn after turn, and the game never ended
	// (TestFarAheadStillScores).
	if decline >= 0 && logit(declineMean) >= logit(mean[best])-0.02 {
		return decline
	}
	return best
}

// logit is the log-odds of a chance p, kept finite.
func logit(p float64) float64 {
	p = min(max(p, 1e-9), 1-1e-9)
	return math.Log(p / (1 - p))
}

// iterate runs one iteration in world g (a determinization it may change).
func (sr *searcher) iterate(g *engine.Game) {
	sr.descend(g)
	r := sr.reward(g)
	if sr.all != nil {
		sr.judgeAll(g)
	}
	for _, c := range sr.path {
		c.visits++
		c.reward += r
	}
	sr.root.visits++
}

// descend walks down the tree from the root in world g, choosing among the
// seat's options there, adds one new decision and plays on with the policy
// to where the iteration ends (sr.path: the decisions walked). A failing
// card ends it where it failed, as apply's answer does (one recover here
// for the whole walk instead of one for each answer).
func (sr *searcher) descend(g *engine.Game) {
	defer func() { _ = recover() }()
	sr.path = sr.path[:0]
	nd := &sr.root
	expanded := false
	for steps := 0; steps < 300; steps++ {
		if g.Over || !g.Pending.Active || int(g.Turn) > sr.lastTurn {
			break
		}
		n := int(g.Pending.N)
		if g.Pending.Player != sr.me || expanded {
			if g.Apply(sr.policy(g)) != nil {
				break
			}
			continue
		}
		sr.keys = sr.keys[:0]
		for i := 0; i < n; i++ {
			sr.keys = append(sr.keys, optKey(g.Pending.Opts[i]))
		}
		// every option offered here counts as available to its child
		pick, untried := -1, 0
		sr.kids = sr.kids[:0]
		for i, k := range sr.keys {
			c := nd.child(k)
			sr.kids = append(sr.kids, c)
			if c != nil {
				c.avail++
			} else {
				untried++
				if sr.r.IntN(untried) == 0 {
					pick = i // one untried option, uniformly
				}
			}
		}
		var next *node
		if pick >= 0 {
			next = &node{key: sr.keys[pick], avail: 1}
			nd.children = append(nd.children, next)
			expanded = true
		} else {
			bestU := math.Inf(-1)
			for i, c := range sr.kids {
				u := c.reward/float64(c.visits) + sr.c*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
				if u > bestU {
					bestU, pick, next = u, i, c
				}
			}
		}
		sr.path = append(sr.path, next)
		nd = next
		if g.Apply(pick) != nil {
			break
		}
	}
}

// policy answers a decision outside the tree: pass or decline when allowed
// (a player ends its part quickly), otherwise any option.
func (sr *searcher) policy(g *engine.Game) int {
	n := int(g.Pending.N)
	if g.Turn != sr.turn && g.MainDecision() && n > 1 {
		return sr.r.IntN(n) // a later turn: play something
	}
	for i := 0; i < n; i++ {
		if k := g.Pending.Opts[i].Kind; k == engine.OptPass || k == engine.OptNo {
			return i
		}
	}
	return sr.r.IntN(n)
}

// reward judges where an iteration ended, in [0, 1].
func (sr *searcher) reward(g *engine.Game) float64 { return judge(g, sr.me) }

// judge is how good g is for seat me, in [0, 1].
func judge(g *engine.Game, me engine.Seat) float64 {
	if g.Over {
		switch {
		case g.Winners == 1<<me:
			return 1
		case g.Winners&(1<<me) != 0:
			return 0.75
		}
		return 0
	}
	return 1 / (1 + math.Exp(-evaluate(g, me)/2))
}
