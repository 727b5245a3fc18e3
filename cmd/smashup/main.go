// Command smashup plays Smash Up: in the terminal, as rule scenarios, and more.
package main

import (
	"fmt"
	"os"

	"github.com/smashup/smashup/internal/arena"
	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/scenario"
	"github.com/smashup/smashup/internal/server"
	"github.com/smashup/smashup/internal/sim"
	"github.com/smashup/smashup/internal/soak"
	"github.com/smashup/smashup/internal/tui"
	"github.com/smashup/smashup/internal/version"
)

const usage = `smashup: the card game Smash Up

usage:
  smashup serve [flags]          serve the game to browsers (see smashup serve -h)
  smashup play [flags]           play in the terminal (see smashup play -h)
  smashup replay [flags] FILE    replay a recorded game (smashup play --record FILE)
  smashup sim [flags]            play many computer games and report faction statistics (see smashup sim -h)
  smashup sim merge FILE...      combine the result files of a run's shards (smashup sim --shard i/n --out FILE)
  smashup arena [flags]          measure one computer level against another (see smashup arena -h)
  smashup scenario PATH...       run rule scenarios (files or directories)
  smashup reports [show ID]      list what players reported ("Something looks wrong?"), or print one as a scenario
  smashup soak [flags]           play random games checking the engine's invariants (see smashup soak -h)
  smashup cards [FACTION]        list factions, or a faction's cards with their texts
  smashup version                print the version: the build's (module, commit) and the rules'
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	args := os.Args[2:]
	switch os.Args[1] {
	case "serve":
		os.Exit(server.Main(args, os.Stdout, os.Stderr))
	case "play":
		os.Exit(tui.Main(args, os.Stdin, os.Stdout, os.Stderr))
	case "cards":
		os.Exit(tui.CardsMain(args, os.Stdout, os.Stderr))
	case "replay":
		os.Exit(tui.ReplayMain(args, os.Stdout, os.Stderr))
	case "arena":
		os.Exit(arena.Main(args, os.Stdout, os.Stderr))
	case "sim":
		os.Exit(sim.Main(args, os.Stdout, os.Stderr))
	case "scenario":
		os.Exit(scenario.Main(args, os.Stdout))
	case "reports":
		os.Exit(server.ReportsMain(args, os.Stdout, os.Stderr))
	case "soak":
		os.Exit(soak.Main(args, os.Stdout, os.Stderr))
	case "version", "--version", "-version":
		fmt.Println(version.Read())
	case "help", "-h", "--help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
}
