package server

import (
	"bufio"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"
)

// Logging: structured lines (log/slog), each about a game naming it ("game")
// and, where one is concerned, its seat ("seat"). Seat tokens never reach a
// log: requests are logged by path, without their query.

var discard = slog.New(slog.DiscardHandler)

// log is the server's logger (Logger, or nothing).
func (s *Server) log() *slog.Logger {
	if s.Logger == nil {
		return discard
	}
	return s.Logger
}

// accessLog logs every request once answered: method, path, status, time.
// Static files and health checks are logged at debug level only.
func (s *Server) accessLog(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		// a page's address carries its seat token: no page sends it on as a referrer
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(sw, r)
		level := slog.LevelInfo
		if strings.HasPrefix(r.URL.Path, "/static/") || r.URL.Path == "/healthz" || r.URL.Path == "/readyz" || r.URL.Path == "/favicon.svg" {
			level = slog.LevelDebug
		}
		s.log().Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", sw.code,
			"ms", float64(time.Since(start).Microseconds())/1000, "addr", s.clientAddr(r))
	})
}

// statusWriter remembers the status code of a response; a WebSocket takes
// its connection over through it (Hijack).
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("the connection cannot be taken over")
	}
	w.code = http.StatusSwitchingProtocols
	return h.Hijack()
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
