package server

import (
	"io"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/store/pgtest"
)

// Where a request lands changes nothing: with instances sharing a
// PostgreSQL store, an address's rate limits and its computer-game budget
// are counted over all of them, and a game that ends gives its place back
// on every instance.
func TestLimitsHoldAcrossInstances(t *testing.T) {
	c := startCluster(t, pgtest.Fresh(t), 2, io.Discard)
	for _, in := range c.insts {
		in.s.TrustProxy = true
		in.s.MaxComputerGames = 2
		in.s.createLimit.rate, in.s.createLimit.burst = 0.001, 6 // six games, then one in 1000 s
	}
	url := func(i int) string { return c.insts[i].ts.URL }
	create := func(i int, addr, seats string) int {
		t.Helper()
		return postFrom(t, url(i), addr, "/api/games", `{"seats":[`+seats+`],"mode":"random"}`).StatusCode
	}
	for k, step := range []struct {
		inst        int
		addr, seats string
		code        int
	}{
		{0, "192.0.2.1", `"human","hard"`, 200},
		{1, "192.0.2.1", `"human","max"`, 200},
		{0, "192.0.2.1", `"human","ai"`, 429}, // the budget: two games with computers, on either instance
		{1, "192.0.2.1", `"human","ai"`, 429},
		{1, "192.0.2.2", `"human","ai"`, 200}, // another address has its own
		{1, "192.0.2.1", `"human","human"`, 200},
		{0, "192.0.2.1", `"human","human"`, 200},
		{1, "192.0.2.1", `"human","human"`, 429}, // six requests from 192.0.2.1 on the two, then the rate
		{0, "192.0.2.1", `"human","human"`, 429},
		{0, "192.0.2.2", `"human","human"`, 200},
	} {
		if got := create(step.inst, step.addr, step.seats); got != step.code {
			t.Fatalf("request %d (%s from %s on instance %d): %d, want %d", k+1, step.seats, step.addr, step.inst, got, step.code)
		}
	}
	// a game that ends gives its place back: 192.0.2.3's computers-only
	// game plays to its end on instance 0, and instance 1 then takes another
	for _, in := range c.insts {
		in.s.createLimit.rate, in.s.createLimit.burst = 1000, 1000
		in.s.MaxComputerGames = 1
	}
	if got := create(0, "192.0.2.3", `"random","random"`); got != 200 {
		t.Fatalf("a computers' game: %d", got)
	}
	if got := create(1, "192.0.2.3", `"human","random"`); got != 429 {
		t.Fatalf("a second game over a budget of one: %d", got)
	}
	deadline := time.Now().Add(60 * time.Second)
	for create(1, "192.0.2.3", `"human","random"`) != 200 {
		if time.Now().After(deadline) {
			t.Fatal("the place of a game that ended was never given back")
		}
		time.Sleep(200 * time.Millisecond)
	}
}
