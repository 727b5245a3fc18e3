package store

import (
	"context"
	"database/sql"
	"time"
)

// What a store keeps, and for how long (docs/operating.md, "What is kept").
//
// Each game row says, besides its configuration and log:
//
//   - work: the server has an answer to make in it (a computer seat's
//     decision is pending). The server marks it as that changes (Mark), so
//     that an instance restarting loads only those games (Resumable): every
//     other game is loaded when a page first asks for it. (Several instances
//     find theirs by the games' leases instead: lease.go.)
//   - ended: when the game was found over (Mark), and updated: when its
//     last move was appended (or it was created). Purge deletes the games
//     ended longer ago than the operator keeps finished games, and the
//     unfinished ones without a move for longer than they keep abandoned
//     games; by default nothing is ever deleted.
//
// A database made before these columns marks every game as having work
// when it gets them: its first start loads each game once, which marks it
// truly (and the finished ones as ended, from then).

// sqliteKeepUpgrade adds the columns to an older SQLite database.
func sqliteKeepUpgrade(tx *sql.Tx) error {
	added := false
	for _, c := range []string{"work", "ended", "updated"} {
		var n int
		if err := tx.QueryRow(`SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = ?`, c).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			if _, err := tx.Exec(`ALTER TABLE games ADD COLUMN ` + c + ` INTEGER`); err != nil {
				return err
			}
			added = true
		}
	}
	if added {
		_, err := tx.Exec(`UPDATE games SET work = true, updated = ? WHERE work IS NULL`, time.Now().UnixMilli())
		return err
	}
	return nil
}

// Mark implements Store.
func (s *SQLite) Mark(ctx context.Context, id string, work, over bool) (err error) {
	defer s.obs.done("mark", time.Now(), &err)
	r, err := s.db.ExecContext(ctx, `UPDATE games SET work = ?,
		ended = CASE WHEN ? THEN COALESCE(ended, ?) END WHERE id = ?`, work, over, time.Now().UnixMilli(), id)
	if err != nil {
		return err
	}
	if n, err := r.RowsAffected(); err == nil && n == 0 {
		return ErrNotFound
	}
	return err
}

// Resumable implements Store.
func (s *SQLite) Resumable(ctx context.Context) (ids []string, err error) {
	defer s.obs.done("resumable", time.Now(), &err)
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE work AND ended IS NULL ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readIDs(rows)
}

// Purge implements Store.
func (s *SQLite) Purge(ctx context.Context, done, idle time.Duration) (ids []string, err error) {
	defer s.obs.done("purge", time.Now(), &err)
	if done <= 0 && idle <= 0 {
		return nil, nil
	}
	now := time.Now()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id FROM games WHERE
		(? AND ended IS NOT NULL AND ended < ?) OR (? AND ended IS NULL AND COALESCE(updated, 0) < ?) ORDER BY seq`,
		done > 0, now.Add(-done).UnixMilli(), idle > 0, now.Add(-idle).UnixMilli())
	if err != nil {
		return nil, err
	}
	ids, err = readIDs(rows)
	rows.Close()
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, reviewsTable); err != nil {
		return nil, err
	}
	for _, id := range ids {
		for _, q := range []string{`DELETE FROM moves WHERE game_id = ?`, `DELETE FROM reviews WHERE game_id = ?`, `DELETE FROM talk WHERE game_id = ?`, `DELETE FROM player_seats WHERE game_id = ?`, `DELETE FROM turn_clocks WHERE game_id = ?`, `DELETE FROM games WHERE id = ?`} {
			if _, err := tx.ExecContext(ctx, q, id); err != nil {
				return nil, err
			}
		}
	}
	return ids, tx.Commit()
}

// Mark implements Store.
func (p *Postgres) Mark(ctx context.Context, id string, work, over bool) (err error) {
	defer p.obs.done("mark", time.Now(), &err)
	tag, err := p.pool.Exec(ctx, `UPDATE games SET work = $2,
		ended = CASE WHEN $3 THEN COALESCE(ended, now()) END WHERE id = $1`, id, work, over)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// Resumable implements Store.
func (p *Postgres) Resumable(ctx context.Context) (ids []string, err error) {
	defer p.obs.done("resumable", time.Now(), &err)
	rows, err := p.pool.Query(ctx, `SELECT id FROM games WHERE work AND ended IS NULL ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readIDs(rows)
}

// Purge implements Store: the games go with their moves, reviews, leases
// and presence rows, all in one transaction.
func (p *Postgres) Purge(ctx context.Context, done, idle time.Duration) (ids []string, err error) {
	defer p.obs.done("purge", time.Now(), &err)
	if done <= 0 && idle <= 0 {
		return nil, nil
	}
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id FROM games WHERE
		($1 AND ended < now() - $2 * interval '1 millisecond') OR ($3 AND ended IS NULL AND updated < now() - $4 * interval '1 millisecond')
		ORDER BY seq FOR UPDATE`, done > 0, done.Milliseconds(), idle > 0, idle.Milliseconds())
	if err != nil {
		return nil, err
	}
	ids, err = readIDs(rows)
	rows.Close()
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	if _, err := tx.Exec(ctx, reviewsTable); err != nil {
		return nil, err
	}
	for _, q := range []string{`DELETE FROM moves WHERE game_id = ANY($1)`, `DELETE FROM reviews WHERE game_id = ANY($1)`, `DELETE FROM talk WHERE game_id = ANY($1)`, `DELETE FROM player_seats WHERE game_id = ANY($1)`, `DELETE FROM turn_clocks WHERE game_id = ANY($1)`,
		`DELETE FROM game_leases WHERE game_id = ANY($1)`, `DELETE FROM presence WHERE game_id = ANY($1)`, `DELETE FROM games WHERE id = ANY($1)`} {
		if _, err := tx.Exec(ctx, q, ids); err != nil {
			return nil, err
		}
	}
	return ids, tx.Commit(ctx)
}
