package table

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// A seat claimed through one instance of a shared store is taken on the
// others too: the game they hold in memory is dealt, and the claimer's key
// is accepted there.
func TestClaimsReachOtherInstances(t *testing.T) {
	ctx := context.Background()
	a, b := twoInstances(t)
	cr, err := a.Create(ctx, CreateRequest{Seats: []string{"human", "human"}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	la, err := a.Game(ctx, cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Game(ctx, cr.ID); err != nil { // B holds it too, waiting
		t.Fatal(err)
	}
	code := cr.Links[1][strings.Index(cr.Links[1], "?invite=")+len("?invite="):]
	c, err := b.Claim(ctx, cr.ID, ClaimRequest{Invite: code})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		var waiting bool
		var seat engine.Seat
		var serr error
		la.locked(func() { waiting = la.cfg.Waiting; seat, serr = la.SeatOf(c.Token) })
		if !waiting && serr == nil && seat == 1 {
			break
		}
		if i > 200 {
			t.Fatalf("instance A never learned of the claim (waiting %v, %v)", waiting, serr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
