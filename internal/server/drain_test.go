package server

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"
)

// /readyz follows the store: 503 while a ping fails (the change logged
// once), 200 again when it answers; and 503 for good once the server drains,
// while /healthz and the API still answer.
func TestReadinessFollowsTheStore(t *testing.T) {
	s, ds, logs := newDownServer(t)
	h := s.Handler()
	get := func(path string) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Code
	}
	s.SetReady()
	if c := get("/readyz"); c != 200 {
		t.Fatalf("/readyz with the store up: %d", c)
	}
	ds.down.Store(true)
	for range 3 {
		if c := get("/readyz"); c != 503 {
			t.Fatalf("/readyz with the store down: %d, want 503", c)
		}
	}
	if c := get("/healthz"); c != 200 {
		t.Errorf("/healthz with the store down: %d, want 200 (the process serves)", c)
	}
	ds.down.Store(false)
	if c := get("/readyz"); c != 200 {
		t.Fatalf("/readyz with the store back: %d", c)
	}
	if n := len(regexp.MustCompile("the store cannot be reached").FindAllString(logs.String(), -1)); n != 1 {
		t.Errorf("the store's loss logged %d times, want once:\n%s", n, logs.String())
	}
	s.Drain()
	if c := get("/readyz"); c != 503 {
		t.Errorf("/readyz while draining: %d, want 503", c)
	}
	if c, c2 := get("/healthz"), get("/api/factions"); c != 200 || c2 != 200 {
		t.Errorf("while draining /healthz %d, /api/factions %d; want both served", c, c2)
	}
}

// On SIGTERM `smashup serve` drains: /readyz says 503 at once while
// requests are still served, for --drain; then it stops and exits 0.
func TestServeDrainsOnSIGTERM(t *testing.T) {
	out := &syncBuffer{}
	sigs := make(chan os.Signal, 2)
	exit := make(chan int, 1)
	go func() {
		exit <- serve([]string{"--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "d.db"), "--drain", "700ms"}, out, &syncBuffer{}, sigs)
	}()
	addr := regexp.MustCompile(`serving on (http://[0-9.:]+)`)
	base := ""
	get := func(path string) int {
		resp, err := http.Get(base + path)
		if err != nil {
			return -1
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if m := addr.FindStringSubmatch(out.String()); m != nil && base == "" {
			base = m[1]
		}
		if base != "" && get("/readyz") == 200 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the server never got ready: %q", out.String())
		}
	}
	sigs <- syscall.SIGTERM
	start := time.Now()
	time.Sleep(50 * time.Millisecond)
	if c := get("/readyz"); c != 503 {
		t.Errorf("/readyz just after SIGTERM: %d, want 503", c)
	}
	if c, c2 := get("/healthz"), get("/api/factions"); c != 200 || c2 != 200 {
		t.Errorf("while draining /healthz %d, /api/factions %d; want both served", c, c2)
	}
	select {
	case code := <-exit:
		if took := time.Since(start); took < 600*time.Millisecond {
			t.Errorf("stopped %v after SIGTERM, before the drain's 700ms", took)
		}
		if code != 0 {
			t.Errorf("exit code %d", code)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop after draining")
	}
	if c := get("/healthz"); c != -1 {
		t.Errorf("/healthz after stopping: %d, want no answer", c)
	}
}
