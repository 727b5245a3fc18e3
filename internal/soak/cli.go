package soak

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/smashup/smashup/internal/cli"
)

// Main runs `smashup soak`: it plays the games and prints the figures and
// every violation; the exit status is 1 when there was a violation.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := cli.Flags("soak", "usage: smashup soak [flags]\n\nPlays random games over every set (2 to 4 players, titans on and off) and\nchecks the engine's invariants after every decision.\n", stderr)
	games := fs.Int("games", 1000, "number of random games to play")
	seed := fs.Uint64("seed", 1, "seed of the first game (game k uses seed+k)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once (default: the CPUs this process may use, GOMAXPROCS)")
	saveEvery := fs.Int("save-every", 64, "check the save round trip after every N-th decision, at a different phase in each game, and at the end of each game (1: after every decision, about a hundred times slower)")
	maxMoves := fs.Int("max-moves", 0, "decisions after which a game counts as stuck (0: the default)")
	quiet := fs.Bool("quiet", false, "no progress lines")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *games < 0 {
		fs.Usage()
		return 2
	}
	cfg := Config{Games: *games, Seed: *seed, Workers: *workers, SaveEvery: *saveEvery, MaxMoves: *maxMoves}
	step := *games / 20
	if step < 1000 {
		step = 1000
	}
	start := time.Now()
	var progress func(int, int)
	if !*quiet {
		progress = func(done, violations int) {
			if done%step == 0 && done < *games {
				fmt.Fprintf(stdout, "  %d games, %.0f s, %d violations\n", done, time.Since(start).Seconds(), violations)
			}
		}
	}
	rep := Run(cfg, progress)
	for i, v := range rep.Violations {
		if i == 50 {
			fmt.Fprintf(stdout, "... and %d more\n", len(rep.Violations)-50)
			break
		}
		fmt.Fprintln(stdout, "VIOLATION", v)
	}
	fmt.Fprintf(stdout, "%d games (2-4 players, titans on and off, seeds %d..%d) in %.1f s: %d finished, %d decisions, %d save round trips, %d violations\n",
		rep.Games, *seed, *seed+uint64(max(rep.Games, 1))-1, rep.Elapsed.Seconds(), rep.Finished, rep.Decisions, rep.Saves, len(rep.Violations))
	if len(rep.Violations) > 0 {
		return 1
	}
	return 0
}
