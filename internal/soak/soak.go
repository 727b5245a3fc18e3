// Package soak plays many random games over every set, with 2 to 4 players
// and titans on and off, and checks the engine's invariants after every
// decision: every card in exactly one zone, counters only on minions (and
// titans) in play, power and breakpoints never below zero, VP never going
// down unless a card of the game can take them away, the game either over or
// waiting on a decision with at least one option, and a saved-then-loaded
// copy equal to the original.
package soak

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/playout"
)

// Config says which games a soak plays and how.
type Config struct {
	Games     int    // number of games
	Seed      uint64 // seed of the first game; game k uses Seed+k
	Workers   int    // games played at once (default 1)
	SaveEvery int    // check the save round trip after every SaveEvery-th decision (default 1: every one)
	MaxMoves  int    // decisions after which a game is stuck (default playout.DefaultMaxMoves)
}

// Violation is a broken invariant (or an engine failure) in one game.
type Violation struct {
	Game    int    // index of the game in the soak
	Seed    uint64 // its seed
	Players int
	Titans  bool
	Err     string
}

func (v Violation) String() string {
	t := "off"
	if v.Titans {
		t = "on"
	}
	return fmt.Sprintf("game %d (seed %d, %d players, titans %s): %s", v.Game, v.Seed, v.Players, t, v.Err)
}

// Report sums up a soak.
type Report struct {
	Games      int
	Finished   int // games that ended with a winner or a shared win
	Decisions  int
	Saves      int         // save round trips checked
	Violations []Violation // in game order
	Elapsed    time.Duration
}

// GameOf returns the setup of game k of a soak starting at seed: 2, 3 and 4
// players in turn, titans off and on in turn (all six mixes every six games),
// factions and bases drawn from every playable set.
func GameOf(seed uint64, k int) (engine.Setup, uint64) {
	s := seed + uint64(k)
	n := 2 + k%3
	st := playout.RandomSetup(s, n)
	if (k/3)%2 == 1 {
		st.Options |= engine.RuleTitans
	}
	return st, s
}

// Run plays the games of cfg; progress, when not nil, is called after each
// game with the number of games done and of violations found so far (from
// one goroutine at a time).
func Run(cfg Config, progress func(done, violations int)) Report {
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	if cfg.SaveEvery < 1 {
		cfg.SaveEvery = 1
	}
	start := time.Now()
	var (
		mu  sync.Mutex
		rep = Report{Games: cfg.Games}
		wg  sync.WaitGroup
	)
	next, done := 0, 0
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				k := next
				next++
				mu.Unlock()
				if k >= cfg.Games {
					return
				}
				res, saves, v := playOne(cfg, k)
				mu.Lock()
				rep.Decisions += res.Moves
				rep.Saves += saves
				if res.Over {
					rep.Finished++
				}
				if v != nil {
					rep.Violations = append(rep.Violations, *v)
				}
				done++
				if progress != nil {
					progress(done, len(rep.Violations))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Slice(rep.Violations, func(i, j int) bool { return rep.Violations[i].Game < rep.Violations[j].Game })
	rep.Elapsed = time.Since(start)
	return rep
}

// playOne plays game k of cfg with a random player, checking every decision.
func playOne(cfg Config, k int) (playout.Result, int, *Violation) {
	setup, seed := GameOf(cfg.Seed, k)
	c := &checker{saveEvery: cfg.SaveEvery, phase: int(seed % uint64(cfg.SaveEvery))}
	r := playout.Runner{MaxMoves: cfg.MaxMoves, Check: c.check}
	res := r.Play(setup, playout.NewRandom(seed))
	if res.Err == nil && !res.Over {
		res.Err = fmt.Errorf("the game stopped without ending")
	}
	if res.Err != nil {
		return res, c.saves, &Violation{Game: k, Seed: seed, Players: len(setup.Players), Titans: setup.Options&engine.RuleTitans != 0, Err: res.Err.Error()}
	}
	return res, c.saves, nil
}

// vpTakers lists the cards whose abilities may take VP away from a player.
// No card of the sets the engine plays does today; a game with none of
// these cards must never see a player's VP go down.
var vpTakers = map[string]bool{}

// holdsCounters reports whether a card of definition d may carry +1 power
// counters in zone z although it is not a minion in play: a titan whose text
// puts counters on it (in play, or beside its owner: Ancient Lord), an action
// in play whose text puts counters on itself (Summon Wolves).
func holdsCounters(d *engine.Def, z engine.Zone) bool {
	t := strings.ToLower(d.Text)
	if !strings.Contains(t, "counter") {
		return false
	}
	switch d.Type {
	case engine.Titan:
		return (z == engine.ZInPlay || z == engine.ZTitan) && strings.Contains(t, "this titan")
	case engine.Action:
		return z == engine.ZInPlay && strings.Contains(t, "this card")
	}
	return false
}

// checker holds what one game's checks remember between decisions.
type checker struct {
	started   bool
	nCards    int
	vp        [engine.MaxPlayers]int16
	vpMayDrop bool
	saveEvery int
	phase     int // the save round trip is checked when decisions%saveEvery == phase
	decisions int
	saves     int
}

// check verifies the invariants of g (see the package comment).
func (c *checker) check(g *engine.Game) error {
	if !c.started {
		c.started = true
		c.nCards = int(g.NCards)
		for p := 0; p < int(g.NPlayers); p++ {
			c.vp[p] = g.Players[p].VP
		}
		for i := range g.NCards {
			if vpTakers[g.DefOf(i).Key] {
				c.vpMayDrop = true
			}
		}
	} else {
		c.decisions++
	}
	// structure: every card in exactly one valid zone (the zone sets and the
	// table index agree with each card's zone), attachments and bases consistent
	if err := g.Validate(); err != nil {
		return err
	}
	if int(g.NCards) != c.nCards {
		return fmt.Errorf("card count changed from %d to %d", c.nCards, g.NCards)
	}
	if g.Over {
		if g.Pending.Active {
			return fmt.Errorf("the game is over but waits on a decision")
		}
	} else if !g.Pending.Active || g.NumOptions() < 1 {
		return fmt.Errorf("the game is not over and waits on no decision with options")
	}
	for p := 0; p < int(g.NPlayers); p++ {
		v := g.Players[p].VP
		if v < 0 {
			return fmt.Errorf("player %d has %d VP", p, v)
		}
		if v < c.vp[p] && !c.vpMayDrop {
			return fmt.Errorf("player %d's VP went down from %d to %d with no card that takes VP away", p, c.vp[p], v)
		}
		c.vp[p] = v
	}
	for i := range g.NCards {
		cd := &g.Cards[i]
		if cd.Counters < 0 {
			return fmt.Errorf("card %d (%s) has %d counters", i, g.Name(i), cd.Counters)
		}
		if cd.Counters > 0 && !(cd.Zone == engine.ZInPlay && g.IsMinion(i)) && !holdsCounters(g.DefOf(i), cd.Zone) {
			return fmt.Errorf("card %d (%s) has %d counters in zone %s", i, g.Name(i), cd.Counters, cd.Zone)
		}
		if cd.Zone == engine.ZInPlay && g.IsMinion(i) && g.Power(i) < 0 {
			return fmt.Errorf("minion %d (%s) has power %d", i, g.Name(i), g.Power(i))
		}
	}
	for _, s := range g.BaseSlots() {
		if bp := g.Breakpoint(s); bp < 0 {
			return fmt.Errorf("base slot %d has breakpoint %d", s, bp)
		}
		for p := range g.NPlayers {
			if pw := g.PowerAt(s, p); pw < 0 {
				return fmt.Errorf("player %d has power %d at base slot %d", p, pw, s)
			}
		}
	}
	if c.decisions%c.saveEvery == c.phase || g.Over {
		c.saves++
		data, err := g.Marshal()
		if err != nil {
			return fmt.Errorf("save: %v", err)
		}
		back, err := engine.Unmarshal(data)
		if err != nil {
			return fmt.Errorf("load: %v", err)
		}
		if *back != *g {
			return fmt.Errorf("the saved-then-loaded game differs from the original")
		}
	}
	return nil
}
