package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Recorded decisions.
//
// A decision is recorded by what it is, not only by where it stood in the
// list of options: a Choice names the option's kind, the card it is about
// (definition key and instance id), the base slot (and the base there), the
// player, the number and the text. Replaying a record checks every Choice
// against the option offered at its recorded position, so a game recorded
// under other rules can never silently turn into another game.
//
// Reordered options. When the rules fingerprint of a record is the running
// build's, a Choice that differs from the option at its position is a hard
// error: the same rules must offer the same options. When the fingerprint
// differs (a card was fixed), the option may also be found by identity: if
// exactly one offered option is equal to the recorded Choice in every field,
// it is taken. That is safe because a Choice names a card instance, a base
// slot with its base, a player and a number, so two different options are
// never equal, and every later decision is still checked; when no option or
// several options match, replaying stops with a MismatchError.
//
// A fix that changes which cards a deck holds shifts the instance ids, so
// every recorded decision about a card then fails the check: such a game is
// refused (kept read-only by the server), never replayed into another game.

// Choice describes one option of a decision by what it is.
type Choice struct {
	Kind     OptKind
	Card     string // definition key of the card it names ("" for none)
	Inst     int    // that card's instance id (None for none)
	Base     int    // base slot (None for none)
	BaseCard string // definition key of the base in that slot ("" for none)
	BaseInst int    // its instance id (None for none)
	Player   int    // the player it names (None for none)
	Num      int    // the number it names (not for texts)
	Text     string // OptText: the text chosen
}

var optKindNames = [...]string{"none", "play", "use", "card", "base", "player", "yes", "no", "num", "text", "pass"}

// ChoiceOf describes option i of the pending decision.
func (g *Game) ChoiceOf(i int) (Choice, error) {
	if g.Over || !g.Pending.Active {
		return Choice{}, ErrNoDecision
	}
	if i < 0 || i >= int(g.Pending.N) {
		return Choice{}, fmt.Errorf("option %d is out of range (0..%d)", i, g.Pending.N-1)
	}
	return g.choiceOf(g.Pending.Opts[i]), nil
}

func (g *Game) choiceOf(o Option) Choice {
	c := Choice{Kind: o.Kind, Inst: None, Base: None, BaseInst: None, Player: None, Num: int(o.Num)}
	if o.Card >= 0 && o.Card < g.NCards {
		c.Card, c.Inst = defs[g.Cards[o.Card].Def].Key, int(o.Card)
	}
	if o.Base >= 0 && int(o.Base) < MaxBases {
		c.Base = int(o.Base)
		if b := g.Bases[o.Base].Card; b >= 0 && b < g.NCards {
			c.BaseCard, c.BaseInst = defs[g.Cards[b].Def].Key, int(b)
		}
	}
	if o.Player >= 0 {
		c.Player = int(o.Player)
	}
	if o.Kind == OptText {
		c.Text, c.Num = TextOf(o.Text()), 0 // a text id means nothing outside this process
	}
	return c
}

// String is the stable text form of a choice, e.g.
// `play card=aliens/collector#12 base=1:core/the_homeworld#40 player=0`.
// ParseChoice reads it back.
func (c Choice) String() string {
	var b strings.Builder
	if int(c.Kind) < len(optKindNames) {
		b.WriteString(optKindNames[c.Kind])
	} else {
		fmt.Fprintf(&b, "kind%d", c.Kind)
	}
	if c.Card != "" || c.Inst != None {
		fmt.Fprintf(&b, " card=%s#%d", c.Card, c.Inst)
	}
	if c.Base != None {
		fmt.Fprintf(&b, " base=%d", c.Base)
		if c.BaseCard != "" || c.BaseInst != None {
			fmt.Fprintf(&b, ":%s#%d", c.BaseCard, c.BaseInst)
		}
	}
	if c.Player != None {
		fmt.Fprintf(&b, " player=%d", c.Player)
	}
	if c.Num != 0 {
		fmt.Fprintf(&b, " num=%d", c.Num)
	}
	if c.Text != "" || c.Kind == OptText {
		b.WriteString(" text=")
		b.WriteString(strconv.Quote(c.Text))
	}
	return b.String()
}

// MarshalText implements encoding.TextMarshaler (a choice is a JSON string).
func (c Choice) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (c *Choice) UnmarshalText(b []byte) error {
	x, err := ParseChoice(string(b))
	if err != nil {
		return err
	}
	*c = x
	return nil
}

// ParseChoice reads a choice written by Choice.String.
func ParseChoice(s string) (Choice, error) {
	c := Choice{Inst: None, Base: None, BaseInst: None, Player: None}
	bad := func(why string) (Choice, error) { return Choice{}, fmt.Errorf("bad decision record %q: %s", s, why) }
	kind, rest, _ := strings.Cut(s, " ")
	found := false
	for k, n := range optKindNames {
		if n == kind {
			c.Kind, found = OptKind(k), true
		}
	}
	if !found {
		return bad("unknown kind " + strconv.Quote(kind))
	}
	keyInst := func(v string) (string, int, error) {
		i := strings.LastIndexByte(v, '#')
		if i < 0 {
			return "", 0, errors.New("no #")
		}
		n, err := strconv.Atoi(v[i+1:])
		return v[:i], n, err
	}
	for rest != "" {
		var field string
		if strings.HasPrefix(rest, "text=") {
			q, err := strconv.QuotedPrefix(rest[5:])
			if err != nil {
				return bad("unterminated text")
			}
			c.Text, _ = strconv.Unquote(q)
			rest = strings.TrimPrefix(rest[5+len(q):], " ")
			continue
		}
		field, rest, _ = strings.Cut(rest, " ")
		name, v, ok := strings.Cut(field, "=")
		if !ok {
			return bad("field " + strconv.Quote(field))
		}
		var err error
		switch name {
		case "card":
			c.Card, c.Inst, err = keyInst(v)
		case "base":
			slot, bc, has := strings.Cut(v, ":")
			if c.Base, err = strconv.Atoi(slot); err == nil && has {
				c.BaseCard, c.BaseInst, err = keyInst(bc)
			}
		case "player":
			c.Player, err = strconv.Atoi(v)
		case "num":
			c.Num, err = strconv.Atoi(v)
		default:
			return bad("unknown field " + strconv.Quote(name))
		}
		if err != nil {
			return bad(name + ": " + err.Error())
		}
	}
	return c, nil
}

// MismatchError reports a recorded decision the game being replayed does not offer.
type MismatchError struct {
	Move     int    // 1-based decision number
	Option   int    // recorded position
	Recorded Choice // what was recorded
	Offered  string // what this build offers at that position (or "only N options")
	Other    bool   // the record was made under other rules
}

func (e *MismatchError) Error() string {
	s := fmt.Sprintf("move %d: the record chose option %d, [%s]; this build offers [%s] at that position", e.Move, e.Option, e.Recorded, e.Offered)
	if e.Other {
		s += " (the record was made by another version, and no other option is the recorded one)"
	}
	return s
}

// ApplyRecorded answers the pending decision with a recorded one: option pos,
// described by c, as decision number move (1-based, for messages). The option
// at pos must be c; under other rules (other is true) c may also be found by
// identity elsewhere among the options (see the top of this file). It returns
// the position used. A mismatch returns a *MismatchError and changes nothing.
func (g *Game) ApplyRecorded(move, pos int, c Choice, other bool) (int, error) {
	if g.Over || !g.Pending.Active {
		return 0, &MismatchError{Move: move, Option: pos, Recorded: c, Offered: "no decision: the game is over", Other: other}
	}
	n := int(g.Pending.N)
	offered := fmt.Sprintf("only %d options", n)
	if pos >= 0 && pos < n {
		at := g.choiceOf(g.Pending.Opts[pos])
		if at == c {
			return pos, g.Apply(pos)
		}
		offered = at.String()
	}
	if other {
		found := -1
		for i := 0; i < n; i++ {
			if g.choiceOf(g.Pending.Opts[i]) == c {
				if found >= 0 {
					found = -2
					break
				}
				found = i
			}
		}
		if found >= 0 {
			return found, g.Apply(found)
		}
	}
	return 0, &MismatchError{Move: move, Option: pos, Recorded: c, Offered: offered, Other: other}
}

// Replays ---------------------------------------------------------------------

// ReplayFormat is the version of the replay file format. Format 1 (no
// "format" field) held only the option positions; format 2 adds the rules
// fingerprint and a Choice per decision.
const ReplayFormat = 2

// DraftPick is one pick of a faction draft, kept in a replay for the record
// (the setup already names every player's factions).
type DraftPick struct {
	Player  int    `json:"player"`
	Faction string `json:"faction"`
}

// Replay is a game as its setup plus every decision taken: playing the moves
// on a fresh game from the setup reproduces it exactly. The setup includes
// the seed, so a replay reveals every hidden card: hand it out only once the
// game is over.
type Replay struct {
	Format      int    `json:"format,omitempty"`
	Fingerprint string `json:"fingerprint,omitempty"`
	Setup       Setup
	Draft       []DraftPick `json:"draft,omitempty"`
	Moves       []int       // option positions
	Decisions   []Choice    `json:"decisions,omitempty"` // what each move chose
}

// NewReplay starts an empty replay of a game from s under this build's rules.
func NewReplay(s Setup) *Replay {
	return &Replay{Format: ReplayFormat, Fingerprint: RulesFingerprint(), Setup: s}
}

// Record starts a game from s together with its (empty) replay.
func Record(s Setup) (*Game, *Replay, error) {
	g, err := New(s)
	if err != nil {
		return nil, nil, err
	}
	return g, NewReplay(s), nil
}

// Apply answers g's decision with option i and records it when it is accepted.
func (r *Replay) Apply(g *Game, i int) error {
	c, err := g.ChoiceOf(i)
	if err != nil {
		return err
	}
	if err := g.Apply(i); err != nil {
		return err
	}
	r.Add(i, c)
	return nil
}

// Add records a decision already applied (option i, described by c).
func (r *Replay) Add(i int, c Choice) {
	r.Moves = append(r.Moves, i)
	r.Decisions = append(r.Decisions, c)
}

// Legacy reports whether r is an old replay holding only option positions.
func (r *Replay) Legacy() bool { return r.Format < 2 && len(r.Decisions) == 0 }

// Other reports whether r was recorded under rules other than this build's.
func (r *Replay) Other() bool { return !r.Legacy() && r.Fingerprint != RulesFingerprint() }

// ErrLegacyReplay is returned for an old replay of positions only, which
// cannot be checked: Step refuses it unless r.Unchecked is set.
var ErrLegacyReplay = errors.New("an old replay (format 1: option positions only, no rules fingerprint), which cannot be checked against this build's rules")

// Step applies decision k (0-based) of r to g, checking it against the
// option offered (see ApplyRecorded). It returns the position used.
func (r *Replay) Step(g *Game, k int, unchecked bool) (int, error) {
	if k < 0 || k >= len(r.Moves) {
		return 0, fmt.Errorf("move %d: the replay has %d moves", k+1, len(r.Moves))
	}
	if r.Legacy() {
		if !unchecked {
			return 0, ErrLegacyReplay
		}
		if err := g.Apply(r.Moves[k]); err != nil {
			return 0, fmt.Errorf("move %d (option %d): %w", k+1, r.Moves[k], err)
		}
		return r.Moves[k], nil
	}
	if len(r.Decisions) != len(r.Moves) {
		return 0, fmt.Errorf("damaged replay: %d moves but %d decision records", len(r.Moves), len(r.Decisions))
	}
	return g.ApplyRecorded(k+1, r.Moves[k], r.Decisions[k], r.Other())
}

// Play rebuilds the game after its first n moves (n < 0: all of them),
// checking every decision. An old replay of positions only is refused
// (ErrLegacyReplay): use Step with unchecked to play it by position.
func (r *Replay) Play(n int) (*Game, error) {
	if n < 0 || n > len(r.Moves) {
		n = len(r.Moves)
	}
	g, err := New(r.Setup)
	if err != nil {
		return nil, err
	}
	for k := 0; k < n; k++ {
		if _, err := r.Step(g, k, false); err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
	}
	return g, nil
}

// Marshal encodes a replay as JSON.
func (r *Replay) Marshal() ([]byte, error) { return json.Marshal(r) }

// UnmarshalReplay decodes a replay written by Marshal (any format so far).
func UnmarshalReplay(data []byte) (*Replay, error) {
	var r Replay
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("bad replay: %w", err)
	}
	if r.Format > ReplayFormat {
		return nil, fmt.Errorf("bad replay: format %d is newer than this build reads (%d)", r.Format, ReplayFormat)
	}
	if !r.Legacy() && len(r.Decisions) != len(r.Moves) {
		return nil, fmt.Errorf("bad replay: %d moves but %d decision records", len(r.Moves), len(r.Decisions))
	}
	return &r, nil
}
