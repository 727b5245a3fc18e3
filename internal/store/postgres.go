package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

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
	obs  observers
}

const pgChannel = "smashup_moves"

const pgSchema = `
CREATE TABLE IF NOT EXISTS games (
	id          TEXT PRIMARY KEY,
	seq         BIGSERIAL,
	config      BYTEA NOT NULL,
	fingerprint TEXT,
	problem     TEXT
);
` + movesTable + `ALTER TABLE games ADD COLUMN IF NOT EXISTS fingerprint TEXT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS problem TEXT;
ALTER TABLE moves ADD COLUMN IF NOT EXISTS kind TEXT;
ALTER TABLE moves ADD COLUMN IF NOT EXISTS choice TEXT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS work BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN IF NOT EXISTS ended TIMESTAMPTZ;
ALTER TABLE games ADD COLUMN IF NOT EXISTS updated TIMESTAMPTZ NOT NULL DEFAULT now();
` + metaTable + playersSchema + passkeysSchema + talkSchema + seatsSchema + turnsSchema

// OpenPostgres connects to the database at url and creates the schema, or
// brings a database of an older layout up to this one (see SchemaVersion).
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: connecting to PostgreSQL: %w", err)
	}
	// one connection holds the lock while the schema changes: other
	// instances starting at the same time wait for it
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(4242)`); err != nil {
		conn.Release()
		pool.Close()
		return nil, fmt.Errorf("store: connecting to PostgreSQL: %w", err)
	}
	err = pgUpgrade(ctx, conn.Conn())
	conn.Exec(ctx, `SELECT pg_advisory_unlock(4242)`)
	conn.Release()
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: preparing the schema: %w", err)
	}
	return &Postgres{pool: pool, url: url}, nil
}

func pgUpgrade(ctx context.Context, conn *pgx.Conn) error {
	if _, err := conn.Exec(ctx, pgSchema); err != nil {
		return err
	}
	var ver int
	err := conn.QueryRow(ctx, `SELECT v FROM smashup_meta WHERE k = 'schema'`).Scan(&ver)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if ver > SchemaVersion {
		return fmt.Errorf("%w (schema %d; this build knows %d)", ErrNewerSchema, ver, SchemaVersion)
	}
	if err := pgSharedUpgrade(ctx, conn); err != nil { // lease.go
		return err
	}
	_, err = conn.Exec(ctx, `INSERT INTO smashup_meta (k, v) VALUES ('schema', $1) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, SchemaVersion)
	return err
}

// Create implements Store.
func (p *Postgres) Create(ctx context.Context, id string, config []byte, fingerprint string) (err error) {
	defer p.obs.done("create", time.Now(), &err)
	_, err = p.pool.Exec(ctx, `INSERT INTO games (id, config, fingerprint) VALUES ($1, $2, $3)`, id, config, fingerprint)
	if pgUnique(err) {
		return ErrConflict
	}
	return err
}

// SetConfig implements Store; the other instances are told with move
// number -1.
func (p *Postgres) SetConfig(ctx context.Context, id string, config []byte) (err error) {
	defer p.obs.done("set-config", time.Now(), &err)
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `UPDATE games SET config = $1 WHERE id = $2`, config, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, pgChannel, id+":-1"); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Append implements Store.
func (p *Postgres) Append(ctx context.Context, id string, n int, m Move) (err error) {
	defer p.obs.done("append", time.Now(), &err)
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
	if _, err := tx.Exec(ctx, `INSERT INTO moves (game_id, n, option, kind, choice) VALUES ($1, $2, $3, $4, $5)`, id, n, m.Option, m.Kind, m.Choice); err != nil {
		if pgUnique(err) {
			return ErrConflict
		}
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE games SET updated = now() WHERE id = $1`, id); err != nil {
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

type pgQuerier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Load implements Store.
func (p *Postgres) Load(ctx context.Context, id string) (g *Game, err error) {
	defer p.obs.done("load", time.Now(), &err)
	return pgLoad(ctx, p.pool, id, "")
}

func pgLoad(ctx context.Context, q pgQuerier, id, lock string) (*Game, error) {
	row := q.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`+lock, id)
	return loadGame(row, pgx.ErrNoRows, id, func() (rows, func(), error) {
		r, err := q.Query(ctx, `SELECT n, option, kind, choice FROM moves WHERE game_id = $1 ORDER BY n`, id)
		if err != nil {
			return nil, nil, err
		}
		return r, r.Close, nil
	})
}

// Migrate implements Store.
func (p *Postgres) Migrate(ctx context.Context, id, fingerprint string, moves []Move, problem string) (err error) {
	defer p.obs.done("migrate", time.Now(), &err)
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	g, err := pgLoad(ctx, tx, id, " FOR UPDATE")
	if err != nil {
		return err
	}
	if err := checkMigration(id, g, moves, problem); err != nil {
		return err
	}
	if problem != "" {
		_, err = tx.Exec(ctx, `UPDATE games SET problem = $1 WHERE id = $2`, problem, id)
	} else {
		ns, kinds, choices := make([]int32, len(moves)), make([]string, len(moves)), make([]string, len(moves))
		for n, m := range moves {
			ns[n], kinds[n], choices[n] = int32(n), m.Kind, m.Choice
		}
		// one statement for the whole game, however long
		if _, err := tx.Exec(ctx, `UPDATE moves SET kind = u.kind, choice = u.choice
			FROM unnest($1::int[], $2::text[], $3::text[]) AS u(n, kind, choice)
			WHERE moves.game_id = $4 AND moves.n = u.n`, ns, kinds, choices, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE games SET fingerprint = $1, problem = NULL WHERE id = $2`, fingerprint, id)
	}
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// List implements Store.
func (p *Postgres) List(ctx context.Context) (ids []string, err error) {
	defer p.obs.done("list", time.Now(), &err)
	rows, err := p.pool.Query(ctx, `SELECT id FROM games ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readIDs(rows)
}

// Listen implements Notifier: ready is called once the subscription is in
// place, then fn for every move any instance appends, until ctx ends.
func (p *Postgres) Listen(ctx context.Context, ready func(), fn func(id string, n int)) (err error) {
	defer p.obs.done("listen", time.Now(), &err)
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

// Ping implements Store: one connection of the pool answers.
func (p *Postgres) Ping(ctx context.Context) (err error) {
	defer p.obs.done("ping", time.Now(), &err)
	return p.pool.Ping(ctx)
}

// Observe implements Observed.
func (p *Postgres) Observe(fn Observer) func() { return p.obs.Observe(fn) }

// Close implements Store.
func (p *Postgres) Close() error { p.pool.Close(); return nil }

func pgUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}
