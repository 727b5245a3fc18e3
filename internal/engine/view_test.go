package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
)

// viewCards lists every card instance a view names outside the event log.
func viewCards(v *engine.View) []engine.CardID {
	var out []engine.CardID
	var add func(cs []engine.CardView)
	add = func(cs []engine.CardView) {
		for _, c := range cs {
			out = append(out, c.ID)
			add(c.Attached)
		}
	}
	add(v.Hand)
	for _, p := range v.Players {
		add(p.Discard)
	}
	for _, b := range v.Bases {
		add([]engine.CardView{b.Card})
		add(b.Minions)
		add(b.Actions)
	}
	add(v.BaseDiscard)
	add(v.Revealed)
	if d := v.Decision; d != nil && !d.Mine {
		out = append(out, d.Src)
		for _, o := range d.Options {
			out = append(out, o.Card)
		}
	}
	return out
}

// The view of player 0 never names a card in another player's hand or in any
// deck, and shows its own hand exactly.
func TestViewHidesOtherHandsAndDecks(t *testing.T) {
	checked, hidden := 0, 0
	for game := 0; game < 24; game++ {
		g, _, err := match.DealRandom(2+game%3, uint64(game))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(game), 1))
		for step := 0; !g.Over && step < 3000; step++ {
			v := g.View(0)
			for _, c := range viewCards(&v) {
				if c < 0 {
					continue
				}
				z, holder := g.Cards[c].Zone, g.Ctrl(c)
				if z == engine.ZDeck || (z == engine.ZHand && holder != 0) {
					t.Fatalf("game %d step %d: player 0's view names %s in player %d's %s", game, step, g.Name(c), holder+1, z)
				}
			}
			if len(v.Hand) != len(g.Hand(0)) {
				t.Fatalf("own hand: view has %d cards, game %d", len(v.Hand), len(g.Hand(0)))
			}
			for i, c := range g.HandInArrival(0) {
				if v.Hand[i].ID != c {
					t.Fatalf("own hand differs at %d", i)
				}
			}
			if v.Players[1].HandSize != len(g.Hand(1)) || v.Players[1].DeckSize != len(g.Deck(1)) {
				t.Fatalf("sizes of player 2's hand/deck are wrong")
			}
			if d := v.Decision; d != nil && !d.Mine {
				// another seat's decision: who decides and its public source, nothing more
				hidden++
				if d.Prompt != "" || d.Template != "" || len(d.Args) > 0 || len(d.Options) > 0 {
					t.Fatalf("player 0 is shown player %d's decision: %q, %d options", d.Player+1, d.Prompt, len(d.Options))
				}
			}
			checked++
			if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 100 || hidden == 0 {
		t.Fatalf("only %d positions checked, %d decisions of other seats seen", checked, hidden)
	}
}

func sorted(cs []engine.CardID) []engine.CardID {
	c := append([]engine.CardID(nil), cs...)
	slices.Sort(c)
	return c
}

// Determinize keeps what the seat knows and re-deals what it does not.
func TestDeterminize(t *testing.T) {
	g, _, err := match.DealRandom(2, 5)
	if err != nil {
		t.Fatal(err)
	}
	moved := false
	for seed := uint64(0); seed < 5; seed++ {
		d := g.Determinize(0, seed)
		if !slices.Equal(d.Hand(0), g.Hand(0)) {
			t.Fatal("own hand changed")
		}
		if len(d.Hand(1)) != len(g.Hand(1)) || len(d.Deck(1)) != len(g.Deck(1)) || len(d.Deck(0)) != len(g.Deck(0)) {
			t.Fatal("sizes changed")
		}
		if !slices.Equal(sorted(append(d.Hand(1), d.Deck(1)...)), sorted(append(g.Hand(1), g.Deck(1)...))) {
			t.Fatal("player 2's unseen cards changed")
		}
		if !slices.Equal(d.Hand(1), g.Hand(1)) {
			moved = true
		}
		if d.Rng == g.Rng {
			t.Fatal("random generator kept")
		}
	}
	if !moved {
		t.Fatal("player 2's hand was never re-dealt")
	}
}
