package table

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/store/pgtest"
)

// playRandom makes n random moves in game id (any seat), returning the game.
// toAChoice plays on, with the first option, to a question the server does
// not answer by itself for a person (one with a choice, not a lone pass): a
// table loaded again is not in manual mode (askEveryWindow), and would make
// that move at once, racing a test that compares the game it loaded.
func toAChoice(t *testing.T, l *Table) {
	t.Helper()
	for {
		var who engine.Seat
		var k int
		forced := false
		l.locked(func() {
			who, _ = l.pending()
			k = len(l.moves)
			noChoice, passOnly := l.src.forced()
			forced = noChoice || passOnly
		})
		if !forced || who == engine.None {
			return
		}
		if err := l.Move(context.Background(), who, k, 0); err != nil {
			t.Fatal(err)
		}
	}
}

func playRandom(t *testing.T, s *Tables, id string, n int, seed uint64) *Table {
	t.Helper()
	ctx := context.Background()
	l, err := s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	askEveryWindow(l)
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n; i++ {
		l.mu.Lock()
		who, count := l.pending()
		k := len(l.moves)
		l.mu.Unlock()
		if who == engine.None {
			break
		}
		if err := l.Move(ctx, who, k, rng.IntN(count)); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// oldSchema is the layout of the store before schema version 2 (moves by
// position only), with a database's types for the seq and config columns.
func oldSchema(seq, config string) string {
	return fmt.Sprintf(`
CREATE TABLE games (
	id      TEXT PRIMARY KEY,
	seq     %s,
	config  %s NOT NULL
);
CREATE TABLE moves (
	game_id TEXT NOT NULL REFERENCES games(id),
	n       INTEGER NOT NULL,
	option  INTEGER NOT NULL,
	PRIMARY KEY (game_id, n)
);`, seq, config)
}

// legacyGame is a game as the old server stored it, and the game it was.
type legacyGame struct {
	id      string
	config  []byte
	options []int
	want    *engine.Game // nil: the moves do not replay
	draft   bool
}

// makeLegacyGames plays a drafted game and a chosen-factions game on a
// current server and returns them as positions only, plus a game whose
// positions cannot replay.
func makeLegacyGames(t *testing.T) []legacyGame {
	ctx := context.Background()
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "src.db"))
	var out []legacyGame
	for i, req := range []CreateRequest{
		{Seated: true, Seats: []string{"human", "human", "human"}, Mode: "draft"},
		{Seated: true, Seats: []string{"human", "human"}, Mode: "random"},
	} {
		resp, err := s.Create(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		l := playRandom(t, s, resp.ID, 120, uint64(i))
		toAChoice(t, l)
		st, err := s.store.Load(ctx, resp.ID)
		if err != nil {
			t.Fatal(err)
		}
		lg := legacyGame{id: resp.ID, config: st.Config, draft: req.Mode == "draft"}
		for _, m := range st.Moves {
			lg.options = append(lg.options, m.Option)
		}
		l.mu.Lock()
		g := *l.g
		l.mu.Unlock()
		lg.want = &g
		out = append(out, lg)
	}
	bad := out[1]
	bad.id, bad.want, bad.options = "bad000000000", nil, append([]int{0, 0}, 977)
	return append(out, bad)
}

// checkMigrated opens a server on a store holding legacy games and checks
// that every game was turned into self-describing records that replay into
// the same game, and that the game that could not be is kept read-only.
func checkMigrated(t *testing.T, st store.Store, games []legacyGame) {
	ctx := context.Background()
	s := New(st)
	s.AnswerPause = time.Hour // the people's seats are not passed for while the test looks
	defer s.Close()
	if err := s.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	for _, lg := range games {
		stored, err := st.Load(ctx, lg.id)
		if err != nil {
			t.Fatal(err)
		}
		l, err := s.Game(ctx, lg.id)
		if err != nil {
			t.Fatalf("game %s: %v", lg.id, err)
		}
		if lg.want == nil {
			if stored.Problem == "" || !strings.Contains(stored.Problem, "move 3") {
				t.Fatalf("a game that does not replay was not marked: %+v", stored)
			}
			l.mu.Lock()
			m := l.messageLocked(0)
			l.mu.Unlock()
			if !strings.Contains(m.Foreign, "older version") {
				t.Fatalf("the unreadable game is not shown as such: %q", m.Foreign)
			}
			if err := l.Move(ctx, 0, 0, 0); err == nil {
				t.Fatal("a move was accepted in a game that cannot be replayed")
			}
			if _, err := l.ReplayFile(); err == nil {
				t.Fatal("the replay of a game that cannot be replayed was served")
			}
			continue
		}
		if stored.Legacy() || stored.Fingerprint != engine.RulesFingerprint() || len(stored.Moves) != len(lg.options) {
			t.Fatalf("game %s was not migrated: fingerprint %q, %d moves", lg.id, stored.Fingerprint, len(stored.Moves))
		}
		drafts := 0
		for n, m := range stored.Moves {
			if m.Option != lg.options[n] || m.Choice == "" {
				t.Fatalf("game %s move %d migrated as %+v", lg.id, n, m)
			}
			if m.Kind == store.KindDraft {
				drafts++
				if !engine.FactionPlayable(m.Choice) {
					t.Fatalf("a draft pick recorded as %q", m.Choice)
				}
			} else if _, err := engine.ParseChoice(m.Choice); err != nil {
				t.Fatal(err)
			}
		}
		if lg.draft && drafts != 6 || !lg.draft && drafts != 0 {
			t.Fatalf("game %s: %d draft picks", lg.id, drafts)
		}
		l.mu.Lock()
		same := *l.g == *lg.want
		l.mu.Unlock()
		if !same {
			t.Fatalf("game %s: the migrated game differs from the game played", lg.id)
		}
	}
	// a second server (a restart) finds nothing left to migrate and the same games
	s2 := New(st)
	s2.AnswerPause = time.Hour
	defer s2.Close()
	for _, lg := range games[:2] {
		l, err := s2.Game(ctx, lg.id)
		same := false
		if err == nil {
			l.locked(func() { same = *l.g == *lg.want })
		}
		if !same {
			t.Fatalf("after a restart, game %s: %v", lg.id, err)
		}
	}
}

func TestOldSQLiteDatabaseIsMigrated(t *testing.T) {
	games := makeLegacyGames(t)
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(oldSchema("INTEGER NOT NULL", "BLOB")); err != nil {
		t.Fatal(err)
	}
	for i, lg := range games {
		if _, err := db.Exec(`INSERT INTO games (id, seq, config) VALUES (?, ?, ?)`, lg.id, i+1, lg.config); err != nil {
			t.Fatal(err)
		}
		for n, o := range lg.options {
			if _, err := db.Exec(`INSERT INTO moves (game_id, n, option) VALUES (?, ?, ?)`, lg.id, n, o); err != nil {
				t.Fatal(err)
			}
		}
	}
	db.Close()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkMigrated(t, st, games)
}

func TestOldPostgresDatabaseIsMigrated(t *testing.T) {
	url := pgtest.Fresh(t)
	games := makeLegacyGames(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, oldSchema("BIGSERIAL", "BYTEA")); err != nil {
		t.Fatal(err)
	}
	for _, lg := range games {
		if _, err := conn.Exec(ctx, `INSERT INTO games (id, config) VALUES ($1, $2)`, lg.id, lg.config); err != nil {
			t.Fatal(err)
		}
		for n, o := range lg.options {
			if _, err := conn.Exec(ctx, `INSERT INTO moves (game_id, n, option) VALUES ($1, $2, $3)`, lg.id, n, o); err != nil {
				t.Fatal(err)
			}
		}
	}
	conn.Close(ctx)
	st, err := store.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkMigrated(t, st, games)
}

// TestAnotherVersionsGame: a game recorded under another fingerprint goes
// on when every decision checks out (and says so); when one does not, it is
// kept read-only, naming the move, and never replayed into another game.
func TestAnotherVersionsGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	ctx := context.Background()
	st, _ := store.OpenSQLite(path)
	s := New(st)
	resp, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random"})
	if err != nil {
		t.Fatal(err)
	}
	l := playRandom(t, s, resp.ID, 30, 9)
	toAChoice(t, l)
	var want engine.Game
	l.locked(func() { want = *l.g })
	s.Close()
	st.Close()
	exec := sqlExec(t, path)
	message := func(l *Table) Message {
		l.mu.Lock()
		defer l.mu.Unlock()
		return l.messageLocked(0)
	}

	// another version, same decisions: replayed under the check, the game goes on
	exec(`UPDATE games SET fingerprint = 'r0-older' WHERE id = ?`, resp.ID)
	s2 := newSQLiteTables(t, path)
	l2, err := s2.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	same := false
	l2.locked(func() { same = *l2.g == want })
	if !same || !strings.Contains(message(l2).Version, "r0-older") || message(l2).Foreign != "" {
		t.Fatalf("a game of another version that replays: %+v", message(l2).Version)
	}
	playRandom(t, s2, resp.ID, 3, 10)
	s2.Close()

	// another version whose record of move 6 is not what this build offers
	var moves []store.Move
	{
		st, _ := store.OpenSQLite(path)
		g, _ := st.Load(ctx, resp.ID)
		st.Close()
		moves = g.Moves
	}
	c, _ := engine.ParseChoice(moves[5].Choice)
	c.Player = 3 // a player this two-player game does not have
	exec(`UPDATE moves SET choice = ? WHERE game_id = ? AND n = 5`, c.String(), resp.ID)
	s3 := newSQLiteTables(t, path)
	l3, err := s3.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	m := message(l3)
	if !strings.Contains(m.Foreign, "move 6") || !strings.Contains(m.Foreign, "read-only") {
		t.Fatalf("the game that does not replay: %q", m.Foreign)
	}
	who, _ := l3.pending()
	if err := l3.Move(ctx, who, len(l3.moves), 0); err == nil || !strings.Contains(err.Error(), "another version") {
		t.Fatalf("a move in a game of another version that does not replay: %v", err)
	}
	if _, err := l3.ReplayFile(); err == nil {
		t.Fatal("the replay of a game that does not replay was served")
	}
	s3.Close()

	// the same version with a record that disagrees: the game is kept as
	// broken (read-only), loudly, naming the move, not replayed on every request
	exec(`UPDATE games SET fingerprint = ? WHERE id = ?`, engine.RulesFingerprint(), resp.ID)
	s4 := newSQLiteTables(t, path)
	l4, err := s4.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	if l4.broken == nil || !strings.Contains(l4.broken.Error(), "move 6") {
		t.Fatalf("a record that disagrees with its own version: broken %v", l4.broken)
	}
	if m := message(l4); !strings.Contains(m.Broken, "move 6") {
		t.Fatalf("the page is not told: %q", m.Broken)
	}
}

// TestRecordProblemsHideCards: a game whose record does not replay (of
// another version, or of its own that disagrees) is kept read-only and says
// so to every seat and the spectator, but the text names no card a seat may
// not see: the choice recorded and the option offered at that move are
// another player's decision (a card in their hand).
func TestRecordProblemsHideCards(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	ctx := context.Background()
	st, _ := store.OpenSQLite(path)
	s := New(st)
	resp, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random", Seed: seed(5)})
	if err != nil {
		t.Fatal(err)
	}
	// moves until a card is played from a hand
	l := playRandom(t, s, resp.ID, 0, 1)
	k := -1
	for i := 0; i < 200 && k < 0; i++ {
		l.mu.Lock()
		who, count := l.pending()
		d, _ := l.g.Decision()
		for o := 0; o < count; o++ {
			if c := d.Options[o].Card; d.Options[o].Kind == engine.OptPlay && c >= 0 && l.g.Cards[c].Zone == engine.ZHand {
				k = len(l.moves)
				break
			}
		}
		n := len(l.moves)
		l.mu.Unlock()
		if k >= 0 {
			break
		}
		if err := l.Move(ctx, who, n, 0); err != nil {
			t.Fatal(err)
		}
	}
	if k < 0 {
		t.Fatal("no card played from a hand")
	}
	l.mu.Lock()
	who, count := l.pending()
	d, _ := l.g.Decision()
	opt := 0
	for o := 0; o < count; o++ {
		if c := d.Options[o].Card; d.Options[o].Kind == engine.OptPlay && c >= 0 && l.g.Cards[c].Zone == engine.ZHand {
			opt = o
		}
	}
	l.mu.Unlock()
	if err := l.Move(ctx, who, k, opt); err != nil {
		t.Fatal(err)
	}
	s.Close()
	st.Close()
	exec := sqlExec(t, path)
	var moves []store.Move
	{
		st, _ := store.OpenSQLite(path)
		g, _ := st.Load(ctx, resp.ID)
		st.Close()
		moves = g.Moves
	}
	c, _ := engine.ParseChoice(moves[k].Choice)
	c.Player = 3 // a player this two-player game does not have
	exec(`UPDATE moves SET choice = ? WHERE game_id = ? AND n = ?`, c.String(), resp.ID, k)
	check := func(what string) {
		t.Helper()
		s := newSQLiteTables(t, path)
		l, err := s.Game(ctx, resp.ID)
		if err != nil {
			t.Fatal(err)
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		for seat := engine.None; seat < len(l.cfg.Seats); seat++ {
			m := l.messageLocked(engine.Seat(seat))
			text := m.Foreign + m.Broken
			if text == "" {
				t.Fatalf("%s: seat %d is not told", what, seat)
			}
			for i := range l.g.NCards {
				if l.g.Knows(engine.Seat(seat), i) {
					continue
				}
				if d := l.g.DefOf(i); strings.Contains(text, d.Key) || regexp.MustCompile(fmt.Sprintf(`#%d\b`, i)).MatchString(text) {
					t.Fatalf("%s: seat %d is told of %s (%s#%d), which it may not see: %q", what, seat, d.Name, d.Key, i, text)
				}
			}
		}
	}
	exec(`UPDATE games SET fingerprint = 'r0-older' WHERE id = ?`, resp.ID)
	check("another version")
	exec(`UPDATE games SET fingerprint = ? WHERE id = ?`, engine.RulesFingerprint(), resp.ID)
	check("its own version")
}

// sqlExec returns a function that runs one statement on the SQLite file at path.
func sqlExec(t *testing.T, path string) func(q string, args ...any) {
	return func(q string, args ...any) {
		t.Helper()
		db, _ := sql.Open("sqlite", "file:"+path)
		defer db.Close()
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRestartLosesNothing stops a server mid-game and starts another on the same file.
func TestRestartLosesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	ctx := context.Background()
	st, _ := store.OpenSQLite(path)
	s := New(st)
	s.AnswerPause = time.Hour // the test plays both people's seats: the server never passes for them
	resp, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human"}, Mode: "random", Seed: seed(7)})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := s.Game(ctx, resp.ID)
	// the server answers nothing for the people (no question without a
	// choice, no window with nothing to play): with its answers timed from
	// theirs (at once, here), one could land between the count below and
	// the stop
	l.locked(func() { l.manual, l.askAll[0], l.askAll[1] = true, true, true })
	for i := 0; i < 40; i++ {
		l.mu.Lock()
		who, count := l.pending()
		n := len(l.moves)
		l.mu.Unlock()
		if err := l.Move(ctx, who, n, i%count); err != nil {
			t.Fatal(err)
		}
	}
	toAChoice(t, l)
	l.mu.Lock()
	before := *l.g
	moves := len(l.moves)
	l.mu.Unlock()
	s.Close() // "kill" the server: nothing is flushed on close that was not already durable
	st.Close()

	s2 := newSQLiteTables(t, path)
	s2.AnswerPause = time.Hour
	if err := s2.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	l2, err := s2.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	var n2 int
	same := false
	l2.locked(func() { n2, same = len(l2.moves), *l2.g == before })
	if n2 != moves {
		t.Fatalf("after restart %d moves, before %d", n2, moves)
	}
	if !same {
		t.Fatal("the restored game differs from the game before the restart")
	}
}
