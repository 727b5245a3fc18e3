package server

import (
	"errors"
	"net/http"

	"github.com/smashup/smashup/internal/store"
)

// errStoreDown is what a client is told when the store fails (the database
// cannot be reached, a query failed): nothing of the failure itself, whose
// text may name the database, its host and its user. The detail goes to
// the server's log.
var errStoreDown = errors.New("the game store is unavailable; try again shortly")

// storeRetryAfter is the Retry-After (seconds) of a 503 for a store failure.
const storeRetryAfter = "5"

// storeDown answers 503 (errStoreDown, with Retry-After) when err is a
// failure of the store (store.ErrUnavailable), logging its detail, and
// reports whether it did. A store's answers (a conflict: a stale move; not
// found) are not failures and are left to the caller.
func (s *Server) storeDown(w http.ResponseWriter, r *http.Request, err error) bool {
	if !errors.Is(err, store.ErrUnavailable) {
		return false
	}
	path := ""
	if r != nil {
		path = r.URL.Path
	}
	s.log().Error("the store failed; answered 503", "path", path, "err", err)
	w.Header().Set("Retry-After", storeRetryAfter)
	writeJSON(w, http.StatusServiceUnavailable, apiError{errStoreDown.Error()})
	return true
}
