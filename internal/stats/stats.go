// Package stats plays many computer games and reports how each faction fares:
// games played, wins (a shared win counts as a fraction), average VP, game length.
package stats

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
)

// Config says which games to play.
type Config struct {
	Games    int
	Players  int      // 2..4; 0 mixes 2, 3 and 4
	AI       string   // computer level of every seat (ai.Levels; "greedy" is "normal")
	Seed     uint64   // game i uses seed Seed+i: a run is reproducible
	Factions []string // the pool (empty: every playable faction)
	AllBases bool
	Workers  int // parallel games (0: one per CPU)
	MaxMoves int // a game still going after this many decisions is counted as unfinished
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

// FactionStats aggregates a faction's games.
type FactionStats struct {
	Faction string  `json:"faction"`
	Games   int     `json:"games"`
	Wins    float64 `json:"wins"`
	WinRate float64 `json:"win_rate"`
	Low     float64 `json:"win_rate_low"` // 95% interval of the win rate (Wilson)
	High    float64 `json:"win_rate_high"`
	AvgVP   float64 `json:"avg_vp"`
	// Expected is the win rate of a faction no better than the others in the
	// same games (1/players per game, averaged).
	Expected float64 `json:"expected"`
}

// Report is the result of a run.
type Report struct {
	Config     Config         `json:"config"`
	Games      int            `json:"games"`
	Unfinished int            `json:"unfinished"`
	AvgTurns   float64        `json:"avg_turns"`
	AvgMoves   float64        `json:"avg_decisions"`
	Seconds    float64        `json:"seconds"`
	Factions   []FactionStats `json:"factions"`
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
		p := int(g.Pending.Player)
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

// Run plays the games (in parallel, with results independent of the number of
// workers) and aggregates them.
func Run(c Config, progress io.Writer) (Report, error) {
	if c.Games <= 0 {
		return Report{}, fmt.Errorf("--games must be positive")
	}
	if c.Players != 0 && (c.Players < 2 || c.Players > 4) {
		return Report{}, fmt.Errorf("--players must be 2, 3, 4 or 0 (mixed)")
	}
	if _, ok := ai.New(c.AI, 1); !ok {
		return Report{}, unknownLevel(c.AI)
	}
	w := c.Workers
	if w <= 0 {
		w = runtime.NumCPU()
	}
	start := time.Now()
	games := make([]Game, c.Games)
	errs := make([]error, c.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for k := 0; k < w; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				games[i], errs[i] = PlayOne(c, i)
				mu.Lock()
				done++
				if progress != nil && done%100 == 0 {
					fmt.Fprintf(progress, "\r%d/%d games", done, c.Games)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < c.Games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if progress != nil {
		fmt.Fprintf(progress, "\r%d/%d games\n", c.Games, c.Games)
	}
	for i, err := range errs {
		if err != nil {
			return Report{}, fmt.Errorf("game %d (seed %d): %w", i, c.Seed+uint64(i), err)
		}
	}
	rep := Aggregate(c, games)
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// Aggregate computes the per-faction statistics of finished games.
func Aggregate(c Config, games []Game) Report {
	rep := Report{Config: c, Games: len(games)}
	by := map[string]*FactionStats{}
	turns, moves, fin := 0, 0, 0
	for _, g := range games {
		if !g.Finished {
			rep.Unfinished++
			continue
		}
		fin++
		turns += g.Turns
		moves += g.Moves
		n := len(g.Factions)
		for p, fs := range g.Factions {
			share := 0.0
			for _, w := range g.Winners {
				if w == p {
					share = 1 / float64(len(g.Winners))
				}
			}
			for _, f := range fs {
				st := by[f]
				if st == nil {
					st = &FactionStats{Faction: f}
					by[f] = st
				}
				st.Games++
				st.Wins += share
				st.AvgVP += float64(g.VP[p])
				st.Expected += 1 / float64(n)
			}
		}
	}
	if fin > 0 {
		rep.AvgTurns = float64(turns) / float64(fin)
		rep.AvgMoves = float64(moves) / float64(fin)
	}
	for _, st := range by {
		st.WinRate = st.Wins / float64(st.Games)
		st.Low, st.High = Wilson(st.Wins, float64(st.Games))
		st.AvgVP /= float64(st.Games)
		st.Expected /= float64(st.Games)
		rep.Factions = append(rep.Factions, *st)
	}
	sort.Slice(rep.Factions, func(i, j int) bool {
		a, b := rep.Factions[i], rep.Factions[j]
		if a.WinRate-a.Expected != b.WinRate-b.Expected {
			return a.WinRate-a.Expected > b.WinRate-b.Expected
		}
		return a.Faction < b.Faction
	})
	return rep
}

// WriteText prints a report as a table.
func WriteText(w io.Writer, r Report) {
	players := "2, 3 and 4 (mixed)"
	if r.Config.Players > 0 {
		players = fmt.Sprint(r.Config.Players)
	}
	fmt.Fprintf(w, "%d games, %s players, %s computer players, seeds %d..%d: %.1f turns and %.0f decisions per game on average, %.1fs\n",
		r.Games, players, r.Config.AI, r.Config.Seed, r.Config.Seed+uint64(r.Games)-1, r.AvgTurns, r.AvgMoves, r.Seconds)
	if r.Unfinished > 0 {
		fmt.Fprintf(w, "%d games did not finish within the decision limit and are left out\n", r.Unfinished)
	}
	fmt.Fprintf(w, "\n%-22s %7s %8s %9s %15s %9s %7s\n", "faction", "games", "wins", "win rate", "95% interval", "expected", "avg VP")
	fmt.Fprintln(w, strings.Repeat("-", 83))
	for _, f := range r.Factions {
		fmt.Fprintf(w, "%-22s %7d %8.1f %8.1f%% %6.1f%%-%5.1f%% %8.1f%% %7.2f\n", f.Faction, f.Games, f.Wins, 100*f.WinRate,
			100*f.Low, 100*f.High, 100*f.Expected, f.AvgVP)
	}
	fmt.Fprintln(w, "\nexpected: the win rate of a faction exactly as good as its opponents in the same games.")
}

// WriteJSON prints a report as JSON.
func WriteJSON(w io.Writer, r Report) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(r)
}
