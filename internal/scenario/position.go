package scenario

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/smashup/smashup/internal/engine"
	"go.yaml.in/yaml/v3"
)

// Positions: a scenario's setup as the start of a game that people play
// out themselves (the server's rules sandbox, and the lessons built on it).
// The text is read by the same loader as `smashup scenario`, so a position
// that loads here plays exactly as the scenario's runner would play it;
// its steps are read (and must be valid) but not played.

// MaxPosition is the largest text a position may be, in bytes.
const MaxPosition = 64 << 10

// Position is one scenario of a text, ready to start a game from.
type Position struct {
	Name, Rule string
	IDs        []string // the players' ids, in seat order
	Setup      engine.Setup
	// Scenarios names every scenario of the text, in order (Pick chose one).
	Scenarios []string
	Pick      int // 1-based
	s         *Scenario
}

// Steps plays the scenario's steps as `smashup scenario` does and returns
// the option chosen at each decision they made, up to the end or to the
// step that failed (failure says why; "" when every step passed).
func (p *Position) Steps() (moves []int, failure string) {
	res := Run(p.s)
	if !res.Pass {
		failure = res.Reason
	}
	return res.Moves, failure
}

// ParsePosition reads text in the scenario format and returns its pick-th
// scenario (1-based; 0 means the first) as a position. Every error is a
// *LoadError naming the line; nothing here panics on any input.
func ParsePosition(file string, raw []byte, pick int) (pos *Position, err error) {
	if len(raw) > MaxPosition {
		return nil, &LoadError{File: file, Msg: fmt.Sprintf("the text is %d bytes; a position may be at most %d", len(raw), MaxPosition)}
	}
	defer func() { // the YAML decoder's own limits (aliases, depth) end in an error, never a crash
		if r := recover(); r != nil {
			pos, err = nil, &LoadError{File: file, Msg: fmt.Sprintf("the text cannot be read: %v", r)}
		}
	}()
	ss, err := Parse(file, raw)
	if err != nil {
		return nil, err
	}
	if len(ss) == 0 {
		return nil, &LoadError{File: file, Line: 1, Msg: "no scenario here: a position is a scenario (name, setup and optional steps; see the scenario format)"}
	}
	if pick == 0 {
		pick = 1
	}
	if pick < 1 || pick > len(ss) {
		return nil, &LoadError{File: file, Msg: fmt.Sprintf("scenario %d asked for, but the text holds %d", pick, len(ss))}
	}
	s := ss[pick-1]
	pos = &Position{Name: s.Name, Rule: s.Rule, IDs: append([]string(nil), s.ids...), Setup: s.es, Pick: pick, s: s}
	for _, o := range ss {
		pos.Scenarios = append(pos.Scenarios, o.Name)
	}
	return pos, nil
}

// Source is the scenario's own document as YAML text (comments dropped),
// a position in itself.
func (s *Scenario) Source() ([]byte, error) {
	if s.doc == nil {
		return nil, errors.New("the scenario has no source")
	}
	return yaml.Marshal(s.doc)
}

// Share links carry a position and the moves played from it in the
// fragment of a link to the sandbox page (/sandbox#...), which the browser
// never sends to a server by itself:
//
//	p=TEXT&m=MOVES&s=PICK
//
// TEXT is the position's text compressed (raw DEFLATE, RFC 1951) and
// encoded in unpadded base64url; MOVES (optional) the option chosen at each
// decision, by its index, joined by dots; PICK (optional, default 1) which
// scenario of the text.

// MaxShareMoves is the most moves a share link may carry.
const MaxShareMoves = 2000

// Share is a share link's fragment (without the '#').
func Share(text []byte, pick int, moves []int) string {
	return SharePosition(text, pick) + ShareMoves(moves)
}

// SharePosition is the part of a share link's fragment that carries the
// position (the moves follow it: ShareMoves).
func SharePosition(text []byte, pick int) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(text)
	w.Close()
	s := "p=" + base64.RawURLEncoding.EncodeToString(b.Bytes())
	if pick > 1 {
		s += "&s=" + strconv.Itoa(pick)
	}
	return s
}

// ShareMoves is the part of a share link's fragment that carries the moves.
func ShareMoves(moves []int) string {
	if len(moves) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("&m=")
	for i, m := range moves {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.Itoa(m))
	}
	return b.String()
}

// SandboxLink is a full link to the sandbox page of a server at base
// (e.g. "http://127.0.0.1:8080") that opens text at the moves given.
func SandboxLink(base string, text []byte, pick int, moves []int) string {
	return strings.TrimSuffix(base, "/") + "/sandbox#" + Share(text, pick, moves)
}

// ParseShare reads a share link's fragment (with or without its '#', or a
// whole link): the position's text, the scenario picked and the moves.
// The text is bounded by MaxPosition once uncompressed.
func ParseShare(frag string) (text []byte, pick int, moves []int, err error) {
	if i := strings.IndexByte(frag, '#'); i >= 0 {
		frag = frag[i+1:]
	}
	q, err := url.ParseQuery(frag)
	if err != nil {
		return nil, 0, nil, fmt.Errorf("the link is damaged: %v", err)
	}
	p := q.Get("p")
	if p == "" {
		return nil, 0, nil, errors.New("the link carries no position (no p=)")
	}
	z, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(p, "="))
	if err != nil {
		return nil, 0, nil, errors.New("the link's position is damaged (not base64url): was it cut short?")
	}
	text, err = io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), MaxPosition+1))
	if err != nil {
		return nil, 0, nil, errors.New("the link's position is damaged (it does not uncompress): was it cut short?")
	}
	if len(text) > MaxPosition {
		return nil, 0, nil, fmt.Errorf("the link's position is larger than %d bytes", MaxPosition)
	}
	pick = 1
	if s := q.Get("s"); s != "" {
		if pick, err = strconv.Atoi(s); err != nil || pick < 1 {
			return nil, 0, nil, fmt.Errorf("the link's scenario number %q is not a number from 1", s)
		}
	}
	moves, err = ParseMoves(q.Get("m"))
	return text, pick, moves, err
}

// ParseMoves reads moves written as option indices joined by dots ("" for none).
func ParseMoves(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ".")
	if len(parts) > MaxShareMoves {
		return nil, fmt.Errorf("%d moves: at most %d", len(parts), MaxShareMoves)
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 9999 {
			return nil, fmt.Errorf("move %d: %q is not an option number", i+1, p)
		}
		out[i] = n
	}
	return out, nil
}
