package store

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrUnavailable is wrapped by every error of a store that is not one of its
// answers (ErrConflict, ErrNotFound, ErrNewerSchema): the database could not
// be reached, a query failed, a timeout ran out. Such an error's text may
// name the database, its host and its user: it is for the operator's log,
// never for a client.
var ErrUnavailable = errors.New("store: unavailable")

// Error is a store's failure to do an operation; it wraps ErrUnavailable and
// the driver's error.
type Error struct {
	Op  string // the operation: create, set-config, append, load, list, migrate, ping, ...
	Err error
}

func (e *Error) Error() string { return "store: " + e.Op + ": " + e.Err.Error() }

// Unwrap gives both ErrUnavailable and the driver's error to errors.Is and
// errors.As.
func (e *Error) Unwrap() []error { return []error{ErrUnavailable, e.Err} }

// Unavailable wraps err, an error of operation op, as a failure of the store
// (an Error), unless it is nil, one of the store's answers (ErrConflict,
// ErrNotFound, ErrNewerSchema), a request given up by its caller
// (context.Canceled) or already wrapped. Every Store implementation passes
// its errors through it.
func Unavailable(op string, err error) error {
	var se *Error
	switch {
	case err == nil, errors.Is(err, ErrConflict), errors.Is(err, ErrNotFound), errors.Is(err, ErrNewerSchema),
		errors.Is(err, context.Canceled), errors.As(err, &se):
		return err
	}
	return &Error{Op: op, Err: err}
}

// Observer is told of every operation of a store: its name, how long it
// took and its error (nil when it succeeded; an Error when the store
// failed, see ErrUnavailable). It must not block.
type Observer func(op string, took time.Duration, err error)

// Observed is implemented by the stores that tell observers of their
// operations (both stores here): the server counts moves and store errors so.
type Observed interface {
	// Observe adds fn; stop removes it.
	Observe(fn Observer) (stop func())
}

// observers is the list of a store's observers.
type observers struct {
	mu   sync.Mutex
	next int
	fns  map[int]Observer
}

// Observe implements Observed.
func (o *observers) Observe(fn Observer) func() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fns == nil {
		o.fns = map[int]Observer{}
	}
	id := o.next
	o.next++
	o.fns[id] = fn
	return func() {
		o.mu.Lock()
		delete(o.fns, id)
		o.mu.Unlock()
	}
}

// done ends operation op begun at start: *errp is wrapped (Unavailable) and
// the observers are told. Use: defer o.done("op", time.Now(), &err).
func (o *observers) done(op string, start time.Time, errp *error) {
	*errp = Unavailable(op, *errp)
	o.mu.Lock()
	fns := make([]Observer, 0, len(o.fns))
	for _, fn := range o.fns {
		fns = append(fns, fn)
	}
	o.mu.Unlock()
	took := time.Since(start)
	for _, fn := range fns {
		fn(op, took, *errp)
	}
}
