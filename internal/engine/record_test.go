package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/playout"
)

// TestChoicesNameTheirOptions plays random games and checks, at every
// decision, that each option's Choice survives its text form and that two
// options of one decision never have the same Choice (what makes finding an
// option by identity safe).
func TestChoicesNameTheirOptions(t *testing.T) {
	seeds := 6
	if testing.Short() || raceEnabled {
		seeds = 2
	}
	kinds := map[engine.OptKind]bool{}
	for k := 0; k < seeds; k++ {
		seed := uint64(300 + k)
		g, err := engine.New(playout.RandomSetup(seed, 2+k%3))
		if err != nil {
			t.Fatal(err)
		}
		chooser := playout.NewRandom(seed)
		for step := 0; !g.Over && step < playout.DefaultMaxMoves; step++ {
			seen := map[engine.Choice]int{}
			for i := 0; i < g.NumOptions(); i++ {
				c, err := g.ChoiceOf(i)
				if err != nil {
					t.Fatal(err)
				}
				kinds[c.Kind] = true
				back, err := engine.ParseChoice(c.String())
				if err != nil || back != c {
					t.Fatalf("seed %d step %d: %q reads back as %+v (%v)", seed, step, c, back, err)
				}
				if j, dup := seen[c]; dup {
					t.Fatalf("seed %d step %d: options %d and %d are both %q", seed, step, j, i, c)
				}
				seen[c] = i
			}
			if err := g.Apply(chooser.Choose(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(kinds) < 5 {
		t.Fatalf("only %d kinds of options met", len(kinds))
	}
	for _, bad := range []string{"bogus", "play card=x", "play card=x#y", "num=4 yes", `text text="open`, "yes colour=red"} {
		if c, err := engine.ParseChoice(bad); err == nil {
			t.Fatalf("ParseChoice(%q) = %+v", bad, c)
		}
	}
	c := engine.Choice{Kind: engine.OptText, Text: `a "quoted" text=with spaces`, Inst: engine.None, Base: 2, BaseCard: "x/y", BaseInst: 9, Player: 1}
	if back, err := engine.ParseChoice(c.String()); err != nil || back != c {
		t.Fatalf("%q reads back as %+v (%v)", c, back, err)
	}
}

// TestSameFingerprintReplaysExactly: a game recorded by this build replays
// into exactly the same game, through its file form.
func TestSameFingerprintReplaysExactly(t *testing.T) {
	g, rep, err := engine.Record(playout.RandomSetup(77, 3))
	if err != nil {
		t.Fatal(err)
	}
	chooser := playout.NewRandom(77)
	for !g.Over {
		if err := rep.Apply(g, chooser.Choose(g)); err != nil {
			t.Fatal(err)
		}
	}
	data, err := rep.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := engine.UnmarshalReplay(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Format != engine.ReplayFormat || back.Fingerprint != engine.RulesFingerprint() || back.Other() || back.Legacy() ||
		len(back.Decisions) != len(back.Moves) || len(back.Moves) == 0 {
		t.Fatalf("the replay file does not describe itself: format %d, fingerprint %q, %d moves, %d decisions",
			back.Format, back.Fingerprint, len(back.Moves), len(back.Decisions))
	}
	r, err := back.Play(-1)
	if err != nil {
		t.Fatal(err)
	}
	if *r != *g {
		t.Fatal("the replay differs from the game")
	}
	// an old file of positions only is refused by Play, never misread
	old, _ := json.Marshal(map[string]any{"Setup": rep.Setup, "Moves": rep.Moves})
	legacy, err := engine.UnmarshalReplay(old)
	if err != nil || !legacy.Legacy() {
		t.Fatalf("an old replay: %v", err)
	}
	if _, err := legacy.Play(-1); !errors.Is(err, engine.ErrLegacyReplay) {
		t.Fatalf("an old replay was played: %v", err)
	}
}

// The Oracle is a card registered only by this test: its player chooses how
// many cards to draw, offered in an order the test can reverse (as a fix of
// a card might reorder its options).
var (
	oracleOnce     sync.Once
	oracleReversed bool
)

func registerOracle() {
	oracleOnce.Do(func() {
		engine.Register(&engine.Def{Key: "test/oracle", Name: "Test Oracle", Set: "Test", Type: engine.Action, Copies: 1,
			Text: "Draw one, two or three cards.", Playable: true,
			OnPlay: func(g *engine.Game, f *engine.Frame) {
				switch f.Step {
				case 0:
					g.BeginAsk()
					for i := 1; i <= 3; i++ {
						n := i
						if oracleReversed {
							n = 4 - i
						}
						g.Offer(engine.Option{Kind: engine.OptNum, Num: int16(n), Player: engine.None, Base: engine.None, Card: engine.None})
					}
					g.Ask(f, f.Player, "Draw how many cards?", 0)
				case 1:
					g.Draw(f.Player, int(f.Ans.Num))
				}
			}})
	})
}

func oracleSetup() engine.Setup {
	deck := []string{"Collector", "Invader", "Scout", "Collector", "Invader", "Scout", "Collector", "Invader", "Scout", "Collector", "Invader", "Scout"}
	return engine.Setup{Seed: 3,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Test Oracle", "Collector"}, Deck: deck},
			{Hand: []string{"Invader"}, Deck: deck},
		},
		Bases:    []engine.SetupBase{{Base: "The Homeworld"}, {Base: "The Mothership"}, {Base: "Tar Pits"}},
		BaseDeck: []string{"Jungle Oasis", "Ninja Dojo", "Temple of Goju"},
		Phase:    engine.PhasePlay,
	}
}

// TestReorderedOptionsFailLoudly records a game in which the Oracle's options
// come in one order, then replays it with the options reversed: under the
// same fingerprint that is a loud failure naming the move and both options;
// under another build's fingerprint the option is found by what it is.
func TestReorderedOptionsFailLoudly(t *testing.T) {
	registerOracle()
	oracleReversed = false
	defer func() { oracleReversed = false }()
	g, rep, err := engine.Record(oracleSetup())
	if err != nil {
		t.Fatal(err)
	}
	pick := func(kind engine.OptKind, match string) {
		t.Helper()
		for i := 0; i < g.NumOptions(); i++ {
			if c, _ := g.ChoiceOf(i); c.Kind == kind && strings.Contains(c.String(), match) {
				if err := rep.Apply(g, i); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("no %q option", match)
	}
	pick(engine.OptPlay, "test/oracle") // move 1
	pick(engine.OptNum, "num=3")        // move 2: the third option
	chooser := playout.NewRandom(5)
	for k := 0; k < 40 && !g.Over; k++ {
		if err := rep.Apply(g, chooser.Choose(g)); err != nil {
			t.Fatal(err)
		}
	}
	if rep.Moves[1] != 2 {
		t.Fatalf("the Oracle's choice was recorded at position %d", rep.Moves[1])
	}
	if r, err := rep.Play(-1); err != nil || *r != *g {
		t.Fatalf("the game does not replay before the change: %v", err)
	}

	oracleReversed = true // the "fix": the same options, reordered
	_, err = rep.Play(-1)
	var me *engine.MismatchError
	if !errors.As(err, &me) || me.Move != 2 {
		t.Fatalf("a reordered option was replayed without a word: %v", err)
	}
	t.Logf("the loud failure: %v", err)
	for _, want := range []string{"move 2", "num=3", "num=1"} {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("the failure does not name %q: %v", want, err)
		}
	}
	// recorded by another version: the option is found by what it is, and
	// the rest of the game still checks out
	rep.Fingerprint = "r0-another-build"
	r, err := rep.Play(-1)
	if err != nil {
		t.Fatalf("under the compatibility check: %v", err)
	}
	for p := engine.NoSeat; p < g.NPlayers; p++ {
		if !reflect.DeepEqual(r.View(p), g.View(p)) {
			t.Fatalf("player %d sees another game after the reordered replay", p)
		}
	}
	// but a record naming an option no longer offered fails, even then
	rep.Decisions[1].Num = 7
	if _, err := rep.Play(-1); !errors.As(err, &me) || me.Move != 2 || !strings.Contains(err.Error(), "another version") {
		t.Fatalf("an option that is gone: %v", err)
	}
}

// TestFingerprintCoversTheCards: registering a card changes the fingerprint.
func TestFingerprintCoversTheCards(t *testing.T) {
	before := engine.RulesFingerprint()
	if !strings.HasPrefix(before, fmt.Sprintf("r%d-", engine.RulesVersion)) || before != engine.RulesFingerprint() {
		t.Fatalf("fingerprint %q", before)
	}
	engine.Register(&engine.Def{Key: "test/blank", Name: "Test Blank", Set: "Test", Type: engine.Action, Copies: 1, Text: "Nothing."})
	if engine.RulesFingerprint() == before {
		t.Fatal("a new card did not change the fingerprint")
	}
}

// FuzzParseChoice: any text ParseChoice accepts writes back to a text that
// reads as the same choice.
func FuzzParseChoice(f *testing.F) {
	for _, s := range []string{"pass", "play card=aliens/collector#12 base=1:core/x#40 player=0", `text text="a \"b\""`, "num num=-3", "base base=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := engine.ParseChoice(s)
		if err != nil {
			return
		}
		back, err := engine.ParseChoice(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %+v -> %q -> %+v (%v)", s, c, c.String(), back, err)
		}
	})
}
