package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// Away from a terminal: a plain line every 5 s (not on every unit), and a
// last line.
func TestPlainLines(t *testing.T) {
	var out bytes.Buffer
	c := &clock{time.Unix(1000, 0)}
	b := newBar(&out, "sim", "games", 100, false, c.now)
	for i := 1; i <= 100; i++ {
		c.t = c.t.Add(200 * time.Millisecond) // 5 games a second: a line every 25 games
		b.Add(1)
	}
	b.Finish()
	want := `sim: 25/100 games (25%), 5.00 games/s, 15s left
sim: 50/100 games (50%), 5.00 games/s, 10s left
sim: 75/100 games (75%), 5.00 games/s, 5s left
sim: 100/100 games in 20s, 5.00 games/s
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	if strings.Contains(out.String(), "\r") {
		t.Error("carriage return away from a terminal")
	}
}

// On a terminal: one line redrawn in place, at most every 100 ms.
func TestTerminalBar(t *testing.T) {
	var out bytes.Buffer
	c := &clock{time.Unix(1000, 0)}
	b := newBar(&out, "arena", "games", 40, true, c.now)
	for i := 1; i <= 40; i++ {
		c.t = c.t.Add(50 * time.Millisecond)
		b.Add(1)
	}
	b.Finish()
	s := out.String()
	if n := strings.Count(s, "\r"); n < 15 || n > 25 { // the first draw, every other unit, the last
		t.Errorf("%d redraws", n)
	}
	if strings.Count(s, "\n") != 1 || !strings.HasSuffix(s, "\n") {
		t.Errorf("the bar should end with its only newline: %q", s)
	}
	if !strings.Contains(s, "\rarena [###############...............] 20/40 games (50%), 20 games/s, 1s left") {
		t.Errorf("no half-way bar in %q", s)
	}
	last := s[strings.LastIndex(s, "\r")+1:]
	if !strings.HasPrefix(last, "arena ["+strings.Repeat("#", 30)+"] 40/40 games (100%), 20 games/s") {
		t.Errorf("last draw %q", last)
	}
}

func TestNilBar(t *testing.T) {
	b := New(nil, "x", "games", 3)
	b.Add(1)
	b.Finish()
	if IsTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is not a terminal")
	}
}
