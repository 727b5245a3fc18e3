package store

import (
	"context"
	"time"
)

// Talking without abuse (docs/anyone.md): what is said at a table is one of
// the preset phrases (package table's), kept with its game in talk so that
// every instance shows it; PostgreSQL tells the other instances with the
// move notification's number TalkNote. A person's blocks (blocks: who
// blocked whom) keep Play now from seating them together.

// TalkNote is the move number of a notification that something was said
// at a table (Notifier).
const TalkNote = -2

// Said is one thing said at a table.
type Said struct {
	N      int // in the game, from 1
	Seat   int
	Phrase string
	At     time.Time
}

// Talk is what a store keeping table talk and blocks offers (SQLite and
// PostgreSQL both do).
type Talk interface {
	// Say records what seat said at game, numbered after the game's last.
	Say(ctx context.Context, game string, seat int, phrase string) (Said, error)
	// Talk returns the latest limit things said at game, oldest first.
	Talk(ctx context.Context, game string, limit int) ([]Said, error)
	// Block records (block) or forgets that player blocked other;
	// Blocked returns whom player blocked, and who blocked player.
	Block(ctx context.Context, player, other string, block bool) error
	Blocked(ctx context.Context, player string) (blocks, blockedBy []string, err error)
}

const talkSchema = `
CREATE TABLE IF NOT EXISTS talk (
	game_id TEXT NOT NULL,
	n       INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	phrase  TEXT NOT NULL,
	at      BIGINT NOT NULL,
	PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS blocks (
	player_id  TEXT NOT NULL,
	blocked_id TEXT NOT NULL,
	at         BIGINT NOT NULL,
	PRIMARY KEY (player_id, blocked_id)
);
CREATE INDEX IF NOT EXISTS blocks_blocked ON blocks (blocked_id);
`

// say numbers what is said under the game's lock (PostgreSQL; SQLite's one
// connection is the lock), and tells the other instances (notify).
func say(ctx context.Context, d db, game string, seat int, phrase string, notify func(db) error) (Said, error) {
	if err := d.lock(ctx, "smashup talk "+game); err != nil {
		return Said{}, err
	}
	x := Said{Seat: seat, Phrase: phrase, At: time.Now()}
	if err := d.row(ctx, `SELECT COALESCE(MAX(n), 0) + 1 FROM talk WHERE game_id = ?`, game).Scan(&x.N); err != nil {
		return Said{}, err
	}
	if _, err := d.exec(ctx, `INSERT INTO talk (game_id, n, seat, phrase, at) VALUES (?, ?, ?, ?, ?)`, game, x.N, seat, phrase, x.At.UnixMilli()); err != nil {
		return Said{}, err
	}
	if notify != nil {
		if err := notify(d); err != nil {
			return Said{}, err
		}
	}
	return x, nil
}

func talk(ctx context.Context, d db, game string, limit int) ([]Said, error) {
	r, done, err := d.rows(ctx, `SELECT n, seat, phrase, at FROM talk WHERE game_id = ? ORDER BY n DESC LIMIT ?`, game, limit)
	if err != nil {
		return nil, err
	}
	defer done()
	var out []Said
	for r.Next() {
		var x Said
		var at int64
		if err := r.Scan(&x.N, &x.Seat, &x.Phrase, &at); err != nil {
			return nil, err
		}
		x.At = time.UnixMilli(at)
		out = append(out, x)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, r.Err()
}

func block(ctx context.Context, d db, player, other string, on bool) error {
	if !on {
		_, err := d.exec(ctx, `DELETE FROM blocks WHERE player_id = ? AND blocked_id = ?`, player, other)
		return err
	}
	if _, err := d.exec(ctx, `DELETE FROM blocks WHERE player_id = ? AND blocked_id = ?`, player, other); err != nil {
		return err
	}
	_, err := d.exec(ctx, `INSERT INTO blocks (player_id, blocked_id, at) VALUES (?, ?, ?)`, player, other, time.Now().UnixMilli())
	return err
}

func blocked(ctx context.Context, d db, player string) (blocks, by []string, err error) {
	col := func(q string) ([]string, error) {
		r, done, err := d.rows(ctx, q, player)
		if err != nil {
			return nil, err
		}
		defer done()
		var out []string
		for r.Next() {
			var s string
			if err := r.Scan(&s); err != nil {
				return nil, err
			}
			out = append(out, s)
		}
		return out, r.Err()
	}
	if blocks, err = col(`SELECT blocked_id FROM blocks WHERE player_id = ? ORDER BY blocked_id`); err != nil {
		return nil, nil, err
	}
	by, err = col(`SELECT player_id FROM blocks WHERE blocked_id = ? ORDER BY player_id`)
	return blocks, by, err
}

// --- SQLite ---

// Say implements Talk.
func (s *SQLite) Say(ctx context.Context, game string, seat int, phrase string) (_ Said, err error) {
	defer s.obs.done("say", time.Now(), &err)
	var x Said
	err = s.inTx(ctx, func(d db) error {
		x, err = say(ctx, d, game, seat, phrase, nil)
		return err
	})
	return x, err
}

// Talk implements Talk.
func (s *SQLite) Talk(ctx context.Context, game string, limit int) (_ []Said, err error) {
	defer s.obs.done("talk", time.Now(), &err)
	return talk(ctx, s.plain(), game, limit)
}

// Block implements Talk.
func (s *SQLite) Block(ctx context.Context, player, other string, on bool) (err error) {
	defer s.obs.done("block", time.Now(), &err)
	return s.inTx(ctx, func(d db) error { return block(ctx, d, player, other, on) })
}

// Blocked implements Talk.
func (s *SQLite) Blocked(ctx context.Context, player string) (_, _ []string, err error) {
	defer s.obs.done("blocked", time.Now(), &err)
	return blocked(ctx, s.plain(), player)
}

// --- PostgreSQL ---

// Say implements Talk: the other instances are told (TalkNote).
func (p *Postgres) Say(ctx context.Context, game string, seat int, phrase string) (_ Said, err error) {
	defer p.obs.done("say", time.Now(), &err)
	var x Said
	err = p.inTx(ctx, func(d db) error {
		x, err = say(ctx, d, game, seat, phrase, func(d db) error {
			_, err := d.exec(ctx, `SELECT pg_notify(?, ?)`, pgChannel, game+":-2")
			return err
		})
		return err
	})
	return x, err
}

// Talk implements Talk.
func (p *Postgres) Talk(ctx context.Context, game string, limit int) (_ []Said, err error) {
	defer p.obs.done("talk", time.Now(), &err)
	return talk(ctx, p.plain(), game, limit)
}

// Block implements Talk.
func (p *Postgres) Block(ctx context.Context, player, other string, on bool) (err error) {
	defer p.obs.done("block", time.Now(), &err)
	return p.inTx(ctx, func(d db) error { return block(ctx, d, player, other, on) })
}

// Blocked implements Talk.
func (p *Postgres) Blocked(ctx context.Context, player string) (_, _ []string, err error) {
	defer p.obs.done("blocked", time.Now(), &err)
	return blocked(ctx, p.plain(), player)
}
