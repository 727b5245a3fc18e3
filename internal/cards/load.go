// Package cards holds every card and base: their facts (from the embedded
// reference data) and their behaviour, one file per faction.
package cards

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"github.com/smashup/smashup/internal/engine"
	"go.yaml.in/yaml/v3"
)

//go:embed data/*.yaml
var data embed.FS

// Behaviour fills in the abilities of a definition.
type Behaviour func(d *engine.Def)

var behaviours = map[string]Behaviour{}

// card registers the behaviour of a card or base by its reference id. A card
// is listed as playable only once its behaviour is registered here.
func card(key string, b Behaviour) bool {
	if _, dup := behaviours[key]; dup {
		panic("cards: duplicate behaviour for " + key)
	}
	behaviours[key] = b
	return true
}

type yAbility struct {
	Timing  string `yaml:"timing"`
	Trigger string `yaml:"trigger"`
	Text    string `yaml:"text"`
}

type yCard struct {
	ID         string     `yaml:"id"`
	Name       string     `yaml:"name"`
	Aka        []string   `yaml:"aka"`
	Type       string     `yaml:"type"`
	Copies     int        `yaml:"copies"`
	Power      int        `yaml:"power"`
	PlayTarget string     `yaml:"play_target"`
	Abilities  []yAbility `yaml:"abilities"`
}

type yBase struct {
	ID         string         `yaml:"id"`
	Name       string         `yaml:"name"`
	Aka        []string       `yaml:"aka"`
	Set        string         `yaml:"set"`
	Faction    string         `yaml:"faction"`
	Breakpoint int            `yaml:"breakpoint"`
	VP         map[string]int `yaml:"vp"`
	Abilities  []yAbility     `yaml:"abilities"`
}

type yFile struct {
	Set struct {
		ID string `yaml:"id"`
	} `yaml:"set"`
	Factions []struct {
		ID    string  `yaml:"id"`
		Name  string  `yaml:"name"`
		Cards []yCard `yaml:"cards"`
	} `yaml:"factions"`
	Bases  []yBase `yaml:"bases"`
	Titans []struct {
		ID        string     `yaml:"id"`
		Name      string     `yaml:"name"`
		Faction   string     `yaml:"faction"`
		Power     int        `yaml:"power"`
		Abilities []yAbility `yaml:"abilities"`
	} `yaml:"titans"`
}

// The sets in release order; definitions are registered in this order.
var setFiles = []string{"core.yaml", "monster_smash.yaml", "culture_shock.yaml", "geekier_box.yaml"}

func init() {
	if err := load(); err != nil {
		panic(err)
	}
}

func abilityText(as []yAbility) string {
	var parts []string
	for _, a := range as {
		t := strings.Join(strings.Fields(a.Text), " ")
		switch a.Timing {
		case "ongoing", "static":
			t = "Ongoing: " + t
		case "special":
			if a.Trigger != "" {
				t = "Special (" + a.Trigger + "): " + t
			} else {
				t = "Special: " + t
			}
		case "talent":
			t = "Talent: " + t
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}

func load() error {
	used := map[string]bool{}
	// register gives d the behaviour coded for it, if any (a card with one is
	// playable), and registers it under its key and its other names.
	register := func(d *engine.Def, aka []string) {
		if b, ok := behaviours[d.Key]; ok {
			if b != nil {
				b(d)
			}
			d.Playable = true
			used[d.Key] = true
		}
		engine.Register(d)
		for _, a := range aka {
			engine.Alias(d, a)
		}
	}
	for _, fn := range setFiles {
		raw, err := data.ReadFile("data/" + fn)
		if err != nil {
			return err
		}
		var f yFile
		if err := yaml.Unmarshal(raw, &f); err != nil {
			return fmt.Errorf("%s: %w", fn, err)
		}
		factionName := map[string]string{}
		for _, fa := range f.Factions {
			factionName[fa.ID] = fa.Name
			for _, c := range fa.Cards {
				d := &engine.Def{Key: c.ID, Name: c.Name, Set: f.Set.ID, Faction: fa.Name, Copies: c.Copies, Power: c.Power, Text: abilityText(c.Abilities)}
				switch c.Type {
				case "minion":
					d.Type = engine.Minion
				case "action":
					d.Type = engine.Action
				default:
					return fmt.Errorf("%s: %s: unknown type %q", fn, c.ID, c.Type)
				}
				switch c.PlayTarget {
				case "base":
					d.Target = engine.OnBase
				case "minion":
					d.Target = engine.OnMinion
				case "own_minion":
					d.Target = engine.OnOwnMinion
				}
				register(d, c.Aka)
			}
		}
		for _, b := range f.Bases {
			d := &engine.Def{Key: "base/" + b.ID, Name: b.Name, Set: f.Set.ID, Faction: factionName[b.Faction], Type: engine.BaseCard,
				Breakpoint: b.Breakpoint, VP: [3]int{b.VP["winner"], b.VP["runner_up"], b.VP["third"]}, Text: abilityText(b.Abilities)}
			if d.Faction == "" {
				d.Faction = b.Faction
			}
			register(d, b.Aka)
		}
		for _, t := range f.Titans {
			d := &engine.Def{Key: t.ID, Name: t.Name, Set: f.Set.ID, Faction: factionName[t.Faction], Type: engine.Titan, Power: t.Power, Text: abilityText(t.Abilities)}
			register(d, nil)
		}
	}
	var stray []string
	for k := range behaviours {
		if !used[k] {
			stray = append(stray, k)
		}
	}
	if len(stray) > 0 {
		sort.Strings(stray)
		return fmt.Errorf("cards: behaviour registered for unknown ids: %v", stray)
	}
	return nil
}
