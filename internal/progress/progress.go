// Package progress shows how far a long run has got. On a terminal it keeps
// one line redrawn in place (a bar, done/total, rate, time left); anywhere
// else (a file, a pipe, a CI or cluster log) it writes one plain line every
// few seconds, and a last one when the run ends.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

const (
	// Every is the interval between the plain lines written when the output
	// is not a terminal.
	Every = 5 * time.Second
	// redraw is the shortest interval between two redraws on a terminal.
	redraw = 100 * time.Millisecond
	width  = 30 // characters of the bar
)

// Bar counts the units of work done out of a total. Its methods may be
// called from several goroutines; a nil *Bar does nothing.
type Bar struct {
	mu          sync.Mutex
	w           io.Writer
	label, unit string
	total, done int
	tty         bool
	now         func() time.Time
	start, last time.Time
	drawn       int // length of the line last drawn on the terminal
}

// New starts a bar for total units (unit names them: "games") written to w,
// prefixed with label. It draws in place if w is a terminal. With w nil it
// returns nil, which does nothing.
func New(w io.Writer, label, unit string, total int) *Bar {
	if w == nil {
		return nil
	}
	return newBar(w, label, unit, total, IsTerminal(w), time.Now)
}

func newBar(w io.Writer, label, unit string, total int, tty bool, now func() time.Time) *Bar {
	t := now()
	b := &Bar{w: w, label: label, unit: unit, total: total, tty: tty, now: now, start: t, last: t}
	if tty {
		b.draw(t)
	}
	return b
}

// IsTerminal reports whether w is a terminal (a character device).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Add counts n more units done.
func (b *Bar) Add(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done += n
	t := b.now()
	switch {
	case b.tty && (t.Sub(b.last) >= redraw || b.done == b.total):
		b.draw(t)
		b.last = t
	case !b.tty && t.Sub(b.last) >= Every && b.done < b.total:
		fmt.Fprintf(b.w, "%s: %s\n", b.label, b.status(t))
		b.last = t
	}
}

// Finish ends the bar's line (on a terminal) or writes the last line.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	t := b.now()
	if b.tty {
		b.draw(t)
		fmt.Fprintln(b.w)
		return
	}
	el := t.Sub(b.start)
	fmt.Fprintf(b.w, "%s: %d/%d %s in %s, %s\n", b.label, b.done, b.total, b.unit, el.Round(100*time.Millisecond), b.rate(el))
}

// draw redraws the terminal line.
func (b *Bar) draw(t time.Time) {
	k := 0
	if b.total > 0 {
		k = min(width, b.done*width/b.total)
	}
	line := fmt.Sprintf("%s [%s%s] %s", b.label, strings.Repeat("#", k), strings.Repeat(".", width-k), b.status(t))
	pad := max(0, b.drawn-len(line)) // blank what a longer line left
	fmt.Fprintf(b.w, "\r%s%s", line, strings.Repeat(" ", pad))
	b.drawn = len(line)
}

// status is "done/total unit (pct%), rate, time left".
func (b *Bar) status(t time.Time) string {
	el := t.Sub(b.start)
	s := fmt.Sprintf("%d/%d %s", b.done, b.total, b.unit)
	if b.total > 0 {
		s += fmt.Sprintf(" (%d%%)", 100*b.done/b.total)
	}
	s += ", " + b.rate(el)
	if b.done > 0 && b.done < b.total && el > 0 {
		left := time.Duration(float64(el) * float64(b.total-b.done) / float64(b.done))
		s += fmt.Sprintf(", %s left", left.Round(time.Second))
	}
	return s
}

func (b *Bar) rate(el time.Duration) string {
	if el <= 0 || b.done == 0 {
		return "-- " + b.unit + "/s"
	}
	r := float64(b.done) / el.Seconds()
	if r < 10 {
		return fmt.Sprintf("%.2f %s/s", r, b.unit)
	}
	return fmt.Sprintf("%.0f %s/s", r, b.unit)
}
