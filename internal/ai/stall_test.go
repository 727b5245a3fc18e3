package ai

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/scenario"
)

// A player far ahead still takes the VP on offer. Deal 89 of
// `smashup arena --a max --b hard --seed 1` stalled for hundreds of turns:
// both search players passed every turn, as every option of the leader
// looked a sure win (and every option of the other a sure loss) and
// declining won what looked like ties.
const farAhead = `
name: far ahead, one minion from scoring
setup:
  players:
    - { id: A, hand: [Scout, Scout, Scout, Scout, Scout, Scout, Scout, Scout], deck: [Scout, Scout, Scout, Scout], vp: 10 }
    - { id: B, hand: [Scout, Scout], deck: [Scout, Scout, Scout, Scout], vp: 3 }
  bases:
    - base: The Homeworld
      cards:
        - { card: King Rex, owner: A }
        - { card: King Rex, owner: A }
        - { card: Invader, owner: A }
        - { card: Scout, owner: B }
    - base: Tar Pits
      cards:
        - { card: King Rex, owner: A }
        - { card: King Rex, owner: A }
    - base: Jungle Oasis
      cards:
        - { card: King Rex, owner: A }
  base_deck: [Temple of Goju, The Mothership]
  current: A
`

func TestFarAheadStillScores(t *testing.T) {
	pos, err := scenario.ParsePosition("far-ahead.yaml", []byte(farAhead), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range []string{"hard", "max"} {
		g, err := engine.New(pos.Setup)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !g.MainDecision(); n++ {
			if err := g.ApplySafe(0); err != nil || n > 20 {
				t.Fatalf("the position does not reach A's Play Cards phase: %v", err)
			}
		}
		if j := judge(g, 0); j < 0.99 {
			t.Fatalf("the position is meant to look won already: judged %.3f", j)
		}
		p, _ := New(level, 1)
		if level == "max" {
			p = newMax(1, 2) // two trees, whatever the cores: the same moves everywhere
		}
		v := g.View(0)
		if o := g.Pending.Opts[p.Choose(g, &v)]; o.Kind == engine.OptPass {
			t.Errorf("%s passes with a base one minion from giving it 4 VP", level)
		}
	}
}
