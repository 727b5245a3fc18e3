// Package playout plays whole games automatically: a random legal player, a game
// runner with a decision cap, and the invariants every reachable state must
// satisfy (used by the property and fuzz tests and the benchmarks).
package playout

import (
	"fmt"

	"github.com/smashup/smashup/internal/engine"
)

// Chooser picks an option index for the game's pending decision.
type Chooser interface {
	Choose(g *engine.Game) int
}

// Random is a chooser that picks uniformly among the legal options, with its
// own deterministic generator (splitmix64).
type Random struct{ state uint64 }

// NewRandom returns a random player seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{state: seed ^ 0x5851f42d4c957f2d} }

// Intn returns a number in [0,n).
func (r *Random) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int(z % uint64(n))
}

// Choose picks one of the pending options at random. Declining (pass or no)
// is picked with a lower weight than acting, so that games move on at a
// realistic pace instead of wasting most turns.
func (r *Random) Choose(g *engine.Game) int {
	n := g.NumOptions()
	i := r.Intn(n)
	if n > 1 && r.Intn(8) != 0 {
		if k := g.Pending.Opts[i].Kind; k == engine.OptPass || k == engine.OptNo {
			i = r.Intn(n - 1)
			if j := g.Pending.Opts[i].Kind; j == engine.OptPass || j == engine.OptNo {
				i = n - 1 // one pass/no among the others at most in practice
			}
		}
	}
	return i
}

// DefaultMaxMoves caps the decisions of one game; a game still running then is stuck.
const DefaultMaxMoves = 20000

// Result is the outcome of one game.
type Result struct {
	Over    bool
	Winner  int // engine.None when the game did not end or was shared
	Winners uint8
	Moves   int
	Turns   int
	VP      [engine.MaxPlayers]int
	Err     error // a broken invariant, an engine failure, or a stuck game
}

// Runner plays games. The zero value uses DefaultMaxMoves and checks nothing.
type Runner struct {
	MaxMoves int
	// Check, when set, runs on the game after it is built and after every
	// decision; an error stops the game and is reported in Result.Err.
	Check func(g *engine.Game) error
	// Replay, when set, records every decision taken.
	Replay *engine.Replay
	// Quiet plays games whose log no one reads (engine.Game.SetQuiet): the
	// same decisions, faster.
	Quiet bool
}

// Play plays one game from setup with chooser taking every decision, quietly
// (no one reads its log: Runner.Quiet).
func Play(setup engine.Setup, chooser Chooser) Result {
	return Runner{Quiet: true}.Play(setup, chooser)
}

// Play plays one game from setup with chooser taking every decision.
func (r Runner) Play(setup engine.Setup, chooser Chooser) (res Result) {
	res.Winner = engine.None
	g, err := engine.New(setup)
	if err != nil {
		res.Err = err
		return res
	}
	if r.Quiet {
		g.SetQuiet()
	}
	return r.Continue(g, chooser)
}

// Continue plays an existing game to its end.
func (r Runner) Continue(g *engine.Game, chooser Chooser) (res Result) {
	res.Winner = engine.None
	max := r.MaxMoves
	if max <= 0 {
		max = DefaultMaxMoves
	}
	defer func() {
		if p := recover(); p != nil {
			res.Err = fmt.Errorf("panic after %d decisions: %v", res.Moves, p)
		}
		res.Over, res.Turns = g.Over, int(g.Turn)
		if g.Over {
			res.Winner, res.Winners = int(g.Winner), g.Winners
			if g.Winners&(g.Winners-1) != 0 {
				res.Winner = engine.None
			}
		}
		for p := 0; p < int(g.NPlayers); p++ {
			res.VP[p] = int(g.Players[p].VP)
		}
	}()
	if r.Check != nil {
		if err := r.Check(g); err != nil {
			res.Err = fmt.Errorf("at the start: %w", err)
			return res
		}
	}
	for !g.Over {
		if res.Moves >= max {
			res.Err = fmt.Errorf("stuck: no end after %d decisions (turn %d)", res.Moves, g.Turn)
			return res
		}
		n := g.NumOptions()
		if n == 0 {
			res.Err = fmt.Errorf("no decision pending and the game is not over (after %d decisions)", res.Moves)
			return res
		}
		i := chooser.Choose(g)
		var err error
		if r.Replay != nil {
			err = r.Replay.Apply(g, i)
		} else {
			err = g.Apply(i)
		}
		if err != nil {
			res.Err = fmt.Errorf("decision %d: option %d of %d refused: %w", res.Moves+1, i, n, err)
			return res
		}
		res.Moves++
		if r.Check != nil {
			if err := r.Check(g); err != nil {
				res.Err = fmt.Errorf("after decision %d: %w", res.Moves, err)
				return res
			}
		}
	}
	return res
}

// Checker verifies the invariants across the decisions of one game. Use a
// fresh Checker per game (it remembers the card count and VP).
type Checker struct {
	started bool
	nCards  int
	vp      [engine.MaxPlayers]int16
}

// Check verifies g: structurally valid (every card in exactly one valid zone,
// attachments and bases consistent), over or waiting on a decision with
// options, the card count unchanged, no negative power, counters or
// breakpoint, and no player's VP going down.
func (c *Checker) Check(g *engine.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	if !g.Over && (!g.Pending.Active || g.Pending.N < 1) {
		return fmt.Errorf("game not over and no decision with options pending")
	}
	if !c.started {
		c.started = true
		c.nCards = int(g.NCards)
		c.vp = [engine.MaxPlayers]int16{}
		for p := 0; p < int(g.NPlayers); p++ {
			c.vp[p] = g.Players[p].VP
		}
	}
	if int(g.NCards) != c.nCards {
		return fmt.Errorf("card count changed from %d to %d", c.nCards, g.NCards)
	}
	for p := 0; p < int(g.NPlayers); p++ {
		if v := g.Players[p].VP; v < c.vp[p] {
			return fmt.Errorf("player %d VP went down from %d to %d", p, c.vp[p], v)
		} else {
			c.vp[p] = v
		}
	}
	for i := range g.NCards {
		cd := &g.Cards[i]
		if cd.Counters < 0 {
			return fmt.Errorf("card %d (%s) has %d counters", i, g.Name(i), cd.Counters)
		}
		if cd.Zone == engine.ZInPlay && g.IsMinion(i) && g.Power(i) < 0 {
			return fmt.Errorf("minion %d (%s) has power %d", i, g.Name(i), g.Power(i))
		}
	}
	for _, s := range g.BaseSlots() {
		if bp := g.Breakpoint(s); bp < 0 {
			return fmt.Errorf("base slot %d has breakpoint %d", s, bp)
		}
		if t := g.TotalAt(s); t < 0 {
			return fmt.Errorf("base slot %d has total power %d", s, t)
		}
	}
	return nil
}
