// Package store keeps games durable: each game's configuration and its log of
// decisions, appended one move at a time inside a transaction. A game is
// restored by replaying its log, so the log is the only truth.
package store

import (
	"context"
	"errors"
	"fmt"
)

// ErrConflict is returned when a move number is already taken (a stale or
// duplicated request, or another server instance that wrote first).
var ErrConflict = errors.New("store: move number already recorded")

// ErrNotFound is returned for an unknown game.
var ErrNotFound = errors.New("store: no such game")

// Store is a durable home for games.
type Store interface {
	// Create records a new game with its configuration (opaque JSON).
	Create(ctx context.Context, id string, config []byte) error
	// Append records move n (0-based) of game id: the option index chosen.
	// n must equal the number of moves already recorded.
	Append(ctx context.Context, id string, n, option int) error
	// Load returns a game's configuration and its moves in order.
	Load(ctx context.Context, id string) (config []byte, moves []int, err error)
	// List returns the ids of every game, oldest first.
	List(ctx context.Context) ([]string, error)
	Close() error
}

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

// readMoves reads (n, option) rows in order, refusing a gap in the numbering.
func readMoves(id string, r rows) ([]int, error) {
	var moves []int
	for r.Next() {
		var n, o int
		if err := r.Scan(&n, &o); err != nil {
			return nil, err
		}
		if n != len(moves) {
			return nil, fmt.Errorf("store: game %s has a gap in its moves at %d", id, len(moves))
		}
		moves = append(moves, o)
	}
	return moves, r.Err()
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
