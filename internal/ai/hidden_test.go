package ai_test

import (
	"flag"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
)

// Computers that know only what their seat knows (issue 22, part 5): a
// computer's choice, its seed fixed, is the same in two games its seat
// cannot tell apart.

var redealPositions = flag.Int("redeal.positions", 0, "positions of random games the redeal property checks (0: a quick default)")

// seatSees is every message seat p may be sent about g: its view and the log as p sees it.
type seatSees struct {
	View   engine.View
	Events []engine.EventView
}

func sees(g *engine.Game, p engine.Seat) seatSees {
	return seatSees{g.View(p), g.EventViews(p, 0)}
}

// choices returns what the computer players of every level with a
// search choose for the pending decision of g, with fixed seeds.
func choices(g *engine.Game, seed uint64) [3]int {
	v := g.View(g.Pending.Player)
	return [3]int{
		ai.NewSearch(seed, 120, 1).Choose(g, &v),
		ai.NewGreedy(seed).Choose(g, &v),
		ai.NewEasy(seed).Choose(g, &v),
	}
}

// sameWorlds checks that the re-deals of g1 and g2 for seat p are the same
// valid game for every seed tried (they depend on what p may know only).
func sameWorlds(t *testing.T, g1, g2 *engine.Game, p engine.Seat) {
	t.Helper()
	for s := uint64(0); s < 20; s++ {
		w1, w2 := g1.Determinize(p, s), g2.Determinize(p, s)
		if err := w1.Validate(); err != nil {
			t.Fatalf("seed %d: the re-deal for player %d is not a valid game: %v", s, p+1, err)
		}
		if *w1 != *w2 {
			for i := range w1.Cards {
				if w1.Cards[i] != w2.Cards[i] {
					t.Fatalf("seed %d: the re-deals for player %d differ: card %d is %s in one and %s in the other",
						s, p+1, i, w1.DefOf(engine.CardID(i)).Name, w2.DefOf(engine.CardID(i)).Name)
				}
			}
			t.Fatalf("seed %d: the re-deals for player %d differ", s, p+1)
		}
	}
}

// step answers g's pending decision with the option pick chooses (the
// first, when pick returns a negative number).
func step(t *testing.T, g *engine.Game, pick func(v *engine.View) int) {
	t.Helper()
	v := g.View(g.Pending.Player)
	i := pick(&v)
	if i < 0 {
		i = 0
	}
	if err := g.ApplySafe(i); err != nil {
		t.Fatal(err)
	}
}

// optionNamed picks the option about the card named name, else pass, else the first.
func optionNamed(name string) func(v *engine.View) int {
	return func(v *engine.View) int {
		pass := -1
		for _, o := range v.Decision.Options {
			if o.CardName == name && name != "" {
				return o.Index
			}
			if o.Kind == engine.OptPass || o.Kind == engine.OptNo {
				pass = o.Index
			}
		}
		return pass
	}
}

// A card given privately: player 1 gives player 2 one of two cards with
// Akye the Turtle; player 3, a computer, is told only that a card was given.
// The two games differ in which card it was; player 3's messages are the
// same in both, and so must be its re-deals and its choices.
func TestRedealGivenCard(t *testing.T) {
	game := func(gift, kept string) *engine.Game {
		g, err := engine.New(engine.Setup{Seed: 7, Players: []engine.SetupPlayer{
			{Hand: []string{"Akye the Turtle", gift, kept}, Deck: []string{"Collector", "Scout", "Invader", "Beam Up"}},
			{Hand: []string{"Ninja Master"}, Deck: []string{"Shinobi", "Tiger Assassin"}},
			{Hand: []string{"King Rex", "Howl", "Laseratops"}, Deck: []string{"Augmentation", "War Raptor"}},
		}, Bases: []engine.SetupBase{{Base: "Jungle Oasis"}, {Base: "Tar Pits"}, {Base: "The Homeworld"}},
			BaseDeck: []string{"Rhodes Plaza Mall", "The Mothership"}, Phase: engine.PhasePlay})
		if err != nil {
			t.Fatal(err)
		}
		step(t, g, optionNamed("Akye the Turtle"))
		for g.Pending.Player != 0 || len(g.View(0).Decision.Options) == 0 || g.View(0).Decision.Options[0].Kind != engine.OptBase {
			step(t, g, optionNamed(""))
		}
		step(t, g, func(*engine.View) int { return 0 }) // the first base
		offersGift := func() bool {                     // Akye's question: which card to give (in any order)
			for _, o := range g.View(0).Decision.Options {
				if o.Kind == engine.OptCard && o.CardName == gift {
					return true
				}
			}
			return false
		}
		for !(g.Pending.Player == 0 && offersGift()) {
			step(t, g, optionNamed(""))
		}
		step(t, g, optionNamed(gift))
		step(t, g, func(v *engine.View) int { // to player 2
			for _, o := range v.Decision.Options {
				if o.Player == 1 {
					return o.Index
				}
			}
			t.Fatal("player 2 is not offered")
			return 0
		})
		// on to player 3's turn, every other seat passing
		for g.Pending.Player != 2 || !g.MainDecision() {
			step(t, g, optionNamed(""))
		}
		return g
	}
	// the cards are listed so that the same instance is given in both games
	g1, g2 := game("King Rex", "Invader"), game("Invader", "King Rex")
	gift := engine.CardID(engine.None)
	for _, c := range g1.Hand(1) {
		if g1.Cards[c].Owner == 0 {
			gift = c
		}
	}
	if gift == engine.None || g1.DefOf(gift).Name != "King Rex" || g2.DefOf(gift).Name != "Invader" {
		t.Fatal("player 2 does not hold the card given")
	}
	if !reflect.DeepEqual(sees(g1, 2), sees(g2, 2)) {
		t.Fatal("player 3 is sent different messages in the two games")
	}
	if reflect.DeepEqual(sees(g1, 1), sees(g2, 1)) {
		t.Fatal("player 2 cannot tell the games apart: the test is void")
	}
	sameWorlds(t, g1, g2, 2)
	for seed := uint64(1); seed <= 12; seed++ {
		if a, b := choices(g1, seed), choices(g2, seed); a != b {
			t.Fatalf("seed %d: player 3 chose %v in one game and %v in the other", seed, a, b)
		}
	}
}

// The property over random positions: at a decision of seat p in a random
// game (2 to 4 players, every set, titans in some, every seat asked in every
// window in half), a twin game whose cards p may not know are other cards of their
// owners (engine.RedealIdentities) sends p the same messages; the re-deals
// for p of both are the same game, and every computer player with a search
// chooses the same in both (seeds fixed). -redeal.positions sets how many
// positions are checked.
func TestRedealProperty(t *testing.T) {
	n := *redealPositions
	if n <= 0 {
		n = 60
		if testing.Short() || raceBuild {
			n = 12
		}
	}
	checked, changed, told, given, unseenAbility := 0, 0, 0, 0, 0
	for game := uint64(1); checked < n && game <= uint64(20*n); game++ {
		np := 2 + int(game%3)
		fs, err := match.RandomFactions(np, game)
		if err != nil {
			t.Fatal(err)
		}
		// every set; titans in some games; every seat asked in every window in half
		g, err := engine.New(match.SetupFor(fs, game, match.Options{Titans: game%4 == 1, AllBases: game%2 == 0, AskAll: game%2 == 1}))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(game, 22))
		for moves := 0; !g.Over && moves < 600 && checked < n; moves++ {
			if moves%11 == int(game%11) && g.NumOptions() >= 2 {
				p := g.Pending.Player
				twin := g.RedealIdentities(p, game*1000+uint64(moves))
				if !reflect.DeepEqual(sees(g, p), sees(twin, p)) {
					told++ // a message that tells a hidden card: the hidden-information property's business
				} else {
					for i := range g.Cards {
						if g.Cards[i].Def != twin.Cards[i].Def {
							changed++
							break
						}
					}
					for i := range g.NCards {
						if cd := g.Cards[i]; (cd.Zone == engine.ZHand || cd.Zone == engine.ZDeck) && cd.Owner != cd.Ctrl && !g.Knows(p, i) {
							given++
							break
						}
					}
					for _, f := range g.Frames[:g.NFrames] {
						if f.Src >= 0 && !g.Knows(p, f.Src) {
							unseenAbility++
							break
						}
					}
					sameWorlds(t, g, twin, p)
					seed := game + uint64(moves)
					if a, b := choices(g, seed), choices(twin, seed); a != b {
						t.Fatalf("game %d, decision %d (player %d): the computers chose %v, and %v in a game the seat cannot tell from it",
							game, moves, p+1, a, b)
					}
					checked++
				}
			}
			if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions checked (%d with another card somewhere, %d with a card given to a hand the seat cannot see, %d with an ability in progress of a card it cannot see); %d twins told apart by their messages",
		checked, changed, given, unseenAbility, told)
	if checked < n || changed < checked/2 {
		t.Fatalf("only %d positions checked, %d with a card changed", checked, changed)
	}
}

// A played card is public: the action The Perfect Gift searches out and
// plays is shown to every seat (it was set aside face down and stayed so as
// it was played: its play was logged to its player alone, and player 3 was
// asked whether to answer it with Force of Wil without being shown it,
// while its computer's re-deal kept the card, so that it cancelled or
// passed depending on a card it was never shown).
func TestPlayedCardIsPublic(t *testing.T) {
	for _, found := range []string{"Let it be Full and Eat", "Beam Up"} {
		g, err := engine.New(engine.Setup{Seed: 3, Players: []engine.SetupPlayer{
			{Hand: []string{"The Perfect Gift"}, Deck: []string{"Let it be Full and Eat", "Invader", "Beam Up"}},
			{Hand: []string{"Invader"}},
			{Hand: []string{"Force of Wil", "Invader"}},
		}, Bases: []engine.SetupBase{{Base: "Jungle Oasis", Cards: []engine.SetupCard{{Card: "King Rex", Owner: 1, Controller: -1, On: -1}}}, {Base: "Tar Pits"}},
			Phase: engine.PhasePlay})
		if err != nil {
			t.Fatal(err)
		}
		step(t, g, optionNamed("The Perfect Gift"))
		step(t, g, optionNamed("")) // player 3 lets The Perfect Gift be
		if g.Pending.Player != 0 {
			t.Fatalf("%s: player 1 is not searching", found)
		}
		step(t, g, optionNamed(found))
		v := g.View(2)
		d := v.Decision
		if d == nil || d.Player != 2 {
			t.Fatalf("%s: player 3 is not asked to answer the card played", found)
		}
		if d.SrcName != found {
			t.Errorf("%s: player 3 is asked to answer %q, not shown the card played", found, d.SrcName)
		}
		c := g.Pending.Src
		if !g.Knows(2, c) || !g.Knows(1, c) {
			t.Errorf("%s: a card being played is not known to every seat", found)
		}
		named := false
		for _, ev := range g.EventViews(2, 0) {
			if ev.Kind == engine.EvPlay && ev.CardName == found {
				named = true
			}
		}
		if !named {
			t.Errorf("%s: its play is not logged to player 3 as the card it is", found)
		}
	}
}
