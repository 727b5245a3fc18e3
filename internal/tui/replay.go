package tui

import (
	"fmt"
	"io"
	"os"

	"github.com/smashup/smashup/internal/cli"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
)

// ReplayMain runs `smashup replay FILE`: it replays a recorded game (from
// `smashup play --record` or the server's replay download), printing the log
// move by move and the table at the end (or after move --to).
func ReplayMain(args []string, out, errOut io.Writer) int {
	fl := cli.Flags("replay", "usage: smashup replay [flags] FILE\n\nReplay a recorded game.\n\n", errOut)
	to := fl.Int("to", -1, "stop after this many decisions (default: the whole game)")
	seat := fl.Int("seat", 0, "show the table as this player sees it (1-4), or 0 for what everyone sees")
	unchecked := fl.Bool("unchecked", false, "replay an old replay file (positions only, no rules fingerprint) by position under this version's rules, unchecked")
	if code, ok := cli.Parse(fl, args); !ok {
		return code
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	raw, err := os.ReadFile(fl.Arg(0))
	if err != nil {
		fmt.Fprintf(errOut, "smashup replay: %v\n", err)
		return 2
	}
	rep, err := engine.UnmarshalReplay(raw)
	if err != nil {
		fmt.Fprintf(errOut, "smashup replay: %s: %v\n", fl.Arg(0), err)
		return 2
	}
	switch {
	case rep.Legacy() && !*unchecked:
		fmt.Fprintf(errOut, "smashup replay: %s is an old replay file: it holds only the position of each decision, with no rules fingerprint, so it cannot be checked against this version's rules and may replay into another game. Run again with --unchecked to replay it by position anyway.\n", fl.Arg(0))
		return 1
	case rep.Legacy():
		fmt.Fprintf(errOut, "smashup replay: note: %s is an old replay file, replayed by position under this version's rules, unchecked: it may not be the game that was played.\n", fl.Arg(0))
	case rep.Other():
		fmt.Fprintf(errOut, "smashup replay: note: %s was recorded by another version of smashup (rules %s; this one is %s): every decision is checked against the options this version offers.\n", fl.Arg(0), rep.Fingerprint, engine.RulesFingerprint())
	}
	if err := Replay(rep, *to, *seat-1, out); err != nil {
		fmt.Fprintf(errOut, "smashup replay: %s: %v\n", fl.Arg(0), err)
		return 1
	}
	if rep.Other() {
		fmt.Fprintf(errOut, "smashup replay: every decision replayed was one this version offers.\n")
	}
	return 0
}

// Replay prints a replay's log up to move to (to < 0: all) and then the table
// as seat sees it (seat < 0: public information only). Every decision is
// checked against the option offered (engine.Replay.Step); an old replay of
// positions only is played by position.
func Replay(rep *engine.Replay, to, seat int, out io.Writer) error {
	g, err := engine.New(rep.Setup)
	if err != nil {
		return err
	}
	if seat >= int(g.NPlayers) {
		return fmt.Errorf("there is no player %d in this game", seat+1)
	}
	if seat < 0 {
		seat = engine.None
	}
	var seq int32
	flush := func() {
		for _, e := range g.EventViews(engine.Seat(seat), seq) {
			if s := present.Event(e, nil); s != "" {
				fmt.Fprintf(out, "  %s\n", s)
			}
		}
		seq = g.EvSeq
	}
	flush()
	n := len(rep.Moves)
	if to >= 0 && to < n {
		n = to
	}
	for k := 0; k < n; k++ {
		if _, err := rep.Step(g, k, true); err != nil {
			return fmt.Errorf("the replay does not fit this game: %w", err)
		}
		flush()
	}
	v := g.View(engine.Seat(seat))
	fmt.Fprintf(out, "\nAfter %d of %d decisions:\n%s%s\n", n, len(rep.Moves), present.Screen(&v, nil), present.Status(&v))
	return nil
}
