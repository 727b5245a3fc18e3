// Package store keeps games durable: each game's configuration and its log of
// decisions, appended one move at a time inside a transaction. A game is
// restored by replaying its log, so the log is the only truth.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrConflict is returned when a move number is already taken (a stale or
// duplicated request, or another server instance that wrote first).
var ErrConflict = errors.New("store: move number already recorded")

// ErrNotFound is returned for an unknown game.
var ErrNotFound = errors.New("store: no such game")

// Kinds of stored moves.
const (
	KindGame  = "game"  // a decision of the game: Choice is an engine.Choice in its text form
	KindDraft = "draft" // a pick of the faction draft: Choice is the faction's name
)

// Move is one stored decision, described by what it is: its kind, the
// position of the option among those offered, and what that option was.
// A move stored before the schema knew kinds reads with Kind "" (legacy):
// it holds a position only and must be migrated before it is trusted.
type Move struct {
	Kind   string
	Option int
	Choice string
}

// Game is a stored game.
type Game struct {
	Config []byte
	// Fingerprint is the rules fingerprint of the build that recorded the
	// game (engine.RulesFingerprint); "" for a game stored before
	// fingerprints were (a legacy game, to be migrated).
	Fingerprint string
	// Problem, when set, says why a legacy game could not be migrated: it is
	// kept, read-only, and never replayed.
	Problem string
	Moves   []Move
	// Work and Over are what Mark last recorded (keep.go).
	Work, Over bool
}

// Legacy reports whether the game still holds moves by position only.
func (g *Game) Legacy() bool {
	if g.Fingerprint == "" {
		return true
	}
	for _, m := range g.Moves {
		if m.Kind == "" {
			return true
		}
	}
	return false
}

// Store is a durable home for games. Its errors are its answers
// (ErrConflict, ErrNotFound, ErrNewerSchema) or failures, which wrap
// ErrUnavailable (errors.go).
type Store interface {
	// Create records a new game with its configuration (opaque JSON) and the
	// rules fingerprint of the build that creates it.
	Create(ctx context.Context, id string, config []byte, fingerprint string) error
	// SetConfig replaces a game's configuration (a seat claimed, an invite
	// issued again, the game started): ErrNotFound when there is no such
	// game. A shared store tells the other instances (Notifier, n = -1).
	SetConfig(ctx context.Context, id string, config []byte) error
	// SwapConfig replaces a game's configuration only if it is still old
	// (byte for byte, as Load returned it or the last SetConfig or
	// SwapConfig wrote it): ErrConflict when it is not (another request or
	// instance changed it first), ErrNotFound when there is no such game.
	// A shared store tells the other instances as SetConfig does.
	SwapConfig(ctx context.Context, id string, old, config []byte) error
	// Append records move n (0-based) of game id. n must equal the number of
	// moves already recorded.
	Append(ctx context.Context, id string, n int, m Move) error
	// Load returns a game's configuration, fingerprint and moves in order.
	Load(ctx context.Context, id string) (*Game, error)
	// List returns the ids of every game, oldest first.
	List(ctx context.Context) ([]string, error)
	// Migrate turns a legacy game's moves into self-describing ones: moves
	// (as many as stored) with their kinds and choices, and the fingerprint
	// of the build that replayed them; or, when problem is set, marks the
	// game as impossible to migrate. It returns ErrConflict when the game is
	// no longer legacy or its moves changed meanwhile.
	Migrate(ctx context.Context, id, fingerprint string, moves []Move, problem string) error
	// Mark records what a restart needs to know of a game: whether the
	// server has an answer to make in it (its computer seats carry on after
	// a restart: Resumable lists it), and whether it is over (from then on
	// its age counts for Purge). See keep.go.
	Mark(ctx context.Context, id string, work, over bool) error
	// Resumable returns the unfinished games marked as having server work,
	// oldest first.
	Resumable(ctx context.Context) ([]string, error)
	// Purge deletes, with their moves and reviews, the games over for
	// longer than done and the unfinished ones without a move for longer
	// than idle (0: never), and returns their ids.
	Purge(ctx context.Context, done, idle time.Duration) ([]string, error)
	// Ping checks, cheaply, that the store can be reached (for /readyz):
	// an error wrapping ErrUnavailable when it cannot.
	Ping(ctx context.Context) error
	Close() error
}

// SchemaVersion is the version of the database layout this build writes.
// Version 1 (no version recorded) stored moves by position only; version 2
// adds the rules fingerprint of each game and the kind and choice of each move.
const SchemaVersion = 2

// ErrNewerSchema is returned when a database was written by a newer build.
var ErrNewerSchema = errors.New("store: the database was written by a newer smashup")

// Notifier is implemented by stores shared between server instances: it
// reports moves appended by any instance. ready is called each time the
// subscription is (re)established; moves appended before that are not reported.
type Notifier interface {
	Listen(ctx context.Context, ready func(), fn func(id string, n int)) error
}

// rows is what both database drivers' query results offer.
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// readMoves reads (n, option, kind, choice) rows in order, refusing a gap in
// the numbering.
func readMoves(id string, r rows) ([]Move, error) {
	var moves []Move
	for r.Next() {
		var n, o int
		var kind, choice *string
		if err := r.Scan(&n, &o, &kind, &choice); err != nil {
			return nil, err
		}
		if n != len(moves) {
			return nil, fmt.Errorf("store: game %s has a gap in its moves at %d", id, len(moves))
		}
		m := Move{Option: o}
		if kind != nil {
			m.Kind = *kind
		}
		if choice != nil {
			m.Choice = *choice
		}
		if m.Kind != "" && m.Kind != KindGame && m.Kind != KindDraft {
			return nil, fmt.Errorf("store: game %s: move %d has unknown kind %q (written by a newer smashup?)", id, n, m.Kind)
		}
		moves = append(moves, m)
	}
	return moves, r.Err()
}

// gameColumns are the columns of a games row scanGame reads.
const gameColumns = `config, fingerprint, problem, COALESCE(work, false), ended IS NOT NULL`

// scanGame reads a games row (gameColumns); noRows is the driver's error
// for a missing row.
func scanGame(r interface{ Scan(dest ...any) error }, noRows error) (*Game, error) {
	var g Game
	var fp, problem *string
	err := r.Scan(&g.Config, &fp, &problem, &g.Work, &g.Over)
	if errors.Is(err, noRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if fp != nil {
		g.Fingerprint = *fp
	}
	if problem != nil {
		g.Problem = *problem
	}
	return &g, nil
}

// movesTable and metaTable are the tables both stores declare alike: the
// moves of every game, and the store's own settings (its schema version).
const (
	movesTable = `CREATE TABLE IF NOT EXISTS moves (
	game_id TEXT NOT NULL REFERENCES games(id),
	n       INTEGER NOT NULL,
	option  INTEGER NOT NULL,
	kind    TEXT,
	choice  TEXT,
	PRIMARY KEY (game_id, n)
);
`
	metaTable = `CREATE TABLE IF NOT EXISTS smashup_meta (
	k TEXT PRIMARY KEY,
	v INTEGER NOT NULL
);`
)

// loadGame reads a stored game: its row (scanGame, noRows meaning "no such
// game"), then its moves, which query runs only once the row is found and
// whose done closes the rows.
func loadGame(row interface{ Scan(dest ...any) error }, noRows error, id string, query func() (r rows, done func(), err error)) (*Game, error) {
	g, err := scanGame(row, noRows)
	if err != nil {
		return nil, err
	}
	r, done, err := query()
	if err != nil {
		return nil, err
	}
	defer done()
	if g.Moves, err = readMoves(id, r); err != nil {
		return nil, err
	}
	return g, nil
}

// checkMigration validates a Migrate call against the stored game g: it must
// still be legacy and, unless the call records a problem, the moves must be
// complete records of the stored ones.
func checkMigration(id string, g *Game, moves []Move, problem string) error {
	if !g.Legacy() {
		return ErrConflict
	}
	if problem != "" {
		return nil
	}
	stored := g.Moves
	if len(moves) != len(stored) {
		return ErrConflict
	}
	for i, m := range moves {
		if m.Option != stored[i].Option || (m.Kind != KindGame && m.Kind != KindDraft) || m.Choice == "" {
			return fmt.Errorf("store: game %s: migrated move %d is not a complete record of the stored one", id, i)
		}
	}
	return nil
}

// readIDs reads one string column.
func readIDs(r rows) ([]string, error) {
	var ids []string
	for r.Next() {
		var id string
		if err := r.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, r.Err()
}
