package scenario

import (
	"os"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// TestEveryPlayableCardHasAScenario fails when a card or base is offered as
// playable but no scenario in the repository names it.
func TestEveryPlayableCardHasAScenario(t *testing.T) {
	files, err := Files([]string{"../../scenarios"})
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.WriteString(engine.Normalize(string(raw)))
		all.WriteString("\n")
	}
	text := all.String()
	missing := 0
	for _, d := range engine.Defs() {
		if !d.Playable {
			continue
		}
		if !strings.Contains(text, engine.Normalize(d.Name)) {
			t.Errorf("%s (%s) is playable but no scenario names it", d.Name, d.Key)
			missing++
		}
	}
	if missing > 0 {
		t.Logf("%d playable cards without a scenario", missing)
	}
}
