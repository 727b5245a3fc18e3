package tui

import (
	"strconv"
	"strings"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// A span is a run of text in one style; a line of the screen is built of
// spans and wrapped between their words.
type span struct {
	text  string
	style lipgloss.Style
}

func plain(s string) span { return span{text: s, style: lipgloss.NewStyle()} }

func styled(s string, st lipgloss.Style) span { return span{text: s, style: st} }

// A piece is the part of a word that comes from one span: a word may begin
// in one span and end in the next ("Player 2" in colour, then "'s turn").
type piece struct {
	text string
	from int // the span
}

// words splits the spans' text into words at white space.
func words(spans []span) [][]piece {
	var out [][]piece
	open := false // the last word goes on
	for i, sp := range spans {
		t := sp.text
		for t != "" {
			if j := strings.IndexFunc(t, func(r rune) bool { return !unicode.IsSpace(r) }); j != 0 {
				if j < 0 {
					j = len(t)
				}
				t, open = t[j:], false
				continue
			}
			j := strings.IndexFunc(t, unicode.IsSpace)
			if j < 0 {
				j = len(t)
			}
			if open {
				out[len(out)-1] = append(out[len(out)-1], piece{t[:j], i})
			} else {
				out = append(out, []piece{{t[:j], i}})
			}
			t, open = t[j:], true
		}
	}
	return out
}

func wordWidth(w []piece) int {
	n := 0
	for _, p := range w {
		n += lipgloss.Width(p.text)
	}
	return n
}

// wrap breaks the spans into lines of at most width cells, between words
// only: a word is cut only when it is longer than a whole line. The lines
// after the first begin with indent spaces. The spaces the text begins with
// are kept; other runs of white space become one space.
func wrap(spans []span, width, indent int) []string {
	width = max(width, 1)
	if indent >= width {
		indent = 0
	}
	lead := 0
	if len(spans) > 0 {
		lead = len(spans[0].text) - len(strings.TrimLeft(spans[0].text, " "))
		lead = min(lead, width-1)
	}
	var lines [][][]piece
	var cur [][]piece
	used, limit := 0, width-lead
	for _, w := range words(spans) {
		n := wordWidth(w)
		if len(cur) > 0 && used+1+n <= limit {
			cur = append(cur, w)
			used += 1 + n
			continue
		}
		if len(cur) > 0 {
			lines = append(lines, cur)
			cur, used, limit = nil, 0, width-indent
		}
		if n > limit { // a word longer than a line: the only cut
			var b strings.Builder
			for _, p := range w {
				b.WriteString(p.text)
			}
			t := b.String()
			for lipgloss.Width(t) > limit {
				head := ansi.Truncate(t, limit, "")
				lines = append(lines, [][]piece{{{head, w[0].from}}})
				t, limit = t[len(head):], width-indent
			}
			w, n = []piece{{t, w[0].from}}, lipgloss.Width(t)
		}
		cur, used = [][]piece{w}, n
	}
	if len(cur) > 0 {
		lines = append(lines, cur)
	}
	out := make([]string, len(lines))
	for i, ws := range lines {
		// the line's pieces, a space between words in the style of the
		// span on both sides of it (none between two spans)
		var run []piece
		add := func(p piece) {
			if k := len(run) - 1; k >= 0 && run[k].from == p.from {
				run[k].text += p.text
				return
			}
			run = append(run, p)
		}
		for k, w := range ws {
			if k > 0 {
				sp := -1
				if last := ws[k-1][len(ws[k-1])-1].from; last == w[0].from {
					sp = last
				}
				add(piece{" ", sp})
			}
			for _, p := range w {
				add(p)
			}
		}
		var b strings.Builder
		if i > 0 {
			b.WriteString(strings.Repeat(" ", indent))
		} else {
			b.WriteString(strings.Repeat(" ", lead))
		}
		for _, p := range run {
			if p.from < 0 {
				b.WriteString(p.text)
				continue
			}
			b.WriteString(spans[p.from].style.Render(p.text))
		}
		out[i] = b.String()
	}
	return out
}

// wrapText wraps one plain string in one style.
func wrapText(s string, st lipgloss.Style, width, indent int) []string {
	return wrap([]span{styled(s, st)}, width, indent)
}

// pad fills a line with spaces to width cells, cutting what is wider.
func pad(line string, width int) string {
	n := lipgloss.Width(line)
	if n > width {
		return ansi.Truncate(line, width, "")
	}
	return line + strings.Repeat(" ", width-n)
}

// column pads lines to width and to height rows (cutting what is taller).
func column(lines []string, width, height int) []string {
	out := make([]string, height)
	for i := range out {
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		out[i] = pad(l, width)
	}
	return out
}

// beside joins blocks of lines side by side, each padded to its width,
// with gap between them; the result is as tall as the tallest.
func beside(blocks [][]string, widths []int, gap string) []string {
	h := 0
	for _, b := range blocks {
		h = max(h, len(b))
	}
	out := make([]string, h)
	for i := range h {
		var b strings.Builder
		for k, bl := range blocks {
			if k > 0 {
				b.WriteString(gap)
			}
			l := ""
			if i < len(bl) {
				l = bl[i]
			}
			b.WriteString(pad(l, widths[k]))
		}
		out[i] = b.String()
	}
	return out
}

// window is the part of lines shown in height rows from offset off (kept in
// range), with a last row saying how much more there is above and below.
func window(lines []string, height, off int, more lipgloss.Style) []string {
	if height <= 0 {
		return nil
	}
	if len(lines) <= height {
		return lines
	}
	off = max(0, min(off, len(lines)-height+1))
	shown := lines[off : off+height-1]
	below := len(lines) - off - len(shown)
	note := ""
	if off > 0 {
		note = "▲ " + strconv.Itoa(off) + " more"
	}
	if below > 0 {
		note = strings.TrimSpace(note + " ▼ " + strconv.Itoa(below) + " more")
	}
	if below == 0 { // the note goes where the rest is
		return append([]string{more.Render(note)}, shown...)
	}
	return append(append([]string(nil), shown...), more.Render(note))
}
