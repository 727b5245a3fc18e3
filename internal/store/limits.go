package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// The limits instances share (Shared): per-address token buckets, and the
// games with computers each address keeps. A bucket row idle for an hour is
// full again and is deleted; an ownership row lives while the instance that
// holds its game renews it.

// TakeToken implements Shared: the bucket is refilled and a token taken in
// one statement, which locks the row, so that instances taking tokens at
// once never take more than there are.
func (p *Postgres) TakeToken(ctx context.Context, key string, rate, burst float64) (_ bool, err error) {
	defer p.obs.done("take-token", time.Now(), &err)
	var left float64
	err = p.pool.QueryRow(ctx, `INSERT INTO rate_buckets AS b (key, tokens, at) VALUES ($1, $3 - 1, now())
		ON CONFLICT (key) DO UPDATE SET tokens = LEAST($3, b.tokens + EXTRACT(EPOCH FROM now() - b.at) * $2) - 1, at = now()
		WHERE LEAST($3, b.tokens + EXTRACT(EPOCH FROM now() - b.at) * $2) >= 1
		RETURNING tokens`, key, rate, burst).Scan(&left)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// SweepLimits implements Shared.
func (p *Postgres) SweepLimits(ctx context.Context) (err error) {
	defer p.obs.done("sweep-limits", time.Now(), &err)
	if _, err := p.pool.Exec(ctx, `DELETE FROM rate_buckets WHERE at < now() - interval '1 hour'`); err != nil {
		return err
	}
	_, err = p.pool.Exec(ctx, `DELETE FROM owned_games WHERE expires < now()`)
	return err
}

// OwnGame implements Shared: an owner's games are counted and added under a
// lock of the owner's (a transaction's advisory lock), so that instances
// adding games at once never go over most.
func (p *Postgres) OwnGame(ctx context.Context, id, owner string, most int, ttl time.Duration) (n int, ok bool, err error) {
	defer p.obs.done("own-game", time.Now(), &err)
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return 0, false, err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('smashup owner ' || $1))`, owner); err != nil {
		return 0, false, err
	}
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM owned_games WHERE owner = $1 AND expires > now()`, owner).Scan(&n); err != nil {
		return 0, false, err
	}
	if most > 0 && n >= most {
		return n, false, nil
	}
	if _, err := tx.Exec(ctx, `DELETE FROM owned_games WHERE owner = $1 AND expires <= now()`, owner); err != nil {
		return 0, false, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO owned_games (game_id, owner, expires) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
		ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires`, id, owner, ttl.Milliseconds()); err != nil {
		return 0, false, err
	}
	return n, true, tx.Commit(ctx)
}

// RenewOwned implements Shared.
func (p *Postgres) RenewOwned(ctx context.Context, ids []string, ttl time.Duration) (err error) {
	defer p.obs.done("renew-owned", time.Now(), &err)
	_, err = p.pool.Exec(ctx, `UPDATE owned_games SET expires = now() + $2 * interval '1 millisecond' WHERE game_id = ANY($1)`, ids, ttl.Milliseconds())
	return err
}

// DisownGame implements Shared.
func (p *Postgres) DisownGame(ctx context.Context, id string) (err error) {
	defer p.obs.done("disown-game", time.Now(), &err)
	_, err = p.pool.Exec(ctx, `DELETE FROM owned_games WHERE game_id = $1`, id)
	return err
}
