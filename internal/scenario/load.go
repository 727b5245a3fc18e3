// Package scenario runs rule scenarios written in the scenario format
// (docs/scenarios.md, which follows the shared acceptance format): a setup, decision steps and checks.
//
// A file is read once (load.go, steps.go, expect.go) into typed values,
// and everything that can be checked before the game runs is checked
// then, as a LoadError naming the file and the line; run.go plays the
// typed values and never looks at YAML again.
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
	"go.yaml.in/yaml/v3"
)

// Scenario is one parsed scenario.
type Scenario struct {
	File  string
	Name  string
	Rule  string
	Line  int
	steps []step
	// derived from the setup
	ids    []string                 // player ids in seat order
	seat   map[string]engine.Seat   // id -> seat
	labels map[string]engine.CardID // label -> card instance, as set up
	es     engine.Setup
	doc    *yaml.Node // the scenario's document, for Source
}

// LoadError is a file that cannot be run: bad YAML, unknown keys or names.
type LoadError struct {
	File string
	Line int
	Msg  string
	// Scenario and Where name the scenario and the part of it ("step 3,
	// expect vp") the offending node is in, when known.
	Scenario, Where string
}

func (e *LoadError) Error() string {
	s := e.File
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
	}
	s += ": " + e.Msg
	switch {
	case e.Scenario != "" && e.Where != "":
		s += fmt.Sprintf(" (scenario %q, %s)", e.Scenario, e.Where)
	case e.Scenario != "":
		s += fmt.Sprintf(" (scenario %q)", e.Scenario)
	case e.Where != "":
		s += " (" + e.Where + ")"
	}
	return s
}

func lerr(file string, n *yaml.Node, format string, a ...any) *LoadError {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &LoadError{File: file, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// within says that err happened in the part of a scenario named where
// (outermost part first).
func within(err error, where string) error {
	var le *LoadError
	if errors.As(err, &le) {
		if le.Where == "" {
			le.Where = where
		} else {
			le.Where = where + ", " + le.Where
		}
	}
	return err
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
		s, err := parseScenario(file, root)
		if err != nil {
			var le *LoadError
			if s != nil && errors.As(err, &le) {
				le.Scenario = s.Name
			}
			return nil, err
		}
		if names[s.Name] {
			return nil, lerr(file, root, "duplicate scenario name %q", s.Name)
		}
		names[s.Name] = true
		out = append(out, s)
	}
	return out, nil
}

// parseScenario reads one scenario document. It returns the scenario with
// its name along with an error found after the name was read.
func parseScenario(file string, root *yaml.Node) (*Scenario, error) {
	if root.Kind != yaml.MappingNode {
		return nil, lerr(file, root, "a scenario must be a mapping with name, setup and steps")
	}
	s := &Scenario{File: file, Line: root.Line, doc: root}
	var setup, steps *yaml.Node
	err := s.fields(root, "", []field{
		{"name", func(k, v *yaml.Node) (err error) { s.Name, err = s.text(k, v); return }},
		{"rule", func(k, v *yaml.Node) (err error) { s.Rule, err = s.text(k, v); return }},
		{"setup", func(k, v *yaml.Node) error { setup = v; return nil }},
		{"steps", func(k, v *yaml.Node) error {
			if v.Kind != yaml.SequenceNode {
				return lerr(file, v, "steps must be a list")
			}
			steps = v
			return nil
		}},
	})
	if err != nil {
		return nil, err
	}
	if s.Name == "" {
		return nil, lerr(file, root, "a scenario needs a name")
	}
	if setup == nil {
		return s, lerr(file, root, "a scenario needs a setup")
	}
	if err := s.buildSetup(setup); err != nil {
		return s, within(err, "setup")
	}
	if steps != nil {
		for i, st := range steps.Content {
			d, err := s.decodeStep(st)
			if err != nil {
				return s, within(err, fmt.Sprintf("step %d", i+1))
			}
			s.steps = append(s.steps, d)
		}
	}
	return s, nil
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

// field is one key a mapping accepts, with how its value is read.
type field struct {
	key  string
	read func(k, v *yaml.Node) error
}

// fields reads mapping n key by key, in the file's order; a key that is not
// among fs is an error that names the keys the mapping takes. what names
// the mapping in that error ("setup", "card"; "" for a scenario).
func (s *Scenario) fields(n *yaml.Node, what string, fs []field) error {
	if n.Kind != yaml.MappingNode {
		if what == "" {
			return lerr(s.File, n, "a scenario must be a mapping with name, setup and steps")
		}
		return lerr(s.File, n, "expected a mapping of %s keys, got %s", what, shown(n))
	}
	for _, kv := range pairs(n) {
		k, v := kv[0], kv[1]
		var f *field
		for j := range fs {
			if fs[j].key == k.Value {
				f = &fs[j]
			}
		}
		if f == nil {
			keys := make([]string, len(fs))
			for j, f := range fs {
				keys[j] = f.key
			}
			if what != "" {
				what += " "
			}
			return lerr(s.File, k, "unknown %skey %q (%s)", what, k.Value, strings.Join(keys, ", "))
		}
		if err := f.read(k, v); err != nil {
			return err
		}
	}
	return nil
}

// text reads n, the value of key k, as one scalar.
func (s *Scenario) text(k, n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", lerr(s.File, n, "%s: takes a single value, not a list or mapping", k.Value)
	}
	return n.Value, nil
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

// listItem is the node of the i-th name of list n (n itself for a scalar).
func listItem(n *yaml.Node, i int) *yaml.Node {
	if n.Kind == yaml.SequenceNode && i < len(n.Content) {
		return n.Content[i]
	}
	return n
}

func (s *Scenario) cardNames(n *yaml.Node) ([]string, error) {
	names, err := s.strList(n)
	if err != nil {
		return nil, err
	}
	for i, nm := range names {
		if _, err := engine.Lookup(nm); err != nil {
			return nil, lerr(s.File, listItem(n, i), "%v", err)
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
			if wantBase {
				return nil, lerr(s.File, listItem(n, i), "%q is not a base", nm)
			}
			return nil, lerr(s.File, listItem(n, i), "%q is a base, not a card for a player's hand, deck or discard pile", nm)
		}
	}
	return names, nil
}

func (s *Scenario) intVal(n *yaml.Node) (int, error) {
	var v int
	if n.Kind != yaml.ScalarNode || n.Decode(&v) != nil {
		return 0, lerr(s.File, n, "expected a number, got %s", shown(n))
	}
	return v, nil
}

// seedVal reads a seed: any 64-bit number, as a game's seed is (a table's
// secret seed is full server randomness, which a report writes down); a
// negative one is taken as its two's complement, as it always was.
func (s *Scenario) seedVal(n *yaml.Node) (uint64, error) {
	var u uint64
	if n.Kind == yaml.ScalarNode && n.Decode(&u) == nil {
		return u, nil
	}
	v, err := s.intVal(n)
	return uint64(v), err
}

// shown quotes a scalar's value, or says what kind of node n is.
func shown(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	return strconv.Quote(n.Value)
}

// boolVal reads n, the value of key k, as true or false.
func (s *Scenario) boolVal(k, n *yaml.Node) (bool, error) {
	var b bool
	if err := n.Decode(&b); err != nil {
		return false, lerr(s.File, n, "%s must be true or false", k.Value)
	}
	return b, nil
}

func (s *Scenario) player(n *yaml.Node) (engine.Seat, error) {
	if n.Kind != yaml.ScalarNode {
		return 0, lerr(s.File, n, "expected a player id, got %s", shown(n))
	}
	p, ok := s.seat[n.Value]
	if !ok {
		return 0, lerr(s.File, n, "unknown player %q", n.Value)
	}
	return p, nil
}

// seatInto reads a player id into *dst, as a seat number.
func (s *Scenario) seatInto(dst *int, n *yaml.Node) error {
	p, err := s.player(n)
	*dst = int(p)
	return err
}

func (s *Scenario) baseName(n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", lerr(s.File, n, "expected a base name")
	}
	d, err := engine.Lookup(n.Value)
	if err != nil {
		return "", lerr(s.File, n, "%v", err)
	}
	if d.Type != engine.BaseCard {
		return "", lerr(s.File, n, "%q is not a base", n.Value)
	}
	return n.Value, nil
}

// parsePhase reads a phase name, ignoring case and surrounding spaces.
func parsePhase(v string) (engine.Phase, bool) {
	return engine.ParsePhase(strings.ToLower(strings.TrimSpace(v)))
}

// phase reads a phase a scenario can name (not the game's setup).
func (s *Scenario) phase(n *yaml.Node) (engine.Phase, error) {
	if n.Kind != yaml.ScalarNode {
		return 0, lerr(s.File, n, "expected a phase, got %s", shown(n))
	}
	ph, ok := parsePhase(n.Value)
	if !ok || ph == engine.PhaseSetup {
		return 0, lerr(s.File, n, "unknown phase %q (start, play, score, draw or end)", n.Value)
	}
	return ph, nil
}
