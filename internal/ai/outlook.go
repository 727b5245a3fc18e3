package ai

import (
	"math/rand/v2"

	"github.com/smashup/smashup/internal/engine"
)

// Outlook is what one option of a seat's decision leads to by the end of
// the round, on average over playouts from what the seat may know: the VP
// the seat gains, the most VP any other seat gains, and how often the seat
// leads at each base (the most power there, ties included). It says a
// hint's "why" in the table's terms.
type Outlook struct {
	Mine, Theirs float64
	// Leads: per base card that was in play at the end of some playout,
	// the share of all playouts in which the seat led there.
	Leads map[engine.CardID]float64
}

// LookAhead plays option of seat's pending decision in playouts worlds
// dealt from what seat may know (each a Determinize of g for seat), and
// then on to the search's horizon (the end of the round): the seat's own
// further decisions as the normal level would make them, the others' by
// the search's out-of-tree policy. g is not changed.
func LookAhead(g *engine.Game, seat engine.Seat, option, playouts int, seed uint64) Outlook {
	n := int(g.NPlayers)
	r := rand.New(rand.NewPCG(seed, 0x0b7))
	sr := &searcher{r: r, me: seat, turn: g.Turn, lastTurn: int(g.Turn) + n - 1}
	me := NewGreedy(seed)
	var w engine.Game
	out := Outlook{Leads: map[engine.CardID]float64{}}
	playouts = max(1, playouts)
	var d engine.Dealing // (g does not change: DealInto)
	for range playouts {
		g.DealInto(&w, &d, seat, r.Uint64())
		var start [engine.MaxPlayers]int16
		for p := range n {
			start[p] = w.Players[p].VP
		}
		if !apply(&w, option) {
			continue
		}
		for steps := 0; steps < 300 && !w.Over && w.Pending.Active && int(w.Turn) <= sr.lastTurn; steps++ {
			pick := 0
			if w.Pending.Player == seat {
				v := w.View(seat)
				pick = me.Choose(&w, &v)
			} else {
				pick = sr.policy(&w)
			}
			if !apply(&w, pick) {
				break
			}
		}
		most := 0.0
		for p := range n {
			gain := float64(w.Players[p].VP - start[p])
			if engine.Seat(p) == seat {
				out.Mine += gain
			} else if gain > most {
				most = gain
			}
		}
		out.Theirs += most
		for _, s := range w.BaseSlots() {
			mine, lead := w.PowerAt(s, seat), true
			for p := range n {
				if engine.Seat(p) != seat && w.PowerAt(s, engine.Seat(p)) > mine {
					lead = false
				}
			}
			if c := w.BaseCardAt(s); lead && mine > 0 {
				out.Leads[c]++
			} else if _, ok := out.Leads[c]; !ok {
				out.Leads[c] = 0
			}
		}
	}
	out.Mine /= float64(playouts)
	out.Theirs /= float64(playouts)
	for c := range out.Leads {
		out.Leads[c] /= float64(playouts)
	}
	return out
}
