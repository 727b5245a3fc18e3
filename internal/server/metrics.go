package server

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// Metrics for the operator (GET /metrics, in the Prometheus text format;
// docs/observability.md names and explains each). Every Server has a
// registry of its own, so that several servers in one process (tests) count
// apart.
type metrics struct {
	reg         *prometheus.Registry
	moves       prometheus.Counter
	moveSeconds prometheus.Histogram
	think       *prometheus.HistogramVec
	storeErrors *prometheus.CounterVec
	refusals    *prometheus.CounterVec
}

// Game states as /metrics counts them (smashup_games; table.Tables.States).
var gameStates = []string{"waiting", "drafting", "playing", "over", "broken"}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "smashup_moves_total",
		Help: "Moves stored by this instance: people's, computers' and the passes the server makes for a person."})
	m.moveSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "smashup_move_request_seconds",
		Help:    "Time to answer a move request (POST /api/games/{id}/move): checks, the store's append and the update to every page.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}})
	m.think = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "smashup_computer_think_seconds",
		Help:    "Time a computer player thought for one decision, by level (stand-in: playing for a person who left).",
		Buckets: []float64{.0005, .001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}}, []string{"level"})
	m.storeErrors = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "smashup_store_errors_total",
		Help: "Store operations that failed (the database unreachable, a query failed), by operation; a conflict or an unknown game is not an error."}, []string{"op"})
	m.refusals = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "smashup_rate_limit_refusals_total",
		Help: "Requests refused (429) by a per-address limit, by limit."}, []string{"limit"})
	for _, lv := range append(append([]string(nil), "random", "easy", "normal", "hard", "max"), "stand-in") {
		m.think.WithLabelValues(lv)
	}
	for _, op := range []string{"create", "set-config", "append", "load", "list", "migrate", "ping", "listen"} {
		m.storeErrors.WithLabelValues(op)
	}
	for _, lim := range []string{"create", "move", "sandbox", "hint", "computer-games", "ws-per-game", "ws-per-address"} {
		m.refusals.WithLabelValues(lim)
	}
	m.reg.MustRegister(m.moves, m.moveSeconds, m.think, m.storeErrors, m.refusals,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "smashup_websocket_connections",
			Help: "WebSocket connections open (game pages and spectators)."}, func() float64 { return float64(s.open.Load()) }),
		gamesCollector{s},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// observeStore is the store's observer (store.Observed): moves stored and
// store failures.
func (m *metrics) observeStore(op string, _ time.Duration, err error) {
	switch {
	case err == nil && op == "append":
		m.moves.Inc()
	case errors.Is(err, store.ErrUnavailable):
		m.storeErrors.WithLabelValues(op).Inc()
	}
}

// refused counts a request refused by limit.
func (s *Server) refused(limit string) { s.metrics.refusals.WithLabelValues(limit).Inc() }

// limitName is the label of one of the server's limiters.
func (s *Server) limitName(lm *limiter) string {
	switch lm {
	case s.createLimit:
		return "create"
	case s.moveLimit:
		return "move"
	case s.sandboxLimit:
		return "sandbox"
	case s.hintLimit:
		return "hint"
	case s.reportLimit:
		return "report"
	case s.identityLimit:
		return "identity"
	case s.passkeyLimit:
		return "passkey"
	}
	return "other"
}

// thought records how long a computer thought for one decision, for a seat
// of kind (table.Tables.OnThought): its level, or "stand-in".
func (m *metrics) thought(kind string, took time.Duration) {
	level := kind
	switch level {
	case table.Greedy, "greedy":
		level = "normal"
	}
	m.think.WithLabelValues(level).Observe(took.Seconds())
}

// timedMove times the answers to move requests.
func (s *Server) timedMove(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		h(w, r)
		s.metrics.moveSeconds.Observe(time.Since(start).Seconds())
	}
}

// handleMetrics serves the registry in the Prometheus text format.
func (s *Server) handleMetrics() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{ErrorLog: promLogger{s}})
}

type promLogger struct{ s *Server }

func (p promLogger) Println(v ...any) {
	var b strings.Builder
	for _, x := range v {
		if e, ok := x.(error); ok {
			b.WriteString(e.Error())
		} else if str, ok := x.(string); ok {
			b.WriteString(str)
		}
	}
	p.s.log().Warn("serving /metrics", "err", b.String())
}

// gamesCollector counts the games in memory by state at each scrape.
type gamesCollector struct{ s *Server }

var gamesDesc = prometheus.NewDesc("smashup_games", "Games held in memory by this instance, by state: waiting (for its seats to be claimed), drafting (factions), playing, over, broken (its log cannot be replayed).", []string{"state"}, nil)

func (c gamesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- gamesDesc }

func (c gamesCollector) Collect(ch chan<- prometheus.Metric) {
	n := c.s.States()
	for _, st := range gameStates {
		ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(n[st]), st)
	}
}
