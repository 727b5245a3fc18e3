// Package store keeps games durable: each game's configuration and its log of
// decisions, appended one move at a time inside a transaction. A game is
// restored by replaying its log, so the log is the only truth.
package store

import (
	"context"
	"errors"
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
