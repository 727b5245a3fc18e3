package scenario

import (
	"regexp"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// TestEveryPlayableCardHasAScenario fails when a card or base is offered as
// playable but no scenario in the repository is written for it: a card is
// covered only when a scenario names it in its `rule:` (the rule or card the
// scenario proves), not when it merely appears in one.
func TestEveryPlayableCardHasAScenario(t *testing.T) {
	files, err := Files([]string{"../../scenarios"})
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, f := range files {
		ss, err := ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ss {
			rules = append(rules, engine.Normalize(s.Rule))
		}
	}
	proved := strings.Join(rules, "\n")
	missing, checked := 0, 0
	for _, d := range engine.Defs() {
		if !d.Playable {
			continue
		}
		checked++
		// the whole name, not a part of a longer word ("Zombie" is not "Zombies")
		name := regexp.MustCompile(`(^|[^\pL\pN])` + regexp.QuoteMeta(engine.Normalize(d.Name)) + `($|[^\pL\pN])`)
		if !name.MatchString(proved) {
			t.Errorf("%s (%s) is playable but no scenario's rule: names it", d.Name, d.Key)
			missing++
		}
	}
	if checked < 250 { // 19 factions, their bases and titans: 291 today
		t.Fatalf("only %d playable cards and bases checked", checked)
	}
	if missing > 0 {
		t.Logf("%d playable cards without a scenario", missing)
	}
}
