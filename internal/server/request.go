package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

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

// message builds seat's message under the game's lock.
func (l *live) message(seat engine.Seat) Message {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.messageLocked(seat)
}

// cleanName makes a player's name safe to show: printable characters only
// (no control characters, line breaks or direction overrides), spaces
// folded, at most 24 characters, cut between characters, never inside one.
func cleanName(s string) string {
	var b []rune
	space := false
	for _, r := range s {
		switch {
		case r == utf8.RuneError, unicode.Is(unicode.Bidi_Control, r), unicode.IsControl(r) && !unicode.IsSpace(r):
			continue
		case unicode.IsSpace(r):
			space = len(b) > 0
			continue
		case !unicode.IsPrint(r):
			continue
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, r)
	}
	if len(b) > 24 {
		b = b[:24]
	}
	return strings.TrimSpace(string(b))
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
