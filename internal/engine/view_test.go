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

// Determinize keeps what the seat knows and re-deals what it does not: the
// other player's hand is drawn from their unseen cards, nothing moves, and
// the copy is a valid game.
func TestDeterminize(t *testing.T) {
	g, _, err := match.DealRandom(2, 5)
	if err != nil {
		t.Fatal(err)
	}
	defsOf := func(g *engine.Game, cs []engine.CardID) []engine.DefID {
		var ds []engine.DefID
		for _, c := range cs {
			ds = append(ds, g.Cards[c].Def)
		}
		return ds
	}
	moved := false
	for seed := uint64(0); seed < 5; seed++ {
		d := g.Determinize(0, seed)
		if !slices.Equal(defsOf(d, d.Hand(0)), defsOf(g, g.Hand(0))) {
			t.Fatal("own hand changed")
		}
		if !slices.Equal(sorted(d.Hand(1)), sorted(g.Hand(1))) || !slices.Equal(sorted(d.Deck(1)), sorted(g.Deck(1))) || len(d.Deck(0)) != len(g.Deck(0)) {
			t.Fatal("cards moved")
		}
		all := append(d.Hand(1), d.Deck(1)...)
		if !slices.Equal(sortedDefs(defsOf(d, all)), sortedDefs(defsOf(g, all))) {
			t.Fatal("player 2's unseen cards changed")
		}
		if !slices.Equal(defsOf(d, d.Hand(1)), defsOf(g, g.Hand(1))) {
			moved = true
		}
		if d.Rng == g.Rng {
			t.Fatal("random generator kept")
		}
		if err := d.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	if !moved {
		t.Fatal("player 2's hand was never re-dealt")
	}
}

func sortedDefs(ds []engine.DefID) []engine.DefID {
	c := append([]engine.DefID(nil), ds...)
	slices.Sort(c)
	return c
}

// BenchmarkDeterminizeInto: one re-deal of a 3-player game after 60 random
// decisions, as the search makes thousands of times per decision.
func BenchmarkDeterminizeInto(b *testing.B) {
	g, _, err := match.DealRandom(3, 11)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(11, 1))
	for i := 0; i < 60 && !g.Over; i++ {
		if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
			b.Fatal(err)
		}
	}
	var w engine.Game
	p := g.Pending.Player
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		g.DeterminizeInto(&w, p, seed)
	}
}

// A card referred to by an ability in progress that the seat cannot see
// (here the action Tattoo Artist took from the deck, being played, set aside
// face down while its player chooses the minion it goes on) is dealt again
// like the seat's other unknown cards, not kept as it really is, and the
// copies stay games that may be played on.
func TestDeterminizeFrameCard(t *testing.T) {
	g, err := engine.New(engine.Setup{Seed: 1, Players: []engine.SetupPlayer{
		{Hand: []string{"Tattoo Artist"}, Deck: []string{"Ocean Tattoo", "Maui", "Tiki", "Growth of the Tribes", "Wayfinder"}},
		{Hand: []string{"Invader"}},
	}, Bases: []engine.SetupBase{{Base: "Jungle Oasis", Cards: []engine.SetupCard{
		{Card: "Mo'ai", Owner: 0, Controller: -1, On: -1}, {Card: "Wayfinder", Owner: 0, Controller: -1, On: -1}}}},
		Phase: engine.PhasePlay})
	if err != nil {
		t.Fatal(err)
	}
	wanted := map[string]bool{"Tattoo Artist": true, "Ocean Tattoo": true, "Play it as an extra action": true}
	for steps := 0; g.Pending.Player != 0 || g.Pending.Src < 0 || g.DefOf(g.Pending.Src).Name != "Ocean Tattoo"; steps++ {
		v := g.View(g.Pending.Player)
		pick := -1
		for _, o := range v.Decision.Options {
			if wanted[o.CardName] || wanted[o.Text] {
				pick = o.Index
			}
		}
		if pick < 0 || steps > 10 {
			t.Fatalf("no option wanted in %q", v.Decision.Prompt)
		}
		if err := g.ApplySafe(pick); err != nil {
			t.Fatal(err)
		}
	}
	src := g.Pending.Src
	if g.Pending.Player != 0 || src < 0 || g.DefOf(src).Name != "Ocean Tattoo" || g.Knows(1, src) {
		t.Fatalf("not the position wanted: player %d decides %q", g.Pending.Player+1, g.View(0).Decision.Prompt)
	}
	seen := map[string]bool{}
	for seed := uint64(0); seed < 30; seed++ {
		w := g.Determinize(1, seed)
		seen[w.DefOf(src).Name] = true
		if err := w.Validate(); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < w.NumOptions(); i++ {
			c := *w
			if err := c.ApplySafe(i); err != nil {
				t.Fatalf("seed %d: playing on as %s: %v", seed, w.DefOf(src).Name, err)
			}
		}
	}
	if len(seen) < 3 {
		t.Fatalf("the card being played is always one of %v in player 2's re-deals", seen)
	}
}
