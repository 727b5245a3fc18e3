package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/smashup/smashup/internal/engine"
)

// readJSON decodes a request body strictly into v: at most limit bytes (413
// beyond), one JSON value with no unknown fields and nothing after it (400),
// and, with jsonOnly, a JSON content type (415: no form posted from another
// site can create games). It writes the error response itself and reports
// whether v was read.
func readJSON(w http.ResponseWriter, r *http.Request, limit int64, v any, jsonOnly bool) bool {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); jsonOnly && (err != nil || mt != "application/json") {
		writeJSON(w, http.StatusUnsupportedMediaType, apiError{"send the request as JSON (Content-Type: application/json)"})
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			err = errors.New("unexpected data after the JSON value")
		}
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeJSON(w, http.StatusRequestEntityTooLarge, apiError{fmt.Sprintf("the request is larger than %d bytes", limit)})
			return false
		}
		writeJSON(w, http.StatusBadRequest, apiError{"bad request: " + err.Error()})
		return false
	}
	return true
}

// seatAt is the seat numbered n in a request (NoSeat: no game has it).
func seatAt(n int) engine.Seat {
	if n < 0 || n >= engine.MaxPlayers {
		return engine.NoSeat
	}
	return engine.Seat(n)
}

// wsProtocol is the WebSocket subprotocol the game page asks for; a page
// that cannot set headers on a WebSocket sends its seat token as a second,
// offered protocol "token.<token>" (never accepted, only read).
const wsProtocol = "smashup"

// requestToken is the seat token a request carries: in an Authorization
// header ("Bearer <token>"), in the WebSocket protocols offered, or in the
// query ("?t=<token>", the form of invite links). Headers keep tokens out of
// URLs, and so out of proxies' logs and browsers' histories.
func requestToken(r *http.Request) string {
	if a := r.Header.Get("Authorization"); a != "" {
		if t, ok := strings.CutPrefix(a, "Bearer "); ok {
			return strings.TrimSpace(t)
		}
	}
	for _, h := range r.Header.Values("Sec-WebSocket-Protocol") {
		for _, p := range strings.Split(h, ",") {
			if t, ok := strings.CutPrefix(strings.TrimSpace(p), "token."); ok {
				return t
			}
		}
	}
	return r.URL.Query().Get("t")
}
