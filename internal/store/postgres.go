package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the shared store for several server instances. The primary key
// on (game_id, n) makes the database reject a second writer of a move, and a
// NOTIFY in the same transaction tells the other instances about it.
type Postgres struct {
	pool *pgxpool.Pool
	url  string
}

const pgChannel = "smashup_moves"

const pgSchema = `
CREATE TABLE IF NOT EXISTS games (
	id      TEXT PRIMARY KEY,
	seq     BIGSERIAL,
	config  BYTEA NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
	game_id TEXT NOT NULL REFERENCES games(id),
	n       INTEGER NOT NULL,
	option  INTEGER NOT NULL,
	PRIMARY KEY (game_id, n)
);`

// OpenPostgres connects to the database at url and creates the schema.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, `SELECT pg_advisory_lock(4242)`); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: connecting to PostgreSQL: %w", err)
	}
	_, err = pool.Exec(ctx, pgSchema)
	pool.Exec(ctx, `SELECT pg_advisory_unlock(4242)`)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: creating schema: %w", err)
	}
	return &Postgres{pool: pool, url: url}, nil
}

// Create implements Store.
func (p *Postgres) Create(ctx context.Context, id string, config []byte) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO games (id, config) VALUES ($1, $2)`, id, config)
	if pgUnique(err) {
		return ErrConflict
	}
	return err
}

// Append implements Store.
func (p *Postgres) Append(ctx context.Context, id string, n, option int) error {
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var count int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM moves WHERE game_id = $1`, id).Scan(&count); err != nil {
		return err
	}
	if count != n {
		return ErrConflict
	}
	if _, err := tx.Exec(ctx, `INSERT INTO moves (game_id, n, option) VALUES ($1, $2, $3)`, id, n, option); err != nil {
		if pgUnique(err) {
			return ErrConflict
		}
		return err
	}
	if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, pgChannel, id+":"+strconv.Itoa(n)); err != nil {
		return err
	}
	err = tx.Commit(ctx)
	if pgUnique(err) {
		return ErrConflict
	}
	return err
}

// Load implements Store.
func (p *Postgres) Load(ctx context.Context, id string) ([]byte, []int, error) {
	var config []byte
	err := p.pool.QueryRow(ctx, `SELECT config FROM games WHERE id = $1`, id).Scan(&config)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, ErrNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	rows, err := p.pool.Query(ctx, `SELECT n, option FROM moves WHERE game_id = $1 ORDER BY n`, id)
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
func (p *Postgres) List(ctx context.Context) ([]string, error) {
	rows, err := p.pool.Query(ctx, `SELECT id FROM games ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readIDs(rows)
}

// Listen implements Notifier: ready is called once the subscription is in
// place, then fn for every move any instance appends, until ctx ends.
func (p *Postgres) Listen(ctx context.Context, ready func(), fn func(id string, n int)) error {
	conn, err := pgx.Connect(ctx, p.url)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pgChannel); err != nil {
		return err
	}
	ready()
	for {
		note, err := conn.WaitForNotification(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		i := strings.LastIndexByte(note.Payload, ':')
		if i < 0 {
			continue
		}
		n, err := strconv.Atoi(note.Payload[i+1:])
		if err != nil {
			continue
		}
		fn(note.Payload[:i], n)
	}
}

// Close implements Store.
func (p *Postgres) Close() error { p.pool.Close(); return nil }

func pgUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}
