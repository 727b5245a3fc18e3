package table

import (
	"context"
	"math/rand"
	"path/filepath"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/playout"
	"github.com/smashup/smashup/internal/scenario"
)

// A report opens in the sandbox at the moment it was sent: the position and
// moves a report keeps (FromGame, as Table.Report writes them) make a
// sandbox game through the share link the report's page follows, at every
// early moment and later ones, for random games of 2 to 4 players.
func TestAReportOpensInTheSandbox(t *testing.T) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "s.db"))
	for seed := uint64(1); seed <= 40; seed++ {
		st := playout.RandomSetup(seed, 2+int(seed%3))
		st.Options |= engine.RuleStopNoChoice
		g, err := engine.New(st)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(int64(seed)))
		stop := []int{0, 1, 2, 3, 5, 30 + r.Intn(300)}[seed%6]
		var moves []int
		for len(moves) < stop && !g.Over {
			m := r.Intn(g.NumOptions())
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
		}
		w, err := scenario.FromGame("report", "reported", st, moves)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		link := scenario.SandboxLink("", w.Setup, 1, w.Moves)
		text, pick, ms, err := scenario.ParseShare(link)
		if err != nil {
			t.Fatalf("seed %d, after %d moves: the link does not parse: %v (%s)", seed, len(moves), err, link)
		}
		if _, err := s.CreateSandbox(context.Background(), SandboxRequest{Position: text, Pick: pick, Moves: ms}); err != nil {
			t.Fatalf("seed %d, after %d moves (%d written): %v", seed, len(moves), len(w.Moves), err)
		}
	}
}

// The same through a table: a game of two people whose questions with no
// real choice the server answers (as every page has it by default),
// reported after a few decisions, opens in the sandbox.
func TestATablesReportOpensInTheSandbox(t *testing.T) {
	ctx := context.Background()
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "s.db"))
	for game := 0; game < 30; game++ {
		cr, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random"})
		if err != nil {
			t.Fatal(err)
		}
		l, err := s.Game(ctx, cr.ID)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(int64(game)))
		n := []int{0, 1, 2, 3, 4, 40}[game%6]
		for i := 0; i < n; i++ {
			l.mu.Lock()
			who, count := l.pending()
			k := len(l.moves)
			l.mu.Unlock()
			if who == engine.None {
				break
			}
			if err := l.Move(ctx, who, k, rng.Intn(count)); err != nil && err != ErrStale && err != ErrNotYourTurn { // (the server may have answered a question with no real choice first)
				t.Fatal(err)
			}
		}
		rep, _, err := l.Report(0, "looks wrong", time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if rep.Position == "" {
			t.Fatalf("game %d: no position: %s", game, rep.Problem)
		}
		ms, err := scenario.ParseMoves(rep.Moves)
		if err != nil {
			t.Fatal(err)
		}
		text, pick, ms, err := scenario.ParseShare(scenario.SandboxLink("", []byte(rep.Position), 1, ms))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateSandbox(ctx, SandboxRequest{Position: text, Pick: pick, Moves: ms}); err != nil {
			t.Fatalf("game %d after %d moves (%q): %v", game, rep.Move, rep.Moves, err)
		}
	}
}
