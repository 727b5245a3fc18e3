package cards

import (
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

func TestDealRefusesSharedFactionsWithOneCopy(t *testing.T) {
	s := engine.Setup{Deal: true, Players: []engine.SetupPlayer{{Factions: []string{"Aliens", "Dinosaurs"}}, {Factions: []string{"Aliens", "Ninjas"}}}}
	if _, err := engine.New(s); err == nil || !strings.Contains(err.Error(), "copies") {
		t.Fatalf("a faction shared with one copy of its set was dealt: %v", err)
	}
	s.Copies = 2
	if _, err := engine.New(s); err != nil {
		t.Fatalf("two copies allow sharing: %v", err)
	}
	s.Players[1].Factions = []string{"Ninjas", "Ninjas"}
	if _, err := engine.New(s); err == nil {
		t.Fatal("a player got the same faction twice")
	}
}
