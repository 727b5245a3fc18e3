package store

import (
	"context"
	"time"
)

// Each identified person's seats (docs/anyone.md): which games they sit
// at, and whether it is their decision, so that "My games" comes from the
// server (every device of theirs, the games waiting on them first) and not
// from what one browser last saw. Package table rewrites a game's rows
// whenever one of them changes (its seats' people, whose decision it is,
// the end).

// PlayerSeat is a seat an identified person holds.
type PlayerSeat struct {
	Player  string
	Game    string
	Seat    int
	Token   string // the seat's key: the person's own, on any device
	Names   string // the seats' names, for the list ("Ann, Ben")
	Turn    bool   // the game waits on this seat's decision
	Over    bool
	Updated time.Time
}

// Seats is what a store keeping people's seats offers (SQLite and
// PostgreSQL both do).
type Seats interface {
	// PutSeats replaces game's rows with seats.
	PutSeats(ctx context.Context, game string, seats []PlayerSeat) error
	// PlayerSeats returns player's seats of stored games: those waiting on
	// them first, then unfinished, then the most recently changed.
	PlayerSeats(ctx context.Context, player string, limit int) ([]PlayerSeat, error)
}

const seatsSchema = `
CREATE TABLE IF NOT EXISTS player_seats (
	player_id TEXT NOT NULL,
	game_id   TEXT NOT NULL,
	seat      INTEGER NOT NULL,
	token     TEXT NOT NULL,
	names     TEXT NOT NULL,
	turn      BOOLEAN NOT NULL,
	over      BOOLEAN NOT NULL,
	updated   BIGINT NOT NULL,
	PRIMARY KEY (player_id, game_id)
);
CREATE INDEX IF NOT EXISTS player_seats_game ON player_seats (game_id);
`

func putSeats(ctx context.Context, d db, game string, seats []PlayerSeat) error {
	if _, err := d.exec(ctx, `DELETE FROM player_seats WHERE game_id = ?`, game); err != nil {
		return err
	}
	now := time.Now().UnixMilli()
	for _, s := range seats {
		if _, err := d.exec(ctx, `INSERT INTO player_seats (player_id, game_id, seat, token, names, turn, over, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			s.Player, game, s.Seat, s.Token, s.Names, s.Turn, s.Over, now); err != nil {
			return err
		}
	}
	return nil
}

func playerSeats(ctx context.Context, d db, player string, limit int) ([]PlayerSeat, error) {
	r, done, err := d.rows(ctx, `SELECT s.player_id, s.game_id, s.seat, s.token, s.names, s.turn, s.over, s.updated
		FROM player_seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = ?
		ORDER BY s.turn DESC, s.over, s.updated DESC, s.game_id LIMIT ?`, player, limit)
	if err != nil {
		return nil, err
	}
	defer done()
	var out []PlayerSeat
	for r.Next() {
		var s PlayerSeat
		var at int64
		if err := r.Scan(&s.Player, &s.Game, &s.Seat, &s.Token, &s.Names, &s.Turn, &s.Over, &at); err != nil {
			return nil, err
		}
		s.Updated = time.UnixMilli(at)
		out = append(out, s)
	}
	return out, r.Err()
}

// PutSeats implements Seats.
func (s *SQLite) PutSeats(ctx context.Context, game string, seats []PlayerSeat) (err error) {
	defer s.obs.done("put-seats", time.Now(), &err)
	return s.inTx(ctx, func(d db) error { return putSeats(ctx, d, game, seats) })
}

// PlayerSeats implements Seats.
func (s *SQLite) PlayerSeats(ctx context.Context, player string, limit int) (_ []PlayerSeat, err error) {
	defer s.obs.done("player-seats", time.Now(), &err)
	return playerSeats(ctx, s.plain(), player, limit)
}

// PutSeats implements Seats.
func (p *Postgres) PutSeats(ctx context.Context, game string, seats []PlayerSeat) (err error) {
	defer p.obs.done("put-seats", time.Now(), &err)
	return p.inTx(ctx, func(d db) error { return putSeats(ctx, d, game, seats) })
}

// PlayerSeats implements Seats.
func (p *Postgres) PlayerSeats(ctx context.Context, player string, limit int) (_ []PlayerSeat, err error) {
	defer p.obs.done("player-seats", time.Now(), &err)
	return playerSeats(ctx, p.plain(), player, limit)
}
