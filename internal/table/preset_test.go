package table

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// A game may be made to another VP goal (shown to every seat, played by
// the engine), and a first game gives every seat its pair of core-set
// factions picked for newcomers, with the core set's bases, and says so.
func TestGoalAndFirstGamePreset(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "preset.db"))
	ctx := context.Background()
	for _, bad := range []CreateRequest{
		{Seats: []string{"human", "easy"}, Goal: 4},
		{Seats: []string{"human", "easy"}, Goal: 41},
		{Seats: []string{"human", "easy"}, Preset: "second-game"},
	} {
		if _, err := s.Create(ctx, bad); err == nil {
			t.Fatalf("%+v was accepted", bad)
		}
	}
	if s.Games() != 0 {
		t.Fatalf("refused requests left %d games", s.Games())
	}
	cr, err := s.Create(ctx, CreateRequest{Seats: []string{"human", "easy"}, Mode: "random", Goal: 20})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, cr.ID)
	if m := l.Message(engine.NoSeat); m.Goal != 20 || m.Preset != "" {
		t.Fatalf("a game to 20 VP shows goal %d, preset %q", m.Goal, m.Preset)
	}
	l.locked(func() {
		if l.g.GoalVP() != 20 {
			t.Fatalf("the engine plays to %d", l.g.GoalVP())
		}
	})
	for n := 2; n <= 4; n++ {
		seats := []string{"human", "easy", "easy", "easy"}[:n]
		cr, err := s.Create(ctx, CreateRequest{Seats: seats, Preset: PresetFirstGame, Mode: "draft", Factions: [][]string{{"Ninjas", "Aliens"}}, Bases: "all"})
		if err != nil {
			t.Fatal(err)
		}
		l, _ := s.Game(ctx, cr.ID)
		m := l.Message(0)
		if m.Preset != PresetFirstGame || m.Goal != 15 || m.Draft != nil || m.Table == nil {
			t.Fatalf("%d players: a first game shows preset %q, goal %d, draft %v", n, m.Preset, m.Goal, m.Draft != nil)
		}
		cfg := l.Config()
		for i := range n {
			if got := cfg.Setup.Players[i].Factions; !slices.Equal(got, FirstGameFactions[i][:]) {
				t.Fatalf("%d players: seat %d plays %v, want %v", n, i, got, FirstGameFactions[i])
			}
		}
		l.locked(func() {
			for _, b := range l.g.BaseSlots() {
				if set := l.g.DefOf(l.g.BaseCardAt(b)).Set; !strings.Contains(strings.ToLower(set), "core") {
					t.Fatalf("%d players: a first game's base %s is of %s", n, l.g.Name(l.g.BaseCardAt(b)), set)
				}
			}
		})
	}
}
