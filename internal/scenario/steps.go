package scenario

import (
	"strconv"
	"strings"

	"github.com/smashup/smashup/internal/engine"
	"go.yaml.in/yaml/v3"
)

// step is one step of a scenario, read and checked at load time; run
// (run.go) plays it as the i-th step.
type step interface {
	run(r *runner, i int)
}

// A decision step's player is the id of the player who must be asked, or
// "" when it may be whoever is asked.

type passStep struct {
	player string
}

type playStep struct {
	player string
	card   cardSpec  // the card played (never where it goes)
	base   string    // the base it goes to, "" when not named
	on     *cardSpec // the minion it goes on, nil when not named
}

type useStep struct {
	player string
	card   cardSpec
}

// chooseStep is a choose: a scalar, read at run time as the kind of option
// the pending decision offers (yes/no, a number, a player, a card, a base, a
// text), or a mapping about a card, a base or a player.
type chooseStep struct {
	player string
	mapped bool // written as a mapping: card holds its keys, whom its player
	text   string
	yesNo  bool
	want   engine.OptKind // OptYes or OptNo when yesNo
	isNum  bool
	num    int
	isSeat bool
	seat   engine.Seat
	card   cardSpec
	whom   int // a mapping's player:, or -1
	// option: { option: N } takes the pending decision's option at
	// position N (0-based, as the engine lists them), or -1. Written by
	// reports (FromGame) where no name tells two options apart whose
	// outcomes differ (which copy of a card comes out of a deck).
	option int
}

type expectStep struct {
	checks []check // those marked last (prompt) after the others
}

type untilStep struct {
	target string // as written, for messages
	turn   bool   // until a player's turn begins, else a phase
	seat   engine.Seat
	phase  engine.Phase
}

// cardSpec is what a step can name about a card.
type cardSpec struct {
	name, base, label, zone string
	owner, ctrl             int
	on                      *cardSpec // in a play: mapping, the minion it goes on
	player                  int       // player: (also the controller), or -1
}

func (c cardSpec) String() string {
	parts := []string{}
	if c.name != "" {
		parts = append(parts, c.name)
	}
	if c.label != "" {
		parts = append(parts, "label "+c.label)
	}
	if c.base != "" {
		parts = append(parts, "at "+c.base)
	}
	if c.zone != "" {
		parts = append(parts, "in "+c.zone)
	}
	return strings.Join(parts, " ")
}

// stepKinds are the keys that say what a step does: a step has exactly one.
var stepKinds = []string{"play", "use", "choose", "pass", "expect", "until"}

// decodeStep reads one step and checks its names, players and checks.
func (s *Scenario) decodeStep(st *yaml.Node) (step, error) {
	if st.Kind == yaml.ScalarNode {
		if st.Value != "pass" {
			return nil, lerr(s.File, st, "unknown step %q", st.Value)
		}
		return passStep{}, nil
	}
	if st.Kind != yaml.MappingNode {
		return nil, lerr(s.File, st, "a step must be a mapping or pass")
	}
	val, key := map[string]*yaml.Node{}, map[string]*yaml.Node{}
	var kinds []string
	keep := func(k, v *yaml.Node) error {
		if val[k.Value] != nil {
			return lerr(s.File, k, "step key %q given twice", k.Value)
		}
		val[k.Value], key[k.Value] = v, k
		return nil
	}
	var fs []field
	for _, k := range stepKinds {
		fs = append(fs, field{k, func(k, v *yaml.Node) error {
			kinds = append(kinds, k.Value)
			return keep(k, v)
		}})
	}
	fs = append(fs, field{"base", keep}, field{"player", keep}, field{"on", keep})
	if err := s.fields(st, "step", fs); err != nil {
		return nil, err
	}
	if len(kinds) != 1 {
		return nil, lerr(s.File, st, "a step needs exactly one of %s (found %d)", strings.Join(stepKinds, ", "), len(kinds))
	}
	kind := kinds[0]
	for _, k := range []string{"base", "on"} {
		if key[k] != nil && kind != "play" {
			return nil, lerr(s.File, key[k], "%s: is only for play steps", k)
		}
	}
	player := ""
	if pn := val["player"]; pn != nil {
		if kind == "expect" || kind == "until" {
			return nil, lerr(s.File, key["player"], "player: is only for decision steps")
		}
		if _, err := s.player(pn); err != nil {
			return nil, err
		}
		player = pn.Value
	}
	v := val[kind]
	switch kind {
	case "pass":
		return passStep{player: player}, nil // the value of pass is not read
	case "play":
		return s.decodePlay(player, v, val["base"], val["on"])
	case "use":
		c, err := s.decodeCard("use", v)
		return useStep{player: player, card: c}, err
	case "choose":
		return s.decodeChoose(player, v)
	case "expect":
		return s.decodeExpect(v)
	}
	return s.decodeUntil(v)
}

// decodePlay reads a play step; base and on are the keys beside play:, nil
// when not given (they win over the same keys inside a play: mapping).
func (s *Scenario) decodePlay(player string, v, base, on *yaml.Node) (step, error) {
	c, err := s.decodeCard("play", v)
	if err != nil {
		return nil, err
	}
	// the base in a play step (beside play:, or inside its mapping) is where
	// the card goes, not where it is
	p := playStep{player: player, card: c, base: c.base, on: c.on}
	p.card.base, p.card.on = "", nil
	if base != nil {
		if p.base, err = s.baseName(base); err != nil {
			return nil, err
		}
	}
	if on != nil {
		o, err := s.decodeCard("on", on)
		if err != nil {
			return nil, err
		}
		p.on = &o
	}
	return p, nil
}

// decodeCard reads the card a step names: a card name or a label, or a
// mapping of what it says about the card (the value of key).
func (s *Scenario) decodeCard(key string, n *yaml.Node) (cardSpec, error) {
	cs := cardSpec{owner: -1, ctrl: -1, player: -1}
	// nameOrLabel reads a name that is a label when the setup gave one.
	nameOrLabel := func(n *yaml.Node) (string, bool, error) {
		if n.Kind != yaml.ScalarNode {
			return "", false, lerr(s.File, n, "%s: expected a card name or a label, got %s", key, shown(n))
		}
		if _, ok := s.labels[n.Value]; ok {
			return n.Value, true, nil
		}
		if _, err := engine.Lookup(n.Value); err != nil {
			return "", false, lerr(s.File, n, "%v", err)
		}
		return n.Value, false, nil
	}
	switch n.Kind {
	case yaml.ScalarNode:
		v, isLabel, err := nameOrLabel(n)
		if isLabel {
			cs.label = v
		} else {
			cs.name = v
		}
		return cs, err
	case yaml.MappingNode:
	default:
		return cs, lerr(s.File, n, "%s: takes a card name, a label or a mapping, not a list", key)
	}
	err := s.fields(n, "card", []field{
		{"card", func(k, v *yaml.Node) error {
			v2, isLabel, err := nameOrLabel(v)
			if isLabel {
				cs.label = v2
			} else {
				cs.name = v2
			}
			return err
		}},
		{"base", func(k, v *yaml.Node) (err error) { cs.base, _, err = nameOrLabel(v); return }},
		{"on", func(k, v *yaml.Node) error {
			on, err := s.decodeCard("on", v)
			cs.on = &on
			return err
		}},
		{"owner", func(k, v *yaml.Node) error { return s.seatInto(&cs.owner, v) }},
		{"controller", func(k, v *yaml.Node) error { return s.seatInto(&cs.ctrl, v) }},
		{"player", func(k, v *yaml.Node) error {
			err := s.seatInto(&cs.ctrl, v)
			cs.player = cs.ctrl
			return err
		}},
		{"label", func(k, v *yaml.Node) error {
			if _, ok := s.labels[v.Value]; !ok || v.Kind != yaml.ScalarNode {
				return lerr(s.File, v, "unknown label %s", shown(v))
			}
			cs.label = v.Value
			return nil
		}},
		{"zone", func(k, v *yaml.Node) error {
			if !knownZone(v.Value) || v.Kind != yaml.ScalarNode {
				return lerr(s.File, v, "unknown zone %s (hand, deck, discard, in play, set aside, base deck, base discard)", shown(v))
			}
			cs.zone = v.Value
			return nil
		}},
	})
	return cs, err
}

// decodeChoose reads a choose step. A scalar is not checked: it may name a
// card, a base, a player, a number, yes/no or an option's text.
func (s *Scenario) decodeChoose(player string, v *yaml.Node) (step, error) {
	c := chooseStep{player: player, whom: -1, option: -1}
	switch v.Kind {
	case yaml.MappingNode:
		if len(v.Content) == 2 && v.Content[0].Value == "option" {
			n, err := s.intVal(v.Content[1])
			if err == nil && n < 0 {
				err = lerr(s.File, v.Content[1], "choose: option: a position is 0 or more")
			}
			c.option = n
			return c, err
		}
		spec, err := s.decodeCard("choose", v)
		if err != nil {
			return nil, err
		}
		c.mapped, c.card, c.whom = true, spec, spec.player
		return c, nil
	case yaml.ScalarNode:
	default:
		return nil, lerr(s.File, v, "choose: takes a name, a number, yes/no, a text or a mapping")
	}
	if v.Value == "" {
		return nil, lerr(s.File, v, "choose: needs a value: a name, a number, yes/no, a text or a mapping")
	}
	c.text = v.Value
	low := strings.ToLower(v.Value)
	if v.Tag == "!!bool" || low == "yes" || low == "no" || low == "true" || low == "false" {
		c.yesNo, c.want = true, engine.OptYes
		if low == "no" || low == "false" {
			c.want = engine.OptNo
		}
	}
	if n, err := strconv.Atoi(v.Value); err == nil {
		c.isNum, c.num = true, n
	}
	c.seat, c.isSeat = s.seat[v.Value]
	c.card = cardSpec{name: v.Value, owner: -1, ctrl: -1, player: -1}
	if _, ok := s.labels[v.Value]; ok {
		c.card.name, c.card.label = "", v.Value
	}
	return c, nil
}

// decodeUntil reads a phase name or "turn ID".
func (s *Scenario) decodeUntil(n *yaml.Node) (step, error) {
	if n.Kind != yaml.ScalarNode {
		return nil, lerr(s.File, n, "until: expected a phase (start, play, score, draw, end) or turn ID, got %s", shown(n))
	}
	u := untilStep{target: strings.TrimSpace(n.Value)}
	if id, ok := strings.CutPrefix(u.target, "turn "); ok {
		id = strings.TrimSpace(id)
		if u.seat, ok = s.seat[id]; !ok {
			return nil, lerr(s.File, n, "until: unknown player %q", id)
		}
		u.turn = true
		return u, nil
	}
	ph, ok := parsePhase(u.target)
	if !ok || ph == engine.PhaseSetup {
		return nil, lerr(s.File, n, "until: expected a phase (start, play, score, draw, end) or turn ID, got %q", u.target)
	}
	u.phase = ph
	return u, nil
}

// knownZone reports whether a zone: value names a zone sameZone understands.
func knownZone(spec string) bool {
	for z := engine.Zone(0); z <= engine.ZTitan; z++ {
		if sameZone(spec, z) {
			return true
		}
	}
	return false
}
