package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
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
func (l *live) message(seat int) Message {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.messageLocked(seat)
}
