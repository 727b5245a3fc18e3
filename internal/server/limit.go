package server

import (
	"context"
	"fmt"
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
	if s.share == nil {
		return lm.allow(addr, time.Now())
	}
	ok, err := s.share.st.TakeToken(ctx, s.limitName(lm)+" "+addr, lm.rate, lm.burst)
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

// Budgets per address (issue 33: one stranger cannot slow the others).
// Each game remembers the address that created it (live.owner, in memory
// only): computers take turns by it (queue.go), and an address may keep at
// most MaxComputerGames unfinished games with computer seats in memory at
// once. With instances sharing a store the games are counted over all of
// them (ownGame: a row per game in the store, renewed by the instance that
// holds it while it is unfinished, deleted when it ends or is unloaded). Sandbox games (an undo makes one too) and hints, which run the
// strongest search outside the computers' turns, have rates of their own.
const (
	defaultMaxComputerGames   = 8
	sandboxRate, sandboxBurst = 1.0 / 6, 30 // a burst of 30 sandbox games, then one every 6 s
	hintRate, hintBurst       = 1.0 / 2, 10 // a burst of 10 hints, then one every 2 s
)

// errTooManyComputerGames refuses a game with computer seats to an address
// that has MaxComputerGames unfinished ones.
type errTooManyComputerGames int

func (e errTooManyComputerGames) Error() string {
	return fmt.Sprintf("your address already has %d unfinished games with computer players, the most it may; finish one (or wait until it is unloaded) and try again", int(e))
}

type ownerKey struct{}

// withOwner records in ctx the address a game made under it belongs to.
func withOwner(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, ownerKey{}, addr)
}

// ownerFrom is the address withOwner recorded, "" if none.
func ownerFrom(ctx context.Context) string {
	a, _ := ctx.Value(ownerKey{}).(string)
	return a
}

// ownTTL: how long a game counts against its owner's budget on other
// instances unless renewed (renewOwned, every janitor tick).
const ownTTL = time.Minute

// ownGame counts l against its owner's budget, over every instance: the
// error is errTooManyComputerGames when the budget is full.
func (s *Server) ownGame(ctx context.Context, l *live) error {
	n, ok, err := s.share.st.OwnGame(ctx, l.id, l.owner, s.MaxComputerGames, ownTTL)
	if err != nil {
		return err
	}
	if !ok {
		return errTooManyComputerGames(n)
	}
	l.owned.Store(true)
	return nil
}

// disown stops l counting against its owner's budget on other instances.
func (s *Server) disown(l *live) {
	if s.share == nil || !l.owned.Swap(false) {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.share.st.DisownGame(ctx, l.id); err != nil {
			s.log().Warn("letting a game's budget place go", "game", l.id, "err", err)
		}
	}()
}

// renewOwned renews the budget places of this instance's unfinished games,
// and lets go those of the finished ones.
func (s *Server) renewOwned(ctx context.Context) {
	if s.share == nil {
		return
	}
	var ids []string
	var done []*live
	s.withGames(func() {
		for _, l := range s.games {
			if l.owned.Load() {
				ids = append(ids, l.id)
				l.locked(func() {
					if l.overLocked() && l.g != nil {
						done = append(done, l)
					}
				})
			}
		}
	})
	for _, l := range done {
		s.disown(l)
	}
	if len(ids) > len(done) {
		if err := s.share.st.RenewOwned(ctx, ids, ownTTL); err != nil && ctx.Err() == nil {
			s.log().Warn("renewing the games' budget places", "err", err)
		}
	}
}

// computerGames counts owner's unfinished games with computer seats in
// memory, lessons and sandboxes aside (a newcomer who has played the eight
// lessons may start a game), and reports whether another would be over the
// budget.
func (s *Server) computerGamesFull(owner string) (int, bool) {
	if owner == "" || s.MaxComputerGames <= 0 {
		return 0, false
	}
	var mine []*live
	s.withGames(func() {
		for _, l := range s.games {
			if l.owner == owner && l.computers {
				mine = append(mine, l)
			}
		}
	})
	if len(mine) < s.MaxComputerGames {
		return len(mine), false
	}
	n := 0
	for _, l := range mine {
		l.locked(func() {
			if l.broken == nil && !l.evicted && (l.g == nil || !l.g.Over) && l.cfg.Sandbox == nil && l.cfg.Lesson == nil {
				n++
			}
		})
	}
	return n, n >= s.MaxComputerGames
}

// tooMany answers 429 with a reason and when to try again.
func tooMany(w http.ResponseWriter, retry int, msg string) {
	w.Header().Set("Retry-After", strconv.Itoa(retry))
	writeJSON(w, http.StatusTooManyRequests, apiError{msg})
}
