package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// How instances share a game (PostgreSQL; docs/several-instances.md).
//
// Any instance serves any game: it loads the game from the log when first
// asked for it, and every instance learns of every move by the store's
// notifications (Notifier). What must happen once and only once is shared
// through three tables:
//
//   - game_leases: the one instance that makes a game's server-made
//     answers (computer seats, the passes made for a person, stand-ins)
//     holds its lease, a row with the holder and an expiry set by the
//     database's clock, renewed by the holder every second or so. A lease
//     whose holder stopped renewing (killed) expires, and another instance
//     takes it (Orphans lists them); a holder with nothing left to answer
//     deletes its row. So the table also lists the games with server work
//     going on, which is all an instance needs to pick up at start.
//   - presence: each instance's count of open pages per game and seat, with
//     when the seat was last seen there, renewed by a heartbeat; the rows of
//     an instance that stops renewing stop counting as connections.
//   - rate_buckets and owned_games: the per-address limits (a token bucket
//     per address and kind of request) and the computer-game budget (the
//     games with computers each address keeps), counted over every
//     instance (limits.go).
//   - claims: a seat's claim (and every other change of a game's
//     configuration) is a compare-and-swap on the stored configuration
//     (SwapConfig), so one invite is claimed once across instances.
//
// The embedded SQLite store serves one instance and needs none of it: it
// implements SwapConfig, and not Shared.

// Shared is implemented by stores several instances share (PostgreSQL).
type Shared interface {
	Notifier
	// TakeLease takes the lease of game id for holder, or renews it, for ttl
	// from now (the database's clock). It reports whether holder holds it;
	// false means another instance does and its lease has not expired.
	TakeLease(ctx context.Context, id, holder string, ttl time.Duration) (bool, error)
	// RenewLeases renews holder's leases of ids for ttl and returns those
	// it still holds (a lease taken over by another instance is lost).
	RenewLeases(ctx context.Context, holder string, ids []string, ttl time.Duration) ([]string, error)
	// DropLease deletes holder's lease of id: the game has no server work.
	DropLease(ctx context.Context, id, holder string) error
	// ExpireLeases makes every lease of holder expire now (a graceful stop:
	// other instances take them at once).
	ExpireLeases(ctx context.Context, holder string) error
	// Orphans returns up to limit games whose lease has expired.
	Orphans(ctx context.Context, limit int) ([]string, error)
	// PutPresence records instance's open pages (rows of one game and seat
	// each), renewing its heartbeat.
	PutPresence(ctx context.Context, instance string, rows []Presence) error
	// Presence returns, for each game of ids and seat some other instance
	// reported, the pages open on other instances whose heartbeat is
	// younger than ttl, and how long ago the seat was last seen connected
	// on any of them.
	Presence(ctx context.Context, instance string, ids []string, ttl time.Duration) ([]Presence, error)
	// DropPresence deletes instance's rows (a graceful stop).
	DropPresence(ctx context.Context, instance string) error
	// TakeToken takes a token from the bucket named key, refilled at rate
	// tokens a second up to burst (the database's clock), and reports
	// whether there was one (limits.go).
	TakeToken(ctx context.Context, key string, rate, burst float64) (bool, error)
	// OwnGame counts owner's games (rows not expired) and, if there are
	// fewer than most, records game id as owner's for ttl. It reports how
	// many owner had and whether id was recorded.
	OwnGame(ctx context.Context, id, owner string, most int, ttl time.Duration) (int, bool, error)
	// RenewOwned renews the rows of games ids for ttl.
	RenewOwned(ctx context.Context, ids []string, ttl time.Duration) error
	// DisownGame deletes game id's row: it no longer counts.
	DisownGame(ctx context.Context, id string) error
	// SweepLimits deletes the buckets idle for an hour (full again) and the
	// expired ownership rows.
	SweepLimits(ctx context.Context) error
}

// Presence is one game's seat's open pages on an instance: Conns pages, the
// seat last seen connected (or moving) Age ago; and, when Asked, the seat's
// setting AskAll (ask me in every Me First window), set AskAge ago. Read
// back (Presence), AskAll and AskAge are the most recent setting of any
// other instance.
type Presence struct {
	Game   string
	Seat   int
	Conns  int
	Age    time.Duration
	Asked  bool
	AskAll bool
	AskAge time.Duration
}

const pgSharedSchema = `
CREATE TABLE IF NOT EXISTS game_leases (
	game_id TEXT PRIMARY KEY,
	holder  TEXT NOT NULL,
	expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS game_leases_expires ON game_leases (expires);
CREATE TABLE IF NOT EXISTS presence (
	game_id  TEXT NOT NULL,
	seat     INTEGER NOT NULL,
	instance TEXT NOT NULL,
	conns    INTEGER NOT NULL,
	seen     TIMESTAMPTZ NOT NULL,
	updated  TIMESTAMPTZ NOT NULL,
	ask_all  BOOLEAN NOT NULL DEFAULT false,
	ask_set  TIMESTAMPTZ,
	PRIMARY KEY (game_id, seat, instance)
);
CREATE INDEX IF NOT EXISTS presence_updated ON presence (updated);
CREATE TABLE IF NOT EXISTS rate_buckets (
	key    TEXT PRIMARY KEY,
	tokens DOUBLE PRECISION NOT NULL,
	at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_buckets_at ON rate_buckets (at);
CREATE TABLE IF NOT EXISTS owned_games (
	game_id TEXT PRIMARY KEY,
	owner   TEXT NOT NULL,
	expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS owned_games_owner ON owned_games (owner);
`

// pgSharedUpgrade creates the tables instances share by. A database that
// had no leases yet (made by an older build, whose instances replayed every
// game at start) gets an expired lease for every game, so that the computer
// seats of games in progress carry on: an instance takes each, and drops
// those with nothing for the server to do.
func pgSharedUpgrade(ctx context.Context, conn *pgx.Conn) error {
	var had bool
	if err := conn.QueryRow(ctx, `SELECT to_regclass('game_leases') IS NOT NULL`).Scan(&had); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, pgSharedSchema); err != nil {
		return err
	}
	if !had {
		_, err := conn.Exec(ctx, `INSERT INTO game_leases (game_id, holder, expires) SELECT id, '', '-infinity' FROM games ON CONFLICT DO NOTHING`)
		return err
	}
	return nil
}

// TakeLease implements Shared.
func (p *Postgres) TakeLease(ctx context.Context, id, holder string, ttl time.Duration) (_ bool, err error) {
	defer p.obs.done("take-lease", time.Now(), &err)
	var got string
	err = p.pool.QueryRow(ctx, `INSERT INTO game_leases (game_id, holder, expires)
		VALUES ($1, $2, now() + $3 * interval '1 millisecond')
		ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
		WHERE game_leases.holder = excluded.holder OR game_leases.expires < now()
		RETURNING holder`, id, holder, ttl.Milliseconds()).Scan(&got)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil && got == holder, err
}

// RenewLeases implements Shared.
func (p *Postgres) RenewLeases(ctx context.Context, holder string, ids []string, ttl time.Duration) (_ []string, err error) {
	defer p.obs.done("renew-leases", time.Now(), &err)
	rows, err := p.pool.Query(ctx, `UPDATE game_leases SET expires = now() + $3 * interval '1 millisecond'
		WHERE holder = $1 AND game_id = ANY($2) RETURNING game_id`, holder, ids, ttl.Milliseconds())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readIDs(rows)
}

// DropLease implements Shared.
func (p *Postgres) DropLease(ctx context.Context, id, holder string) (err error) {
	defer p.obs.done("drop-lease", time.Now(), &err)
	_, err = p.pool.Exec(ctx, `DELETE FROM game_leases WHERE game_id = $1 AND holder = $2`, id, holder)
	return err
}

// ExpireLeases implements Shared.
func (p *Postgres) ExpireLeases(ctx context.Context, holder string) (err error) {
	defer p.obs.done("expire-leases", time.Now(), &err)
	_, err = p.pool.Exec(ctx, `UPDATE game_leases SET expires = '-infinity' WHERE holder = $1`, holder)
	return err
}

// Orphans implements Shared.
func (p *Postgres) Orphans(ctx context.Context, limit int) (_ []string, err error) {
	defer p.obs.done("orphans", time.Now(), &err)
	rows, err := p.pool.Query(ctx, `SELECT game_id FROM game_leases WHERE expires < now() ORDER BY expires LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readIDs(rows)
}

// PutPresence implements Shared.
func (p *Postgres) PutPresence(ctx context.Context, instance string, rows []Presence) (err error) {
	defer p.obs.done("put-presence", time.Now(), &err)
	if len(rows) == 0 {
		return nil
	}
	n := len(rows)
	games, seats, conns, ages := make([]string, n), make([]int32, n), make([]int32, n), make([]int64, n)
	asks, askAges := make([]bool, n), make([]*int64, n)
	for i, r := range rows {
		games[i], seats[i], conns[i], ages[i] = r.Game, int32(r.Seat), int32(r.Conns), r.Age.Milliseconds()
		if r.Asked {
			a := r.AskAge.Milliseconds()
			asks[i], askAges[i] = r.AskAll, &a
		}
	}
	_, err = p.pool.Exec(ctx, `INSERT INTO presence (game_id, seat, instance, conns, seen, updated, ask_all, ask_set)
		SELECT u.g, u.s, $1, u.c, now() - u.a * interval '1 millisecond', now(), u.k, now() - u.ka * interval '1 millisecond'
		FROM unnest($2::text[], $3::int[], $4::int[], $5::bigint[], $6::bool[], $7::bigint[]) AS u(g, s, c, a, k, ka)
		ON CONFLICT (game_id, seat, instance) DO UPDATE SET conns = excluded.conns, seen = excluded.seen,
			updated = excluded.updated, ask_all = excluded.ask_all, ask_set = excluded.ask_set`,
		instance, games, seats, conns, ages, asks, askAges)
	return err
}

// Presence implements Shared. A row whose heartbeat stopped still says
// when its seat was last seen: at its last heartbeat if it had pages open.
func (p *Postgres) Presence(ctx context.Context, instance string, ids []string, ttl time.Duration) (_ []Presence, err error) {
	defer p.obs.done("presence", time.Now(), &err)
	rows, err := p.pool.Query(ctx, `SELECT game_id, seat,
			COALESCE(SUM(conns) FILTER (WHERE updated > now() - $3 * interval '1 millisecond'), 0),
			EXTRACT(EPOCH FROM now() - MAX(CASE WHEN conns > 0 THEN updated ELSE seen END)) * 1000,
			(array_agg(ask_all ORDER BY ask_set DESC NULLS LAST))[1],
			EXTRACT(EPOCH FROM now() - MAX(ask_set)) * 1000
		FROM presence WHERE instance <> $1 AND game_id = ANY($2) GROUP BY game_id, seat`, instance, ids, ttl.Milliseconds())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Presence
	for rows.Next() {
		var r Presence
		var age float64
		var askAge *float64
		if err := rows.Scan(&r.Game, &r.Seat, &r.Conns, &age, &r.AskAll, &askAge); err != nil {
			return nil, err
		}
		r.Age = time.Duration(age * float64(time.Millisecond))
		if askAge != nil {
			r.Asked, r.AskAge = true, time.Duration(*askAge*float64(time.Millisecond))
		} else {
			r.AskAll = false
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// DropPresence implements Shared.
func (p *Postgres) DropPresence(ctx context.Context, instance string) (err error) {
	defer p.obs.done("drop-presence", time.Now(), &err)
	_, err = p.pool.Exec(ctx, `DELETE FROM presence WHERE instance = $1`, instance)
	return err
}

// SwapConfig implements Store: the configuration is replaced only if it
// is still old, and the other instances are told (move number -1).
func (p *Postgres) SwapConfig(ctx context.Context, id string, old, config []byte) (err error) {
	defer p.obs.done("swap-config", time.Now(), &err)
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `UPDATE games SET config = $1 WHERE id = $2 AND config = $3`, config, id, old)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		var one int
		if err := tx.QueryRow(ctx, `SELECT 1 FROM games WHERE id = $1`, id).Scan(&one); errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		} else if err != nil {
			return err
		}
		return ErrConflict
	}
	if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, pgChannel, id+":-1"); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
