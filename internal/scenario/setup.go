package scenario

import (
	"github.com/smashup/smashup/internal/engine"
	"go.yaml.in/yaml/v3"
)

// buildSetup reads the setup mapping into an engine setup, the players' ids
// and the cards' labels.
func (s *Scenario) buildSetup(setup *yaml.Node) error {
	es := engine.Setup{Seed: 1, Phase: engine.PhasePlay}
	s.seat = map[string]engine.Seat{}
	s.labels = map[string]engine.CardID{}
	var playersNode, basesNode, currentNode *yaml.Node
	rule := func(r uint8) func(k, v *yaml.Node) error {
		return func(k, v *yaml.Node) error {
			on, err := s.boolVal(k, v)
			if on {
				es.Options |= r
			}
			return err
		}
	}
	err := s.fields(setup, "setup", []field{
		{"seed", func(k, v *yaml.Node) (err error) { es.Seed, err = s.seedVal(v); return }},
		{"players", func(k, v *yaml.Node) error { playersNode = v; return nil }},
		{"bases", func(k, v *yaml.Node) error { basesNode = v; return nil }},
		{"base_deck", func(k, v *yaml.Node) (err error) { es.BaseDeck, err = s.typedNames(v, true); return }},
		{"base_discard", func(k, v *yaml.Node) (err error) { es.BaseDiscard, err = s.typedNames(v, true); return }},
		{"current", func(k, v *yaml.Node) error { currentNode = v; return nil }},
		{"phase", func(k, v *yaml.Node) (err error) { es.Phase, err = s.phase(v); return }},
		{"deal", func(k, v *yaml.Node) (err error) { es.Deal, err = s.boolVal(k, v); return }},
		{"all_bases", func(k, v *yaml.Node) (err error) { es.AllBases, err = s.boolVal(k, v); return }},
		{"copies", func(k, v *yaml.Node) (err error) { es.Copies, err = s.intVal(v); return }},
		{"goal", func(k, v *yaml.Node) (err error) { es.Goal, err = s.intVal(v); return }},
		{"base_sets", func(k, v *yaml.Node) (err error) { es.BaseSets, err = s.strList(v); return }},
		{"titans", rule(engine.RuleTitans)},
		{"ask_all", rule(engine.RuleAskAll)},
	})
	if err != nil {
		return err
	}
	if playersNode == nil || playersNode.Kind != yaml.SequenceNode {
		return lerr(s.File, setup, "setup needs a list of players")
	}
	// first pass: ids, so that a card on a base may name any player
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
		sp, err := s.setupPlayer(pn)
		if err != nil {
			return err
		}
		es.Players = append(es.Players, sp)
	}
	if len(es.Players) < 2 || len(es.Players) > engine.MaxPlayers {
		return lerr(s.File, playersNode, "a game needs 2 to 4 players")
	}
	if currentNode != nil && (currentNode.Kind != yaml.ScalarNode || currentNode.Value != "") {
		p, err := s.player(currentNode)
		if err != nil {
			return err
		}
		es.Current = int(p)
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
			sb, err := s.setupBase(bn, &next)
			if err != nil {
				return err
			}
			es.Bases = append(es.Bases, sb)
		}
	}
	if !es.Deal && len(es.Bases) == 0 {
		return lerr(s.File, setup, "setup needs bases (or deal: true)")
	}
	s.es = es
	return nil
}

func (s *Scenario) setupPlayer(pn *yaml.Node) (sp engine.SetupPlayer, err error) {
	err = s.fields(pn, "player", []field{
		{"id", func(k, v *yaml.Node) error { return nil }}, // read first, by buildSetup
		{"factions", func(k, v *yaml.Node) (err error) {
			sp.Factions, err = s.strList(v)
			for i, f := range sp.Factions {
				if err == nil && engine.CanonicalFaction(f) == "" {
					err = lerr(s.File, listItem(v, i), "unknown faction %q", f)
				}
			}
			return err
		}},
		{"hand", func(k, v *yaml.Node) (err error) { sp.Hand, err = s.typedNames(v, false); return }},
		{"deck", func(k, v *yaml.Node) (err error) { sp.Deck, err = s.typedNames(v, false); return }},
		{"discard", func(k, v *yaml.Node) (err error) { sp.Discard, err = s.typedNames(v, false); return }},
		{"vp", func(k, v *yaml.Node) (err error) { sp.VP, err = s.intVal(v); return }},
	})
	return sp, err
}

// setupBase reads a base entry; next is the id the engine will give the
// base, and is moved past the base and its cards.
func (s *Scenario) setupBase(bn *yaml.Node, next *engine.CardID) (sb engine.SetupBase, err error) {
	var cardsNode *yaml.Node
	err = s.fields(bn, "base", []field{
		{"base", func(k, v *yaml.Node) (err error) { sb.Base, err = s.baseName(v); return }},
		{"cards", func(k, v *yaml.Node) error { cardsNode = v; return nil }},
	})
	if err != nil {
		return sb, err
	}
	if sb.Base == "" {
		return sb, lerr(s.File, bn, "a base entry needs base: NAME")
	}
	*next++ // the base itself
	if cardsNode == nil || cardsNode.Kind == yaml.ScalarNode && cardsNode.Tag == "!!null" {
		return sb, nil
	}
	if cardsNode.Kind != yaml.SequenceNode {
		return sb, lerr(s.File, cardsNode, "cards must be a list")
	}
	localLabels := map[string]int{}
	for ci, cn := range cardsNode.Content {
		sc := engine.SetupCard{Controller: -1, On: -1}
		var onNode *yaml.Node
		label := ""
		err := s.fields(cn, "card", []field{
			{"card", func(k, v *yaml.Node) error {
				d, err := engine.Lookup(v.Value)
				if err != nil {
					return lerr(s.File, v, "%v", err)
				}
				if d.Type == engine.BaseCard {
					return lerr(s.File, v, "%q is a base, not a card to put on a base", v.Value)
				}
				sc.Card = v.Value
				return nil
			}},
			{"owner", func(k, v *yaml.Node) error { return s.seatInto(&sc.Owner, v) }},
			{"controller", func(k, v *yaml.Node) error { return s.seatInto(&sc.Controller, v) }},
			{"counters", func(k, v *yaml.Node) (err error) { sc.Counters, err = s.intVal(v); return }},
			{"on", func(k, v *yaml.Node) error { onNode = v; return nil }},
			{"label", func(k, v *yaml.Node) (err error) { label, err = s.text(k, v); return }},
		})
		if err != nil {
			return sb, err
		}
		if sc.Card == "" {
			return sb, lerr(s.File, cn, "a card entry needs card: NAME")
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
				return sb, lerr(s.File, onNode, "on: %q names no card listed before it on this base", onNode.Value)
			}
			if d, _ := engine.Lookup(sb.Cards[idx].Card); d == nil || d.Type != engine.Minion {
				return sb, lerr(s.File, onNode, "on: %q is not a minion", onNode.Value)
			}
			sc.On = idx
		}
		if label != "" {
			if _, dup := s.labels[label]; dup {
				return sb, lerr(s.File, cn, "duplicate label %q", label)
			}
			s.labels[label] = *next
			localLabels[label] = ci
		}
		sb.Cards = append(sb.Cards, sc)
		*next++
	}
	return sb, nil
}
