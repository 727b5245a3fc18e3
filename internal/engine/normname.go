package engine

import "strings"

// Name comparison without allocating: the many "a card named X" checks in
// card code compare a card's folded name (defNorm, computed once per
// definition) with a name written in the code.

// normEqual reports whether Normalize(raw) == norm. ASCII names (all of the
// names card code writes) are folded on the fly; others go through Normalize.
func normEqual(norm, raw string) bool {
	k := 0         // bytes of norm matched so far
	space := false // a run of spaces is pending (emitted before the next letter)
	for i := 0; i < len(raw); i++ {
		b := raw[i]
		if b >= 0x80 {
			return Normalize(raw) == norm
		}
		switch b {
		case '\'', '.', ',', '!', '?', '-', '"':
			continue
		case ' ', '\t', '\n', '\v', '\f', '\r':
			space = k > 0
			continue
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if space {
			if k >= len(norm) || norm[k] != ' ' {
				return false
			}
			k++
			space = false
		}
		if k >= len(norm) || norm[k] != b {
			return false
		}
		k++
	}
	return k == len(norm)
}

// NameIs reports whether the printed name of card c is name (case and
// punctuation ignored, as Normalize); AlsoNamed does not count (see HasName).
func (g *Game) NameIs(c CardID, name string) bool { return normEqual(g.NormName(c), name) }

// normalizeASCII is Normalize for an ASCII s (ok false otherwise): s itself
// when it is already folded, else one allocation.
func normalizeASCII(s string) (n string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return "", false
		}
	}
	if normEqual(s, s) {
		return s, true
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false // a run of spaces is pending (written before the next letter)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\'', '.', ',', '!', '?', '-', '"':
			continue
		case ' ', '\t', '\n', '\v', '\f', '\r':
			space = b.Len() > 0
			continue
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteByte(c)
	}
	return b.String(), true
}
