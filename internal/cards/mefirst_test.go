package cards_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

const beforeScore = "A base is about to score: play or use a Special, or pass"

// With RuleAskAll every player is asked in a Me First window whether or not
// they hold a Special they could use, so being asked tells nobody anything;
// without it (the scenario format) only players who could respond are asked.
func TestMeFirstAsksEveryoneWithOptAskAll(t *testing.T) {
	for _, askAll := range []bool{false, true} {
		s := engine.Setup{
			Seed: 1,
			Players: []engine.SetupPlayer{
				{Deck: []string{"Hidden Ninja", "Collector", "Collector", "Collector"}}, // a Special for the window, out of reach
				{Deck: []string{"Collector", "Collector", "Collector"}},
			},
			Bases: []engine.SetupBase{
				{Base: "Jungle Oasis", Cards: []engine.SetupCard{
					{Card: "King Rex", Owner: 0, Controller: -1, On: -1},
					{Card: "King Rex", Owner: 1, Controller: -1, On: -1},
				}},
				{Base: "Ninja Dojo"},
			},
			BaseDeck: []string{"The Homeworld"},
			Phase:    engine.PhasePlay,
		}
		if askAll {
			s.Options |= engine.RuleAskAll
		}
		g, err := engine.New(s)
		if err != nil {
			t.Fatal(err)
		}
		pick(t, g, engine.OptPass, "") // end the Play Cards phase: Jungle Oasis scores
		var asked []int
		for {
			d, ok := g.Decision()
			if !ok || d.Prompt != beforeScore {
				break
			}
			if len(d.Options) != 1 || d.Options[0].Kind != engine.OptPass {
				t.Fatalf("a player with nothing to play is offered %+v", d.Options)
			}
			asked = append(asked, int(d.Player))
			if err := g.Apply(0); err != nil {
				t.Fatal(err)
			}
		}
		want := []int{0, 1}
		if !askAll {
			want = nil
		}
		if len(asked) != len(want) || (len(want) > 0 && (asked[0] != 0 || asked[1] != 1)) {
			t.Errorf("askAll=%v: players asked before scoring %v, want %v", askAll, asked, want)
		}
		if len(g.Discard(0)) == 0 {
			t.Errorf("askAll=%v: the base should have scored (King Rex discarded)", askAll)
		}
	}
}
