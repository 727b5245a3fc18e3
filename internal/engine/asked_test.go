package engine_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/match"
)

var askedGames = flag.Int("asked-games", 0, "games for TestWhoIsAskedDependsOnNoHiddenCard (0: the default)")

// seen is what seat p is shown of the game from event after on: the events
// as p sees them, and, when a decision is pending, who decides (with the
// card whose ability asks, when p may see it), unless its own asked marker
// (engine.EvAsked) has just told it.
func seen(g *engine.Game, p engine.Seat, after int32) []engine.EventView {
	evs := g.EventViews(p, after)
	for i := range evs {
		evs[i].Seq = 0
	}
	if d, ok := g.Decision(); ok {
		if n := len(evs); n == 0 || evs[n-1].Kind != engine.EvAsked || evs[n-1].Player != d.Player {
			e := engine.EventView{Event: engine.Event{Kind: engine.EvAsked, Player: d.Player, Card: engine.None, Other: engine.None, Base: engine.None, Cause: engine.None}}
			if d.Src >= 0 && g.VisibleTo(d.Src, p) {
				e.Cause, e.CauseName = d.Src, g.Name(d.Src)
			}
			evs = append(evs, e)
		}
	}
	return evs
}

// askedApart compares what seat p is shown in games g and r, which p cannot
// tell apart, since events ga and ra (after the same move): item by item, up
// to the first difference. A difference in what happened on the table may be
// the cards p could not see coming into the open (a card played, revealed,
// drawn from a re-dealt deck): the games may part there. But they may not
// part by someone being asked: two different questions, or a question in one
// game where the other goes on without it (the same happening next), tell p
// about cards it cannot see. It returns a description of such a difference,
// or "" (same says whether the two were the same throughout).
func askedApart(g, r *engine.Game, p engine.Seat, ga, ra int32) (why string, same bool) {
	a, b := seen(g, p, ga), seen(r, p, ra)
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] == b[i] {
			continue
		}
		aa, ba := a[i].Kind == engine.EvAsked, b[i].Kind == engine.EvAsked
		lone := false
		switch {
		case aa && ba:
			lone = true
		case aa:
			a = further(g, p, ga, a, i+1)
			lone = i+1 < len(a) && a[i+1] == b[i]
		case ba:
			b = further(r, p, ra, b, i+1)
			lone = i+1 < len(b) && b[i+1] == a[i]
		}
		if lone {
			return fmt.Sprintf("item %d:\n  real:     %s\n  re-dealt: %s", i, brief(a), brief(b)), false
		}
		return "", false
	}
	return "", len(a) == len(b)
}

// further returns what p is shown in g since event after, s, made longer
// than n items where it ends at the decision pending: that decision is
// answered (declined when it may be, else with its first option) on a copy.
func further(g *engine.Game, p engine.Seat, after int32, s []engine.EventView, n int) []engine.EventView {
	if len(s) > n || g.Over || !g.Pending.Active {
		return s
	}
	c := g.Clone()
	k := 0
	for j := 0; j < c.NumOptions(); j++ {
		if o := c.Pending.Opts[j].Kind; o == engine.OptPass || o == engine.OptNo {
			k = j
		}
	}
	if c.ApplySafe(k) != nil {
		return s
	}
	return seen(c, p, after)
}

// mirror finds, in r (a re-deal of g for seat p), the option that is g's
// option i, pinning the card it is about where p may not know it.
func mirror(g, r *engine.Game, p engine.Seat, i int) int {
	want, err := g.ChoiceOf(i)
	if err != nil || !r.Pending.Active || r.Pending.Player != g.Pending.Player {
		return -1
	}
	// the card the option is about, and those the abilities in progress
	// refer to (the card being played, its target, a card found) where they
	// are the same in both games, are the same cards in both; the cards r's
	// abilities refer to are left alone
	var pinned [engine.MaxCards]bool
	refs := func(x *engine.Game, k int) []engine.CardID {
		f := &x.Frames[k]
		out := []engine.CardID{f.Src, f.Target, f.Ans.Card, f.Ev.Card}
		for _, v := range f.V { // (a remembered value may be a card)
			out = append(out, engine.CardID(v))
		}
		return out
	}
	pin := []engine.CardID{g.Pending.Opts[i].Card}
	for _, a := range g.Pending.Args { // and the cards the question names
		if a.Kind == engine.ArgCard {
			pin = append(pin, engine.CardID(a.V))
		}
	}
	if r.NFrames != g.NFrames {
		return -1
	}
	for k := 0; k < int(g.NFrames); k++ {
		gr, rr := refs(g, k), refs(r, k)
		for x := range gr {
			if gr[x] == rr[x] {
				pin = append(pin, gr[x])
			} else if c := rr[x]; c >= 0 && c < r.NCards {
				pinned[c] = true
			}
		}
	}
	for _, c := range pin {
		if c >= 0 && c < g.NCards && !pinned[c] && !r.PinLike(g, p, c, &pinned) {
			return -1
		}
	}
	for j := 0; j < r.NumOptions(); j++ {
		if got, err := r.ChoiceOf(j); err == nil && got == want {
			return j
		}
	}
	return -1
}

// Whether and when a player is asked tells no one anything about the cards
// they cannot see (issue 22, part 2). From positions of random games, for
// each seat p (and the spectator), the game is re-dealt as it could be for
// all p knows (engine.Redeal), the same move is made in both (the same card
// where the decider holds it), and what p is shown next is compared, move
// after move while the two games stay alike: where they part, neither may be
// asking someone. A question skipped because a hand holds nothing for it,
// answered at once because it holds one card or copies of one card, or put
// only to a player holding a card, fails it.
func TestWhoIsAskedDependsOnNoHiddenCard(t *testing.T) {
	games := longtest.Pick(8, 16) // SMASHUP_LONG=1: 16 (600 games, -asked-games 600, take some five minutes)
	if testing.Short() {
		games = 6
	}
	if *askedGames > 0 {
		games = *askedGames
	}
	compared, chained := 0, 0
	for game := 0; game < games; game++ {
		n := 2 + game%3
		fs, err := match.RandomFactions(n, uint64(game))
		if err != nil {
			t.Fatal(err)
		}
		setup := match.SetupFor(fs, uint64(game), match.Options{Titans: game%4 == 1, AllBases: game%2 == 0, AskAll: true})
		g, err := engine.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(game), 22))
		for step := 0; !g.Over && step < 1500; step++ {
			i := rng.IntN(g.NumOptions())
			p := engine.Seat(step%(n+1)) - 1 // each seat in turn, and the spectator
			if why := checkAsked(g, p, i, uint64(step), &compared, &chained); why != "" {
				t.Errorf("game %d (%v), move %d, seen by seat %d: who is asked depends on cards it may not know: %s", game, fs, step, p, why)
				break // (on to the next game)
			}
			if err := g.ApplySafe(i); err != nil {
				t.Fatal(err)
			}
		}
	}
	if compared == 0 {
		t.Fatal("no move compared")
	}
	t.Logf("%d games, %d moves compared (%d followed further)", games, compared, chained)
}

// checkAsked makes move i in g and in re-deals of g for seat p, and compares
// what p is shown (askedApart) for up to four moves in a row while the games
// stay alike, the later moves chosen at random.
func checkAsked(g0 *engine.Game, p engine.Seat, i int, seed uint64, compared, chained *int) string {
	for k := uint64(0); k < 2; k++ {
		g, r := g0.Clone(), g0.Redeal(p, seed*4+k)
		// the base deck stays, and so does the random generator: the top
		// base, face up while a base in play lends its abilities, is seen
		// without an event telling it (also after the base deck is shuffled)
		r.KeepBaseDeck(g0)
		rng := rand.New(rand.NewPCG(seed, k))
		move := i
		for depth := 0; depth < 4 && !g.Over && !r.Over; depth++ {
			j := mirror(g, r, p, move)
			if j < 0 {
				break
			}
			ga, ra := g.EvSeq, r.EvSeq
			if g.ApplySafe(move) != nil || r.ApplySafe(j) != nil {
				break
			}
			*compared++
			if depth > 0 {
				*chained++
			}
			why, same := askedApart(g, r, p, ga, ra)
			if why != "" {
				dg, _ := g.Decision()
				dr, _ := r.Decision()
				return fmt.Sprintf("%s\n  real decision: %d %q src %d\n  re-dealt decision: %d %q src %d", why, dg.Player, dg.Prompt, dg.Src, dr.Player, dr.Prompt, dr.Src)
			}
			if !same || g.Over || r.Over {
				break
			}
			move = rng.IntN(g.NumOptions())
		}
	}
	return ""
}

// brief lists events in short (kind, player, card, cause) for a failure.
func brief(evs []engine.EventView) string {
	s := ""
	for _, e := range evs {
		s += fmt.Sprintf("[k%d p%d %s num%d by %q] ", e.Kind, e.Player, e.CardName, e.Num, e.CauseName)
	}
	return s
}

// Every player is asked about the mulligan, whether or not their hand may
// take it (only a hand without minions may); a hand taken back is shown.
func TestEverySeatIsAskedAboutTheMulligan(t *testing.T) {
	g, err := engine.New(engine.Setup{Seed: 3597, Deal: true, Players: []engine.SetupPlayer{
		{Factions: []string{"Aliens", "Dinosaurs"}}, {Factions: []string{"Vampires", "Werewolves"}}}})
	if err != nil {
		t.Fatal(err)
	}
	// A goes first and holds a minion; B holds none and is offered the redraw
	if d, ok := g.Decision(); !ok || d.Player != 1 || len(d.Options) != 2 {
		t.Fatalf("B should be offered the mulligan: %+v", d)
	}
	var asked []engine.Seat
	for _, e := range g.EventViews(engine.None, 0) {
		if e.Kind == engine.EvAsked {
			asked = append(asked, e.Player)
		}
	}
	if !slices.Equal(asked, []engine.Seat{0, 1}) {
		t.Fatalf("the spectator saw %v asked during the setup, want A then B", asked)
	}
	old := g.Hand(1)
	after := g.EvSeq
	if err := g.Apply(0); err != nil { // yes
		t.Fatal(err)
	}
	shown := map[engine.CardID]bool{}
	for _, e := range g.EventViews(0, after) {
		if e.Kind == engine.EvReveal && e.Player == 1 && !e.CardHidden {
			shown[e.Card] = true
		}
	}
	for _, c := range old {
		if !shown[c] {
			t.Errorf("B's hand, taken back, was not shown to A: %s", g.Name(c))
		}
	}
}

// After Terraforming, its player is offered an extra minion on the new base.
// The other player is shown that question as asked whether the hand holds a
// minion to play (a real question) or not (answered at once): what it is
// shown is the same in both games (issue 22: "resolving Terraforming" told
// whether that player held a minion).
func TestTerraformingsExtraMinionIsAskedWhateverTheHand(t *testing.T) {
	shown := func(hand string) []engine.EventView {
		g, err := engine.New(engine.Setup{
			Seed: 1,
			Players: []engine.SetupPlayer{
				{Hand: []string{"Terraforming", hand}, Deck: []string{"Scout", "Scout"}},
				{Hand: []string{"Collector"}, Deck: []string{"King Rex"}},
			},
			Bases:    []engine.SetupBase{{Base: "Jungle Oasis"}, {Base: "Tar Pits"}},
			BaseDeck: []string{"The Homeworld", "The Mothership"},
			Phase:    engine.PhasePlay,
		})
		if err != nil {
			t.Fatal(err)
		}
		from := g.EvSeq
		for _, want := range []string{"Terraforming", "The Homeworld", "Jungle Oasis"} {
			d, _ := g.Decision()
			i := -1
			for k, o := range d.Options {
				if o.Card >= 0 && g.Name(o.Card) == want {
					i = k
				}
			}
			if i < 0 {
				t.Fatalf("with %s in hand: no option %s in %q", hand, want, d.Prompt)
			}
			if err := g.Apply(i); err != nil {
				t.Fatal(err)
			}
		}
		return seen(g, 1, from)
	}
	withMinion, without := shown("Invader"), shown("Probe")
	if why, _ := askedApart2(withMinion, without); why != "" {
		t.Fatalf("the other player can tell whether Terraforming's player holds a minion: %s", why)
	}
}

// askedApart2 compares two streams already seen, to the end of the shorter.
func askedApart2(a, b []engine.EventView) (string, bool) {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return fmt.Sprintf("item %d:\n  one:   %s\n  other: %s", i, brief(a), brief(b)), false
		}
	}
	return "", len(a) == len(b)
}
