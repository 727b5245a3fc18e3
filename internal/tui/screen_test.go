package tui_test

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/tui"
)

// keyMsg is the message a terminal sends for a key: "enter", "up", "3"...
func keyMsg(k string) tea.KeyPressMsg {
	codes := map[string]rune{"enter": tea.KeyEnter, "up": tea.KeyUp, "down": tea.KeyDown, "tab": tea.KeyTab,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "esc": tea.KeyEscape, "home": tea.KeyHome, "end": tea.KeyEnd,
		"backspace": tea.KeyBackspace}
	if c, ok := codes[k]; ok {
		return tea.KeyPressMsg{Code: c}
	}
	if k == "space" {
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	if k == "ctrl+c" {
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

func TestKeyMessages(t *testing.T) {
	for _, k := range []string{"enter", "up", "down", "tab", "pgup", "pgdown", "esc", "home", "end", "backspace", "ctrl+c", "space", "1", "q", "y", "?"} {
		if s := keyMsg(k).String(); s != k {
			t.Errorf("key %q reads %q", k, s)
		}
	}
}

// table drives a Screen as the terminal would: it runs the commands the
// model returns (a computer seat's choice) and feeds their messages back,
// checking the screen after every message.
type table struct {
	t      testing.TB
	g      *engine.Game
	m      *tui.Screen
	quit   bool
	w, h   int
	check  func(screen string)
	frames int
}

func newTable(t testing.TB, seats string, seed uint64) *table {
	t.Helper()
	g, ss, err := tui.Setup(tui.Config{Players: len(strings.Split(seats, ",")), Seats: seats, Factions: "random", Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	m := tui.NewScreen(tui.NewSession(g, ss, strings.NewReader(""), io.Discard))
	m.Pause = 0
	tb := &table{t: t, g: g, m: m}
	tb.resize(100, 30)
	tb.run(m.Init())
	return tb
}

func (tb *table) resize(w, h int) {
	tb.w, tb.h = w, h
	tb.send(tea.WindowSizeMsg{Width: w, Height: h})
}

func (tb *table) send(msg tea.Msg) {
	_, cmd := tb.m.Update(msg)
	tb.look()
	tb.run(cmd)
}

func (tb *table) key(k string) { tb.send(keyMsg(k)) }

func (tb *table) run(cmd tea.Cmd) {
	for cmd != nil && !tb.quit {
		msg := cmd()
		if _, ok := msg.(tea.QuitMsg); ok {
			tb.quit = true
			return
		}
		var next tea.Cmd
		_, next = tb.m.Update(msg)
		tb.look()
		cmd = next
	}
}

// look checks the screen: no line wider than the terminal, no more lines
// than its rows, and the test's own check.
func (tb *table) look() {
	tb.t.Helper()
	tb.frames++
	v := tb.m.View()
	if !v.AltScreen {
		tb.t.Fatal("the table is not on the alternate screen")
	}
	lines := strings.Split(v.Content, "\n")
	if len(lines) > tb.h {
		tb.t.Fatalf("%d lines on a screen of %d rows:\n%s", len(lines), tb.h, ansi.Strip(v.Content))
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > tb.w {
			tb.t.Fatalf("line %d is %d wide on a screen %d wide: %q", i, n, tb.w, ansi.Strip(l))
		}
	}
	if tb.check != nil {
		tb.check(ansi.Strip(v.Content))
	}
}

func (tb *table) screen() string { return ansi.Strip(tb.m.Render()) }

// decoration is what the screen draws around words: rules, marks, the
// scrolling notes and the tab bar.
var decoration = strings.NewReplacer("│", " ", "─", " ", "▶", " ", "•", " ", "▲", " ", "▼", " ", "…", " ")

var decorationWords = map[string]bool{"more": true, "Hand": true, "(Tab)": true}

// tokens are the words of a screen.
func tokens(s string) []string { return strings.Fields(decoration.Replace(s)) }

// wordsWhole checks that every word on the screen is a word of the same
// table drawn with room for everything: a word cut by wrapping or by a
// too-narrow line would not be.
func (tb *table) wordsWhole(screen string) {
	tb.t.Helper()
	if tb.w >= 300 || tb.w < 30 || tb.h < 10 {
		return // (a too small screen says so in words of its own)
	}
	w, h := tb.w, tb.h
	tb.m.Update(tea.WindowSizeMsg{Width: 300, Height: 200})
	wide := tb.screen()
	tb.m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	vocab := map[string]bool{}
	for _, t := range tokens(wide) {
		vocab[t] = true
	}
	for _, t := range tokens(screen) {
		if vocab[t] || decorationWords[t] || strings.Trim(t, "0123456789") == "" {
			continue
		}
		tb.t.Fatalf("%q on the %dx%d screen is no word of the table (cut?):\n%s", t, w, h, screen)
	}
}

// hidden are the names of the cards in other seats' hands that seat p
// cannot know: none of its own cards, the cards in play, the discard piles
// or the log (the session's log is what the screen shows) mentions them.
func hidden(g *engine.Game, p engine.Seat, log string) []*regexp.Regexp {
	v := g.View(p)
	var known strings.Builder
	known.WriteString(log)
	say := func(cs []engine.CardView) {
		for _, c := range cs {
			fmt.Fprintf(&known, "\n%s %s %s", c.Name, c.Text, present.Text(c))
			for _, a := range c.Attached {
				fmt.Fprintf(&known, "\n%s %s %s", a.Name, a.Text, present.Text(a))
			}
		}
	}
	say(v.Hand)
	say(v.Revealed)
	say(v.BaseDiscard)
	for _, b := range v.Bases {
		say([]engine.CardView{b.Card})
		say(b.Minions)
		say(b.Actions)
	}
	for _, pl := range v.Players {
		say(pl.Discard)
	}
	if d := v.Decision; d != nil {
		for _, o := range d.Options {
			fmt.Fprintf(&known, "\n%s %s %s %s", o.CardName, o.CardText, o.AboutName, o.Text)
		}
	}
	all := known.String()
	var out []*regexp.Regexp
	for q := range g.NPlayers {
		if q == p {
			continue
		}
		for _, c := range g.View(q).Hand {
			if !strings.Contains(all, c.Name) {
				out = append(out, regexp.MustCompile(`\b`+regexp.QuoteMeta(c.Name)+`\b`))
			}
		}
	}
	return out
}

var sizes = [][2]int{{100, 30}, {80, 24}, {160, 45}, {60, 20}, {120, 40}, {40, 16}, {200, 60}}

// A person plays whole games to the end by keys against the computer, on a
// terminal resized now and then: arrows and Enter, or a number. The screen
// never shows the computer's hidden cards, no line is wider than the
// terminal, and no word is cut.
func TestScreenWholeGameByKeys(t *testing.T) {
	for _, c := range []struct {
		seats string
		seed  uint64
	}{{"human,ai", 5}, {"human,random,ai", 6}} {
		tb := newTable(t, c.seats, c.seed)
		rng := rand.New(rand.NewPCG(c.seed, 1))
		decisions := 0
		tb.check = func(screen string) {
			if tb.m.Err() != nil {
				return
			}
			log := strings.Join(tb.logLines(), "\n")
			for _, re := range hidden(tb.g, 0, log) {
				if re.MatchString(screen) {
					t.Fatalf("the screen shows %s, a card in another seat's hand:\n%s", re, screen)
				}
			}
			if tb.frames%7 == 0 {
				tb.wordsWhole(screen)
			}
		}
		for !tb.g.Over && !tb.quit {
			if decisions++; decisions > 3000 {
				t.Fatal("the game does not end")
			}
			if decisions%25 == 0 {
				sz := sizes[rng.IntN(len(sizes))]
				tb.resize(sz[0], sz[1])
			}
			n := tb.g.NumOptions()
			if tb.g.Pending.Player != 0 || n == 0 {
				t.Fatalf("a person's turn to act, but the game waits for seat %d", tb.g.Pending.Player)
			}
			want := rng.IntN(n)
			moves := tb.g.Moves
			switch {
			case n <= 9 && rng.IntN(2) == 0:
				tb.key(fmt.Sprint(want + 1))
			case rng.IntN(2) == 0:
				for range want {
					tb.key("down")
				}
				tb.key("enter")
			default:
				for range n - want {
					tb.key("up")
				}
				tb.key("enter")
			}
			if tb.g.Moves == moves && tb.m.Err() == nil {
				t.Fatalf("choosing option %d of %d changed nothing:\n%s", want+1, n, tb.screen())
			}
		}
		if err := tb.m.Err(); err != nil {
			t.Fatalf("%s: the game stopped: %v", c.seats, err)
		}
		s := tb.screen()
		if !strings.Contains(s, "Game over") || !strings.Contains(s, "Final score") {
			t.Fatalf("no end on the screen:\n%s", s)
		}
		tb.key("q")
		if !tb.quit {
			t.Fatal("q does not leave a finished game")
		}
		t.Logf("%s: %d decisions by keys, %d frames looked at", c.seats, decisions, tb.frames)
	}
}

// logLines are the lines the session logged (what the log pane draws).
func (tb *table) logLines() []string { return tb.m.Log() }

// At a hotseat table each person's hand shows only after a screen that asks
// the others to look away, and only while that person decides; the
// handover screen and the computer's moves show no hand at all.
func TestScreenHotseat(t *testing.T) {
	tb := newTable(t, "human,human,ai", 12)
	handovers := 0
	tb.check = func(screen string) {
		if tb.m.Err() != nil || tb.g.Over {
			return
		}
		log := strings.Join(tb.logLines(), "\n")
		p := engine.Seat(engine.None)
		if tb.m.Deciding() {
			p = tb.g.Pending.Player
		}
		if strings.Contains(screen, "look away") {
			handovers++
			if p != engine.None {
				t.Fatal("a handover screen while a person decides")
			}
		}
		var res []*regexp.Regexp
		if p == engine.None {
			// nobody's hand: what a spectator may not know
			res = hidden(tb.g, engine.None, log)
		} else {
			res = hidden(tb.g, p, log)
		}
		for _, re := range res {
			if re.MatchString(screen) {
				t.Fatalf("the screen shows %s, which the one looking may not know (deciding: %d):\n%s", re, p, screen)
			}
		}
	}
	rng := rand.New(rand.NewPCG(12, 2))
	for i := 0; !tb.g.Over && !tb.quit; i++ {
		if i > 6000 {
			t.Fatal("the game does not end")
		}
		if !tb.m.Deciding() {
			tb.key("enter") // the handover
			continue
		}
		tb.key(fmt.Sprint(rng.IntN(min(tb.g.NumOptions(), 9)) + 1))
	}
	if tb.m.Err() != nil || !tb.g.Over {
		t.Fatalf("err %v, over %v", tb.m.Err(), tb.g.Over)
	}
	if handovers < 10 {
		t.Fatalf("only %d handover screens", handovers)
	}
}

// Keys that choose nothing change nothing: a number with no option, the
// cursor, the panes, the help; q asks before it leaves.
func TestScreenKeys(t *testing.T) {
	tb := newTable(t, "human,ai", 3)
	before := *tb.g
	n := tb.g.NumOptions()
	for _, k := range []string{"0", "down", "down", "up", "tab", "pgdown", "pgdown", "pgup", "tab", "pgdown", "tab", "home", "end", "esc", "x", "?", "1", "q", "n"} {
		tb.key(k)
	}
	if *tb.g != before || tb.quit {
		t.Fatal("keys that choose nothing changed the game")
	}
	tb.key(fmt.Sprint(n + 1))
	if *tb.g != before || !strings.Contains(tb.screen(), fmt.Sprintf("There is no option %d", n+1)) {
		t.Fatalf("option %d of %d:\n%s", n+1, n, tb.screen())
	}
	tb.key("?")
	if s := tb.screen(); !strings.Contains(s, "Smash Up in the terminal: keys") {
		t.Fatalf("no help:\n%s", s)
	}
	tb.key("space")
	tb.key("q")
	if !strings.Contains(tb.screen(), "Leave the game?") {
		t.Fatalf("q does not ask:\n%s", tb.screen())
	}
	tb.key("y")
	if !tb.quit || !errors.Is(tb.m.Err(), tui.ErrQuit) {
		t.Fatalf("y after q: quit %v, err %v", tb.quit, tb.m.Err())
	}
}

// PgDn scrolls the focused pane even when the card under the cursor is in
// it, and a key for the question brings that card back into sight.
func TestScreenScrollsPastTheCursor(t *testing.T) {
	tb := newTable(t, "human,ai,ai,ai", 7)
	tb.resize(100, 26)
	tb.key("tab") // the hand
	before := tb.screen()
	if !strings.Contains(before, "▶") {
		t.Fatalf("no card lit:\n%s", before)
	}
	tb.key("pgdown")
	after := tb.screen()
	if after == before {
		t.Fatalf("PgDn did not scroll the hand:\n%s", after)
	}
	tb.key("up")
	tb.key("down")
	if tb.screen() != before {
		t.Fatalf("the cursor's card is not followed again:\n%s", tb.screen())
	}
}

// With ten options or more, a digit that begins a longer number waits for
// the next digit or Enter; the cursor goes to it meanwhile.
func TestScreenTwoDigitNumbers(t *testing.T) {
	for seed := uint64(1); seed < 300; seed++ {
		tb := newTable(t, "human,ai", seed)
		rng := rand.New(rand.NewPCG(seed, 9))
		for k := 0; k < 200 && !tb.g.Over && tb.g.NumOptions() < 10; k++ {
			tb.key(fmt.Sprint(rng.IntN(min(tb.g.NumOptions(), 9)) + 1))
		}
		n := tb.g.NumOptions()
		if tb.g.Over || n < 10 {
			continue
		}
		moves := tb.g.Moves
		tb.key("1")
		if tb.g.Moves != moves || !strings.Contains(tb.screen(), "Option 1: Enter chooses it") {
			t.Fatalf("1 of %d options chose at once:\n%s", n, tb.screen())
		}
		tb.key("0")
		if tb.g.Moves == moves {
			t.Fatalf("10 of %d options chose nothing:\n%s", n, tb.screen())
		}
		return
	}
	t.Skip("no decision with ten options found")
}

// The terminal may be any size: the screen fits, down to a note that it is
// too small.
func TestScreenSizes(t *testing.T) {
	tb := newTable(t, "human,ai,ai,ai", 7)
	tb.check = tb.wordsWhole
	for _, sz := range [][2]int{{20, 5}, {30, 10}, {45, 12}, {99, 30}, {100, 30}, {139, 40}, {140, 40}, {300, 80}, {80, 24}} {
		tb.resize(sz[0], sz[1])
		for _, k := range []string{"tab", "pgdown", "tab", "pgdown", "tab", "pgup"} {
			tb.key(k)
		}
	}
	tb.check = nil
	tb.resize(20, 5)
	if !strings.Contains(strings.Join(strings.Fields(tb.screen()), " "), "too small for the table") {
		t.Fatalf("20x5:\n%s", tb.screen())
	}
	tb.resize(160, 45)
	s := tb.screen()
	for _, want := range []string{"Bases", "Your hand", "Log", "VP", "power", "Player 4", "choose"} {
		if !strings.Contains(s, want) {
			t.Errorf("the 160x45 screen lacks %q:\n%s", want, s)
		}
	}
	if os.Getenv("TUI_SHOW") != "" {
		fmt.Println(s)
	}
}

// Both --screen and --lines cannot be had.
func TestScreenAndLinesFlags(t *testing.T) {
	var out, errOut strings.Builder
	if code := tui.Main([]string{"--screen", "--lines"}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--screen and --lines") {
		t.Fatalf("code %d: %s", code, errOut.String())
	}
}

// The table as a real program, keys arriving on its input as from a
// terminal: a person pressing 1 (and now and then q, which asks and is
// answered by the next 1) plays against the computer to the end, and q
// leaves the finished game.
func TestScreenProgram(t *testing.T) {
	g, ss, err := tui.Setup(tui.Config{Players: 2, Seats: "human,ai", Factions: "random", Seed: 14})
	if err != nil {
		t.Fatal(err)
	}
	m := tui.NewScreen(tui.NewSession(g, ss, strings.NewReader(""), io.Discard))
	m.Pause = 0
	in, keys := io.Pipe()
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithWindowSize(100, 30))
	done := make(chan error)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	go func() {
		for {
			if _, err := keys.Write([]byte("1111q")); err != nil {
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	select {
	case err := <-done:
		keys.Close()
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Minute):
		p.Kill()
		t.Fatal("the program did not end")
	}
	if m.Err() != nil || !g.Over {
		t.Fatalf("err %v, over %v", m.Err(), g.Over)
	}
}

// Drawing the table mid-game, at 4 players on a large terminal.
func BenchmarkScreenRender(b *testing.B) {
	tb := newTable(b, "human,ai,ai,ai", 7)
	rng := rand.New(rand.NewPCG(7, 7))
	for range 30 {
		if tb.g.Over {
			break
		}
		tb.key(fmt.Sprint(rng.IntN(min(tb.g.NumOptions(), 9)) + 1))
	}
	tb.resize(200, 60)
	b.ResetTimer()
	for range b.N {
		tb.m.View()
	}
}
