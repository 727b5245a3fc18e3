package table

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// positionGame makes and stores a game of people (no computer, every seat
// asked everything) from setup, a position; it returns the game and each
// seat's key.
func positionGame(t *testing.T, s *Tables, setup engine.Setup) (*Table, []string) {
	t.Helper()
	cfg := Config{Spectator: newToken(), Setup: setup}
	var keys []string
	for i := range setup.Players {
		keys = append(keys, newToken())
		cfg.Seats = append(cfg.Seats, Seat{Kind: Human, Name: fmt.Sprint("Seat ", i), Token: keys[i]})
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	id := newID()
	fp := engine.RulesFingerprint()
	l, err := rebuild(s, id, &store.Game{Config: raw, Fingerprint: fp})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.store.Create(context.Background(), id, raw, fp); err != nil {
		t.Fatal(err)
	}
	s.withGames(func() { s.games[id] = l })
	askEveryWindow(l)
	return l, keys
}

// trySpy is a game's source that counts the moves tried on a copy.
type trySpy struct {
	source
	tries *int
}

func (s trySpy) try(seat engine.Seat, option int, then []int) error {
	*s.tries++
	return s.source.try(seat, option, then)
}

// A move's follow-up answers are taken only as the seat's update offered
// them (Option.Then, one answer a level, among the options offered), and
// anything else is refused before anything is tried: otherwise whether a
// chain is refused tells what its questions are, which may depend on cards
// the seat may not see. Probe (Bob's hand is looked at: the only other
// player) with the answer "the third minion" was made when Bob held three
// different minions and refused when he held one; now both are refused alike, untried, whatever Bob holds,
// while the card played with where it goes (the page's whole move) is
// still made at once.
func TestThenOnlyAsOffered(t *testing.T) {
	type answer struct {
		err string // "": made
	}
	play := func(bob []string) (probe, deeper answer, tries int) {
		s := newSQLiteTables(t, filepath.Join(t.TempDir(), "o.db"))
		s.AnswerPause = time.Hour
		l, keys := positionGame(t, s, engine.Setup{
			Seed: 1,
			Players: []engine.SetupPlayer{
				{Hand: []string{"Probe", "Scout"}, Deck: []string{"Invader", "Collector"}},
				{Hand: bob, Deck: []string{"King Rex", "Laseratops"}},
			},
			Bases: []engine.SetupBase{{Base: "Jungle Oasis"}, {Base: "Tar Pits"}},
			Phase: engine.PhasePlay,
		})
		seat, err := l.SeatOf(keys[0])
		if err != nil {
			t.Fatal(err)
		}
		// a move as the page sends it: its error as the server answers it
		call := func(n, option int, then ...int) answer {
			if err := l.Move(context.Background(), seat, n, option, then...); err != nil {
				return answer{err.Error()}
			}
			return answer{}
		}
		state := func() Message { return l.Message(seat) }
		m := state()
		var probeOpt, scoutOpt *wire.Option
		for _, o := range options(m) {
			if o.Kind == "play" && o.Card != nil {
				switch o.Card.Name {
				case "Probe":
					probeOpt = &o
				case "Scout":
					scoutOpt = &o
				}
			}
		}
		if probeOpt == nil || scoutOpt == nil {
			t.Fatalf("Probe and Scout are not both offered: %+v", options(m))
		}
		if probeOpt.Then != nil {
			t.Fatalf("Probe is offered a follow-up: %+v", probeOpt.Then)
		}
		if scoutOpt.Then == nil || len(scoutOpt.Then.Options) == 0 {
			t.Fatal("Scout is offered no follow-up (where it goes)")
		}
		var n int
		l.locked(func() { l.src = trySpy{l.src, &n} })
		probe = call(m.Move, probeOpt.Index, 2)
		base := scoutOpt.Then.Options[0].Index
		deeper = call(m.Move, scoutOpt.Index, base, 0)
		tries = n
		if after := state(); probe.err != "" && deeper.err != "" && after.Move != m.Move {
			t.Fatalf("a refused move changed the game: move %d, was %d", after.Move, m.Move)
		}
		// what the page sends, the card and where it goes, is made at once
		if whole := call(m.Move, scoutOpt.Index, base); whole.err != "" {
			t.Errorf("the offered whole move: %s", whole.err)
		} else if after := state(); after.Move != m.Move+2 {
			t.Errorf("the offered whole move: move %d, was %d", after.Move, m.Move)
		}
		return probe, deeper, tries
	}
	three, deep3, tries3 := play([]string{"King Rex", "Laseratops", "War Raptor"})
	one, deep1, tries1 := play([]string{"King Rex", "Augmentation", "Upgrade"})
	if three != one {
		t.Errorf("Probe with follow-up answers tells what Bob holds: %+v with three minions, %+v with one", three, one)
	}
	for _, a := range []answer{three, one, deep3, deep1} {
		if a.err != ErrBadThen.Error() {
			t.Errorf("follow-up answers not offered: %q, want %q", a.err, ErrBadThen)
		}
	}
	if tries3 != 0 || tries1 != 0 {
		t.Errorf("follow-up answers not offered were tried on a copy (%d and %d times)", tries3, tries1)
	}
}

// An ability chosen among several waiting, whose first question is whether
// its player uses it (a "may"), is one choice on the page: the ordering's
// option carries the yes-or-no question as its follow-up, so that "Use
// Signs in the Stars" is one click and one move (issue 35: no second "you
// may" for an ability just chosen), while an ability that asks more than
// yes or no (Mushroom Kingdom: which minion) gets no follow-up. The engine
// asks both questions still (the scenario format's contract).
func TestAnAbilityChosenWithItsMay(t *testing.T) {
	for _, use := range []bool{true, false} {
		s := newSQLiteTables(t, filepath.Join(t.TempDir(), "o.db"))
		s.AnswerPause = time.Hour
		l, keys := positionGame(t, s, engine.Setup{
			Seed: 1,
			Players: []engine.SetupPlayer{
				{Deck: []string{"Invader", "Collector", "Scout"}},
				{Deck: []string{"King Rex", "Laseratops"}},
			},
			Bases: []engine.SetupBase{
				{Base: "The Homeworld", Cards: []engine.SetupCard{{Card: "Signs in the Stars", Owner: 0, Controller: -1, On: -1}, {Card: "King Rex", Owner: 1, Controller: -1, On: -1}}},
				{Base: "Mushroom Kingdom"},
			},
			BaseDeck: []string{"Cuzcu"},
			Phase:    engine.PhaseStart,
		})
		seat, err := l.SeatOf(keys[0])
		if err != nil {
			t.Fatal(err)
		}
		m := l.Message(seat)
		if m.Decision == nil || m.Decision.Prompt != "Choose which ability resolves next" {
			t.Fatalf("not asked to order the abilities: %+v", m.Decision)
		}
		var signs, kingdom *wire.Option
		for _, o := range options(m) {
			o := o
			if o.Card != nil && o.Card.Name == "Signs in the Stars" {
				signs = &o
			}
			if o.Card != nil && o.Card.Name == "Mushroom Kingdom" {
				kingdom = &o
			}
		}
		if signs == nil || kingdom == nil {
			t.Fatalf("the ordering offers %+v", options(m))
		}
		if kingdom.Then != nil {
			t.Errorf("Mushroom Kingdom, which asks which minion, has a follow-up: %+v", kingdom.Then)
		}
		if signs.Then == nil || len(signs.Then.Options) != 2 || signs.Then.Options[0].Kind != "yes" || signs.Then.Options[1].Kind != "no" {
			t.Fatalf("Signs in the Stars has no yes-or-no follow-up: %+v", signs.Then)
		}
		answer := signs.Then.Options[1].Index
		if use {
			answer = signs.Then.Options[0].Index
		}
		if err := l.Move(context.Background(), seat, m.Move, signs.Index, answer); err != nil {
			t.Fatalf("the whole move: %v", err)
		}
		after := l.Message(seat)
		if after.Move != m.Move+2 {
			t.Fatalf("the whole move made move %d, was %d", after.Move, m.Move)
		}
		bp := 0
		for _, b := range after.Table.Bases {
			if b.Card.Name == "The Homeworld" {
				bp = b.Breakpoint
			}
		}
		// (face down, the top base card lends nothing: The Homeworld's own 23)
		if want := map[bool]int{true: 23, false: 20}[use]; bp != want {
			t.Errorf("used %v: The Homeworld's breakpoint is %d, want %d", use, bp, want)
		}
		if after.Decision == nil || !after.Decision.Mine || len(after.Decision.Options) == 0 || after.Decision.Prompt == "Choose which ability resolves next" {
			t.Errorf("used %v: next, %+v", use, after.Decision)
		}
	}
}
