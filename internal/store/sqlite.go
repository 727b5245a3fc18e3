package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	_ "modernc.org/sqlite" // the embedded, cgo-free SQLite driver
)

// SQLite is the embedded store: one file, no server to install.
type SQLite struct{ db *sql.DB }

const sqliteSchema = `
CREATE TABLE IF NOT EXISTS games (
	id      TEXT PRIMARY KEY,
	seq     INTEGER NOT NULL,
	config  BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
	game_id TEXT NOT NULL REFERENCES games(id),
	n       INTEGER NOT NULL,
	option  INTEGER NOT NULL,
	PRIMARY KEY (game_id, n)
);`

// OpenSQLite opens (creating if needed) the SQLite database at path.
func OpenSQLite(path string) (*SQLite, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // SQLite has one writer; serialising here avoids busy errors
	if _, err := db.Exec(sqliteSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: creating schema in %s: %w", path, err)
	}
	return &SQLite{db: db}, nil
}

// Create implements Store.
func (s *SQLite) Create(ctx context.Context, id string, config []byte) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO games (id, seq, config) VALUES (?, (SELECT COALESCE(MAX(seq),0)+1 FROM games), ?)`, id, config)
	if err != nil && isUnique(err) {
		return ErrConflict
	}
	return err
}

// Append implements Store.
func (s *SQLite) Append(ctx context.Context, id string, n, option int) error {
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
	if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, n, option) VALUES (?, ?, ?)`, id, n, option); err != nil {
		if isUnique(err) {
			return ErrConflict
		}
		return err
	}
	return tx.Commit()
}

// Load implements Store.
func (s *SQLite) Load(ctx context.Context, id string) ([]byte, []int, error) {
	var config []byte
	err := s.db.QueryRowContext(ctx, `SELECT config FROM games WHERE id = ?`, id).Scan(&config)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, ErrNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT n, option FROM moves WHERE game_id = ? ORDER BY n`, id)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	moves, err := readMoves(id, rows)
	if err != nil {
		return nil, nil, err
	}
	return config, moves, nil
}

// List implements Store.
func (s *SQLite) List(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readIDs(rows)
}

// Close implements Store.
func (s *SQLite) Close() error { return s.db.Close() }

func isUnique(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY KEY") || strings.Contains(err.Error(), "23505"))
}
