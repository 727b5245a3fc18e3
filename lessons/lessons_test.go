package lessons

import (
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
)

// TestLessonsSolvable plays every lesson's steps (its solution) and checks
// that they reach its goal, and that the goal is not met at the start: a
// rules change cannot break a lesson silently.
func TestLessonsSolvable(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 8 {
		t.Errorf("%d lessons, want at least 8", len(all))
	}
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			g, err := engine.New(l.Pos.Setup)
			if err != nil {
				t.Fatal(err)
			}
			if ok, _ := l.Check.Check(g); ok {
				t.Fatalf("the goal is met before any move")
			}
			moves, failed := l.Pos.Steps()
			if failed != "" {
				t.Fatalf("the solution fails: %s", failed)
			}
			if len(moves) == 0 {
				t.Fatal("the solution makes no move")
			}
			for i, m := range moves {
				d, ok := g.Decision()
				if !ok {
					t.Fatalf("move %d: no decision", i+1)
				}
				if d.Player != 0 { // the person's seat: the others never need to answer
					t.Fatalf("move %d: the solution asks seat %d, not the person's", i+1, d.Player)
				}
				if err := g.Apply(m); err != nil {
					t.Fatalf("move %d: %v", i+1, err)
				}
			}
			if ok, why := l.Check.Check(g); !ok {
				t.Fatalf("the solution does not reach the goal: %s", why)
			}
		})
	}
}
