package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/smashup/smashup/internal/store/pgtest"
)

// exercise runs the Store contract against s.
func exercise(t *testing.T, s Store) {
	ctx := context.Background()
	if err := s.Create(ctx, "g1", []byte(`{"a":1}`), "fp1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, "g1", []byte(`{}`), "fp1"); !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate game: %v", err)
	}
	want := []Move{{KindDraft, 3, "Aliens"}, {KindGame, 0, "pass"}, {KindGame, 5, `text text="a \"b\""`}}
	for n, m := range want {
		if err := s.Append(ctx, "g1", n, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "g1", 1, Move{KindGame, 9, "yes"}); !errors.Is(err, ErrConflict) {
		t.Fatalf("a replayed move number was accepted: %v", err)
	}
	if err := s.Append(ctx, "g1", 7, Move{KindGame, 9, "yes"}); !errors.Is(err, ErrConflict) {
		t.Fatalf("a move from the future was accepted: %v", err)
	}
	g, err := s.Load(ctx, "g1")
	if err != nil || string(g.Config) != `{"a":1}` || g.Fingerprint != "fp1" || g.Legacy() || !reflect.DeepEqual(g.Moves, want) {
		t.Fatalf("load: %+v %v", g, err)
	}
	if err := s.Migrate(ctx, "g1", "fp2", want, ""); !errors.Is(err, ErrConflict) {
		t.Fatalf("a game with self-describing moves was migrated again: %v", err)
	}
	if _, err := s.Load(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown game: %v", err)
	}
	// a game's configuration is replaced (a seat claimed), its moves kept
	if err := s.SetConfig(ctx, "g1", []byte(`{"a":2}`)); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Load(ctx, "g1"); err != nil || string(g.Config) != `{"a":2}` || !reflect.DeepEqual(g.Moves, want) {
		t.Fatalf("after SetConfig: %+v %v", g, err)
	}
	if err := s.SetConfig(ctx, "nope", []byte(`{}`)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("SetConfig of an unknown game: %v", err)
	}
	// a compare-and-swap of the configuration (a claim) takes only the
	// configuration it was made from
	if err := s.SwapConfig(ctx, "g1", []byte(`{"a":2}`), []byte(`{"a":3}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.SwapConfig(ctx, "g1", []byte(`{"a":2}`), []byte(`{"a":4}`)); !errors.Is(err, ErrConflict) {
		t.Fatalf("a swap from a stale configuration: %v", err)
	}
	if err := s.SwapConfig(ctx, "nope", []byte(`{}`), []byte(`{}`)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("SwapConfig of an unknown game: %v", err)
	}
	if g, err := s.Load(ctx, "g1"); err != nil || string(g.Config) != `{"a":3}` {
		t.Fatalf("after SwapConfig: %+v %v", g, err)
	}
	s.Create(ctx, "g2", []byte(`{}`), "fp1")
	ids, err := s.List(ctx)
	if err != nil || len(ids) != 2 || ids[0] != "g1" {
		t.Fatalf("list: %v %v", ids, err)
	}
}

func TestSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	exercise(t, s)
	s.Close()
	// reopening keeps everything
	s2, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	g, err := s2.Load(context.Background(), "g1")
	if err != nil || len(g.Moves) != 3 || g.Moves[0].Choice != "Aliens" {
		t.Fatalf("after reopening: %+v %v", g, err)
	}
}

// TestPostgres runs against SMASHUP_TEST_PG (a connection URL), which CI provides.
func TestPostgres(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	s, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.pool.Exec(ctx, `DELETE FROM moves; DELETE FROM games`)
	exercise(t, s)
}

// The layout of schema version 1, before games had fingerprints and moves kinds.
var oldSchema = []string{`CREATE TABLE games (
	id      TEXT PRIMARY KEY,
	seq     %s,
	config  %s NOT NULL
)`, `CREATE TABLE moves (
	game_id TEXT NOT NULL REFERENCES games(id),
	n       INTEGER NOT NULL,
	option  INTEGER NOT NULL,
	PRIMARY KEY (game_id, n)
) -- %s %s`}

// exerciseLegacy checks a store opened on a database of the old layout
// holding game "old" with positional moves 2, 0, 1 and game "bad" with one.
func exerciseLegacy(t *testing.T, s Store) {
	ctx := context.Background()
	g, err := s.Load(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Legacy() || g.Fingerprint != "" || len(g.Moves) != 3 || g.Moves[0] != (Move{Option: 2}) {
		t.Fatalf("a legacy game reads as %+v", g)
	}
	// a migration must describe every stored move, keeping its position
	if err := s.Migrate(ctx, "old", "fp", []Move{{KindGame, 2, "pass"}}, ""); err == nil {
		t.Fatal("a migration of too few moves was accepted")
	}
	if err := s.Migrate(ctx, "old", "fp", []Move{{KindGame, 1, "pass"}, {KindGame, 0, "yes"}, {KindGame, 1, "no"}}, ""); err == nil {
		t.Fatal("a migration changing a position was accepted")
	}
	moves := []Move{{KindDraft, 2, "Ninjas"}, {KindGame, 0, "yes"}, {KindGame, 1, "no"}}
	if err := s.Migrate(ctx, "old", "fp", moves, ""); err != nil {
		t.Fatal(err)
	}
	g, err = s.Load(ctx, "old")
	if err != nil || g.Legacy() || g.Fingerprint != "fp" || !reflect.DeepEqual(g.Moves, moves) {
		t.Fatalf("after migration: %+v %v", g, err)
	}
	if err := s.Migrate(ctx, "bad", "", nil, "move 1 does not replay"); err != nil {
		t.Fatal(err)
	}
	g, err = s.Load(ctx, "bad")
	if err != nil || g.Problem != "move 1 does not replay" || !g.Legacy() {
		t.Fatalf("a game that cannot be migrated: %+v %v", g, err)
	}
	// new games and moves work as usual in the migrated database
	if err := s.Create(ctx, "new", []byte(`{}`), "fp"); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "new", 0, Move{KindGame, 0, "pass"}); err != nil {
		t.Fatal(err)
	}
}

func TestSQLiteMigratesTheOldSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range oldSchema {
		if _, err := db.Exec(fmt.Sprintf(q, "INTEGER NOT NULL", "BLOB")); err != nil {
			t.Fatal(err)
		}
	}
	db.Exec(`INSERT INTO games (id, seq, config) VALUES ('old', 1, '{}'), ('bad', 2, '{}')`)
	db.Exec(`INSERT INTO moves (game_id, n, option) VALUES ('old', 0, 2), ('old', 1, 0), ('old', 2, 1), ('bad', 0, 7)`)
	db.Close()
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	exerciseLegacy(t, s)
	// games of a database made before work was marked are all loaded at the
	// first start (keep.go)
	if ids, err := s.Resumable(context.Background()); err != nil || !slices.Contains(ids, "old") {
		t.Fatalf("an old database's games are not resumed: %v %v", ids, err)
	}
	s.Close()
	// a database written by a newer build is refused, not misread
	db, _ = sql.Open("sqlite", "file:"+path)
	db.Exec(`UPDATE smashup_meta SET v = 99 WHERE k = 'schema'`)
	db.Close()
	if _, err := OpenSQLite(path); !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("a newer schema: %v", err)
	}
}

func TestPostgresMigratesTheOldSchema(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Fresh(t)
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range oldSchema {
		if _, err := conn.Exec(ctx, fmt.Sprintf(q, "BIGSERIAL", "BYTEA")); err != nil {
			t.Fatal(err)
		}
	}
	conn.Exec(ctx, `INSERT INTO games (id, config) VALUES ('old', '{}'), ('bad', '{}')`)
	conn.Exec(ctx, `INSERT INTO moves (game_id, n, option) VALUES ('old', 0, 2), ('old', 1, 0), ('old', 2, 1), ('bad', 0, 7)`)
	conn.Close(ctx)
	s, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	exerciseLegacy(t, s)
	s.pool.Exec(ctx, `UPDATE smashup_meta SET v = 99 WHERE k = 'schema'`)
	s.Close()
	if _, err := OpenPostgres(ctx, url); !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("a newer schema: %v", err)
	}
}
