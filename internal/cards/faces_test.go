package cards

import (
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// Every card, base and titan has a face, and no face names a card that does
// not exist; a face reads as a card does, without the reference text's
// notes for the engine.
func TestEveryCardHasAFace(t *testing.T) {
	m, err := faces()
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, d := range engine.Defs() {
		keys[d.Key] = true
		f, ok := m[d.Key]
		if !ok {
			t.Errorf("%s (%s) has no face in data/faces", d.Key, d.Name)
			continue
		}
		if strings.TrimSpace(f.Text) == "" {
			t.Errorf("%s: empty face", d.Key)
		}
		for _, bad := range []string{"mandatory", "(errata", "baseline"} {
			if strings.Contains(strings.ToLower(f.Text), bad) {
				t.Errorf("%s: the face reads like an engine note (%q): %s", d.Key, bad, f.Text)
			}
		}
	}
	for k := range m {
		if !keys[k] {
			t.Errorf("data/faces names %s, which is no card", k)
		}
	}
}
