package tui

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/present"
)

// Config is a game to set up.
type Config struct {
	Players  int
	Seats    string // "human,ai": human, ai (greedy), greedy or random per seat
	Factions string // "Aliens+Dinosaurs,Ninjas+Pirates" or "random"
	Seed     uint64
}

// Setup deals the game of a configuration and makes its seats.
func Setup(c Config) (*engine.Game, []Seat, error) {
	if c.Players < 2 || c.Players > engine.MaxPlayers {
		return nil, nil, fmt.Errorf("--players must be 2 to %d, got %d", engine.MaxPlayers, c.Players)
	}
	kinds := strings.Split(c.Seats, ",")
	if len(kinds) != c.Players {
		return nil, nil, fmt.Errorf("--seats lists %d seats, but the game has %d players", len(kinds), c.Players)
	}
	seats := make([]Seat, c.Players)
	for i, k := range kinds {
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "human" {
			seats[i] = Seat{Human: true}
			continue
		}
		p, ok := ai.New(k, c.Seed*31+uint64(i)+1)
		if !ok {
			return nil, nil, fmt.Errorf("seat %d: unknown kind %q (use human, ai, greedy or random)", i+1, k)
		}
		seats[i] = Seat{AI: p}
	}
	var fs [][2]string
	var err error
	if f := strings.TrimSpace(c.Factions); f == "" || strings.EqualFold(f, "random") {
		fs, err = match.RandomFactions(c.Players, c.Seed)
	} else {
		fs, err = match.ParseFactions(f, c.Players)
	}
	if err != nil {
		return nil, nil, err
	}
	g, err := match.Deal(fs, c.Seed)
	if err != nil {
		return nil, nil, err
	}
	return g, seats, nil
}

// Main runs `smashup play` with its command-line arguments. It returns the exit status.
func Main(args []string, in io.Reader, out, errOut io.Writer) int {
	fl := flag.NewFlagSet("play", flag.ContinueOnError)
	fl.SetOutput(errOut)
	players := fl.Int("players", 2, "number of players, 2 to 4")
	seats := fl.String("seats", "", `who sits at each seat, comma separated: human (hotseat), ai (greedy computer), random (random computer); default "human,ai,..."`)
	factions := fl.String("factions", "random", `factions per player, like "Aliens+Dinosaurs,Ninjas+Pirates", or random`)
	seed := fl.Uint64("seed", 0, "random seed (default: from the clock, printed so the game can be replayed)")
	fl.Usage = func() {
		fmt.Fprintf(errOut, "usage: smashup play [flags]\n\nPlay Smash Up in the terminal. Type a number to choose an option; help for the commands.\n\n")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(errOut, "smashup play: unexpected argument %q\n", fl.Arg(0))
		return 2
	}
	set := map[string]bool{}
	fl.Visit(func(f *flag.Flag) { set[f.Name] = true })
	n := *players
	if !set["players"] {
		// the number of players may follow from the other flags
		if set["seats"] {
			n = len(strings.Split(*seats, ","))
		} else if set["factions"] && !strings.EqualFold(strings.TrimSpace(*factions), "random") {
			n = len(strings.Split(*factions, ","))
		}
	}
	if *seats == "" {
		*seats = "human" + strings.Repeat(",ai", max(n-1, 0))
	}
	sd := *seed
	if !set["seed"] {
		sd = uint64(time.Now().UnixNano()) % 1000000
	}
	g, ss, err := Setup(Config{Players: n, Seats: *seats, Factions: *factions, Seed: sd})
	if err != nil {
		fmt.Fprintf(errOut, "smashup play: %v\n", err)
		return 2
	}
	fmt.Fprintf(out, "Seed %d (replay this game with --seed %d)\n", sd, sd)
	err = NewSession(g, ss, in, out).Run()
	switch {
	case err == nil, errors.Is(err, ErrQuit):
		return 0
	case errors.Is(err, ErrInputEnded):
		fmt.Fprintln(errOut, "smashup play: the input ended before the game did")
		return 1
	}
	fmt.Fprintf(errOut, "smashup play: %v\n", err)
	return 1
}

// CardsMain runs `smashup cards [FACTION]`: the factions (playable ones
// marked), or one faction's cards with their texts; `smashup cards bases` lists the bases.
func CardsMain(args []string, out, errOut io.Writer) int {
	name := strings.TrimSpace(strings.Join(args, " "))
	if name == "" {
		fmt.Fprintln(out, "Factions (* = playable):")
		for _, f := range engine.Factions() {
			mark := " "
			if engine.FactionPlayable(f) {
				mark = "*"
			}
			cs := engine.FactionCards(f)
			n := 0
			for _, d := range cs {
				n += d.Copies
			}
			fmt.Fprintf(out, " %s %-24s %-14s %d cards\n", mark, f, cs[0].Set, n)
		}
		fmt.Fprintln(out, "\nsmashup cards FACTION shows a faction's cards; smashup cards bases lists the bases.")
		return 0
	}
	if strings.EqualFold(name, "bases") {
		fmt.Fprintln(out, "Bases (* = playable):")
		for _, d := range engine.Bases(false) {
			mark := " "
			if d.Playable {
				mark = "*"
			}
			fmt.Fprintf(out, " %s %s\n", mark, present.Def(d))
		}
		return 0
	}
	f := engine.CanonicalFaction(name)
	if f == "" {
		fmt.Fprintf(errOut, "smashup cards: unknown faction %q (known: %s)\n", name, strings.Join(engine.Factions(), ", "))
		return 2
	}
	state := "playable"
	if !engine.FactionPlayable(f) {
		state = "not playable yet"
	}
	fmt.Fprintf(out, "%s (%s)\n", f, state)
	for _, d := range engine.FactionCards(f) {
		mark := ""
		if !d.Playable {
			mark = " [not implemented]"
		}
		fmt.Fprintf(out, "  %s%s\n", present.Def(d), mark)
	}
	return 0
}
