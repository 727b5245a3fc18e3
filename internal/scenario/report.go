package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/smashup/smashup/internal/engine"
	"go.yaml.in/yaml/v3"
)

// Writing a game down as a scenario: what a player reports ("something
// looks wrong") becomes a scenario in one step. The setup is the game's
// deal (seed and factions), the steps name every decision taken so far the
// way a person writes them, and a last check says what the engine offers at
// the reported moment; whoever reads the report changes that check into
// what should have happened, and the scenario fails until the engine does.

// ids are the players' ids in a written scenario, in seat order.
var ids = []string{"A", "B", "C", "D"}

// scenarioOptions are the setup's rules a scenario can state (titans,
// ask_all); the others change only how questions are put to a table
// (RuleStopNoChoice), not what happens.
const scenarioOptions = engine.RuleTitans | engine.RuleAskAll

// Written is a game written down as a scenario.
type Written struct {
	Text []byte // the scenario: setup, a step for every decision, the check of now
	// Setup is the scenario without its steps, and Moves the decisions
	// its steps take (option positions in the scenario's game): with
	// Share they open the sandbox at the same moment.
	Setup []byte
	Moves []int
}

// FromGame writes the game dealt by s and played by moves (option
// positions, as a replay keeps them, with every no-choice answer a table
// makes) as a scenario named name whose rule says rule. Every step is
// checked by playing it as `smashup scenario` would: a decision a step
// cannot name exactly is an error (the report keeps its moves all the same).
func FromGame(name, rule string, s engine.Setup, moves []int) (*Written, error) {
	if !s.Deal {
		return nil, errors.New("only a dealt game can be written as a scenario (a position already is one)")
	}
	if len(s.Players) > len(ids) {
		return nil, fmt.Errorf("a game of %d players", len(s.Players))
	}
	real, err := engine.New(s)
	if err != nil {
		return nil, err
	}
	plain := s
	plain.Options &= scenarioOptions
	g, err := engine.New(plain)
	if err != nil {
		return nil, err
	}
	sc := &Scenario{Name: name, ids: ids[:len(s.Players)], seat: map[string]engine.Seat{}, labels: map[string]engine.CardID{}}
	for i, id := range sc.ids {
		sc.seat[id] = engine.Seat(i)
	}
	var steps []any
	w := &Written{}
	for k, m := range moves {
		if !real.Pending.Active {
			return nil, fmt.Errorf("move %d: the game has no decision", k+1)
		}
		if real.Pending.NoChoice { // the table asked and answered at once: the scenario runs on
			if err := real.Apply(m); err != nil {
				return nil, fmt.Errorf("move %d: %v", k+1, err)
			}
			continue
		}
		if !g.Pending.Active || m >= int(g.Pending.N) {
			return nil, fmt.Errorf("move %d: the scenario's game is not at the same decision", k+1)
		}
		c, _ := real.ChoiceOf(m)
		if d, _ := g.ChoiceOf(m); d != c {
			return nil, fmt.Errorf("move %d: the scenario's game offers another option", k+1)
		}
		st := stepFor(g, g.Pending.Opts[m], sc.ids)
		if checkStep(sc, g, st, m) != nil { // no name tells it from another option: its position does
			st = map[string]any{"choose": map[string]any{"option": m}, "player": sc.ids[g.Pending.Player]}
			if err := checkStep(sc, g, st, m); err != nil {
				return nil, fmt.Errorf("move %d: %v", k+1, err)
			}
		}
		steps = append(steps, st)
		if err := real.Apply(m); err != nil {
			return nil, fmt.Errorf("move %d: %v", k+1, err)
		}
		if err := g.Apply(m); err != nil {
			return nil, fmt.Errorf("move %d: %v", k+1, err)
		}
		w.Moves = append(w.Moves, m)
	}
	steps = append(steps, map[string]any{"expect": nowCheck(g, sc.ids)})
	doc := map[string]any{"name": name, "rule": rule, "setup": setupOf(plain)}
	var err2 error
	if w.Setup, err2 = writeDoc(doc); err2 != nil {
		return nil, err2
	}
	doc["steps"] = steps
	if w.Text, err2 = writeDoc(doc); err2 != nil {
		return nil, err2
	}
	return w, nil
}

// writeDoc writes a scenario document: a step on a line, a player on a line.
func writeDoc(doc map[string]any) ([]byte, error) {
	var root yaml.Node
	if err := root.Encode(doc); err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(root.Content); i += 2 { // one line a step, and a player
		switch root.Content[i].Value {
		case "steps":
			for _, st := range root.Content[i+1].Content {
				st.Style = yaml.FlowStyle
			}
		case "setup":
			for j := 0; j+1 < len(root.Content[i+1].Content); j += 2 {
				if root.Content[i+1].Content[j].Value == "players" {
					for _, p := range root.Content[i+1].Content[j+1].Content {
						p.Style = yaml.FlowStyle
					}
				}
			}
		}
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&root); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// setupOf is the setup of a dealt game as a scenario writes it.
func setupOf(s engine.Setup) map[string]any {
	var ps []any
	for i, p := range s.Players {
		ps = append(ps, map[string]any{"id": ids[i], "factions": p.Factions})
	}
	out := map[string]any{"seed": s.Seed, "deal": true, "players": ps}
	if s.AllBases {
		out["all_bases"] = true
	}
	if len(s.BaseSets) > 0 {
		out["base_sets"] = s.BaseSets
	}
	if s.Copies > 1 {
		out["copies"] = s.Copies
	}
	if s.Goal != 0 {
		out["goal"] = s.Goal
	}
	if s.Options&engine.RuleTitans != 0 {
		out["titans"] = true
	}
	if s.Options&engine.RuleAskAll != 0 {
		out["ask_all"] = true
	}
	return out
}

// stepFor is the step that takes option o of g's decision, naming
// everything a step can name about it.
func stepFor(g *engine.Game, o engine.Option, ids []string) any {
	player := ids[g.Pending.Player]
	with := func(kind string, v any) map[string]any { return map[string]any{kind: v, "player": player} }
	switch o.Kind {
	case engine.OptPass:
		return with("pass", true)
	case engine.OptPlayer:
		return with("choose", map[string]any{"player": ids[o.Player]})
	case engine.OptBase:
		if o.Card >= 0 {
			return with("choose", map[string]any{"base": g.Name(o.Card)})
		}
	case engine.OptCard, engine.OptPlay, engine.OptUse:
		if o.Card >= 0 {
			kind := map[engine.OptKind]string{engine.OptCard: "choose", engine.OptPlay: "play", engine.OptUse: "use"}[o.Kind]
			return with(kind, cardSpecOf(g, o.Card, ids, o.Kind != engine.OptPlay))
		}
	}
	return with("choose", OptionName(g, o, ids))
}

// cardSpecOf names card c by its name, zone, owner, controller and base.
// A play step's base is where the card goes, so it is not named there.
func cardSpecOf(g *engine.Game, c engine.CardID, ids []string, withBase bool) map[string]any {
	cd := g.Cards[c]
	m := map[string]any{"card": g.Name(c), "zone": zoneName(cd.Zone)}
	if cd.Owner >= 0 && int(cd.Owner) < len(ids) {
		m["owner"] = ids[cd.Owner]
	}
	if g.InPlay(c) || cd.Zone == engine.ZBaseInPlay {
		if cd.Ctrl >= 0 && int(cd.Ctrl) < len(ids) {
			m["controller"] = ids[cd.Ctrl]
		}
		if withBase {
			s := g.BaseOf(c)
			if cd.Zone == engine.ZBaseInPlay {
				s = cd.Base
			}
			if s >= 0 {
				m["base"] = g.Name(g.BaseCardAt(s))
			}
		}
	}
	return m
}

// checkStep plays step st on a copy of g as `smashup scenario` would and
// fails unless it takes option m there.
func checkStep(sc *Scenario, g *engine.Game, st any, m int) (err error) {
	raw, err := yaml.Marshal([]any{st})
	if err != nil {
		return err
	}
	var n yaml.Node
	if err := yaml.Unmarshal(raw, &n); err != nil {
		return err
	}
	step, err := sc.decodeStep(n.Content[0].Content[0])
	if err != nil {
		return fmt.Errorf("the step %s does not read: %v", strings.TrimSpace(string(raw)), err)
	}
	want := g.Clone()
	if err := want.Apply(m); err != nil {
		return err
	}
	r := &runner{s: sc, g: g.Clone(), labels: map[string]engine.CardID{}}
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("the step %s fails: %v", strings.TrimSpace(string(raw)), e)
		}
	}()
	step.run(r, 0)
	if len(r.moves) != 1 || r.moves[0] != m {
		return fmt.Errorf("the step %s takes another option (%v, not %d)", strings.TrimSpace(string(raw)), r.moves, m)
	}
	return nil
}

// nowCheck is what the game is at: the decision pending and its options,
// or the end of the game.
func nowCheck(g *engine.Game, ids []string) map[string]any {
	if g.Over || !g.Pending.Active {
		return map[string]any{"game_over": true}
	}
	var opts []string
	seen := map[string]bool{}
	for i := 0; i < int(g.Pending.N); i++ {
		n := OptionName(g, g.Pending.Opts[i], ids)
		if !seen[n] {
			seen[n] = true
			opts = append(opts, n)
		}
	}
	return map[string]any{"prompt": map[string]any{"player": ids[g.Pending.Player], "options": opts}}
}
