package tui

import (
	"bufio"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/cli"
	"github.com/smashup/smashup/internal/draft"
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
	Match    match.Options // which bases, titans
}

// Setup deals the game of a configuration and makes its seats.
func Setup(c Config) (*engine.Game, []Seat, error) {
	g, seats, _, err := setupGame(c)
	return g, seats, err
}

// setupGame is Setup that also returns the engine setup (for a replay).
func setupGame(c Config) (*engine.Game, []Seat, engine.Setup, error) {
	seats, err := makeSeats(c)
	if err != nil {
		return nil, nil, engine.Setup{}, err
	}
	var fs [][2]string
	if f := strings.TrimSpace(c.Factions); f == "" || strings.EqualFold(f, "random") {
		fs, err = match.RandomFactions(c.Players, c.Seed)
	} else if strings.EqualFold(f, "draft") {
		return nil, nil, engine.Setup{}, errors.New("a draft needs the players: use Main")
	} else {
		fs, err = match.ParseFactions(f, c.Players)
	}
	if err != nil {
		return nil, nil, engine.Setup{}, err
	}
	es := match.SetupFor(fs, c.Seed, c.Match)
	g, err := engine.New(es)
	if err != nil {
		return nil, nil, engine.Setup{}, err
	}
	return g, seats, es, nil
}

func makeSeats(c Config) ([]Seat, error) {
	if c.Players < 2 || c.Players > engine.MaxPlayers {
		return nil, fmt.Errorf("--players must be 2 to %d, got %d", engine.MaxPlayers, c.Players)
	}
	kinds := strings.Split(c.Seats, ",")
	if len(kinds) != c.Players {
		return nil, fmt.Errorf("--seats lists %d seats, but the game has %d players", len(kinds), c.Players)
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
			return nil, fmt.Errorf("seat %d: unknown kind %q (use human, ai, greedy or random)", i+1, k)
		}
		seats[i] = Seat{AI: p}
	}
	return seats, nil
}

// Draft runs a faction draft among the playable factions: human seats pick
// by number or name from the input, computer seats pick at random.
func Draft(seats []Seat, seed uint64, in *bufio.Scanner, out io.Writer) ([][2]string, error) {
	rng := rand.New(rand.NewPCG(seed, 0xd2af7))
	d, err := draft.Random(len(seats), engine.PlayableFactions(), 1, rng)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "Faction draft: %s picks first; the second round runs back the other way.\n", present.Player(engine.Seat(d.First)))
	for !d.Done() {
		p := d.Next()
		if !seats[p].Human {
			f := d.PickRandom(rng)
			fmt.Fprintf(out, "%s picks %s\n", present.Player(engine.Seat(p)), f)
			continue
		}
		opts := d.Options()
		have := "none yet"
		if len(d.Picks[p]) > 0 {
			have = strings.Join(d.Picks[p], ", ")
		}
		fmt.Fprintf(out, "%s, pick a faction (you have: %s):\n", present.Player(engine.Seat(p)), have)
		for i, f := range opts {
			fmt.Fprintf(out, "  %2d) %s\n", i+1, f)
		}
		for {
			fmt.Fprintf(out, "%s> ", present.Player(engine.Seat(p)))
			if !in.Scan() {
				fmt.Fprintln(out)
				return nil, ErrInputEnded
			}
			line := strings.TrimSpace(in.Text())
			if strings.EqualFold(line, "quit") {
				return nil, ErrQuit
			}
			if n, err := strconv.Atoi(line); err == nil {
				if n < 1 || n > len(opts) {
					fmt.Fprintf(out, "There is no option %d: choose a number from 1 to %d.\n", n, len(opts))
					continue
				}
				line = opts[n-1]
			} else if words := strings.Fields(line); len(words) > 1 && strings.EqualFold(words[0], "help") {
				name := engine.CanonicalFaction(strings.Join(words[1:], " "))
				if name == "" {
					fmt.Fprintf(out, "No faction is called %q.\n", strings.Join(words[1:], " "))
				}
				for _, c := range engine.FactionCards(name) {
					fmt.Fprintf(out, "  %s\n", present.Def(c))
				}
				continue
			}
			if err := d.Pick(line); err != nil {
				fmt.Fprintf(out, "%v\n", err)
				continue
			}
			break
		}
	}
	fs := make([][2]string, len(seats))
	for p := range fs {
		fs[p] = [2]string{d.Picks[p][0], d.Picks[p][1]}
	}
	return fs, nil
}

// Main runs `smashup play` with its command-line arguments. It returns the exit status.
func Main(args []string, in io.Reader, out, errOut io.Writer) int {
	fl := cli.Flags("play", "usage: smashup play [flags]\n\nPlay Smash Up in the terminal: on a full-screen table when standard input and output are a\nterminal (arrow keys and Enter, or an option's number; ? for the keys), else in plain lines\n(type a number to choose an option; help for the commands).\n\n", errOut)
	players := fl.Int("players", 2, "number of players, 2 to 4")
	seats := fl.String("seats", "", `who sits at each seat, comma separated: human (hotseat) or a computer level: random, easy, ai (normal), hard, max; default "human,ai,..."`)
	factions := fl.String("factions", "random", `factions per player, like "Aliens+Dinosaurs,Ninjas+Pirates", or random, or draft (pick in turn)`)
	bases := fl.String("bases", "sets", `the base deck: "sets" (the bases of the sets the factions come from) or "all"`)
	titans := fl.Bool("titans", false, "play with the optional titans")
	record := fl.String("record", "", "write a replay of the game to this file (kept up to date after every decision)")
	screen := fl.Bool("screen", false, "play on the full-screen table (the default when standard input and output are a terminal)")
	lines := fl.Bool("lines", false, "play in plain lines, one decision after another (the default when input or output is not a terminal, as in yes 1 | smashup play)")
	seed := fl.Uint64("seed", 0, "random seed (default: a secret one, printed once the game is over so that it can be replayed)")
	if code, ok := cli.Parse(fl, args); !ok {
		return code
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(errOut, "smashup play: unexpected argument %q\n", fl.Arg(0))
		return 2
	}
	if *screen && *lines {
		fmt.Fprintln(errOut, "smashup play: choose one of --screen and --lines")
		return 2
	}
	full := *screen || !*lines && isTerminal(in) && isTerminal(out)
	set := map[string]bool{}
	fl.Visit(func(f *flag.Flag) { set[f.Name] = true })
	n := *players
	if !set["players"] {
		// the number of players may follow from the other flags
		if set["seats"] {
			n = len(strings.Split(*seats, ","))
		} else if f := strings.TrimSpace(*factions); set["factions"] && !strings.EqualFold(f, "random") && !strings.EqualFold(f, "draft") {
			n = len(strings.Split(*factions, ","))
		}
	}
	if *seats == "" {
		*seats = "human" + strings.Repeat(",ai", max(n-1, 0))
	}
	sd := *seed
	if !set["seed"] {
		sd = secretSeed()
	}
	// the seed determines every shuffle: whoever knows it can deal the game
	// again and see every hand and deck, so it is told only once the game
	// is over or left
	tellSeed := func() { fmt.Fprintf(out, "Seed %d (replay this game with --seed %d)\n", sd, sd) }
	if *bases != "sets" && *bases != "all" {
		fmt.Fprintf(errOut, "smashup play: --bases must be sets or all, got %q\n", *bases)
		return 2
	}
	cfg := Config{Players: n, Seats: *seats, Factions: *factions, Seed: sd, Match: match.Options{AllBases: *bases == "all", Titans: *titans, AskAll: true}}
	sc := newScanner(in)
	var g *engine.Game
	var ss []Seat
	var es engine.Setup
	var err error
	if strings.EqualFold(strings.TrimSpace(*factions), "draft") {
		if ss, err = makeSeats(cfg); err == nil {
			var fs [][2]string
			if fs, err = Draft(ss, sd, sc, out); err == nil {
				es = match.SetupFor(fs, sd, cfg.Match)
				g, err = engine.New(es)
			} else if errors.Is(err, ErrQuit) {
				tellSeed()
				return 0
			} else if errors.Is(err, ErrInputEnded) {
				tellSeed()
				fmt.Fprintln(errOut, "smashup play: the input ended before the game did")
				return 1
			}
		}
	} else {
		g, ss, es, err = setupGame(cfg)
	}
	if err != nil {
		fmt.Fprintf(errOut, "smashup play: %v\n", err)
		return 2
	}
	sess := newSession(g, ss, sc, out)
	if *record != "" {
		rep := engine.NewReplay(es)
		save := func() error {
			b, err := rep.Marshal()
			if err != nil {
				return err
			}
			return os.WriteFile(*record, b, 0o644)
		}
		if err := save(); err != nil {
			fmt.Fprintf(errOut, "smashup play: cannot write the replay: %v\n", err)
			return 2
		}
		sess.OnMove = func(i int, c engine.Choice) {
			rep.Add(i, c)
			if err := save(); err != nil {
				fmt.Fprintf(errOut, "smashup play: cannot write the replay: %v\n", err)
			}
		}
		fmt.Fprintf(out, "Recording the game to %s (watch it with: smashup replay %s)\n", *record, *record)
	}
	if full {
		err = runScreen(sess, in, out)
	} else {
		err = sess.Run()
	}
	tellSeed()
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

// secretSeed is a seed nobody can guess (a seed from the clock could be
// found again by dealing every likely one).
func secretSeed() uint64 {
	var b [8]byte
	if _, err := crand.Read(b[:]); err != nil {
		panic(err)
	}
	return binary.LittleEndian.Uint64(b[:])
}

// isTerminal says whether f is a terminal.
func isTerminal(f any) bool {
	t, ok := f.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(t.Fd())
}
