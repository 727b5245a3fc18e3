// Package sim is `smashup sim`: it plays many computer games and reports
// how each faction fares: games played, wins (a shared win counts as a
// fraction) with a 95% interval, average VP, game length; each faction
// against each other faction, and each pair of factions shuffled together.
//
// Playing (sim.go) makes integer counts (counts.go), which a report
// (report.go) is computed from and which the outputs (output.go) print.
package sim

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/progress"
)

// Config says which games to play.
type Config struct {
	Games    int      `json:"games"`
	Players  int      `json:"players"`            // 2..4; 0 mixes 2, 3 and 4
	AI       string   `json:"ai"`                 // computer level of every seat (ai.Levels; "greedy" is "normal")
	Seed     uint64   `json:"seed"`               // game i uses seed Seed+i: a run is reproducible
	Factions []string `json:"factions,omitempty"` // the pool (empty: every playable faction)
	AllBases bool     `json:"all_bases"`
	Workers  int      `json:"-"`                   // parallel games (0: runtime.GOMAXPROCS); the report does not depend on it
	MaxMoves int      `json:"max_moves,omitempty"` // a game still going after this many decisions is counted as unfinished (0: 20000)
	// Shard and Shards split a run: shard i of n (1 ≤ i ≤ n) plays the
	// games k (0 ≤ k < Games) with k mod n = i-1. 0 and 0: every game.
	Shard  int `json:"shard,omitempty"`
	Shards int `json:"shards,omitempty"`
}

// Indices lists the game numbers the configuration plays: all of 0..Games-1,
// or its shard's share.
func (c Config) Indices() []int {
	first, step := 0, 1
	if c.Shards > 0 {
		first, step = c.Shard-1, c.Shards
	}
	var out []int
	for k := first; k < c.Games; k += step {
		out = append(out, k)
	}
	return out
}

// Game is the outcome of one game.
type Game struct {
	Seed     uint64
	Factions [][2]string
	VP       []int
	Winners  []int
	Turns    int
	Moves    int
	Finished bool
}

// PlayOne deals and plays game number i of a run.
func PlayOne(c Config, i int) (Game, error) {
	seed := c.Seed + uint64(i)
	r := rand.New(rand.NewPCG(seed, 0x57a75))
	n := c.Players
	if n == 0 {
		n = 2 + r.IntN(3)
	}
	pool := append([]string(nil), c.Factions...)
	if len(pool) == 0 {
		pool = engine.PlayableFactions()
	}
	if len(pool) < 2*n {
		return Game{}, fmt.Errorf("%d players need %d factions; the pool has %d", n, 2*n, len(pool))
	}
	r.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
	s := engine.Setup{Seed: seed, Deal: true, AllBases: c.AllBases}
	out := Game{Seed: seed}
	for p := 0; p < n; p++ {
		f := [2]string{pool[2*p], pool[2*p+1]}
		out.Factions = append(out.Factions, f)
		s.Players = append(s.Players, engine.SetupPlayer{Factions: []string{f[0], f[1]}})
	}
	g, err := engine.New(s)
	if err != nil {
		return out, err
	}
	g.SetQuiet() // no one reads a simulated game's log
	players := make([]ai.Player, n)
	for p := range players {
		pl, ok := ai.New(c.AI, seed*7+uint64(p))
		if !ok {
			return out, unknownLevel(c.AI)
		}
		players[p] = pl
	}
	limit := c.MaxMoves
	if limit <= 0 {
		limit = 20000
	}
	for out.Moves = 0; out.Moves < limit && !g.Over; out.Moves++ {
		if !g.Pending.Active {
			break
		}
		p := g.Pending.Player
		var choice int
		if r, ok := players[p].(*ai.Random); ok {
			choice = r.Pick(g.NumOptions()) // a random player needs no view: skip building one
		} else {
			v := g.View(p)
			choice = players[p].Choose(g, &v)
		}
		if err := g.Apply(choice); err != nil {
			return out, err
		}
	}
	out.Finished = g.Over
	out.Turns = int(g.Turn) + 1
	for p := 0; p < n; p++ {
		out.VP = append(out.VP, int(g.Players[p].VP))
		if g.Over && g.Winners&(1<<p) != 0 {
			out.Winners = append(out.Winners, p)
		}
	}
	return out, nil
}

func unknownLevel(l string) error {
	return fmt.Errorf("unknown computer level %q (levels: %s)", l, strings.Join(ai.Levels, ", "))
}

// Result is what a run (or a shard of one) played: its configuration and the
// counts of its games. It is what `smashup sim --out` writes and `smashup sim
// merge` reads (shard.go).
type Result struct {
	Format  string  `json:"format"` // ResultFormat
	Rules   string  `json:"rules"`  // engine.RulesFingerprint of the build that played
	Config  Config  `json:"config"`
	Seconds float64 `json:"seconds"` // wall time of the run (merged: the sum of the shards')
	Counts  *Counts `json:"counts"`
}

// Report computes the result's report.
func (r Result) Report() Report {
	rep := NewReport(r.Config, r.Counts)
	rep.Seconds = r.Seconds
	return rep
}

func (c Config) check() error {
	if c.Games <= 0 {
		return fmt.Errorf("--games must be positive")
	}
	if c.Players != 0 && (c.Players < 2 || c.Players > 4) {
		return fmt.Errorf("--players must be 2, 3, 4 or 0 (mixed)")
	}
	if _, ok := ai.New(c.AI, 1); !ok {
		return unknownLevel(c.AI)
	}
	if c.Shards < 0 || (c.Shards > 0) != (c.Shard > 0) || c.Shard > c.Shards {
		return fmt.Errorf("shard %d/%d: want i/n with 1 ≤ i ≤ n", c.Shard, c.Shards)
	}
	return nil
}

// Play plays the games (in parallel, with counts independent of the number
// of workers and of the order the games finish in), showing their progress
// on status (if not nil).
func Play(c Config, status io.Writer) (Result, error) {
	if err := c.check(); err != nil {
		return Result{}, err
	}
	w := c.Workers
	if w <= 0 {
		// the CPUs this process may use: since Go 1.25 GOMAXPROCS follows
		// the container's CPU limit (cgroup cpu.max) as well as the CPU
		// affinity, where runtime.NumCPU counts only the latter
		w = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := NewCounts()
	firstErr, errAt := error(nil), c.Games
	indices := c.Indices()
	label := "sim"
	if c.Shards > 0 {
		label = fmt.Sprintf("sim shard %d/%d", c.Shard, c.Shards)
	}
	bar := progress.New(status, label, "games", len(indices))
	for k := 0; k < w; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := NewCounts()
			for i := range next {
				g, err := PlayOne(c, i)
				mu.Lock()
				if err != nil && i < errAt {
					firstErr, errAt = err, i
				}
				mu.Unlock()
				bar.Add(1)
				if err == nil {
					mine.Add(g)
				}
			}
			mu.Lock()
			total.Merge(mine)
			mu.Unlock()
		}()
	}
	for _, i := range indices {
		next <- i
	}
	close(next)
	wg.Wait()
	bar.Finish()
	if firstErr != nil {
		return Result{}, fmt.Errorf("game %d (seed %d): %w", errAt, c.Seed+uint64(errAt), firstErr)
	}
	return Result{Format: ResultFormat, Rules: engine.RulesFingerprint(), Config: c, Seconds: time.Since(start).Seconds(), Counts: total}, nil
}

// Run plays the games and reports on them.
func Run(c Config, status io.Writer) (Report, error) {
	res, err := Play(c, status)
	if err != nil {
		return Report{}, err
	}
	return res.Report(), nil
}
