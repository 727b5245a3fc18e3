package tui_test

import (
	"bytes"
	"errors"
	_ "github.com/smashup/smashup/internal/cards"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/tui"
)

// A whole game between two computer seats through the terminal code path.
func TestComputerGameThroughTUI(t *testing.T) {
	g, seats, err := tui.Setup(tui.Config{Players: 2, Seats: "ai,random", Factions: "random", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := tui.NewSession(g, seats, strings.NewReader(""), &out).Run(); err != nil {
		t.Fatalf("run: %v\n%s", err, tail(out.String()))
	}
	if !g.Over {
		t.Fatal("the game is not over")
	}
	s := out.String()
	for _, want := range []string{"Game over:", "turn begins", "plays ", "VP"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}

// A human seat fed numbers (always the first option) plays a game to its end
// against the computer; bad input first gets reasons and changes nothing.
func TestHumanSeatScripted(t *testing.T) {
	g, seats, err := tui.Setup(tui.Config{Players: 2, Seats: "human,random", Factions: "random", Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	in.WriteString("abc\n0\n999\n1 2\n\nhelp\nhelp No Such Card\nhand\nbases\nlog\nshow\n")
	for i := 0; i < 5000; i++ {
		in.WriteString("1\n")
	}
	var out bytes.Buffer
	if err := tui.NewSession(g, seats, strings.NewReader(in.String()), &out).Run(); err != nil {
		t.Fatalf("run: %v\n%s", err, tail(out.String()))
	}
	if !g.Over {
		t.Fatal("the game is not over")
	}
	s := out.String()
	for _, want := range []string{
		`Unknown command "abc"`,
		"There is no option 0",
		"There is no option 999",
		`Unknown command "1 2"`,
		"Type the number of an option",
		"help CARD",
		`No card is called "No Such Card"`,
		"Your hand (Player 1",
		"Base deck:",
		"Game over:",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// Bad input never changes the game.
func TestBadInputChangesNothing(t *testing.T) {
	g, seats, err := tui.Setup(tui.Config{Players: 2, Seats: "human,human", Factions: "random", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	before := *g
	var out bytes.Buffer
	in := "x\n-1\n1000\n1.5\nhelp\nhand\nbases\nlog\nquit\n"
	err = tui.NewSession(g, seats, strings.NewReader(in), &out).Run()
	if !errors.Is(err, tui.ErrQuit) {
		t.Fatalf("want quit, got %v", err)
	}
	if *g != before {
		t.Fatal("the game changed")
	}
	if !strings.Contains(out.String(), "leaves the game") {
		t.Fatal("no goodbye")
	}
}

func TestInputEnds(t *testing.T) {
	g, seats, err := tui.Setup(tui.Config{Players: 2, Seats: "human,ai", Factions: "random", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	err = tui.NewSession(g, seats, strings.NewReader("hand\n"), &bytes.Buffer{}).Run()
	if !errors.Is(err, tui.ErrInputEnded) {
		t.Fatalf("want input ended, got %v", err)
	}
}

// The help command shows any card's text.
func TestHelpCard(t *testing.T) {
	g, seats, err := tui.Setup(tui.Config{Players: 2, Seats: "human,ai", Factions: "random", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	tui.NewSession(g, seats, strings.NewReader("help invader\nhelp Supreme Overlord\nquit\n"), &out).Run()
	s := out.String()
	if !strings.Contains(s, "Invader (minion, power 3, Aliens): ") || !strings.Contains(s, "Supreme Overlord (minion, power 5") {
		t.Fatalf("card help missing:\n%s", tail(s))
	}
}

func TestMainFlags(t *testing.T) {
	var unplayable string
	for _, f := range engine.Factions() {
		if !engine.FactionPlayable(f) {
			unplayable = f
			break
		}
	}
	pf := engine.PlayableFactions()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--players", "5"}, "--players must be 2 to 4"},
		{[]string{"--players", "1"}, "--players must be 2 to 4"},
		{[]string{"--players", "3", "--seats", "human,ai"}, "--seats lists 2 seats"},
		{[]string{"--seats", "human,robot"}, `unknown kind "robot"`},
		{[]string{"--factions", "Aliens+Nonsense," + pf[1] + "+" + pf[2]}, `unknown faction "Nonsense"`},
		{[]string{"--factions", pf[0] + "+" + pf[0] + "," + pf[1] + "+" + pf[2]}, "chosen twice"},
		{[]string{"--factions", pf[0] + "," + pf[1] + "+" + pf[2]}, "two factions joined by '+'"},
		{[]string{"--players", "2", "--factions", pf[0] + "+" + pf[1]}, "--factions lists 1 players"},
		{[]string{"extra"}, "unexpected argument"},
	}
	if unplayable != "" {
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{"--factions", unplayable + "+" + pf[0] + "," + pf[1] + "+" + pf[2]}, "is not playable yet"})
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := tui.Main(c.args, strings.NewReader(""), &out, &errOut)
		if code != 2 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("%v: code %d, stderr %q; want 2 and %q", c.args, code, errOut.String(), c.want)
		}
	}
}

// `smashup play` with explicit factions and computer seats plays to the end.
func TestMainComputerGame(t *testing.T) {
	pf := engine.PlayableFactions()
	var out, errOut bytes.Buffer
	args := []string{"--seats", "random,greedy", "--seed", "9", "--factions", pf[0] + "+" + pf[1] + "," + pf[2] + "+" + pf[3]}
	if code := tui.Main(args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("code %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "Game over:") || !strings.Contains(out.String(), "Seed 9") {
		t.Fatal("no finished game")
	}
	// The default: 2 players, a human against the computer; here the input ends at once.
	out.Reset()
	errOut.Reset()
	if code := tui.Main([]string{"--seed", "1"}, strings.NewReader(""), &out, &errOut); code != 1 || !strings.Contains(out.String(), "(human)") || !strings.Contains(out.String(), "(greedy)") {
		t.Fatalf("default game: code %d\n%s%s", code, out.String(), errOut.String())
	}
}

func TestCardsCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if tui.CardsMain(nil, &out, &errOut) != 0 || !strings.Contains(out.String(), "* Aliens") {
		t.Fatalf("factions list:\n%s", out.String())
	}
	out.Reset()
	if tui.CardsMain([]string{"aliens"}, &out, &errOut) != 0 || !strings.Contains(out.String(), "2x Invader (minion, power 3, Aliens)") {
		t.Fatalf("aliens:\n%s", out.String())
	}
	out.Reset()
	if tui.CardsMain([]string{"bases"}, &out, &errOut) != 0 || !strings.Contains(out.String(), "breakpoint") {
		t.Fatalf("bases:\n%s", out.String())
	}
	if tui.CardsMain([]string{"Nope"}, &out, &errOut) != 2 || !strings.Contains(errOut.String(), `unknown faction "Nope"`) {
		t.Fatal("unknown faction accepted")
	}
	_ = ai.MaxMoves
}

// Two humans at one terminal (hotseat), both always taking the first option.
func TestHotseatGame(t *testing.T) {
	g, seats, err := tui.Setup(tui.Config{Players: 2, Seats: "human,human", Factions: "random", Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Repeat("1\n", 20000)
	var out bytes.Buffer
	if err := tui.NewSession(g, seats, strings.NewReader(in), &out).Run(); err != nil {
		t.Fatalf("run: %v\n%s", err, tail(out.String()))
	}
	s := out.String()
	if !g.Over || !strings.Contains(s, "=== Player 2, your turn to decide") || !strings.Contains(s, "=== Player 1, your turn to decide") {
		t.Fatalf("no hotseat hand-over or no end:\n%s", tail(s))
	}
}

// A faction draft: the human picks by number, then the game is played out.
func TestDraftThenGame(t *testing.T) {
	var out, errOut bytes.Buffer
	in := "0\nhelp Aliens\nNoSuchFaction\n" + strings.Repeat("1\n", 20000)
	code := tui.Main([]string{"--factions", "draft", "--seats", "human,random", "--seed", "8"}, strings.NewReader(in), &out, &errOut)
	s := out.String()
	if code != 0 || !strings.Contains(s, "Faction draft:") || !strings.Contains(s, "There is no option 0") ||
		!strings.Contains(s, "Invader (minion, power 3, Aliens)") || !strings.Contains(s, `"NoSuchFaction" cannot be picked`) || !strings.Contains(s, "Game over:") {
		t.Fatalf("code %d, stderr %s\n%s", code, errOut.String(), tail(s))
	}
}
