package table

import (
	"math/rand/v2"
	"time"

	"github.com/smashup/smashup/internal/store"
)

// listenBackoff bounds the waits between attempts to listen to a shared
// store's notifications (Notifier) after the subscription is lost: the
// first after about min, each next one twice as long, at most max, each
// drawn at random in its upper half (so that instances that lost the
// database together do not all come back at once).
var listenBackoff = struct{ min, max time.Duration }{250 * time.Millisecond, 30 * time.Second}

// backoff is a capped exponential backoff with jitter.
type backoff struct {
	min, max, cur time.Duration
}

// next is the wait before the next attempt.
func (b *backoff) next() time.Duration {
	if b.cur == 0 {
		b.cur = b.min
	} else {
		b.cur = min(2*b.cur, b.max)
	}
	return b.cur/2 + rand.N(b.cur/2+1)
}

func (b *backoff) reset() { b.cur = 0 }

// listen keeps the server subscribed to the store's notifications until the
// server closes: first is called each time the subscription is in place,
// and the server catches up with the moves made meanwhile. A lost
// subscription is logged once, and retried with backoff (quietly, the
// attempts at debug level) until it is back, which is logged once too.
func (s *Tables) listen(n store.Notifier, first func()) {
	b := backoff{min: listenBackoff.min, max: listenBackoff.max}
	lost, attempts := false, 0
	var up time.Time
	for s.ctx.Err() == nil {
		err := n.Listen(s.ctx, func() {
			first()
			if lost {
				s.log().Info("listening to the store's notifications again", "attempts", attempts)
			}
			lost, attempts, up = false, 0, time.Now()
			s.catchUp() // moves made while we were not listening
		}, s.remoteMove)
		if s.ctx.Err() != nil {
			return
		}
		attempts++
		if !lost {
			s.log().Error("lost the store's notifications; reconnecting with backoff", "err", err)
			lost = true
			if !up.IsZero() && time.Since(up) > b.max { // it held a while: start again from the shortest wait
				b.reset()
			}
		} else {
			s.log().Debug("still no notifications from the store", "attempts", attempts, "err", err)
		}
		select {
		case <-time.After(b.next()):
		case <-s.ctx.Done():
		}
	}
}
