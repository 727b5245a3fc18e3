package table

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store"
)

// flakyNotifier is a shared store whose subscription is in place once,
// then lost, then refused fails times, then in place again.
type flakyNotifier struct {
	store.Store
	fails    int
	mu       sync.Mutex
	attempts []time.Time
	drop     chan struct{}
	back     chan struct{}
}

func (f *flakyNotifier) Listen(ctx context.Context, ready func(), fn func(string, int)) error {
	f.mu.Lock()
	f.attempts = append(f.attempts, time.Now())
	k := len(f.attempts)
	f.mu.Unlock()
	switch {
	case k == 1: // in place, until dropped
		ready()
		select {
		case <-f.drop:
		case <-ctx.Done():
			return nil
		}
		return store.Unavailable("listen", errors.New("conn closed"))
	case k <= 1+f.fails:
		return store.Unavailable("listen", errors.New("dial tcp: connection refused"))
	}
	ready()
	close(f.back)
	<-ctx.Done()
	return nil
}

// A lost subscription to the store's notifications is retried with a
// capped exponential backoff with jitter (not every second, not at once),
// and the loss and the return are each logged once.
func TestListenerBacksOff(t *testing.T) {
	old := listenBackoff
	listenBackoff.min, listenBackoff.max = 20*time.Millisecond, 160*time.Millisecond
	defer func() { listenBackoff = old }()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "l.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f := &flakyNotifier{Store: st, fails: 7, drop: make(chan struct{}), back: make(chan struct{})}
	logs := &syncBuffer{}
	s := New(f)
	s.Logger = newTestLogger(logs)
	defer s.Close()
	close(f.drop)
	select {
	case <-f.back:
	case <-time.After(10 * time.Second):
		t.Fatal("the subscription never came back")
	}
	f.mu.Lock()
	at := append([]time.Time(nil), f.attempts...)
	f.mu.Unlock()
	if len(at) != 9 {
		t.Fatalf("%d attempts, want 9", len(at))
	}
	// waits: about 20, 40, 80, 160, 160, ... ms, each in its upper half
	want := 20 * time.Millisecond
	for i := 2; i < len(at); i++ {
		gap := at[i].Sub(at[i-1])
		if gap < want/2-2*time.Millisecond || gap > want+250*time.Millisecond {
			t.Errorf("wait before attempt %d: %v, want within [%v, %v] (and some slack)", i, gap, want/2, want)
		}
		want = min(2*want, 160*time.Millisecond)
	}
	// the first retry comes after a wait, not at once
	if gap := at[2].Sub(at[1]); gap < 8*time.Millisecond {
		t.Errorf("retried after %v", gap)
	}
	out := logs.String()
	if n := strings.Count(out, "lost the store's notifications"); n != 1 {
		t.Errorf("the loss logged %d times, want once:\n%s", n, out)
	}
	if n := strings.Count(out, "notifications again"); n != 1 {
		t.Errorf("the return logged %d times, want once:\n%s", n, out)
	}
	if strings.Count(out, "level=ERROR") != 1 {
		t.Errorf("errors logged other than the loss:\n%s", out)
	}
}

func TestBackoffIsCappedWithJitter(t *testing.T) {
	b := backoff{min: 100 * time.Millisecond, max: time.Second}
	seen := map[time.Duration]bool{}
	for i := range 40 {
		d := b.next()
		cap := min(100*time.Millisecond<<min(i, 10), time.Second)
		if d < cap/2 || d > cap {
			t.Fatalf("wait %d: %v, want in [%v, %v]", i, d, cap/2, cap)
		}
		seen[d] = true
	}
	if len(seen) < 20 {
		t.Errorf("only %d distinct waits in 40: no jitter", len(seen))
	}
	b.reset()
	if d := b.next(); d > 100*time.Millisecond {
		t.Errorf("after reset: %v", d)
	}
}
