package table

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// A card that panics stops nothing but the move that played it: the move is
// refused (never stored), the game goes on, other games are served, and a
// game whose stored log panics when replayed is kept as broken, not crashed
// on or replayed again and again.
func TestPanickingCardIsContained(t *testing.T) {
	invader, err := engine.Lookup("Invader")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "p.db")
	s := newSQLiteTables(t, path)
	ctx := context.Background()
	other, err := s.Create(ctx, CreateRequest{Seats: []string{"human", "ai"}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	// a game whose first player can play an Invader at once
	var resp CreateResponse
	var l *Table
	pick := -1
	for k := uint64(1); k < 60 && pick < 0; k++ {
		resp, err = s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"},
			Factions: [][]string{{"Aliens", "Dinosaurs"}, {"Ninjas", "Pirates"}}, Seed: seed(k)})
		if err != nil {
			t.Fatal(err)
		}
		l, _ = s.Game(ctx, resp.ID)
		askEveryWindow(l)
		keepHands(t, l)
		pick = invaderOption(l)
	}
	if pick < 0 {
		t.Fatal("no game with a playable Invader")
	}
	restore := engine.ReplaceOnPlay(invader, func(g *engine.Game, f *engine.Frame) { panic("a card's bug, on purpose") })
	defer func() { restore() }()
	l.mu.Lock()
	d, _ := l.g.Decision()
	at := len(l.moves)
	l.mu.Unlock()
	if err := l.Move(ctx, d.Player, at, pick); err != nil { // play it: its ability runs once its base is chosen
		t.Fatal(err)
	}
	at++
	l.mu.Lock()
	d, _ = l.g.Decision()
	l.mu.Unlock()
	pick = 0 // the first base
	err = l.Move(ctx, d.Player, at, pick)
	if !errors.Is(err, ErrPanic) {
		t.Fatalf("playing the panicking Invader: %v, want a refusal wrapping ErrPanic", err)
	}
	l.mu.Lock()
	if len(l.moves) != at || l.broken != nil {
		t.Fatalf("the refused move changed the game: %d moves (was %d), broken %v", len(l.moves), at, l.broken)
	}
	l.mu.Unlock()
	if _, err := s.Game(ctx, other.ID); err != nil {
		t.Fatalf("another game: %v", err)
	}

	// a stored log that panics when replayed (the card broke after it was played)
	restore()
	if err := l.Move(ctx, d.Player, at, pick); err != nil {
		t.Fatal(err)
	}
	s.Close()
	restore = engine.ReplaceOnPlay(invader, func(g *engine.Game, f *engine.Frame) { panic("broken after the fact") })
	st, _ := store.OpenSQLite(path)
	s2 := New(st)
	defer func() { s2.Close(); st.Close() }()
	l2, err := s2.Game(ctx, resp.ID)
	if err != nil {
		t.Fatalf("a game whose log panics should be served as broken, got %v", err)
	}
	if l2.broken == nil || !errors.Is(l2.broken, ErrPanic) {
		t.Fatalf("the game should be marked broken by the panic, is %v", l2.broken)
	}
	l2.mu.Lock()
	m := l2.messageLocked(0)
	l2.mu.Unlock()
	if m.Broken == "" {
		t.Error("the page is not told the game is broken")
	}
	if _, err := s2.Game(ctx, other.ID); err != nil {
		t.Fatalf("another game after the restart: %v", err)
	}
}

// invaderOption is the option that plays an Invader from the hand, or -1.
func invaderOption(l *Table) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	d, ok := l.g.Decision()
	if !ok {
		return -1
	}
	for i, o := range d.Options {
		if o.Kind == engine.OptPlay && o.Card >= 0 && l.g.Name(o.Card) == "Invader" {
			return i
		}
	}
	return -1
}

func TestCleanName(t *testing.T) {
	cases := map[string]string{
		"Alice":             "Alice",
		"  Bob \n\t Smith ": "Bob Smith",
		"Eve\x00\u202eevil": "Eveevil",
		"ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ": "ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ",
		"\u2066\u2069": "",
	}
	for in, want := range cases {
		if got := cleanName(in); got != want {
			t.Errorf("cleanName(%q) = %q, want %q", in, got, want)
		}
	}
}
