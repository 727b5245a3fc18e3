package tui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/smashup/smashup/internal/engine"
)

// Wrapping keeps every line within the width and every word whole (but a
// word longer than a line), across spans in different styles, with the
// indent after the first line and the first line's leading spaces.
func TestWrapKeepsWordsWhole(t *testing.T) {
	var texts []string
	for _, f := range engine.PlayableFactions() {
		for _, d := range engine.FactionCards(f) {
			texts = append(texts, d.Name+": "+d.Text)
		}
	}
	red := lipgloss.NewStyle().Foreground(lipgloss.Color("1"))
	rng := rand.New(rand.NewPCG(1, 2))
	for k, text := range texts {
		width := 8 + rng.IntN(70)
		indent := rng.IntN(4)
		// split the text into spans anywhere, even inside a word
		var spans []span
		for rest := text; rest != ""; {
			n := min(len(rest), 1+rng.IntN(12))
			for n < len(rest) && !utf8.RuneStart(rest[n]) {
				n++
			}
			st := lipgloss.NewStyle()
			if len(spans)%2 == 1 {
				st = red
			}
			spans = append(spans, styled(rest[:n], st))
			rest = rest[n:]
		}
		if k%5 == 0 {
			spans = append([]span{plain("  ")}, spans...)
		}
		lines := wrap(spans, width, indent)
		long := false
		for _, w := range strings.Fields(text) {
			long = long || ansi.StringWidth(w) > width-indent-2
		}
		var got []string
		for i, l := range lines {
			if n := ansi.StringWidth(l); n > width {
				t.Fatalf("%q at %d: line %d is %d wide", text, width, i, n)
			}
			p := ansi.Strip(l)
			if i > 0 && !strings.HasPrefix(p, strings.Repeat(" ", indent)) {
				t.Fatalf("%q at %d: line %d is not indented by %d: %q", text, width, i, indent, p)
			}
			if i == 0 && k%5 == 0 && !strings.HasPrefix(p, "  ") {
				t.Fatalf("%q: the leading spaces are lost: %q", text, p)
			}
			got = append(got, strings.Fields(p)...)
		}
		if !long && strings.Join(got, " ") != strings.Join(strings.Fields(text), " ") {
			t.Fatalf("%q at %d, indent %d: the words changed:\n%s", text, width, indent, strings.Join(lines, "\n"))
		}
	}
}

// A word longer than the line is the only one cut, and nothing is lost.
func TestWrapLongWord(t *testing.T) {
	lines := wrap([]span{plain("a Supercalifragilistic word")}, 8, 2)
	var b strings.Builder
	for i, l := range lines {
		if ansi.StringWidth(l) > 8 {
			t.Fatalf("line %d too wide: %q", i, l)
		}
		b.WriteString(strings.TrimSpace(l))
	}
	if b.String() != "aSupercalifragilisticword" {
		t.Fatalf("%q", lines)
	}
}
