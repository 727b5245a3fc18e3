package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// People, open tables and ratings (docs/anyone.md): what a store keeps so
// that strangers can find each other and be rated, both stores alike.
//
//   - players: a person's lasting identity. The browser holds a secret key;
//     the store keeps only its hash (KeyHash), with a public id, the
//     display name (unique, compared folded: NameKey) and the rating
//     (Mu, Sigma; Games and Wins count rated games only).
//   - listings: the lobby's open tables and live public games, one row per
//     public game: what the lobby may show of it (Info, public JSON made by
//     package table), its status, how many seats it has and how many are
//     free. The row is an advertisement: a seat is taken by the
//     compare-and-swap of the game's configuration (SwapConfig), never by
//     this row, so a stale row can only lead to "the table is full".
//   - player_games: each identified person's result of each finished public
//     game (place, factions, whether it was rated, and the rating before and
//     after), written once per game by RecordResult.
//
// These tables hold no reference to games (a purged game's results stay in
// the players' histories; its listing goes, as listings are read joined to
// the games).

// ErrNameTaken: another player has this display name (compared folded).
var ErrNameTaken = fmt.Errorf("%w: the name is taken", ErrConflict)

// Player is a person's identity and rating.
type Player struct {
	ID      string
	Name    string
	KeyHash string // never sent anywhere
	Mu      float64
	Sigma   float64
	Games   int // rated games
	Wins    int // rated games won
	Created time.Time
}

// Rating is a skill belief as the store keeps it (package rating's).
type Rating struct{ Mu, Sigma float64 }

// Listing is a public game as the lobby lists it.
type Listing struct {
	Game    string
	Status  string // ListOpen, ListLive or ListOver
	Seats   int
	Free    int
	Info    []byte // public JSON
	Created time.Time
	Updated time.Time
}

// Listing statuses.
const (
	ListOpen = "open" // waiting for people to take its free seats
	ListLive = "live" // dealt, being played: spectators may watch
	ListOver = "over"
)

// Result is one identified person's result of a finished public game.
type Result struct {
	Game     string
	Player   string
	Name     string // the player's name when the game ended
	Seat     int
	Place    int // 0 first, ties sharing
	Forfeit  bool
	Factions string // "A+B"
	Rated    bool
	Before   Rating
	After    Rating
	At       time.Time
}

// Players is what a store keeping identities, open tables and ratings
// offers (SQLite and PostgreSQL both do).
type Players interface {
	// CreatePlayer records a new identity: ErrNameTaken when its name
	// (folded: NameKey) is another's.
	CreatePlayer(ctx context.Context, p Player) error
	// PlayerByKey finds the identity whose key hashes to keyHash, Player
	// by its public id: ErrNotFound when none.
	PlayerByKey(ctx context.Context, keyHash string) (Player, error)
	Player(ctx context.Context, id string) (Player, error)
	// RenamePlayer changes a player's name: ErrNameTaken, ErrNotFound.
	RenamePlayer(ctx context.Context, id, name string) error
	// PutListing records (or replaces) a public game's listing.
	PutListing(ctx context.Context, l Listing) error
	// Listings returns up to limit listings of status updated since since,
	// of seats seats (0: any), with a free seat when status is ListOpen,
	// the longest waiting first (oldest Created).
	Listings(ctx context.Context, status string, seats int, since time.Time, limit int) ([]Listing, error)
	// Listing returns one game's listing (ErrNotFound).
	Listing(ctx context.Context, game string) (Listing, error)
	// RecordResult records a finished game's results, once: ErrConflict
	// when the game has results already (another instance recorded them
	// first: GameResults has them). For a rated game, rate is given the
	// players' ratings before the game (in the order of results, read
	// under a lock of each player, so that two games ending at once never
	// lose a change) and returns them after; their Games and Wins (Place
	// 0) are counted. The results are returned as recorded.
	RecordResult(ctx context.Context, game string, rated bool, results []Result, rate func([]Rating) []Rating) ([]Result, error)
	// GameResults returns a game's results, by seat (none: not recorded).
	GameResults(ctx context.Context, game string) ([]Result, error)
	// PlayerResults returns a player's most recent results, newest first.
	PlayerResults(ctx context.Context, player string, limit int) ([]Result, error)
	// Leaderboard returns the rated players (at least one rated game) by
	// their ordinal (Mu - 3 Sigma), best first, from offset.
	Leaderboard(ctx context.Context, limit, offset int) ([]Player, error)
}

// NameKey is the form names are compared in for uniqueness: lower case,
// spaces folded.
func NameKey(name string) string { return strings.Join(strings.Fields(strings.ToLower(name)), " ") }

const playersSchema = `
CREATE TABLE IF NOT EXISTS players (
	id       TEXT PRIMARY KEY,
	key_hash TEXT NOT NULL UNIQUE,
	name     TEXT NOT NULL,
	name_key TEXT NOT NULL UNIQUE,
	mu       DOUBLE PRECISION NOT NULL,
	sigma    DOUBLE PRECISION NOT NULL,
	games    INTEGER NOT NULL DEFAULT 0,
	wins     INTEGER NOT NULL DEFAULT 0,
	created  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS players_ordinal ON players ((mu - 3 * sigma));
CREATE TABLE IF NOT EXISTS listings (
	game_id TEXT PRIMARY KEY,
	status  TEXT NOT NULL,
	seats   INTEGER NOT NULL,
	free    INTEGER NOT NULL,
	info    TEXT NOT NULL,
	created BIGINT NOT NULL,
	updated BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS listings_status ON listings (status, created);
CREATE TABLE IF NOT EXISTS player_games (
	game_id      TEXT NOT NULL,
	player_id    TEXT NOT NULL,
	name         TEXT NOT NULL,
	seat         INTEGER NOT NULL,
	place        INTEGER NOT NULL,
	forfeit      BOOLEAN NOT NULL,
	factions     TEXT NOT NULL,
	rated        BOOLEAN NOT NULL,
	mu_before    DOUBLE PRECISION NOT NULL,
	sigma_before DOUBLE PRECISION NOT NULL,
	mu_after     DOUBLE PRECISION NOT NULL,
	sigma_after  DOUBLE PRECISION NOT NULL,
	at           BIGINT NOT NULL,
	PRIMARY KEY (game_id, player_id)
);
CREATE INDEX IF NOT EXISTS player_games_player ON player_games (player_id, at);
`

// db is what the players' code needs of either database: statements with
// ? placeholders (rewritten for PostgreSQL), a row that answers ErrNotFound
// when there is none, and a lock held to the end of the transaction.
type db interface {
	exec(ctx context.Context, q string, args ...any) (int64, error)
	row(ctx context.Context, q string, args ...any) scanner
	rows(ctx context.Context, q string, args ...any) (rows, func(), error)
	lock(ctx context.Context, key string) error
}

// sqliteDB is db over database/sql (a *sql.DB or a *sql.Tx).
type sqliteDB struct {
	q interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	}
}

func (d sqliteDB) exec(ctx context.Context, q string, args ...any) (int64, error) {
	r, err := d.q.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return r.RowsAffected()
}

func (d sqliteDB) row(ctx context.Context, q string, args ...any) scanner {
	return noRow{d.q.QueryRowContext(ctx, q, args...), sql.ErrNoRows}
}

func (d sqliteDB) rows(ctx context.Context, q string, args ...any) (rows, func(), error) {
	r, err := d.q.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, nil, err
	}
	return r, func() { r.Close() }, nil
}

// lock: SQLite has one connection (OpenSQLite), which a transaction holds.
func (d sqliteDB) lock(context.Context, string) error { return nil }

// pgDB is db over pgx (the pool or a transaction).
type pgDB struct {
	q interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	}
}

// rebind turns ? placeholders into $1, $2, ...
func rebind(q string) string {
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (d pgDB) exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := d.q.Exec(ctx, rebind(q), args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (d pgDB) row(ctx context.Context, q string, args ...any) scanner {
	return noRow{d.q.QueryRow(ctx, rebind(q), args...), pgx.ErrNoRows}
}

func (d pgDB) rows(ctx context.Context, q string, args ...any) (rows, func(), error) {
	r, err := d.q.Query(ctx, rebind(q), args...)
	if err != nil {
		return nil, nil, err
	}
	return r, r.Close, nil
}

func (d pgDB) lock(ctx context.Context, key string) error {
	_, err := d.q.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, key)
	return err
}

// noRow answers ErrNotFound for a missing row.
type noRow struct {
	r      scanner
	noRows error
}

func (n noRow) Scan(dest ...any) error {
	err := n.r.Scan(dest...)
	if errors.Is(err, n.noRows) {
		return ErrNotFound
	}
	return err
}

// inTx runs f in a transaction of s, committed when f returns nil.
func (s *SQLite) inTx(ctx context.Context, f func(db) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(sqliteDB{tx}); err != nil {
		return err
	}
	return tx.Commit()
}

func (p *Postgres) inTx(ctx context.Context, f func(db) error) error {
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := f(pgDB{tx}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (s *SQLite) plain() db   { return sqliteDB{s.db} }
func (p *Postgres) plain() db { return pgDB{p.pool} }

// --- the shared logic (both stores) ---

const playerColumns = `id, name, key_hash, mu, sigma, games, wins, created`

func scanPlayer(r scanner) (Player, error) {
	var p Player
	var created int64
	if err := r.Scan(&p.ID, &p.Name, &p.KeyHash, &p.Mu, &p.Sigma, &p.Games, &p.Wins, &created); err != nil {
		return Player{}, err
	}
	p.Created = time.UnixMilli(created)
	return p, nil
}

func createPlayer(ctx context.Context, d db, p Player, unique func(error) bool) error {
	if p.Created.IsZero() {
		p.Created = time.Now()
	}
	_, err := d.exec(ctx, `INSERT INTO players (`+playerColumns+`, name_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.Name, p.KeyHash, p.Mu, p.Sigma, p.Games, p.Wins, p.Created.UnixMilli(), NameKey(p.Name))
	if unique(err) {
		return ErrNameTaken // an id or a key hash taken is as likely as guessing one
	}
	return err
}

func renamePlayer(ctx context.Context, d db, id, name string, unique func(error) bool) error {
	n, err := d.exec(ctx, `UPDATE players SET name = ?, name_key = ? WHERE id = ?`, name, NameKey(name), id)
	if unique(err) {
		return ErrNameTaken
	}
	if err == nil && n == 0 {
		return ErrNotFound
	}
	return err
}

func putListing(ctx context.Context, d db, l Listing) error {
	if l.Updated.IsZero() {
		l.Updated = time.Now()
	}
	_, err := d.exec(ctx, `INSERT INTO listings (game_id, status, seats, free, info, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET status = excluded.status, seats = excluded.seats, free = excluded.free,
			info = excluded.info, updated = excluded.updated`,
		l.Game, l.Status, l.Seats, l.Free, string(l.Info), l.Created.UnixMilli(), l.Updated.UnixMilli())
	return err
}

const listingColumns = `l.game_id, l.status, l.seats, l.free, l.info, l.created, l.updated`

func scanListing(r scanner) (Listing, error) {
	var l Listing
	var info string
	var created, updated int64
	if err := r.Scan(&l.Game, &l.Status, &l.Seats, &l.Free, &info, &created, &updated); err != nil {
		return Listing{}, err
	}
	l.Info, l.Created, l.Updated = []byte(info), time.UnixMilli(created), time.UnixMilli(updated)
	return l, nil
}

func listings(ctx context.Context, d db, status string, seats int, since time.Time, limit int) ([]Listing, error) {
	r, done, err := d.rows(ctx, `SELECT `+listingColumns+` FROM listings l JOIN games g ON g.id = l.game_id
		WHERE l.status = ? AND l.updated >= ? AND (? = 0 OR l.seats = ?) AND (? <> 'open' OR l.free > 0)
		ORDER BY l.created, l.game_id LIMIT ?`, status, since.UnixMilli(), seats, seats, status, limit)
	if err != nil {
		return nil, err
	}
	defer done()
	var out []Listing
	for r.Next() {
		l, err := scanListing(r)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, r.Err()
}

func listing(ctx context.Context, d db, game string) (Listing, error) {
	return scanListing(d.row(ctx, `SELECT `+listingColumns+` FROM listings l JOIN games g ON g.id = l.game_id WHERE l.game_id = ?`, game))
}

const resultColumns = `game_id, player_id, name, seat, place, forfeit, factions, rated, mu_before, sigma_before, mu_after, sigma_after, at`

func scanResults(r rows) ([]Result, error) {
	var out []Result
	for r.Next() {
		var x Result
		var at int64
		if err := r.Scan(&x.Game, &x.Player, &x.Name, &x.Seat, &x.Place, &x.Forfeit, &x.Factions, &x.Rated,
			&x.Before.Mu, &x.Before.Sigma, &x.After.Mu, &x.After.Sigma, &at); err != nil {
			return nil, err
		}
		x.At = time.UnixMilli(at)
		out = append(out, x)
	}
	return out, r.Err()
}

func queryResults(ctx context.Context, d db, q string, args ...any) ([]Result, error) {
	r, done, err := d.rows(ctx, `SELECT `+resultColumns+` FROM player_games `+q, args...)
	if err != nil {
		return nil, err
	}
	defer done()
	return scanResults(r)
}

// recordResult is RecordResult in a transaction d: the game's lock first
// (a second recording waits, then finds the rows), then each player's, in
// the order of their ids (two games ending at once never wait on each
// other in a circle).
func recordResult(ctx context.Context, d db, game string, rated bool, results []Result, rate func([]Rating) []Rating) ([]Result, error) {
	if err := d.lock(ctx, "smashup result "+game); err != nil {
		return nil, err
	}
	var n int
	if err := d.row(ctx, `SELECT COUNT(*) FROM player_games WHERE game_id = ?`, game).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, ErrConflict
	}
	ids := make([]string, 0, len(results))
	for _, r := range results {
		ids = append(ids, r.Player)
	}
	sort.Strings(ids)
	for i, id := range ids {
		if i > 0 && ids[i-1] == id {
			return nil, fmt.Errorf("store: game %s: player %s has two results", game, id)
		}
		if err := d.lock(ctx, "smashup player "+id); err != nil {
			return nil, err
		}
	}
	before := make([]Rating, len(results))
	for i, r := range results {
		if err := d.row(ctx, `SELECT mu, sigma FROM players WHERE id = ?`, r.Player).Scan(&before[i].Mu, &before[i].Sigma); err != nil {
			return nil, fmt.Errorf("store: game %s: player %s: %w", game, r.Player, err)
		}
	}
	after := before
	if rated && rate != nil {
		after = rate(before)
		if len(after) != len(before) {
			return nil, fmt.Errorf("store: game %s: %d ratings for %d players", game, len(after), len(before))
		}
	}
	out := make([]Result, len(results))
	now := time.Now()
	for i, r := range results {
		r.Game, r.Rated, r.Before, r.After = game, rated, before[i], after[i]
		if r.At.IsZero() {
			r.At = now
		}
		out[i] = r
		if _, err := d.exec(ctx, `INSERT INTO player_games (`+resultColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			game, r.Player, r.Name, r.Seat, r.Place, r.Forfeit, r.Factions, rated, r.Before.Mu, r.Before.Sigma, r.After.Mu, r.After.Sigma, r.At.UnixMilli()); err != nil {
			return nil, err
		}
		if rated {
			win := 0
			if r.Place == 0 && !r.Forfeit {
				win = 1
			}
			if _, err := d.exec(ctx, `UPDATE players SET mu = ?, sigma = ?, games = games + 1, wins = wins + ? WHERE id = ?`,
				r.After.Mu, r.After.Sigma, win, r.Player); err != nil {
				return nil, err
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seat < out[j].Seat })
	return out, nil
}

func leaderboard(ctx context.Context, d db, limit, offset int) ([]Player, error) {
	r, done, err := d.rows(ctx, `SELECT `+playerColumns+` FROM players WHERE games > 0 ORDER BY (mu - 3 * sigma) DESC, id LIMIT ? OFFSET ?`, limit, offset)
	if err != nil {
		return nil, err
	}
	defer done()
	var out []Player
	for r.Next() {
		p, err := scanPlayer(r)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, r.Err()
}

// --- SQLite ---

// CreatePlayer implements Players.
func (s *SQLite) CreatePlayer(ctx context.Context, p Player) (err error) {
	defer s.obs.done("create-player", time.Now(), &err)
	return createPlayer(ctx, s.plain(), p, isUnique)
}

// PlayerByKey implements Players.
func (s *SQLite) PlayerByKey(ctx context.Context, keyHash string) (_ Player, err error) {
	defer s.obs.done("player", time.Now(), &err)
	return playerByKey(ctx, s.plain(), keyHash)
}

// Player implements Players.
func (s *SQLite) Player(ctx context.Context, id string) (_ Player, err error) {
	defer s.obs.done("player", time.Now(), &err)
	return scanPlayer(s.plain().row(ctx, `SELECT `+playerColumns+` FROM players WHERE id = ?`, id))
}

// RenamePlayer implements Players.
func (s *SQLite) RenamePlayer(ctx context.Context, id, name string) (err error) {
	defer s.obs.done("rename-player", time.Now(), &err)
	return renamePlayer(ctx, s.plain(), id, name, isUnique)
}

// PutListing implements Players.
func (s *SQLite) PutListing(ctx context.Context, l Listing) (err error) {
	defer s.obs.done("put-listing", time.Now(), &err)
	return putListing(ctx, s.plain(), l)
}

// Listings implements Players.
func (s *SQLite) Listings(ctx context.Context, status string, seats int, since time.Time, limit int) (_ []Listing, err error) {
	defer s.obs.done("listings", time.Now(), &err)
	return listings(ctx, s.plain(), status, seats, since, limit)
}

// Listing implements Players.
func (s *SQLite) Listing(ctx context.Context, game string) (_ Listing, err error) {
	defer s.obs.done("listing", time.Now(), &err)
	return listing(ctx, s.plain(), game)
}

// RecordResult implements Players.
func (s *SQLite) RecordResult(ctx context.Context, game string, rated bool, results []Result, rate func([]Rating) []Rating) (out []Result, err error) {
	defer s.obs.done("record-result", time.Now(), &err)
	err = s.inTx(ctx, func(d db) error {
		out, err = recordResult(ctx, d, game, rated, results, rate)
		return err
	})
	return out, err
}

// GameResults implements Players.
func (s *SQLite) GameResults(ctx context.Context, game string) (_ []Result, err error) {
	defer s.obs.done("game-results", time.Now(), &err)
	return queryResults(ctx, s.plain(), `WHERE game_id = ? ORDER BY seat`, game)
}

// PlayerResults implements Players.
func (s *SQLite) PlayerResults(ctx context.Context, player string, limit int) (_ []Result, err error) {
	defer s.obs.done("player-results", time.Now(), &err)
	return queryResults(ctx, s.plain(), `WHERE player_id = ? ORDER BY at DESC, game_id LIMIT ?`, player, limit)
}

// Leaderboard implements Players.
func (s *SQLite) Leaderboard(ctx context.Context, limit, offset int) (_ []Player, err error) {
	defer s.obs.done("leaderboard", time.Now(), &err)
	return leaderboard(ctx, s.plain(), limit, offset)
}

// --- PostgreSQL ---

// CreatePlayer implements Players.
func (p *Postgres) CreatePlayer(ctx context.Context, pl Player) (err error) {
	defer p.obs.done("create-player", time.Now(), &err)
	return createPlayer(ctx, p.plain(), pl, pgUnique)
}

// PlayerByKey implements Players.
func (p *Postgres) PlayerByKey(ctx context.Context, keyHash string) (_ Player, err error) {
	defer p.obs.done("player", time.Now(), &err)
	return playerByKey(ctx, p.plain(), keyHash)
}

// Player implements Players.
func (p *Postgres) Player(ctx context.Context, id string) (_ Player, err error) {
	defer p.obs.done("player", time.Now(), &err)
	return scanPlayer(p.plain().row(ctx, `SELECT `+playerColumns+` FROM players WHERE id = ?`, id))
}

// RenamePlayer implements Players.
func (p *Postgres) RenamePlayer(ctx context.Context, id, name string) (err error) {
	defer p.obs.done("rename-player", time.Now(), &err)
	return renamePlayer(ctx, p.plain(), id, name, pgUnique)
}

// PutListing implements Players.
func (p *Postgres) PutListing(ctx context.Context, l Listing) (err error) {
	defer p.obs.done("put-listing", time.Now(), &err)
	return putListing(ctx, p.plain(), l)
}

// Listings implements Players.
func (p *Postgres) Listings(ctx context.Context, status string, seats int, since time.Time, limit int) (_ []Listing, err error) {
	defer p.obs.done("listings", time.Now(), &err)
	return listings(ctx, p.plain(), status, seats, since, limit)
}

// Listing implements Players.
func (p *Postgres) Listing(ctx context.Context, game string) (_ Listing, err error) {
	defer p.obs.done("listing", time.Now(), &err)
	return listing(ctx, p.plain(), game)
}

// RecordResult implements Players.
func (p *Postgres) RecordResult(ctx context.Context, game string, rated bool, results []Result, rate func([]Rating) []Rating) (out []Result, err error) {
	defer p.obs.done("record-result", time.Now(), &err)
	err = p.inTx(ctx, func(d db) error {
		out, err = recordResult(ctx, d, game, rated, results, rate)
		return err
	})
	return out, err
}

// GameResults implements Players.
func (p *Postgres) GameResults(ctx context.Context, game string) (_ []Result, err error) {
	defer p.obs.done("game-results", time.Now(), &err)
	return queryResults(ctx, p.plain(), `WHERE game_id = ? ORDER BY seat`, game)
}

// PlayerResults implements Players.
func (p *Postgres) PlayerResults(ctx context.Context, player string, limit int) (_ []Result, err error) {
	defer p.obs.done("player-results", time.Now(), &err)
	return queryResults(ctx, p.plain(), `WHERE player_id = ? ORDER BY at DESC, game_id LIMIT ?`, player, limit)
}

// Leaderboard implements Players.
func (p *Postgres) Leaderboard(ctx context.Context, limit, offset int) (_ []Player, err error) {
	defer p.obs.done("leaderboard", time.Now(), &err)
	return leaderboard(ctx, p.plain(), limit, offset)
}
