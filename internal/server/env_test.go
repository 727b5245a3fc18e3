package server

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// withEnv makes serve read env instead of the environment, recording the
// variables it asks for.
func withEnv(t *testing.T, env map[string]string) map[string]bool {
	asked := map[string]bool{}
	old := lookupEnv
	lookupEnv = func(k string) (string, bool) {
		asked[k] = true
		v, ok := env[k]
		return v, ok
	}
	t.Cleanup(func() { lookupEnv = old })
	return asked
}

// Every flag of `smashup serve` can be set by SMASHUP_<NAME> (SMASHUP_ADDR,
// SMASHUP_PG, SMASHUP_ANSWER_PAUSE...); a flag given wins over its variable;
// a bad value is refused naming the variable.
func TestServeFlagsFromEnvironment(t *testing.T) {
	// every flag -h lists has its variable
	asked := withEnv(t, nil)
	help := &syncBuffer{}
	if code := serve([]string{"-h"}, &syncBuffer{}, help, nil); code != 2 {
		t.Fatalf("serve -h: exit %d", code)
	}
	flags := regexp.MustCompile(`(?m)^  -([a-z-]+)`).FindAllStringSubmatch(help.String(), -1)
	if len(flags) < 10 {
		t.Fatalf("serve -h lists %d flags:\n%s", len(flags), help.String())
	}
	for _, f := range flags {
		if v := EnvName(f[1]); !asked[v] {
			t.Errorf("--%s: $%s is not read", f[1], v)
		}
	}
	for name, want := range map[string]string{"addr": "SMASHUP_ADDR", "pg": "SMASHUP_PG", "answer-pause": "SMASHUP_ANSWER_PAUSE", "max-computer-games": "SMASHUP_MAX_COMPUTER_GAMES"} {
		if got := EnvName(name); got != want {
			t.Errorf("EnvName(%s) = %s, want %s", name, got, want)
		}
	}
	if !strings.Contains(help.String(), "SMASHUP_") {
		t.Error("serve -h does not tell of the environment variables")
	}

	// the environment sets the address, the store and the drain; a flag wins
	dir := t.TempDir()
	withEnv(t, map[string]string{"SMASHUP_ADDR": "127.0.0.1:0", "SMASHUP_DB": filepath.Join(dir, "env.db"), "SMASHUP_DRAIN": "0s", "SMASHUP_LOG_JSON": "true"})
	out, logs := &syncBuffer{}, &syncBuffer{}
	sigs := make(chan os.Signal, 1)
	exit := make(chan int, 1)
	go func() { exit <- serve([]string{"--db", filepath.Join(dir, "flag.db")}, out, logs, sigs) }()
	for end := time.Now().Add(10 * time.Second); !strings.Contains(out.String(), "serving on"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("not serving: %q %q", out.String(), logs.String())
		}
	}
	sigs <- syscall.SIGTERM
	if code := <-exit; code != 0 {
		t.Fatalf("exit %d: %s", code, logs.String())
	}
	if !regexp.MustCompile(`serving on http://127\.0\.0\.1:\d+ \(store: .*flag\.db\)`).MatchString(out.String()) {
		t.Errorf("SMASHUP_ADDR, or --db over SMASHUP_DB, not followed: %q", out.String())
	}
	if !strings.HasPrefix(logs.String(), "{") || strings.Contains(logs.String(), "draining") {
		t.Errorf("SMASHUP_LOG_JSON=true or SMASHUP_DRAIN=0s not followed:\n%s", logs.String())
	}

	// a value the flag refuses
	withEnv(t, map[string]string{"SMASHUP_DRAIN": "soon"})
	errOut := &syncBuffer{}
	if code := serve(nil, &syncBuffer{}, errOut, nil); code != 2 || !strings.Contains(errOut.String(), "SMASHUP_DRAIN") {
		t.Errorf("a bad SMASHUP_DRAIN: exit %d, %q; want 2 naming the variable", code, errOut.String())
	}
}

// `smashup serve --version` prints the build's version and the rules'.
func TestServeVersion(t *testing.T) {
	withEnv(t, nil)
	out := &syncBuffer{}
	if code := serve([]string{"--version"}, out, &syncBuffer{}, nil); code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := regexp.MustCompile(`^smashup \S+.*, rules version ` + regexp.QuoteMeta(strings.TrimSpace(itoa(engine.RulesVersion))) + ` \(fingerprint ` + regexp.QuoteMeta(engine.RulesFingerprint()) + `\)`)
	if !want.MatchString(out.String()) {
		t.Errorf("serve --version: %q", out.String())
	}
}
