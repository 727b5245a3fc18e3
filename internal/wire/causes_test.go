package wire_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/playout"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/wire"
)

// TestRandomGamesSayWhatDestroysAndPlacesCounters plays random games of
// every set (2 to 4 players, every decision at random) and fails on any
// destruction or +1 power counter placed or removed that does not say which
// card's ability did it (issue 35, item 6: "Servitor of Cthulhu is destroyed
// at Giant Turnip" by what? "Summon Wolves gets a +1 power counter" from
// what?). The rules themselves never destroy a card nor give a counter, so
// each of those events has a cause:
//
//   - in the engine: a destruction's Cause is the card whose ability
//     destroyed it, and so is its Other (Event.Source); a counter's Cause is
//     the card whose ability placed or removed it, whether that ability is an
//     ongoing one, a base's, a trigger's or the card's own (Summon Wolves
//     putting a counter on itself);
//   - on the wire, for every seat and the spectator: the event names its
//     cause (perhaps as a hidden card, for a seat that may not know it) or
//     says that the card did it itself (Self);
//   - in the terminal's log line: "... by X", "... destroys itself", "X
//     places ...", never a bare "is destroyed" or "gets a counter".
//
// The engine keeps its last engine.MaxEvents events: a decision that sets off
// more (a big scoring) has its earliest ones checked no further.
func TestRandomGamesSayWhatDestroysAndPlacesCounters(t *testing.T) {
	games := longtest.Pick(60, 400)
	var destroys, counters int
	for n := 2; n <= 4; n++ {
		for seed := uint64(0); seed < uint64(games); seed++ {
			g, err := engine.New(playout.RandomSetup(seed, n))
			if err != nil {
				t.Fatal(err)
			}
			r := playout.NewRandom(seed)
			after := g.EvSeq
			for moves := 0; moves < playout.DefaultMaxMoves && !g.Over; moves++ {
				if err := g.Apply(r.Choose(g)); err != nil {
					t.Fatalf("%d players, seed %d: %v", n, seed, err)
				}
				for _, ev := range g.RecentEvents(after) {
					if ev.Kind != engine.EvDestroy && ev.Kind != engine.EvCounter {
						continue
					}
					where := fmt.Sprintf("%d players, seed %d, decision %d: %s of %s", n, seed, moves+1, ev.Kind, g.Name(ev.Card))
					if ev.Kind == engine.EvDestroy {
						destroys++
					} else {
						counters++
					}
					switch {
					case ev.Cause < 0:
						t.Errorf("%s: no cause", where)
					case ev.Kind == engine.EvDestroy && ev.Source() != ev.Cause:
						t.Errorf("%s: destroyed by %s, caused by %s", where, g.Name(ev.Source()), g.Name(ev.Cause))
					}
				}
				for seat := engine.Seat(engine.None); seat < engine.Seat(g.NPlayers); seat++ {
					for _, v := range g.EventViews(seat, after) {
						if v.Kind != engine.EvDestroy && v.Kind != engine.EvCounter {
							continue
						}
						if e := wire.EventOf(g, seat, v, 0); e.Cause == nil && !e.Self {
							t.Errorf("%d players, seed %d, seat %d: %s event names no cause: %+v", n, seed, seat, e.Kind, v)
						}
						line := present.Event(v, nil)
						bare := strings.Contains(line, " gets ") || strings.Contains(line, " loses ") ||
							v.Kind == engine.EvDestroy && !strings.Contains(line, " by ") && !strings.Contains(line, "destroys itself")
						if bare {
							t.Errorf("%d players, seed %d, seat %d: %q says no cause", n, seed, seat, line)
						}
					}
				}
				after = g.EvSeq
			}
		}
	}
	if destroys == 0 || counters == 0 {
		t.Fatalf("the games destroyed %d cards and placed counters %d times: nothing was checked", destroys, counters)
	}
	t.Logf("%d destructions and %d counter events checked", destroys, counters)
}
