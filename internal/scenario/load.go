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
	ids    []string       // player ids in seat order
	seat   map[string]int // id -> seat
	labels map[string]int // label -> card instance
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
			return nil, &LoadError{File: file, Msg: "YAML: " + err.Error()}
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

func (s *Scenario) intVal(n *yaml.Node) (int, error) {
	var v int
	if err := n.Decode(&v); err != nil {
		return 0, lerr(s.File, n, "expected a number, got %q", n.Value)
	}
	return v, nil
}

func (s *Scenario) player(n *yaml.Node) (int, error) {
	p, ok := s.seat[n.Value]
	if !ok {
		return 0, lerr(s.File, n, "unknown player %q", n.Value)
	}
	return p, nil
}

// buildSetup converts the setup mapping into an engine setup.
func (s *Scenario) buildSetup() error {
	es := engine.Setup{Seed: 1, Phase: engine.PhasePlay}
	s.seat = map[string]int{}
	s.labels = map[string]int{}
	var playersNode, basesNode *yaml.Node
	current := ""
	var currentNode *yaml.Node
	for _, kv := range pairs(s.setup) {
		k, v := kv[0], kv[1]
		switch k.Value {
		case "seed":
			n, err := s.intVal(v)
			if err != nil {
				return err
			}
			es.Seed = uint64(n)
		case "players":
			playersNode = v
		case "bases":
			basesNode = v
		case "base_deck":
			l, err := s.cardNames(v)
			if err != nil {
				return err
			}
			es.BaseDeck = l
		case "base_discard":
			l, err := s.cardNames(v)
			if err != nil {
				return err
			}
			es.BaseDiscard = l
		case "current":
			current, currentNode = v.Value, v
		case "phase":
			ph, ok := engine.ParsePhase(v.Value)
			if !ok || ph == engine.PhaseSetup {
				return lerr(s.File, v, "unknown phase %q (start, play, score, draw or end)", v.Value)
			}
			es.Phase = ph
		case "deal":
			var b bool
			if err := v.Decode(&b); err != nil {
				return lerr(s.File, v, "deal must be true or false")
			}
			es.Deal = b
		case "all_bases":
			var b bool
			if err := v.Decode(&b); err != nil {
				return lerr(s.File, v, "all_bases must be true or false")
			}
			es.AllBases = b
		case "copies":
			n, err := s.intVal(v)
			if err != nil {
				return err
			}
			es.Copies = n
		case "titans":
			var b bool
			if err := v.Decode(&b); err != nil {
				return lerr(s.File, v, "titans must be true or false")
			}
			if b {
				es.Options |= engine.OptTitans
			}
		default:
			return lerr(s.File, k, "unknown setup key %q", k.Value)
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
		s.seat[id] = i
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
				sp.Hand, err = s.cardNames(v)
			case "deck":
				sp.Deck, err = s.cardNames(v)
			case "discard":
				sp.Discard, err = s.cardNames(v)
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
	next := 0
	for _, sp := range es.Players {
		next += len(sp.Hand) + len(sp.Deck) + len(sp.Discard)
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
					if _, err := engine.Lookup(kv[1].Value); err != nil {
						return lerr(s.File, kv[1], "%v", err)
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
						switch k.Value {
						case "card":
							if _, err := engine.Lookup(v.Value); err != nil {
								return lerr(s.File, v, "%v", err)
							}
							sc.Card = v.Value
						case "owner":
							p, err := s.player(v)
							if err != nil {
								return err
							}
							sc.Owner = p
						case "controller":
							p, err := s.player(v)
							if err != nil {
								return err
							}
							sc.Controller = p
						case "counters":
							n, err := s.intVal(v)
							if err != nil {
								return err
							}
							sc.Counters = n
						case "on":
							onNode = v
						case "label":
							label = v.Value
						default:
							return lerr(s.File, k, "unknown card key %q", k.Value)
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

// checkSteps validates step shapes and card names before anything runs.
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
		for _, kv := range pairs(st) {
			if !stepKeys[kv[0].Value] {
				return lerr(s.File, kv[0], "unknown step key %q", kv[0].Value)
			}
			switch kv[0].Value {
			case "play", "use":
				if err := s.checkNames(kv[1]); err != nil {
					return err
				}
			case "base":
				if _, err := engine.Lookup(kv[1].Value); err != nil {
					return lerr(s.File, kv[1], "%v", err)
				}
			case "player":
				if _, err := s.player(kv[1]); err != nil {
					return err
				}
			}
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
			case "label", "zone":
			default:
				return lerr(s.File, kv[0], "unknown key %q", kv[0].Value)
			}
		}
	}
	return nil
}
