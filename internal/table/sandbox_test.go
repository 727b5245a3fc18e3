package table

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/scenario"
	"github.com/smashup/smashup/internal/store"
)

func TestSandboxRebuiltAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	ctx := context.Background()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	s := New(st)
	resp, err := s.CreateSandbox(ctx, SandboxRequest{Position: []byte(sandboxPos), Moves: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	id, key := linkParts(t, resp.Link)
	l, _ := s.Game(ctx, id)
	for range 3 {
		l.mu.Lock()
		n := len(l.moves)
		l.mu.Unlock()
		if err := l.Move(ctx, 0, n, 0); err != nil { // seat 0's key answers whoever decides
			t.Fatal(err)
		}
	}
	before := l.Message(0)
	var g engine.Game
	l.locked(func() { g = *l.g })
	s.Close()
	st.Close()

	l2 := reopened(t, path, id, key)
	after := l2.Message(0)
	var g2 engine.Game
	l2.locked(func() { g2 = *l2.g })
	if g2 != g || after.Move != 4 || after.Sandbox == nil || after.Sandbox.Share != before.Sandbox.Share || len(after.Sandbox.History) != 4 {
		t.Fatalf("after a restart: move %d sandbox %+v", after.Move, after.Sandbox)
	}
	for i, h := range after.Sandbox.History {
		if h != before.Sandbox.History[i] {
			t.Errorf("history %d: %+v, before %+v", i, h, before.Sandbox.History[i])
		}
	}
}

// TestSandboxOpensRepositoryScenarios opens a scenario of every repository
// file in the sandbox: any file in the format opens.
func TestSandboxOpensRepositoryScenarios(t *testing.T) {
	files, err := scenario.Files([]string{"../../scenarios"})
	if err != nil || len(files) == 0 {
		t.Fatalf("scenario files: %v %v", files, err)
	}
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "s.db"))
	step := 1
	if testing.Short() {
		step = 7
	}
	for i := 0; i < len(files); i += step {
		raw, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if len(raw) > scenario.MaxPosition {
			continue
		}
		if _, err := s.CreateSandbox(context.Background(), SandboxRequest{Position: raw}); err != nil {
			t.Errorf("%s: %v", files[i], err)
		}
	}
}

// reopened starts a new server on the store at path (as after a restart) and
// returns game id there, checking that key still holds seat 0.
func reopened(t *testing.T, path, id, key string) *Table {
	t.Helper()
	ctx := context.Background()
	s2 := newSQLiteTables(t, path)
	if err := s2.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	l2, err := s2.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if seat, err := l2.SeatOf(key); err != nil || seat != 0 {
		t.Fatalf("the key after a restart: %d %v", seat, err)
	}
	return l2
}
