package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the embedded, cgo-free SQLite driver
)

// SQLite is the embedded store: one file, no server to install.
type SQLite struct {
	db  *sql.DB
	obs observers
}

const sqliteSchema = `
CREATE TABLE IF NOT EXISTS games (
	id          TEXT PRIMARY KEY,
	seq         INTEGER NOT NULL,
	config      BLOB NOT NULL,
	fingerprint TEXT,
	problem     TEXT
);
` + movesTable + metaTable + playersSchema + passkeysSchema + talkSchema + seatsSchema + turnsSchema

// SQLiteOption changes how OpenSQLite opens a database.
type SQLiteOption func(*sqliteOptions)

type sqliteOptions struct{ sync string }

// FullSync makes every append wait until the move is on the disk itself
// (synchronous=FULL): moves survive a power cut or an operating-system
// crash, at the cost of a disk flush per move. Without it (synchronous=NORMAL
// in WAL mode) a stopped or killed server loses nothing either, and only a
// power cut or a crash of the machine may lose the last moments of play.
func FullSync() SQLiteOption { return func(o *sqliteOptions) { o.sync = "FULL" } }

// OpenSQLite opens (creating if needed) the SQLite database at path, and
// brings a database of an older layout up to this one (see SchemaVersion).
func OpenSQLite(path string, opts ...SQLiteOption) (*SQLite, error) {
	o := sqliteOptions{sync: "NORMAL"}
	for _, opt := range opts {
		opt(&o)
	}
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(" + o.sync + ")&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // SQLite has one writer; serialising here avoids busy errors
	if err := sqliteUpgrade(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: preparing %s: %w", path, err)
	}
	return &SQLite{db: db}, nil
}

// sqliteUpgrade creates the schema, adding the columns an older layout lacks.
func sqliteUpgrade(db *sql.DB) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(sqliteSchema); err != nil {
		return err
	}
	var ver int
	err = tx.QueryRow(`SELECT v FROM smashup_meta WHERE k = 'schema'`).Scan(&ver)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if ver > SchemaVersion {
		return fmt.Errorf("%w (schema %d; this build knows %d)", ErrNewerSchema, ver, SchemaVersion)
	}
	for _, c := range []struct{ table, column string }{
		{"games", "fingerprint"}, {"games", "problem"}, {"moves", "kind"}, {"moves", "choice"},
	} {
		var n int
		if err := tx.QueryRow(`SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = ?`, c.table, c.column).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			if _, err := tx.Exec(`ALTER TABLE ` + c.table + ` ADD COLUMN ` + c.column + ` TEXT`); err != nil {
				return err
			}
		}
	}
	if err := sqliteKeepUpgrade(tx); err != nil { // keep.go
		return err
	}
	if _, err := tx.Exec(`INSERT INTO smashup_meta (k, v) VALUES ('schema', ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, SchemaVersion); err != nil {
		return err
	}
	return tx.Commit()
}

// Create implements Store.
func (s *SQLite) Create(ctx context.Context, id string, config []byte, fingerprint string) (err error) {
	defer s.obs.done("create", time.Now(), &err)
	_, err = s.db.ExecContext(ctx, `INSERT INTO games (id, seq, config, fingerprint, work, updated) VALUES (?, (SELECT COALESCE(MAX(seq),0)+1 FROM games), ?, ?, false, ?)`, id, config, fingerprint, time.Now().UnixMilli())
	if err != nil && isUnique(err) {
		return ErrConflict
	}
	return err
}

// SetConfig implements Store.
func (s *SQLite) SetConfig(ctx context.Context, id string, config []byte) (err error) {
	defer s.obs.done("set-config", time.Now(), &err)
	r, err := s.db.ExecContext(ctx, `UPDATE games SET config = ? WHERE id = ?`, config, id)
	if err != nil {
		return err
	}
	if n, err := r.RowsAffected(); err == nil && n == 0 {
		return ErrNotFound
	}
	return err
}

// SwapConfig implements Store.
func (s *SQLite) SwapConfig(ctx context.Context, id string, old, config []byte) (err error) {
	defer s.obs.done("swap-config", time.Now(), &err)
	r, err := s.db.ExecContext(ctx, `UPDATE games SET config = ? WHERE id = ? AND config = ?`, config, id, old)
	if err != nil {
		return err
	}
	if n, err := r.RowsAffected(); err != nil || n > 0 {
		return err
	}
	var one int
	if err := s.db.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, id).Scan(&one); errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	} else if err != nil {
		return err
	}
	return ErrConflict
}

// Append implements Store.
func (s *SQLite) Append(ctx context.Context, id string, n int, m Move) (err error) {
	defer s.obs.done("append", time.Now(), &err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var count int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM moves WHERE game_id = ?`, id).Scan(&count); err != nil {
		return err
	}
	if count != n {
		return ErrConflict
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, n, option, kind, choice) VALUES (?, ?, ?, ?, ?)`, id, n, m.Option, m.Kind, m.Choice); err != nil {
		if isUnique(err) {
			return ErrConflict
		}
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET updated = ? WHERE id = ?`, time.Now().UnixMilli(), id); err != nil {
		return err
	}
	return tx.Commit()
}

// Load implements Store.
func (s *SQLite) Load(ctx context.Context, id string) (g *Game, err error) {
	defer s.obs.done("load", time.Now(), &err)
	return s.load(ctx, s.db, id)
}

type sqlQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (s *SQLite) load(ctx context.Context, q sqlQuerier, id string) (*Game, error) {
	row := q.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id)
	return loadGame(row, sql.ErrNoRows, id, func() (rows, func(), error) {
		r, err := q.QueryContext(ctx, `SELECT n, option, kind, choice FROM moves WHERE game_id = ? ORDER BY n`, id)
		if err != nil {
			return nil, nil, err
		}
		return r, func() { r.Close() }, nil
	})
}

// Migrate implements Store.
func (s *SQLite) Migrate(ctx context.Context, id, fingerprint string, moves []Move, problem string) (err error) {
	defer s.obs.done("migrate", time.Now(), &err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	g, err := s.load(ctx, tx, id)
	if err != nil {
		return err
	}
	if err := checkMigration(id, g, moves, problem); err != nil {
		return err
	}
	if problem != "" {
		_, err = tx.ExecContext(ctx, `UPDATE games SET problem = ? WHERE id = ?`, problem, id)
	} else {
		for n, m := range moves {
			if _, err := tx.ExecContext(ctx, `UPDATE moves SET kind = ?, choice = ? WHERE game_id = ? AND n = ?`, m.Kind, m.Choice, id, n); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET fingerprint = ?, problem = NULL WHERE id = ?`, fingerprint, id)
	}
	if err != nil {
		return err
	}
	return tx.Commit()
}

// List implements Store.
func (s *SQLite) List(ctx context.Context) (ids []string, err error) {
	defer s.obs.done("list", time.Now(), &err)
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readIDs(rows)
}

// Ping implements Store: the database is open and answers.
func (s *SQLite) Ping(ctx context.Context) (err error) {
	defer s.obs.done("ping", time.Now(), &err)
	return s.db.PingContext(ctx)
}

// Observe implements Observed.
func (s *SQLite) Observe(fn Observer) func() { return s.obs.Observe(fn) }

// Close implements Store.
func (s *SQLite) Close() error { return s.db.Close() }

func isUnique(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY KEY") || strings.Contains(err.Error(), "23505"))
}
