// Package tui is the terminal game, in two forms: a plain line-based
// interface that reads commands from any io.Reader (so it can be scripted
// and tested) and writes the table, the log and the numbered options to an
// io.Writer (Session); and a full-screen table drawn with bubbletea and
// lipgloss when standard input and output are a terminal (Screen). Human
// seats play hotseat; computer seats play by themselves.
package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
)

// Seat is one player at the table: a human, or a computer player.
type Seat struct {
	Human bool
	AI    ai.Player
}

// Label names the seat's kind.
func (s Seat) Label() string {
	if s.Human {
		return "human"
	}
	return s.AI.Name()
}

// ErrQuit is returned by Run when a human quits.
var ErrQuit = errors.New("quit")

// ErrInputEnded is returned by Run when the input ends while a human must decide.
var ErrInputEnded = errors.New("input ended before the game did")

// Session is a game being played in the terminal.
type Session struct {
	G       *engine.Game
	Seats   []Seat
	in      *bufio.Scanner
	out     io.Writer
	log     []string
	lastSeq int32
	shown   int32 // Moves count of the last decision displayed
	lastWho int   // last human seat that was shown the table
	// MaxMoves stops a runaway game (0: no limit).
	MaxMoves int
	// OnMove, when set, is told every decision the game accepts, with what
	// the option was (to record a replay).
	OnMove func(option int, c engine.Choice)
}

// apply answers the pending decision; a card failure leaves the game unchanged.
func (s *Session) apply(i int) error {
	c, err := s.G.ChoiceOf(i)
	if err != nil {
		return err
	}
	if err := s.G.ApplySafe(i); err != nil {
		return err
	}
	if s.OnMove != nil {
		s.OnMove(i, c)
	}
	return nil
}

// NewSession prepares a session on a dealt game.
func NewSession(g *engine.Game, seats []Seat, in io.Reader, out io.Writer) *Session {
	return newSession(g, seats, newScanner(in), out)
}

func newScanner(in io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	return sc
}

func newSession(g *engine.Game, seats []Seat, sc *bufio.Scanner, out io.Writer) *Session {
	return &Session{G: g, Seats: seats, in: sc, out: out, shown: -1, lastWho: -1, MaxMoves: ai.MaxMoves}
}

func (s *Session) printf(format string, a ...any) { fmt.Fprintf(s.out, format, a...) }

// observer is the seat whose eyes the shared output uses: the only human
// seat, or nobody (only public things) when there are several or none.
func (s *Session) observer() int {
	who := engine.None
	for i, st := range s.Seats {
		if st.Human {
			if who != engine.None {
				return engine.None
			}
			who = i
		}
	}
	return who
}

// newEvents renders the events since the last call into the log and
// returns their lines.
func (s *Session) newEvents() []string {
	n := len(s.log)
	for _, ev := range s.G.EventViews(engine.Seat(s.observer()), s.lastSeq) {
		s.lastSeq = ev.Seq
		if line := present.Event(ev, nil); line != "" {
			s.log = append(s.log, line)
		}
	}
	return s.log[n:]
}

// flushEvents renders the events since the last call into the log and prints them.
func (s *Session) flushEvents() {
	for _, line := range s.newEvents() {
		s.printf("  %s\n", line)
	}
}

// Run plays the game to its end (nil), until a human quits (ErrQuit), or
// until the input ends (ErrInputEnded).
func (s *Session) Run() error {
	g := s.G
	s.printf("Smash Up: %d players\n", g.NPlayers)
	for p := range g.NPlayers {
		v := g.View(p)
		s.printf("  %s (%s): %s\n", present.Player(p), s.Seats[p].Label(), strings.Join(v.Players[p].Factions, " + "))
	}
	for moves := 0; ; moves++ {
		s.flushEvents()
		if g.Over {
			v := g.View(engine.Seat(s.observer()))
			s.printf("\n%s", present.Screen(&v, nil))
			s.printf("%s\n", present.Status(&v))
			return nil
		}
		if !g.Pending.Active {
			return fmt.Errorf("the game is neither over nor waiting for a decision")
		}
		if s.MaxMoves > 0 && moves > s.MaxMoves {
			return fmt.Errorf("the game did not end after %d decisions", s.MaxMoves)
		}
		p := g.Pending.Player
		if p < 0 || int(p) >= len(s.Seats) {
			return fmt.Errorf("a decision for seat %d, which does not exist", p)
		}
		if s.Seats[p].Human {
			if g.WindowPassOnly() && s.observer() == int(p) {
				// a Me First window with nothing to play: pass for the only
				// person at the terminal (no one here learns anything from
				// it). At a hotseat table it is asked all the same: whether
				// the terminal stops for a person would tell the others
				// whether they hold a Special.
				if err := s.apply(0); err != nil {
					return err
				}
				continue
			}
			if err := s.human(p); err != nil {
				return err
			}
			continue
		}
		if err := s.computer(p); err != nil {
			return err
		}
	}
}

// computer lets a computer seat decide. What it chose shows only through
// the log, as the observer may see it: the question it answered and its
// options are its own.
func (s *Session) computer(p engine.Seat) error {
	g := s.G
	v := g.View(p)
	return s.applyComputer(s.Seats[p].AI.Choose(g, &v))
}

// applyComputer answers the pending decision with the option a computer
// seat chose (the first one when it chose none).
func (s *Session) applyComputer(i int) error {
	n := s.G.NumOptions()
	if i < 0 || i >= n {
		i = 0
	}
	if err := s.apply(i); err != nil {
		// A card failed: try the other options rather than stop the game.
		for k := range n {
			if k != i && s.apply(k) == nil {
				return nil
			}
		}
		return err
	}
	return nil
}

// human shows the decision to a human seat and handles its commands until it answers.
func (s *Session) human(p engine.Seat) error {
	g := s.G
	v := g.View(p)
	if s.shown != g.Moves {
		if s.lastWho != int(p) && s.lastWho != -1 {
			s.printf("\n=== %s, your turn to decide (other players look away) ===\n", present.Player(p))
		}
		if v.Decision.Main || s.lastWho != int(p) || s.shown < 0 {
			s.printf("\n%s", present.Screen(&v, s.tail(8)))
		} else {
			s.printf("%s", present.Decision(&v))
		}
		s.shown = g.Moves
		s.lastWho = int(p)
	}
	for {
		s.printf("%s> ", present.Player(p))
		if !s.in.Scan() {
			s.printf("\n")
			return ErrInputEnded
		}
		done, err := s.command(p, strings.TrimSpace(s.in.Text()))
		if err != nil || done {
			return err
		}
	}
}

func (s *Session) tail(n int) []string {
	if len(s.log) <= n {
		return s.log
	}
	return s.log[len(s.log)-n:]
}

const commandHelp = `Commands:
  NUMBER      choose that option
  help CARD   show a card's text (any card or base, by name)
  hand        show your hand
  bases       show the bases and what is on them
  log         show the game log
  show        show the whole table and the question again
  quit        leave the game
`

// command handles one input line of seat p. It reports whether the decision was answered.
func (s *Session) command(p engine.Seat, line string) (bool, error) {
	g := s.G
	v := g.View(p)
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(word) {
	case "":
		s.printf("Type the number of an option, or help for the commands.\n")
		return false, nil
	case "help", "?":
		if rest == "" {
			s.printf("%s", commandHelp)
			return false, nil
		}
		d, err := engine.Lookup(rest)
		if err != nil {
			s.printf("No card is called %q.\n", rest)
			return false, nil
		}
		s.printf("%s\n", present.Def(d))
		if r := present.Rulings(d.Key); r != "" {
			s.printf("  %s\n", r)
		}
		return false, nil
	case "hand":
		s.printf("%s", present.Hand(&v))
		return false, nil
	case "bases":
		s.printf("%s", present.Bases(&v))
		return false, nil
	case "log":
		if len(s.log) == 0 {
			s.printf("Nothing has happened yet.\n")
		}
		for _, l := range s.tail(40) {
			s.printf("  %s\n", l)
		}
		return false, nil
	case "show":
		s.printf("%s", present.Screen(&v, s.tail(8)))
		return false, nil
	case "quit", "exit":
		s.printf("%s leaves the game.\n", present.Player(p))
		return true, ErrQuit
	}
	n, err := strconv.Atoi(word)
	if err != nil || rest != "" {
		s.printf("Unknown command %q: type the number of an option, or help.\n", line)
		return false, nil
	}
	k := len(v.Decision.Options)
	if n < 1 || n > k {
		s.printf("There is no option %d: choose a number from 1 to %d.\n", n, k)
		return false, nil
	}
	if err := s.apply(n - 1); err != nil {
		s.printf("That cannot be done (%v); the game is unchanged. Choose another option.\n", err)
		return false, nil
	}
	return true, nil
}
