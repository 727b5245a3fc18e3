package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
)

// Reviews is what a store that keeps finished games' reviews offers (SQLite
// and PostgreSQL do; a review is opaque JSON, worked out by the server once
// a game is over). A review is kept with the rules fingerprint of the build
// that worked it out: another build's is not given back (its positions may
// differ), and a new one replaces it.
type Reviews interface {
	SaveReview(ctx context.Context, id, fingerprint string, review []byte) error
	// LoadReview returns game id's review worked out under fingerprint, or
	// ErrNotFound.
	LoadReview(ctx context.Context, id, fingerprint string) ([]byte, error)
}

// reviewsTable is declared on first use (both stores alike), so that
// databases made before reviews get it without a new schema version.
const reviewsTable = `CREATE TABLE IF NOT EXISTS reviews (
	game_id     TEXT PRIMARY KEY,
	fingerprint TEXT NOT NULL,
	review      TEXT NOT NULL
)`

// SaveReview implements Reviews.
func (s *SQLite) SaveReview(ctx context.Context, id, fingerprint string, review []byte) error {
	if _, err := s.db.ExecContext(ctx, reviewsTable); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO reviews (game_id, fingerprint, review) VALUES (?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET fingerprint = excluded.fingerprint, review = excluded.review`, id, fingerprint, string(review))
	return err
}

// LoadReview implements Reviews.
func (s *SQLite) LoadReview(ctx context.Context, id, fingerprint string) ([]byte, error) {
	if _, err := s.db.ExecContext(ctx, reviewsTable); err != nil {
		return nil, err
	}
	var r string
	err := s.db.QueryRowContext(ctx, `SELECT review FROM reviews WHERE game_id = ? AND fingerprint = ?`, id, fingerprint).Scan(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return []byte(r), err
}

// SaveReview implements Reviews.
func (p *Postgres) SaveReview(ctx context.Context, id, fingerprint string, review []byte) error {
	if _, err := p.pool.Exec(ctx, reviewsTable); err != nil {
		return err
	}
	_, err := p.pool.Exec(ctx, `INSERT INTO reviews (game_id, fingerprint, review) VALUES ($1, $2, $3)
		ON CONFLICT (game_id) DO UPDATE SET fingerprint = excluded.fingerprint, review = excluded.review`, id, fingerprint, string(review))
	return err
}

// LoadReview implements Reviews.
func (p *Postgres) LoadReview(ctx context.Context, id, fingerprint string) ([]byte, error) {
	if _, err := p.pool.Exec(ctx, reviewsTable); err != nil {
		return nil, err
	}
	var r string
	err := p.pool.QueryRow(ctx, `SELECT review FROM reviews WHERE game_id = $1 AND fingerprint = $2`, id, fingerprint).Scan(&r)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return []byte(r), err
}
