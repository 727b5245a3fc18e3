package cards_test

import (
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
)

// Every event names the card whose ability made it happen (Event.Cause):
// these tests play the cards and read the log as the players get it.

// eventsSince returns the events after seq as seat sees them, and the log
// lines the terminal prints for them.
func eventsSince(g *engine.Game, seat engine.Seat, seq int32) ([]engine.EventView, []string) {
	evs := g.EventViews(seat, seq)
	var lines []string
	for _, e := range evs {
		if l := present.Event(e, nil); l != "" {
			lines = append(lines, l)
		}
	}
	return evs, lines
}

// findEvent returns the first event of kind k about card c (None: any), or fails.
func findEvent(t *testing.T, evs []engine.EventView, k engine.EventKind, c engine.CardID) engine.EventView {
	t.Helper()
	for _, e := range evs {
		if e.Kind == k && (c == engine.None || e.Card == c) {
			return e
		}
	}
	t.Fatalf("no event of kind %d about card %d in %+v", k, c, evs)
	return engine.EventView{}
}

// hasLine reports whether lines hold want.
func hasLine(t *testing.T, lines []string, want string) {
	t.Helper()
	for _, l := range lines {
		if l == want {
			return
		}
	}
	t.Errorf("no log line %q in %q", want, lines)
}

// A minion's own on-play ability is the cause of what it does: Felicia Day
// moves every other minion to her base (EvMove: Cause = Felicia Day, Other =
// the player who moved it, as before).
func TestMoveNamesItsCause(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Felicia Day"}, Deck: []string{"Collector", "Collector"}},
			{Deck: []string{"Collector", "Collector"}},
		},
		Bases: []engine.SetupBase{
			{Base: "Jungle Oasis", Cards: []engine.SetupCard{{Card: "Grave Digger", Owner: 1, Controller: -1, On: -1}}},
			{Base: "Tar Pits"},
		},
		Current: 0,
		Phase:   engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	digger := engine.CardID(cardNamed(g, "Grave Digger", engine.ZInPlay))
	seq := g.EvSeq
	pick(t, g, engine.OptPlay, "Felicia Day")
	pick(t, g, engine.OptBase, "Tar Pits")
	felicia := engine.CardID(cardNamed(g, "Felicia Day", engine.ZInPlay))
	for _, seat := range []engine.Seat{0, 1, engine.None} {
		evs, lines := eventsSince(g, seat, seq)
		play := findEvent(t, evs, engine.EvPlay, felicia)
		if play.Cause != engine.None || play.CauseName != "" || play.CauseHidden {
			t.Errorf("seat %d: a card played by its player has no cause: %+v", seat, play)
		}
		mv := findEvent(t, evs, engine.EvMove, digger)
		if mv.Cause != felicia || mv.CauseName != "Felicia Day" || mv.CauseHidden || mv.OtherSeat() != 0 {
			t.Errorf("seat %d: the move's cause should be Felicia Day (moved by player 1): %+v", seat, mv)
		}
		hasLine(t, lines, "Felicia Day moves Grave Digger to Tar Pits")
	}
}

// An action's ability is the cause of what it does (Beam Up returns a
// minion: EvReturn names it); a destruction names its cause in Other and in
// Cause alike (Ninja Master).
func TestReturnAndDestroyNameTheirCause(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Beam Up", "Ninja Master"}, Deck: []string{"Collector", "Collector"}},
			{Deck: []string{"Collector", "Collector"}},
		},
		Bases: []engine.SetupBase{
			{Base: "Jungle Oasis", Cards: []engine.SetupCard{
				{Card: "Zapbot", Owner: 1, Controller: -1, On: -1},
				{Card: "King Rex", Owner: 1, Controller: -1, On: -1},
			}},
			{Base: "Tar Pits"},
		},
		Current: 0,
		Phase:   engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	zap := engine.CardID(cardNamed(g, "Zapbot", engine.ZInPlay))
	rex := engine.CardID(cardNamed(g, "King Rex", engine.ZInPlay))
	seq := g.EvSeq
	pick(t, g, engine.OptPlay, "Beam Up")
	pick(t, g, engine.OptCard, "Zapbot")
	beam := engine.CardID(cardNamed(g, "Beam Up", engine.ZDiscard))
	evs, lines := eventsSince(g, 1, seq)
	ret := findEvent(t, evs, engine.EvReturn, zap)
	if ret.Cause != beam || ret.CauseName != "Beam Up" || ret.Player != 1 {
		t.Errorf("the return's cause should be Beam Up: %+v", ret)
	}
	hasLine(t, lines, "Beam Up returns Zapbot to Player 2's hand")

	seq = g.EvSeq
	pick(t, g, engine.OptPlay, "Ninja Master")
	pick(t, g, engine.OptBase, "Jungle Oasis")
	pick(t, g, engine.OptCard, "King Rex")
	master := engine.CardID(cardNamed(g, "Ninja Master", engine.ZInPlay))
	evs, lines = eventsSince(g, engine.None, seq)
	d := findEvent(t, evs, engine.EvDestroy, rex)
	if d.OtherCard() != master || d.Cause != master || d.CauseName != "Ninja Master" {
		t.Errorf("the destruction's cause should be Ninja Master, in Other and Cause: %+v", d)
	}
	hasLine(t, lines, "King Rex (Player 2) is destroyed at Jungle Oasis by Ninja Master")
	// what the destruction set off in play names the same cause
	for _, e := range evs {
		if (e.Kind == engine.EvLeavePlay || e.Kind == engine.EvPlayToDiscard) && e.Card == rex && e.Cause != master {
			t.Errorf("%d about King Rex: cause %d, want Ninja Master", e.Kind, e.Cause)
		}
	}
}

// A card that cancels another's ability says so (EvCancel: Card = the
// cancelled card, Cause = the card cancelling it): Wil Wheaton cancels
// Outbreak as it is played; Tooth and Claw... and Guns cancels Ninja
// Master's ability on the minion it protects.
func TestCancelNamesBothCards(t *testing.T) {
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Outbreak", "Collector"}, Deck: []string{"Collector", "Collector"}},
			{Hand: []string{"Wil Wheaton"}, Deck: []string{"Collector", "Collector"}},
		},
		Bases:   []engine.SetupBase{{Base: "Jungle Oasis"}, {Base: "Tar Pits"}},
		Current: 0,
		Phase:   engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	outbreak := engine.CardID(cardNamed(g, "Outbreak", engine.ZHand))
	seq := g.EvSeq
	pick(t, g, engine.OptPlay, "Outbreak")
	pick(t, g, engine.OptPlay, "Wil Wheaton") // player 2 answers with Wil Wheaton's Special
	pick(t, g, engine.OptBase, "Tar Pits")
	wil := engine.CardID(cardNamed(g, "Wil Wheaton", engine.ZInPlay))
	if g.Cards[outbreak].Zone != engine.ZDiscard {
		t.Fatalf("Outbreak should be discarded, it is in %v", g.Cards[outbreak].Zone)
	}
	for _, seat := range []engine.Seat{0, 1, engine.None} {
		evs, lines := eventsSince(g, seat, seq)
		c := findEvent(t, evs, engine.EvCancel, outbreak)
		if c.Cause != wil || c.CauseName != "Wil Wheaton" || c.Player != 0 || c.Shielded() != engine.None || c.ShieldedPlayer() != engine.None {
			t.Errorf("seat %d: Wil Wheaton should cancel player 1's Outbreak outright: %+v", seat, c)
		}
		if p := findEvent(t, evs, engine.EvPlay, wil); p.Cause != engine.None {
			t.Errorf("seat %d: Wil Wheaton is played by its player (its Special), not caused by a card: %+v", seat, p)
		}
		hasLine(t, lines, "Wil Wheaton cancels Outbreak")
	}

	g, err = engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Deck: []string{"Collector", "Collector"}},
			{Hand: []string{"Ninja Master"}, Deck: []string{"Collector", "Collector"}},
		},
		Bases: []engine.SetupBase{
			{Base: "Jungle Oasis", Cards: []engine.SetupCard{
				{Card: "King Rex", Owner: 0, Controller: -1, On: -1},
				{Card: "Tooth and Claw... and Guns", Owner: 0, Controller: -1, On: 0},
			}},
			{Base: "Ninja Dojo"},
		},
		Current: 1,
		Phase:   engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	rex := engine.CardID(cardNamed(g, "King Rex", engine.ZInPlay))
	claw := engine.CardID(cardNamed(g, "Tooth and Claw... and Guns", engine.ZInPlay))
	seq = g.EvSeq
	pick(t, g, engine.OptPlay, "Ninja Master")
	pick(t, g, engine.OptBase, "Jungle Oasis")
	pick(t, g, engine.OptCard, "King Rex")
	master := engine.CardID(cardNamed(g, "Ninja Master", engine.ZInPlay))
	evs, lines := eventsSince(g, engine.None, seq)
	c := findEvent(t, evs, engine.EvCancel, master)
	if c.Cause != claw || c.OtherCard() != rex || c.OtherName != "King Rex" || c.Player != 1 {
		t.Errorf("Tooth and Claw should cancel Ninja Master's ability on King Rex: %+v", c)
	}
	hasLine(t, lines, "Tooth and Claw... and Guns cancels Ninja Master's effect on King Rex")
	if d := findEvent(t, evs, engine.EvDestroy, claw); d.Cause != claw {
		t.Errorf("Tooth and Claw destroys itself: cause %d, want %d", d.Cause, claw)
	}
	hasLine(t, lines, "Tooth and Claw... and Guns (Player 1) destroys itself at Jungle Oasis")
}

// controlledRex deals player 1 Control Minion and Ninja Master, player 2 a
// King Rex at Jungle Oasis, and has player 1 take control of it.
func controlledRex(t *testing.T) (g *engine.Game, rex, ctrlMinion engine.CardID) {
	t.Helper()
	g, err := engine.New(engine.Setup{
		Seed: 1,
		Players: []engine.SetupPlayer{
			{Hand: []string{"Control Minion", "Ninja Master"}, Deck: []string{"Collector", "Collector", "Collector", "Collector"}},
			{Deck: []string{"Collector", "Collector", "Collector", "Collector"}},
		},
		Bases: []engine.SetupBase{
			{Base: "Jungle Oasis", Cards: []engine.SetupCard{{Card: "King Rex", Owner: 1, Controller: -1, On: -1}}},
			{Base: "Tar Pits"},
		},
		Current: 0,
		Phase:   engine.PhasePlay,
	})
	if err != nil {
		t.Fatal(err)
	}
	rex = engine.CardID(cardNamed(g, "King Rex", engine.ZInPlay))
	seq := g.EvSeq
	pick(t, g, engine.OptPlay, "Control Minion")
	ctrlMinion = engine.CardID(cardNamed(g, "Control Minion", engine.ZDiscard))
	evs, lines := eventsSince(g, 1, seq)
	if c := findEvent(t, evs, engine.EvControl, rex); c.Cause != ctrlMinion || c.Player != 0 || c.ControlFrom() != 1 {
		t.Fatalf("player 1 should take control of King Rex with Control Minion: %+v", c)
	}
	hasLine(t, lines, "Player 1 takes control of King Rex because of Control Minion")
	return g, rex, ctrlMinion
}

// When a temporary control ends, EvControlEnd says who had the card and who
// has it back (Base: where it stays; Other: the card whose control ended);
// the end of the turn is no card's ability, and neither is the draw phase.
func TestControlEndsAtTheEndOfTheTurn(t *testing.T) {
	g, rex, ctrlMinion := controlledRex(t)
	seq := g.EvSeq
	pick(t, g, engine.OptPass, "") // player 1's turn ends
	if g.Ctrl(rex) != 1 {
		t.Fatalf("King Rex should be player 2's again")
	}
	evs, lines := eventsSince(g, engine.None, seq)
	e := findEvent(t, evs, engine.EvControlEnd, rex)
	if e.Player != 0 || e.ControlTo() != 1 || e.Base != 0 || e.Source() != ctrlMinion || e.OtherName != "Control Minion" || e.Cause != engine.None || e.CauseHidden {
		t.Errorf("control of King Rex ends with the turn, back to player 2: %+v", e)
	}
	hasLine(t, lines, "Player 2 regains control of King Rex")
	if d := findEvent(t, evs, engine.EvDraw, engine.None); d.Cause != engine.None || d.CauseName != "" {
		t.Errorf("the draw phase is the rules, no card: %+v", d)
	}
	hasLine(t, lines, "Player 1 draws 2 cards")
}

// A card leaving play ends its control too: it goes to its owner (EvControlEnd
// with Base None, caused by what took it out of play).
func TestControlEndsWhenTheCardLeavesPlay(t *testing.T) {
	g, rex, _ := controlledRex(t)
	seq := g.EvSeq
	pick(t, g, engine.OptPlay, "Ninja Master")
	pick(t, g, engine.OptBase, "Jungle Oasis")
	pick(t, g, engine.OptCard, "King Rex")
	master := engine.CardID(cardNamed(g, "Ninja Master", engine.ZInPlay))
	if g.Cards[rex].Zone != engine.ZDiscard || g.Ctrl(rex) != 1 {
		t.Fatalf("King Rex should be in player 2's discard pile")
	}
	evs, lines := eventsSince(g, 0, seq)
	e := findEvent(t, evs, engine.EvControlEnd, rex)
	if e.Player != 0 || e.ControlTo() != 1 || e.Base != engine.None || e.Source() != engine.None || e.Cause != master {
		t.Errorf("control of King Rex ends as it is destroyed: %+v", e)
	}
	hasLine(t, lines, "Player 1 no longer controls King Rex")
	if d := findEvent(t, evs, engine.EvDestroy, rex); d.Player != 0 || d.Cause != master || d.Seq > e.Seq {
		t.Errorf("the destruction of the controlled King Rex, told before its control ends: %+v", d)
	}
}
