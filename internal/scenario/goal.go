package scenario

import (
	"fmt"
	"maps"

	"github.com/smashup/smashup/internal/engine"
	"go.yaml.in/yaml/v3"
)

// Goals: an expect block of the scenario format checked against any game
// begun from a position, at any moment (the lessons' "Goal reached": the
// server checks a lesson's goal after every move of its game).

// Goal is an expect mapping read in the context of a position (its player
// ids and card labels).
type Goal struct {
	s    *Scenario
	step expectStep
}

// Goal reads raw, the YAML text of an expect mapping ("vp: {A: 2}"), as a
// goal for games of p. An error is a *LoadError naming the line.
func (p *Position) Goal(raw []byte) (gl *Goal, err error) {
	defer func() {
		if r := recover(); r != nil {
			gl, err = nil, &LoadError{File: p.s.File, Msg: fmt.Sprintf("the goal cannot be read: %v", r)}
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, yamlError(p.s.File, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, &LoadError{File: p.s.File, Msg: "the goal must be a mapping of checks, as an expect step takes"}
	}
	st, err := p.s.decodeExpect(doc.Content[0])
	if err != nil {
		return nil, within(err, "goal")
	}
	return &Goal{s: p.s, step: st.(expectStep)}, nil
}

// Check reports whether g meets the goal, and when not the first check
// that failed. g is not changed (the checks run on a copy).
func (gl *Goal) Check(g *engine.Game) (ok bool, why string) {
	defer func() {
		if e := recover(); e != nil {
			ok = false
			if f, is := e.(failure); is {
				why = f.msg
			} else {
				why = fmt.Sprintf("the check failed: %v", e)
			}
		}
	}()
	r := &runner{s: gl.s, g: g.Clone(), labels: maps.Clone(gl.s.labels)}
	gl.step.run(r, 0)
	return true, ""
}
