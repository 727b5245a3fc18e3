// Package arena measures the strength of two computer players against each
// other: `smashup arena --a hard --b normal --games 400`. Every deal (random
// factions from every set) is played once with player A in each seat, the
// other seats all B, so neither gains from the seat it sits in; the report
// gives A's win rate with its 95% interval, the Elo difference it means,
// average VP and time per decision.
package arena

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/progress"
	"github.com/smashup/smashup/internal/sim"
)

// Config is one measurement.
type Config struct {
	A, B    string // levels (ai.Levels)
	Games   int    // games in all (rounded up to whole rotations of the seats)
	Players int    // 2 to 4: A against Players-1 copies of B
	Seed    uint64
	// Iterations overrides the search budget of hard and max (0: theirs).
	Iterations int
	// Trees is how many trees max searches at once (0: runtime.GOMAXPROCS,
	// the cores this process may use). Max's moves depend on it, so a game
	// replays exactly only with the same count.
	Trees int
	// Parallel is how many games are played at once (at least 1). The
	// results do not depend on it; the times per decision do, as the games
	// share the cores.
	Parallel int
}

// Result is what a measurement found.
type Result struct {
	A, B        string
	Players     int
	Games       int
	WinsA       float64 // a shared win counts as a fraction
	Rate        float64 // A's share of the wins
	Low, High   float64 // 95% interval of Rate (Wilson)
	Fair        float64 // the rate of a player exactly as good as the others: 1/Players
	Elo         float64 // A's Elo advantage over B implied by Rate (2 players; see EloFor)
	EloLow      float64
	EloHigh     float64
	VPA, VPB    float64 // average final VP of A and of a B seat
	MsPerMoveA  float64
	MsPerMoveB  float64
	DecisionsA  int
	DecisionsB  int
	ElapsedSecs float64
}

// wilson is the 95% Wilson score interval of k successes out of n.
func wilson(k, n float64) (lo, hi float64) { return sim.Wilson(k, n) }

// EloFor converts a win rate against players-1 equal opponents into an Elo
// difference: the rate is first turned into the rate of one of two players
// ((players-1)·r / (1 - r + (players-1)·r)), which is exact when a game among
// several is won as often as each pairwise comparison would say.
func EloFor(rate float64, players int) float64 {
	k := float64(players - 1)
	r := k * rate / (1 - rate + k*rate)
	r = math.Min(math.Max(r, 1e-6), 1-1e-6)
	return 400 * math.Log10(r/(1-r))
}

// newPlayer makes a level's player, with the iteration and tree overrides.
func newPlayer(level string, seed uint64, iterations, trees int) (ai.Player, error) {
	p, ok := ai.New(level, seed)
	if !ok {
		return nil, fmt.Errorf("unknown level %q (levels: %s)", level, strings.Join(ai.Levels, ", "))
	}
	if s, ok := p.(*ai.Search); ok && iterations > 0 {
		s.Iterations = iterations
	}
	if s, ok := p.(*ai.Search); ok && level == "max" && trees > 0 {
		s.Workers = trees
	}
	return p, nil
}

// timed wraps a player to measure its thinking time.
type timed struct {
	ai.Player
	spent     *time.Duration
	decisions *int
}

func (t timed) Choose(g *engine.Game, v *engine.View) int {
	start := time.Now()
	i := t.Player.Choose(g, v)
	*t.spent += time.Since(start)
	*t.decisions++
	return i
}

// check says what is wrong with a configuration.
func (c Config) check() error {
	if c.Players < 2 || c.Players > 4 {
		return errors.New("--players must be 2, 3 or 4")
	}
	if c.Games < 1 {
		return errors.New("--games must be at least 1")
	}
	for _, l := range []string{c.A, c.B} {
		if _, err := newPlayer(l, 0, 0, 0); err != nil {
			return err
		}
	}
	return nil
}

// Total is the number of games Run plays: Games rounded up to whole
// rotations of the seats.
func (c Config) Total() int {
	return (c.Games + c.Players - 1) / c.Players * c.Players
}

// Run plays the games, calling progress after each one.
func Run(c Config, progress func(done, total int)) (Result, error) {
	if err := c.check(); err != nil {
		return Result{}, err
	}
	deals := (c.Games + c.Players - 1) / c.Players
	total := c.Total()
	res := Result{A: c.A, B: c.B, Players: c.Players, Games: total, Fair: 1 / float64(c.Players)}
	start := time.Now()
	games := make([]played, total)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	var firstErr error
	for range max(1, c.Parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				games[k] = c.play(k/c.Players, k%c.Players)
				mu.Lock()
				done++
				if games[k].err != nil && firstErr == nil {
					firstErr = games[k].err
				}
				if progress != nil {
					progress(done, total)
				}
				mu.Unlock()
			}
		}()
	}
	for k := 0; k < deals*c.Players; k++ {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	var spentA, spentB time.Duration
	var vpA, vpB float64
	for _, p := range games { // in deal order: the same sums however many games ran at once
		if p.err != nil {
			return res, p.err
		}
		res.WinsA += p.winsA
		vpA += p.vpA
		vpB += p.vpB
		spentA += p.spentA
		spentB += p.spentB
		res.DecisionsA += p.decisionsA
		res.DecisionsB += p.decisionsB
	}
	n := float64(total)
	res.Rate = res.WinsA / n
	res.Low, res.High = wilson(res.WinsA, n)
	res.Elo, res.EloLow, res.EloHigh = EloFor(res.Rate, c.Players), EloFor(res.Low, c.Players), EloFor(res.High, c.Players)
	res.VPA, res.VPB = vpA/n, vpB/n
	if res.DecisionsA > 0 {
		res.MsPerMoveA = spentA.Seconds() * 1000 / float64(res.DecisionsA)
	}
	if res.DecisionsB > 0 {
		res.MsPerMoveB = spentB.Seconds() * 1000 / float64(res.DecisionsB)
	}
	res.ElapsedSecs = time.Since(start).Seconds()
	return res, nil
}

// Report writes a result as a small table.
func Report(w io.Writer, r Result) {
	fmt.Fprintf(w, "%s against %s, %d players, %d games (each deal played with %s in every seat)\n", r.A, r.B, r.Players, r.Games, r.A)
	fmt.Fprintf(w, "  %s wins %.1f: %.1f%% (95%% interval %.1f%%-%.1f%%; an equal player wins %.1f%%)\n",
		r.A, r.WinsA, 100*r.Rate, 100*r.Low, 100*r.High, 100*r.Fair)
	fmt.Fprintf(w, "  Elo difference %+.0f (95%% interval %+.0f to %+.0f)\n", r.Elo, r.EloLow, r.EloHigh)
	fmt.Fprintf(w, "  average VP: %s %.1f, %s %.1f\n", r.A, r.VPA, r.B, r.VPB)
	fmt.Fprintf(w, "  time per decision: %s %.2f ms (%d decisions), %s %.2f ms (%d decisions); %.0f s in all\n",
		r.A, r.MsPerMoveA, r.DecisionsA, r.B, r.MsPerMoveB, r.DecisionsB, r.ElapsedSecs)
}

// played is what one game of a measurement gave.
type played struct {
	winsA, vpA, vpB        float64
	spentA, spentB         time.Duration
	decisionsA, decisionsB int
	err                    error
}

// play plays deal d with player A in seat.
func (c Config) play(d, seat int) (p played) {
	seed := c.Seed*1_000_003 + uint64(d)
	g, _, err := match.DealRandom(c.Players, seed)
	if err != nil {
		return played{err: err}
	}
	ps := make([]ai.Player, c.Players)
	for i := range ps {
		level, spent, count := c.B, &p.spentB, &p.decisionsB
		if i == seat {
			level, spent, count = c.A, &p.spentA, &p.decisionsA
		}
		pl, err := newPlayer(level, seed*16+uint64(i), c.Iterations, c.Trees)
		if err != nil {
			return played{err: err}
		}
		ps[i] = timed{pl, spent, count}
	}
	if err := ai.PlayOut(g, ps); err != nil {
		return played{err: fmt.Errorf("deal %d, A in seat %d: %w", d, seat+1, err)}
	}
	if w := g.Winners; w&(1<<seat) != 0 {
		shared := 0
		for i := 0; i < c.Players; i++ {
			if w&(1<<i) != 0 {
				shared++
			}
		}
		p.winsA = 1 / float64(shared)
	}
	for i := 0; i < c.Players; i++ {
		if i == seat {
			p.vpA = float64(g.Players[i].VP)
		} else {
			p.vpB += float64(g.Players[i].VP) / float64(c.Players-1)
		}
	}
	return p
}

// Main runs `smashup arena`.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c Config
	fs.StringVar(&c.A, "a", "hard", "level of player A: "+strings.Join(ai.Levels, ", "))
	fs.StringVar(&c.B, "b", "normal", "level of the other players")
	fs.IntVar(&c.Games, "games", 100, "games to play (rounded up to whole rotations of the seats)")
	fs.IntVar(&c.Players, "players", 2, "players per game (2 to 4): A against the others, all B")
	fs.Uint64Var(&c.Seed, "seed", 1, "seed of the deals")
	fs.IntVar(&c.Parallel, "parallel", 1, "games played at once (the same results; slower decisions, as they share the cores)")
	fs.IntVar(&c.Iterations, "iterations", 0, "search budget per decision of hard and max (0: theirs)")
	fs.IntVar(&c.Trees, "trees", 0, "trees max searches at once (0: the cores this process may use, GOMAXPROCS); max's moves depend on it")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := c.check(); err != nil {
		fmt.Fprintln(stderr, "smashup arena:", err)
		return 2
	}
	bar := progress.New(stderr, "arena", "games", c.Total())
	res, err := Run(c, func(done, total int) { bar.Add(1) })
	bar.Finish()
	if err != nil {
		fmt.Fprintln(stderr, "smashup arena:", err)
		return 1
	}
	if *asJSON {
		b, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	Report(stdout, res)
	return 0
}
