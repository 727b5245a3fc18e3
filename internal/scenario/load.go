// Package scenario runs rule scenarios written in the shared format
// (../shared/scenarios/FORMAT.md): a setup, decision steps and checks.
package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/smashup/smashup/internal/engine"
	"gopkg.in/yaml.v3"
)

// Scenario is one parsed scenario.
type Scenario struct {
	File  string
	Name  string
	Rule  string
	Line  int
	setup *yaml.Node
	steps []*yaml.Node
	// derived from the setup
	ids    []string                 // player ids in seat order
	seat   map[string]engine.Seat   // id -> seat
	labels map[string]engine.CardID // label -> card instance
	es     engine.Setup
}

// LoadError is a file that cannot be run: bad YAML, unknown keys or names.
type LoadError struct {
	File string
	Line int
	Msg  string
}

func (e *LoadError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

func lerr(file string, n *yaml.Node, format string, a ...any) *LoadError {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &LoadError{File: file, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// yamlError turns a YAML syntax error ("yaml: line 7: ...") into a load error
// that names the file and the line.
func yamlError(file string, err error) *LoadError {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if k := strings.Index(rest, ":"); k > 0 {
			if n, e := strconv.Atoi(rest[:k]); e == nil {
				line, msg = n, strings.TrimSpace(rest[k+1:])
			}
		}
	}
	return &LoadError{File: file, Line: line, Msg: "YAML syntax: " + msg}
}

// Files expands paths (files and directories, recursively) into scenario files, sorted.
func Files(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

// ParseFile reads every scenario of a file.
func ParseFile(file string) ([]*Scenario, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, &LoadError{File: file, Msg: err.Error()}
	}
	return Parse(file, raw)
}

// Parse reads every scenario document in raw.
func Parse(file string, raw []byte) ([]*Scenario, error) {
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	var out []*Scenario
	names := map[string]bool{}
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, yamlError(file, err)
		}
		if len(doc.Content) == 0 {
			continue
		}
		root := doc.Content[0]
		if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
			continue
		}
		if root.Kind != yaml.MappingNode {
			return nil, lerr(file, root, "a scenario must be a mapping with name, setup and steps")
		}
		s := &Scenario{File: file, Line: root.Line}
		for i := 0; i+1 < len(root.Content); i += 2 {
			k, v := root.Content[i], root.Content[i+1]
			switch k.Value {
			case "name":
				s.Name = v.Value
			case "rule":
				s.Rule = v.Value
			case "setup":
				s.setup = v
			case "steps":
				if v.Kind != yaml.SequenceNode {
					return nil, lerr(file, v, "steps must be a list")
				}
				s.steps = v.Content
			default:
				return nil, lerr(file, k, "unknown key %q", k.Value)
			}
		}
		if s.Name == "" {
			return nil, lerr(file, root, "a scenario needs a name")
		}
		if names[s.Name] {
			return nil, lerr(file, root, "duplicate scenario name %q", s.Name)
		}
		names[s.Name] = true
		if s.setup == nil {
			return nil, lerr(file, root, "scenario %q has no setup", s.Name)
		}
		if err := s.buildSetup(); err != nil {
			return nil, err
		}
		if err := s.checkSteps(); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// mapping helpers -------------------------------------------------------------

func pairs(n *yaml.Node) [][2]*yaml.Node {
	var out [][2]*yaml.Node
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, [2]*yaml.Node{n.Content[i], n.Content[i+1]})
	}
	return out
}

func (s *Scenario) strList(n *yaml.Node) ([]string, error) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil, nil
	}
	if n.Kind == yaml.ScalarNode {
		return []string{n.Value}, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, lerr(s.File, n, "expected a list")
	}
	var out []string
	for _, c := range n.Content {
		if c.Kind != yaml.ScalarNode {
			return nil, lerr(s.File, c, "expected a name")
		}
		out = append(out, c.Value)
	}
	return out, nil
}

func (s *Scenario) cardNames(n *yaml.Node) ([]string, error) {
	names, err := s.strList(n)
	if err != nil {
		return nil, err
	}
	for i, nm := range names {
		if _, err := engine.Lookup(nm); err != nil {
			node := n
			if n.Kind == yaml.SequenceNode && i < len(n.Content) {
				node = n.Content[i]
			}
			return nil, lerr(s.File, node, "%v", err)
		}
	}
	return names, nil
}

// typedNames reads card names that must all be bases (wantBase) or all not be bases.
func (s *Scenario) typedNames(n *yaml.Node, wantBase bool) ([]string, error) {
	names, err := s.cardNames(n)
	if err != nil {
		return nil, err
	}
	for i, nm := range names {
		d, _ := engine.Lookup(nm)
		if (d.Type == engine.BaseCard) != wantBase {
			node := n
			if n.Kind == yaml.SequenceNode && i < len(n.Content) {
				node = n.Content[i]
			}
			if wantBase {
				return nil, lerr(s.File, node, "%q is not a base", nm)
			}
			return nil, lerr(s.File, node, "%q is a base, not a card for a player's hand, deck or discard pile", nm)
		}
	}
	return names, nil
}

func (s *Scenario) intVal(n *yaml.Node) (int, error) {
	var v int
	if err := n.Decode(&v); err != nil {
		return 0, lerr(s.File, n, "expected a number, got %q", n.Value)
	}
	return v, nil
}

// boolVal reads n, the value of key k, as true or false.
func (s *Scenario) boolVal(k, n *yaml.Node) (bool, error) {
	var b bool
	if err := n.Decode(&b); err != nil {
		return false, lerr(s.File, n, "%s must be true or false", k.Value)
	}
	return b, nil
}

func (s *Scenario) player(n *yaml.Node) (int, error) {
	p, ok := s.seat[n.Value]
	if !ok {
		return 0, lerr(s.File, n, "unknown player %q", n.Value)
	}
	return int(p), nil
}

// buildSetup converts the setup mapping into an engine setup.
func (s *Scenario) buildSetup() error {
	es := engine.Setup{Seed: 1, Phase: engine.PhasePlay}
	s.seat = map[string]engine.Seat{}
	s.labels = map[string]engine.CardID{}
	var playersNode, basesNode *yaml.Node
	current := ""
	var currentNode *yaml.Node
	for _, kv := range pairs(s.setup) {
		k, v := kv[0], kv[1]
		var err error
		switch k.Value {
		case "seed":
			var n int
			n, err = s.intVal(v)
			es.Seed = uint64(n)
		case "players":
			playersNode = v
		case "bases":
			basesNode = v
		case "base_deck":
			es.BaseDeck, err = s.typedNames(v, true)
		case "base_discard":
			es.BaseDiscard, err = s.typedNames(v, true)
		case "current":
			current, currentNode = v.Value, v
		case "phase":
			ph, ok := parsePhase(v.Value)
			if !ok || ph == engine.PhaseSetup {
				return lerr(s.File, v, "unknown phase %q (start, play, score, draw or end)", v.Value)
			}
			es.Phase = ph
		case "deal":
			es.Deal, err = s.boolVal(k, v)
		case "all_bases":
			es.AllBases, err = s.boolVal(k, v)
		case "copies":
			es.Copies, err = s.intVal(v)
		case "titans":
			var on bool
			on, err = s.boolVal(k, v)
			if on {
				es.Options |= engine.RuleTitans
			}
		case "ask_all":
			var on bool
			on, err = s.boolVal(k, v)
			if on {
				es.Options |= engine.RuleAskAll
			}
		default:
			return lerr(s.File, k, "unknown setup key %q", k.Value)
		}
		if err != nil {
			return err
		}
	}
	if playersNode == nil || playersNode.Kind != yaml.SequenceNode {
		return lerr(s.File, s.setup, "setup needs a list of players")
	}
	// first pass: ids
	for i, pn := range playersNode.Content {
		id := ""
		for _, kv := range pairs(pn) {
			if kv[0].Value == "id" {
				id = kv[1].Value
			}
		}
		if id == "" {
			return lerr(s.File, pn, "player %d has no id", i+1)
		}
		if _, dup := s.seat[id]; dup {
			return lerr(s.File, pn, "duplicate player id %q", id)
		}
		s.seat[id] = engine.Seat(i)
		s.ids = append(s.ids, id)
	}
	for _, pn := range playersNode.Content {
		var sp engine.SetupPlayer
		for _, kv := range pairs(pn) {
			k, v := kv[0], kv[1]
			var err error
			switch k.Value {
			case "id":
			case "factions":
				sp.Factions, err = s.strList(v)
				for i, f := range sp.Factions {
					if engine.CanonicalFaction(f) == "" {
						node := v
						if v.Kind == yaml.SequenceNode {
							node = v.Content[i]
						}
						return lerr(s.File, node, "unknown faction %q", f)
					}
				}
			case "hand":
				sp.Hand, err = s.typedNames(v, false)
			case "deck":
				sp.Deck, err = s.typedNames(v, false)
			case "discard":
				sp.Discard, err = s.typedNames(v, false)
			case "vp":
				sp.VP, err = s.intVal(v)
			default:
				return lerr(s.File, k, "unknown player key %q", k.Value)
			}
			if err != nil {
				return err
			}
		}
		es.Players = append(es.Players, sp)
	}
	if len(es.Players) < 2 || len(es.Players) > engine.MaxPlayers {
		return lerr(s.File, playersNode, "a game needs 2 to 4 players")
	}
	if current != "" {
		p, err := s.player(currentNode)
		if err != nil {
			return err
		}
		es.Current = p
	}
	// Card instances are created in this order by the engine: each player's
	// hand, deck, discard; then each base followed by its cards.
	next := engine.CardID(0)
	for _, sp := range es.Players {
		next += engine.CardID(len(sp.Hand) + len(sp.Deck) + len(sp.Discard))
	}
	if basesNode != nil {
		if basesNode.Kind != yaml.SequenceNode {
			return lerr(s.File, basesNode, "bases must be a list")
		}
		for _, bn := range basesNode.Content {
			var sb engine.SetupBase
			var cardsNode *yaml.Node
			for _, kv := range pairs(bn) {
				switch kv[0].Value {
				case "base":
					if err := s.checkBaseName(kv[1]); err != nil {
						return err
					}
					sb.Base = kv[1].Value
				case "cards":
					cardsNode = kv[1]
				default:
					return lerr(s.File, kv[0], "unknown base key %q", kv[0].Value)
				}
			}
			if sb.Base == "" {
				return lerr(s.File, bn, "a base entry needs base: NAME")
			}
			next++ // the base itself
			localLabels := map[string]int{}
			if cardsNode != nil {
				for ci, cn := range cardsNode.Content {
					sc := engine.SetupCard{Controller: -1, On: -1}
					var onNode *yaml.Node
					label := ""
					for _, kv := range pairs(cn) {
						k, v := kv[0], kv[1]
						var err error
						switch k.Value {
						case "card":
							d, err := engine.Lookup(v.Value)
							if err != nil {
								return lerr(s.File, v, "%v", err)
							}
							if d.Type == engine.BaseCard {
								return lerr(s.File, v, "%q is a base, not a card to put on a base", v.Value)
							}
							sc.Card = v.Value
						case "owner":
							sc.Owner, err = s.player(v)
						case "controller":
							sc.Controller, err = s.player(v)
						case "counters":
							sc.Counters, err = s.intVal(v)
						case "on":
							onNode = v
						case "label":
							label = v.Value
						default:
							return lerr(s.File, k, "unknown card key %q", k.Value)
						}
						if err != nil {
							return err
						}
					}
					if sc.Card == "" {
						return lerr(s.File, cn, "a card entry needs card: NAME")
					}
					if onNode != nil {
						idx := -1
						if l, ok := localLabels[onNode.Value]; ok {
							idx = l
						} else {
							for j := 0; j < ci; j++ {
								if engine.Normalize(sb.Cards[j].Card) == engine.Normalize(onNode.Value) {
									idx = j
									break
								}
							}
						}
						if idx < 0 {
							return lerr(s.File, onNode, "on: %q names no card listed before it on this base", onNode.Value)
						}
						if d, _ := engine.Lookup(sb.Cards[idx].Card); d == nil || d.Type != engine.Minion {
							return lerr(s.File, onNode, "on: %q is not a minion", onNode.Value)
						}
						sc.On = idx
					}
					if label != "" {
						if _, dup := s.labels[label]; dup {
							return lerr(s.File, cn, "duplicate label %q", label)
						}
						s.labels[label] = next
						localLabels[label] = ci
					}
					sb.Cards = append(sb.Cards, sc)
					next++
				}
			}
			es.Bases = append(es.Bases, sb)
		}
	}
	if !es.Deal && len(es.Bases) == 0 {
		return lerr(s.File, s.setup, "setup needs bases (or deal: true)")
	}
	s.es = es
	return nil
}

var stepKeys = map[string]bool{"play": true, "use": true, "choose": true, "pass": true, "expect": true, "until": true, "base": true, "player": true, "on": true}

// checkSteps validates step shapes, card names, player ids, check keys and
// until targets before anything runs, so that a mistake in a file is a load
// error (exit 2) with its line rather than a failed scenario.
func (s *Scenario) checkSteps() error {
	for _, st := range s.steps {
		if st.Kind == yaml.ScalarNode {
			if st.Value != "pass" {
				return lerr(s.File, st, "unknown step %q", st.Value)
			}
			continue
		}
		if st.Kind != yaml.MappingNode {
			return lerr(s.File, st, "a step must be a mapping or pass")
		}
		var kinds []string
		has := map[string]bool{}
		for _, kv := range pairs(st) {
			k := kv[0].Value
			if !stepKeys[k] {
				return lerr(s.File, kv[0], "unknown step key %q", k)
			}
			if has[k] {
				return lerr(s.File, kv[0], "step key %q given twice", k)
			}
			has[k] = true
			switch k {
			case "play", "use", "choose", "pass", "expect", "until":
				kinds = append(kinds, k)
			}
		}
		if len(kinds) != 1 {
			return lerr(s.File, st, "a step needs exactly one of play, use, choose, pass, expect, until (found %d)", len(kinds))
		}
		kind := kinds[0]
		for _, kv := range pairs(st) {
			k, v := kv[0], kv[1]
			switch k.Value {
			case "base", "on":
				if kind != "play" {
					return lerr(s.File, k, "%s: is only for play steps", k.Value)
				}
			case "player":
				if kind == "expect" || kind == "until" {
					return lerr(s.File, k, "player: is only for decision steps")
				}
			}
			var err error
			switch k.Value {
			case "play", "use", "on":
				err = s.checkNames(v)
			case "choose":
				if v.Kind == yaml.MappingNode {
					err = s.checkNames(v)
				} else if v.Kind != yaml.ScalarNode {
					err = lerr(s.File, v, "choose: takes a name, a number, yes/no, a text or a mapping")
				}
			case "base":
				err = s.checkBaseName(v)
			case "player":
				_, err = s.player(v)
			case "expect":
				err = s.checkExpect(v)
			case "until":
				err = s.checkUntil(v)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Scenario) checkBaseName(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return lerr(s.File, n, "expected a base name")
	}
	d, err := engine.Lookup(n.Value)
	if err != nil {
		return lerr(s.File, n, "%v", err)
	}
	if d.Type != engine.BaseCard {
		return lerr(s.File, n, "%q is not a base", n.Value)
	}
	return nil
}

// checkUntil accepts a phase name or "turn ID".
func (s *Scenario) checkUntil(n *yaml.Node) error {
	v := strings.TrimSpace(n.Value)
	if id, ok := strings.CutPrefix(v, "turn "); ok {
		if _, ok := s.seat[strings.TrimSpace(id)]; !ok {
			return lerr(s.File, n, "until: unknown player %q", strings.TrimSpace(id))
		}
		return nil
	}
	if ph, ok := parsePhase(v); !ok || ph == engine.PhaseSetup {
		return lerr(s.File, n, "until: expected a phase (start, play, score, draw, end) or turn ID, got %q", v)
	}
	return nil
}

// parsePhase reads a phase name, ignoring case and surrounding spaces.
func parsePhase(v string) (engine.Phase, bool) {
	return engine.ParsePhase(strings.ToLower(strings.TrimSpace(v)))
}

// checkPlayerMap checks a mapping whose keys are player ids.
func (s *Scenario) checkPlayerMap(n *yaml.Node, val func(*yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return lerr(s.File, n, "expected a mapping of player ids")
	}
	for _, kv := range pairs(n) {
		if _, err := s.player(kv[0]); err != nil {
			return err
		}
		if err := val(kv[1]); err != nil {
			return err
		}
	}
	return nil
}

func (s *Scenario) checkInt(n *yaml.Node) error {
	_, err := s.intVal(n)
	return err
}

func (s *Scenario) checkCardList(n *yaml.Node) error {
	_, err := s.cardNames(n)
	return err
}

// checkInPlayKey accepts a label or a known card name.
func (s *Scenario) checkInPlayKey(n *yaml.Node) error {
	if _, ok := s.labels[n.Value]; ok {
		return nil
	}
	if _, err := engine.Lookup(n.Value); err != nil {
		return lerr(s.File, n, "%v (and no label %q)", err, n.Value)
	}
	return nil
}

// checkExpect validates the keys and names of an expect mapping.
func (s *Scenario) checkExpect(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return lerr(s.File, n, "expect: takes a mapping of checks")
	}
	for _, kv := range pairs(n) {
		k, v := kv[0], kv[1]
		var err error
		switch k.Value {
		case "vp", "hand_size", "deck_size", "titan_counters":
			err = s.checkPlayerMap(v, s.checkInt)
		case "hand", "hand_has", "deck_top", "discard", "discard_has", "in_play", "titans":
			err = s.checkPlayerMap(v, s.checkCardList)
		case "bases", "base_deck_top":
			err = s.checkCardList(v)
		case "at":
			if v.Kind != yaml.MappingNode {
				return lerr(s.File, v, "at: takes a mapping of base names")
			}
			for _, bv := range pairs(v) {
				if err := s.checkBaseName(bv[0]); err != nil {
					return err
				}
				if bv[1].Kind != yaml.MappingNode {
					return lerr(s.File, bv[1], "at.%s: takes a mapping", bv[0].Value)
				}
				for _, ck := range pairs(bv[1]) {
					var err error
					switch ck[0].Value {
					case "cards":
						err = s.checkCardList(ck[1])
					case "power":
						err = s.checkPlayerMap(ck[1], s.checkInt)
					case "total", "breakpoint":
						err = s.checkInt(ck[1])
					default:
						err = lerr(s.File, ck[0], "unknown at key %q (cards, power, total, breakpoint)", ck[0].Value)
					}
					if err != nil {
						return err
					}
				}
			}
		case "power", "counters", "controller":
			if v.Kind != yaml.MappingNode {
				return lerr(s.File, v, "%s: takes a mapping of card names or labels", k.Value)
			}
			for _, cv := range pairs(v) {
				if err := s.checkInPlayKey(cv[0]); err != nil {
					return err
				}
				if k.Value == "controller" {
					_, err = s.player(cv[1])
				} else {
					err = s.checkInt(cv[1])
				}
				if err != nil {
					return err
				}
			}
		case "turn":
			_, err = s.player(v)
		case "phase":
			if ph, ok := parsePhase(v.Value); !ok || ph == engine.PhaseSetup {
				err = lerr(s.File, v, "unknown phase %q (start, play, score, draw or end)", v.Value)
			}
		case "prompt":
			if v.Kind != yaml.MappingNode {
				return lerr(s.File, v, "prompt: takes a mapping")
			}
			for _, pk := range pairs(v) {
				switch pk[0].Value {
				case "player":
					_, err = s.player(pk[1])
				case "options", "options_include":
					_, err = s.strList(pk[1])
				default:
					err = lerr(s.File, pk[0], "unknown prompt key %q (player, options, options_include)", pk[0].Value)
				}
				if err != nil {
					return err
				}
			}
		case "game_over":
			var b bool
			if v.Decode(&b) != nil {
				err = lerr(s.File, v, "game_over: takes true or false")
			}
		case "winner":
			var ids []string
			ids, err = s.strList(v)
			if err == nil {
				for _, id := range ids {
					if _, ok := s.seat[id]; !ok {
						err = lerr(s.File, v, "unknown player %q", id)
						break
					}
				}
			}
		default:
			err = lerr(s.File, k, "unknown expect key %q", k.Value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkNames verifies the card names inside a step value (scalar or mapping).
func (s *Scenario) checkNames(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		if _, ok := s.labels[n.Value]; ok {
			return nil
		}
		if _, err := engine.Lookup(n.Value); err != nil {
			return lerr(s.File, n, "%v", err)
		}
	case yaml.MappingNode:
		for _, kv := range pairs(n) {
			switch kv[0].Value {
			case "card", "base":
				if err := s.checkNames(kv[1]); err != nil {
					return err
				}
			case "on":
				if err := s.checkNames(kv[1]); err != nil {
					return err
				}
			case "owner", "controller", "player":
				if _, err := s.player(kv[1]); err != nil {
					return err
				}
			case "label":
				if _, ok := s.labels[kv[1].Value]; !ok {
					return lerr(s.File, kv[1], "unknown label %q", kv[1].Value)
				}
			case "zone":
				if !knownZone(kv[1].Value) {
					return lerr(s.File, kv[1], "unknown zone %q (hand, deck, discard, in play, set aside, base deck, base discard)", kv[1].Value)
				}
			default:
				return lerr(s.File, kv[0], "unknown key %q", kv[0].Value)
			}
		}
	}
	return nil
}
