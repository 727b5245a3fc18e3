// Package lessons holds the guided first game (issue 25, part 1): a short
// series of lessons, each a position in the scenario format
// (docs/scenarios.md) with a title, a goal in plain words,
// hints that point at the table and a goal the server checks after every
// move. The files (NN-name.yaml, in order) are embedded in the binary.
//
// A lesson file is one scenario document with one more top-level key,
// lesson:
//
//	lesson:
//	  title: Playing a minion
//	  goal: Play your Invader on Jungle Oasis.
//	  hints: [..., ...]
//	  check: { in_play: { A: [Invader] } }   # an expect block: the goal
//	name: ...                                # the scenario: setup, and
//	setup: ...                               # steps that solve the lesson
//	steps: ...
//
// The person plays the first player's seat; the others are computers.
// Every lesson is built so that its goal is reached within the person's
// own turn (the other seats hold nothing they could answer with), so a
// lesson plays the same every time. The tests play each lesson's steps and
// check that they reach its goal, and that the goal is not met at the start.
package lessons

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/smashup/smashup/internal/scenario"
	"go.yaml.in/yaml/v3"
)

//go:embed *.yaml
var files embed.FS

// Lesson is one lesson, loaded and checked.
type Lesson struct {
	ID       string // the file's name without .yaml ("01-minion")
	Title    string
	Goal     string   // in plain words
	Hints    []string // pointing at the table
	Position []byte   // the scenario's text (without the lesson key)
	Pos      *scenario.Position
	Check    *scenario.Goal
}

type meta struct {
	Title string    `yaml:"title"`
	Goal  string    `yaml:"goal"`
	Hints []string  `yaml:"hints"`
	Check yaml.Node `yaml:"check"`
}

// Parse reads a lesson file's text.
func Parse(id string, raw []byte) (*Lesson, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("lesson %s: %w", id, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("lesson %s: a lesson is one mapping (a scenario with a lesson key)", id)
	}
	root := doc.Content[0]
	var m *meta
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "lesson" {
			m = new(meta)
			if err := root.Content[i+1].Decode(m); err != nil {
				return nil, fmt.Errorf("lesson %s: lesson: %w", id, err)
			}
			root.Content = append(root.Content[:i:i], root.Content[i+2:]...)
			break
		}
	}
	if m == nil || m.Title == "" || m.Goal == "" || len(m.Hints) == 0 || m.Check.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("lesson %s: needs lesson: with a title, a goal, hints and a check (an expect mapping)", id)
	}
	text, err := yaml.Marshal(root)
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", id, err)
	}
	pos, err := scenario.ParsePosition(id+".yaml", text, 1)
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", id, err)
	}
	check, err := yaml.Marshal(&m.Check)
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", id, err)
	}
	gl, err := pos.Goal(check)
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", id, err)
	}
	return &Lesson{ID: id, Title: m.Title, Goal: m.Goal, Hints: m.Hints, Position: text, Pos: pos, Check: gl}, nil
}

// All loads every lesson, in order.
func All() ([]*Lesson, error) {
	names, err := fs.Glob(files, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []*Lesson
	for _, n := range names {
		raw, err := files.ReadFile(n)
		if err != nil {
			return nil, err
		}
		l, err := Parse(strings.TrimSuffix(n, ".yaml"), raw)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}
