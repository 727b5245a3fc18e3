package server

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Per-address limits: a token bucket for each client address and kind of
// request (creating games, moving), refilled at a steady rate up to a
// burst. A request over its limit gets 429 and changes nothing.

// limiter is a set of token buckets by address.
type limiter struct {
	mu      sync.Mutex
	rate    float64 // tokens per second
	burst   float64
	buckets map[string]*bucket
	last    time.Time // last sweep of idle buckets
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(perSecond, burst float64) *limiter {
	return &limiter{rate: perSecond, burst: burst, buckets: map[string]*bucket{}}
}

// allow takes a token for addr, reporting whether there was one.
func (lm *limiter) allow(addr string, now time.Time) bool {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	if now.Sub(lm.last) > time.Minute { // forget addresses idle long enough to be full again
		for k, b := range lm.buckets {
			if b.tokens+now.Sub(b.at).Seconds()*lm.rate >= lm.burst {
				delete(lm.buckets, k)
			}
		}
		lm.last = now
	}
	b, ok := lm.buckets[addr]
	if !ok {
		b = &bucket{tokens: lm.burst, at: now}
		lm.buckets[addr] = b
	}
	b.tokens = min(lm.burst, b.tokens+now.Sub(b.at).Seconds()*lm.rate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// retryAfter is how many seconds a refused request should wait: a token's
// refill time, at least 5.
func (lm *limiter) retryAfter() int {
	return max(5, int(1/lm.rate+0.999))
}

// clientAddr is the address a request comes from (without its port). Behind
// a reverse proxy (TrustProxy) it is the last X-Forwarded-For entry, the one
// the proxy added; earlier entries come from the client and prove nothing.
func (s *Server) clientAddr(r *http.Request) string {
	if s.TrustProxy {
		if fwd := r.Header.Values("X-Forwarded-For"); len(fwd) > 0 {
			last := fwd[len(fwd)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if a := strings.TrimSpace(last); a != "" {
				return a
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limited wraps h with lm: over the limit, 429 with a clear message.
func (s *Server) limited(lm *limiter, what string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.allow(r.Context(), lm, s.clientAddr(r)) {
			s.refused(s.limitName(lm)) // metrics.go
			tooMany(w, lm.retryAfter(), "too many "+what+" from your address; wait a little and try again")
			return
		}
		h(w, r)
	}
}

// allow takes a token of lm for addr. With instances sharing a store the
// bucket is the store's, shared by them all (so that where a request lands
// changes nothing); if the store fails, this instance's own bucket decides.
func (s *Server) allow(ctx context.Context, lm *limiter, addr string) bool {
	if s.shared == nil {
		return lm.allow(addr, time.Now())
	}
	ok, err := s.shared.TakeToken(ctx, s.limitName(lm)+" "+addr, lm.rate, lm.burst)
	if err != nil {
		if ctx.Err() == nil {
			s.log().Warn("taking a shared rate-limit token; this instance's limit applies", "err", err)
		}
		return lm.allow(addr, time.Now())
	}
	return ok
}

// Caps on WebSocket connections.
const (
	maxConnsPerGame = 64 // every seat in several tabs, and spectators
	maxConnsPerAddr = 32
	pingEvery       = 30 * time.Second
)

// connCount counts open connections by address.
type connCount struct {
	mu sync.Mutex
	n  map[string]int
}

// acquire counts a new connection from addr, unless addr has too many.
func (c *connCount) acquire(addr string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	if c.n[addr] >= maxConnsPerAddr {
		return false
	}
	c.n[addr]++
	return true
}

func (c *connCount) release(addr string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[addr]--; c.n[addr] <= 0 {
		delete(c.n, addr)
	}
}

// Sandbox games (an undo makes one too) and hints, which run the strongest
// search outside the computers' turns, have rates of their own (the budget
// of games with computers per address is table's budget.go).
const (
	sandboxRate, sandboxBurst = 1.0 / 6, 30 // a burst of 30 sandbox games, then one every 6 s
	hintRate, hintBurst       = 1.0 / 2, 10 // a burst of 10 hints, then one every 2 s
)

// tooMany answers 429 with a reason and when to try again.
func tooMany(w http.ResponseWriter, retry int, msg string) {
	w.Header().Set("Retry-After", strconv.Itoa(retry))
	writeJSON(w, http.StatusTooManyRequests, apiError{msg})
}
