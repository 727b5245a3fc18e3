package ai_test

import (
	"testing"

	"github.com/smashup/smashup/internal/ai"
)

// LookAhead leaves the game as it was, gives shares in [0, 1] for bases
// in play, and gives the same twice with one seed.
func TestLookAhead(t *testing.T) {
	g := midGame(t, 5, 30)
	if g.Over {
		t.Skip("game over")
	}
	before := *g
	o := ai.LookAhead(g, g.Pending.Player, 0, 40, 9)
	if *g != before {
		t.Fatal("LookAhead changed the game")
	}
	if o.Mine < 0 || o.Theirs < 0 || len(o.Leads) == 0 {
		t.Fatalf("outlook %+v", o)
	}
	for c, share := range o.Leads {
		if share < 0 || share > 1 {
			t.Fatalf("base %d: lead share %v", c, share)
		}
	}
	for _, s := range g.BaseSlots() {
		if _, ok := o.Leads[g.BaseCardAt(s)]; !ok {
			t.Fatalf("base %s in play has no share", g.Name(g.BaseCardAt(s)))
		}
	}
	again := ai.LookAhead(g, g.Pending.Player, 0, 40, 9)
	if again.Mine != o.Mine || again.Theirs != o.Theirs || len(again.Leads) != len(o.Leads) {
		t.Fatalf("not the same twice: %+v then %+v", o, again)
	}
}
