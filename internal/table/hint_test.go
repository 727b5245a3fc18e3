package table

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// A hint is worked out from what the seat may know only: with every card
// it cannot identify dealt again, the hint is the same.
func TestHintIgnoresHiddenCards(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "h.db"))
	cr, err := s.Create(context.Background(), CreateRequest{Seats: []string{"human", "ai"}, Mode: "random", Seed: seed(2502)})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.Game(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	var m Message
	for range 1000 { // until the seat has a decision of its own
		if m = l.Message(0); len(options(m)) > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(options(m)) == 0 {
		t.Fatal("no seat got a decision of its own")
	}
	job, _, err := l.hintJob(0, m.Move)
	if err != nil {
		t.Fatal(err)
	}
	job.limit = time.Hour // the whole budget of iterations, however busy the machine
	want := job.work()
	for k := uint64(1); k <= 3; k++ {
		other := *job
		other.g = job.g.Determinize(0, k)
		if got := other.work(); got.Line != want.Line || got.Option != want.Option || !slices.Equal(got.Then, want.Then) {
			t.Fatalf("re-dealt %d: %+v, the real game: %+v", k, got, want)
		}
	}
}
