package engine_test

import (
	"fmt"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/playout"
)

// checkParts checks the terms of a power sum: they add up to want, each kind
// has the Source it documents, no term is 0 but the printed power, no kind
// and source appear twice, and the order is printed, counters, then the
// others in card order (None last), floor last.
func checkParts(g *engine.Game, parts []engine.PowerPart, want int, total bool) error {
	sum := 0
	seen := map[[2]int]bool{}
	lastSrc := -1 // sort key of the previous ability/effect/loose/minion term
	for j, pt := range parts {
		sum += pt.Amount
		valid := pt.Source >= 0 && pt.Source < g.NCards
		if pt.Amount == 0 && pt.Kind != engine.PartPrinted {
			return fmt.Errorf("term %d (%v from %d) is 0", j, pt.Kind, pt.Source)
		}
		k := [2]int{int(pt.Kind), int(pt.Source)}
		if seen[k] {
			return fmt.Errorf("term %d: %v from %d appears twice", j, pt.Kind, pt.Source)
		}
		seen[k] = true
		if total != (pt.Kind == engine.PartMinion || pt.Kind == engine.PartLoose) {
			return fmt.Errorf("term %d: kind %v in the wrong kind of sum", j, pt.Kind)
		}
		key := int(pt.Source)
		if pt.Source < 0 {
			key = 1 << 20
		}
		switch pt.Kind {
		case engine.PartPrinted:
			if j != 0 || pt.Source != engine.None {
				return fmt.Errorf("printed term %d from %d", j, pt.Source)
			}
		case engine.PartCounters:
			if pt.Source != engine.None || j != 1 || parts[0].Kind != engine.PartPrinted {
				return fmt.Errorf("counters term %d from %d", j, pt.Source)
			}
		case engine.PartFloor:
			if pt.Source != engine.None || j != len(parts)-1 || pt.Amount < 0 {
				return fmt.Errorf("floor term %d from %d, amount %d", j, pt.Source, pt.Amount)
			}
		case engine.PartAbility, engine.PartMinion:
			if !valid {
				return fmt.Errorf("%v term %d from %d", pt.Kind, j, pt.Source)
			}
		case engine.PartEffect, engine.PartLoose:
			if !valid && pt.Source != engine.None {
				return fmt.Errorf("%v term %d from %d", pt.Kind, j, pt.Source)
			}
		default:
			return fmt.Errorf("term %d has kind %d", j, pt.Kind)
		}
		switch pt.Kind {
		case engine.PartAbility, engine.PartEffect, engine.PartMinion:
			if key < lastSrc {
				return fmt.Errorf("term %d (%v from %d) out of card order", j, pt.Kind, pt.Source)
			}
			lastSrc = key
		case engine.PartLoose:
			if j > 0 && parts[j-1].Kind == engine.PartMinion {
				lastSrc = -1 // the loose terms start again in card order
			}
			if key < lastSrc {
				return fmt.Errorf("term %d (%v from %d) out of card order", j, pt.Kind, pt.Source)
			}
			lastSrc = key
		}
	}
	if sum != want {
		return fmt.Errorf("terms %v sum to %d, want %d", parts, sum, want)
	}
	return nil
}

// breakdownChecker checks every power breakdown of the game and counts the
// kinds of terms seen.
type breakdownChecker struct {
	buf  []engine.PowerPart
	seen map[engine.PartKind]int
	// cards no minion: with terms of their own (bearing minions' names),
	// and counted in a player's total (titans, TotalPower)
	namedParts, otherCounted int
}

func (b *breakdownChecker) check(g *engine.Game) error {
	for c := range g.NCards {
		b.buf = g.PowerParts(c, b.buf[:0])
		if err := checkParts(g, b.buf, g.Power(c), false); err != nil {
			return fmt.Errorf("card %d (%s, zone %d): %w", c, g.Name(c), g.Cards[c].Zone, err)
		}
		if g.IsMinion(c) {
			if len(b.buf) == 0 || b.buf[0].Kind != engine.PartPrinted || b.buf[0].Amount != g.DefOf(c).Power {
				return fmt.Errorf("minion %d (%s): terms %v do not start with its printed power", c, g.Name(c), b.buf)
			}
		} else if len(b.buf) > 0 {
			if b.buf[0].Kind == engine.PartPrinted {
				return fmt.Errorf("card %d (%s) is no minion but has a printed term", c, g.Name(c))
			}
			b.namedParts++
		}
		if g.Cards[c].Zone != engine.ZInPlay && len(b.buf) > 2 {
			return fmt.Errorf("card %d (%s) not in play has terms %v", c, g.Name(c), b.buf)
		}
		for _, pt := range b.buf {
			b.seen[pt.Kind]++
		}
	}
	for s := range g.NBases {
		for p := range g.NPlayers {
			b.buf = g.TotalParts(s, p, b.buf[:0])
			if err := checkParts(g, b.buf, g.PowerAt(s, p), true); err != nil {
				return fmt.Errorf("base slot %d, player %d: %w", s, p, err)
			}
			for _, pt := range b.buf {
				b.seen[pt.Kind]++
				if pt.Kind == engine.PartMinion {
					if !g.IsMinion(pt.Source) {
						b.otherCounted++
					}
					if cd := &g.Cards[pt.Source]; cd.Zone != engine.ZInPlay || cd.Base != s || cd.Ctrl != p {
						return fmt.Errorf("base slot %d, player %d: counts card %d (%s) of player %d at slot %d",
							s, p, pt.Source, g.Name(pt.Source), cd.Ctrl, cd.Base)
					}
				}
			}
		}
	}
	return nil
}

// TestPowerBreakdownSumsOnRandomGames plays random games of every set (2 to
// 4 players, titans on in every other game) and checks at every decision
// that the breakdown of every card's power and of every player's total at
// every base sums exactly to Power and PowerAt, with well-formed terms.
func TestPowerBreakdownSumsOnRandomGames(t *testing.T) {
	games := longtest.Pick(50, 150) // SMASHUP_LONG=1: 150
	if testing.Short() || raceEnabled {
		games = 30
	}
	b := &breakdownChecker{seen: map[engine.PartKind]int{}}
	for k := range games {
		seed := uint64(k)*104729 + 17
		n := 2 + k%3
		s := playout.RandomSetup(seed, n)
		if (k/3)%2 == 1 {
			s.Options |= engine.RuleTitans
		}
		pc := &playout.Checker{}
		res := playout.Runner{Check: func(g *engine.Game) error {
			if err := pc.Check(g); err != nil {
				return err
			}
			return b.check(g)
		}}.Play(s, playout.NewRandom(seed))
		if res.Err != nil {
			t.Fatalf("game %d (seed %d, %d players, titans %v): %v", k, seed, n, s.Options&engine.RuleTitans != 0, res.Err)
		}
	}
	t.Logf("terms seen: %v; non-minions with terms %d, counted in totals %d", b.seen, b.namedParts, b.otherCounted)
	for _, k := range []engine.PartKind{engine.PartPrinted, engine.PartCounters, engine.PartAbility, engine.PartEffect, engine.PartFloor, engine.PartMinion} {
		if b.seen[k] == 0 {
			t.Errorf("no %v term in %d games: the test does not exercise it", k, games)
		}
	}
}

// cardNamed returns the card in play (or anywhere) named name, the first one.
func cardNamed(t *testing.T, g *engine.Game, name string) engine.CardID {
	t.Helper()
	for c := range g.NCards {
		if g.Name(c) == name {
			return c
		}
	}
	t.Fatalf("no card named %s", name)
	return engine.None
}

// TestPowerBreakdownTable: known positions give known terms.
func TestPowerBreakdownTable(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed:    1,
		Players: []engine.SetupPlayer{{}, {}},
		Bases: []engine.SetupBase{
			{Base: "The Central Brain", Cards: []engine.SetupCard{
				{Card: "Armor Stego", Owner: 1, Controller: -1, Counters: 2, On: -1}, // 0
				{Card: "Poison", Owner: 0, Controller: -1, On: 0},
				{Card: "Microbot Fixer", Owner: 0, Controller: -1, On: -1}, // 2
				{Card: "Zapbot", Owner: 0, Controller: -1, On: -1},         // 3
				{Card: "Poison", Owner: 1, Controller: -1, On: 3},
			}},
			{Base: "Jungle Oasis"},
			{Base: "Tar Pits"},
		},
		Phase: engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.Current != 0 {
		t.Fatalf("player %d to play, want 0", g.Current)
	}
	brain := g.Bases[0].Card
	var stego, fixer, zapbot engine.CardID = engine.None, engine.None, engine.None
	var poisons []engine.CardID
	for c := range g.NCards {
		if g.Cards[c].Zone != engine.ZInPlay {
			continue
		}
		switch g.Name(c) {
		case "Armor Stego":
			stego = c
		case "Microbot Fixer":
			fixer = c
		case "Zapbot":
			zapbot = c
		case "Poison":
			poisons = append(poisons, c)
		}
	}
	if stego < 0 || fixer < 0 || zapbot < 0 || len(poisons) != 2 {
		t.Fatalf("position not built: %d %d %d %v", stego, fixer, zapbot, poisons)
	}
	onStego, onZap := poisons[0], poisons[1]
	if g.Cards[onStego].On != stego {
		onStego, onZap = onZap, onStego
	}
	P := func(k engine.PartKind, src engine.CardID, n int) engine.PowerPart {
		return engine.PowerPart{Kind: k, Source: src, Amount: n}
	}
	cases := []struct {
		name string
		got  []engine.PowerPart
		want []engine.PowerPart
	}{
		// player 1's Armor Stego on player 0's turn: 3 + 2 counters + 2 (its
		// own ability) - 4 (Poison) + 1 (The Central Brain) = 4
		{"Armor Stego", g.PowerParts(stego, nil), inCardOrder(2,
			P(engine.PartPrinted, engine.None, 3), P(engine.PartCounters, engine.None, 2),
			P(engine.PartAbility, stego, 2), P(engine.PartAbility, onStego, -4), P(engine.PartAbility, brain, 1))},
		// Microbot Fixer: 1 + 1 (its own ability) + 1 (The Central Brain)
		{"Microbot Fixer", g.PowerParts(fixer, nil), inCardOrder(1,
			P(engine.PartPrinted, engine.None, 1), P(engine.PartAbility, fixer, 1), P(engine.PartAbility, brain, 1))},
		// Zapbot (no Microbot): 2 + 1 (Brain) - 4 (Poison) = -1, floored to 0
		{"Zapbot", g.PowerParts(zapbot, nil), append(inCardOrder(1,
			P(engine.PartPrinted, engine.None, 2), P(engine.PartAbility, brain, 1), P(engine.PartAbility, onZap, -4)),
			P(engine.PartFloor, engine.None, 1))},
		{"Poison", g.PowerParts(onZap, nil), nil},
		{"player 0 at the Brain", g.TotalParts(0, 0, nil), []engine.PowerPart{P(engine.PartMinion, fixer, 3)}},
		{"player 1 at the Brain", g.TotalParts(0, 1, nil), []engine.PowerPart{P(engine.PartMinion, stego, 4)}},
		{"player 0 at Jungle Oasis", g.TotalParts(1, 0, nil), nil},
	}
	for _, c := range cases {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if g.Power(zapbot) != 0 || g.Power(stego) != 4 || g.Power(fixer) != 3 {
		t.Errorf("powers %d %d %d", g.Power(stego), g.Power(fixer), g.Power(zapbot))
	}
}

// TestPowerBreakdownFloor: a minion whose power would be below 0 gets a
// floor term that brings it back to 0.
func TestPowerBreakdownFloor(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed:    1,
		Players: []engine.SetupPlayer{{}, {}},
		Bases: []engine.SetupBase{
			{Base: "Jungle Oasis", Cards: []engine.SetupCard{
				{Card: "Zapbot", Owner: 0, Controller: -1, On: -1},
				{Card: "Poison", Owner: 1, Controller: -1, On: 0},
			}},
			{Base: "The Central Brain"},
			{Base: "Tar Pits"},
		},
		Phase: engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	zapbot, poison := cardNamed(t, g, "Zapbot"), cardNamed(t, g, "Poison")
	got := g.PowerParts(zapbot, nil)
	want := []engine.PowerPart{
		{Kind: engine.PartPrinted, Source: engine.None, Amount: 2},
		{Kind: engine.PartAbility, Source: poison, Amount: -4},
		{Kind: engine.PartFloor, Source: engine.None, Amount: 2},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || g.Power(zapbot) != 0 {
		t.Fatalf("got %v (power %d), want %v", got, g.Power(zapbot), want)
	}
	if got := g.TotalParts(0, 0, nil); len(got) != 0 || g.PowerAt(0, 0) != 0 {
		t.Fatalf("player 0's total: %v (%d), want nothing", got, g.PowerAt(0, 0))
	}
}

// inCardOrder puts the terms after the first fixed ones in card order of their
// source, as PowerParts gives them.
func inCardOrder(fixed int, parts ...engine.PowerPart) []engine.PowerPart {
	for j := fixed + 1; j < len(parts); j++ {
		for k := j; k > fixed && parts[k].Source < parts[k-1].Source; k-- {
			parts[k], parts[k-1] = parts[k-1], parts[k]
		}
	}
	return parts
}
