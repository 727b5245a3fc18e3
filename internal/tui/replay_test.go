package tui

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// TestRecordAndReplay plays a computer game with --record and checks that the
// replay file rebuilds exactly the same final game.
func TestRecordAndReplay(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.json")
	var out, errOut bytes.Buffer
	code := Main([]string{"--seats", "ai,random", "--seed", "12", "--record", file}, strings.NewReader(""), &out, &errOut)
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, errOut.String())
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.UnmarshalReplay(raw)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rep.Play(-1)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Over || len(rep.Moves) == 0 {
		t.Fatalf("the replayed game is not over after %d moves", len(rep.Moves))
	}
	// the same game played again from its setup by the same seats gives the same moves
	var out2 bytes.Buffer
	if code := ReplayMain([]string{file}, &out2, &errOut); code != 0 || !strings.Contains(out2.String(), "Game over") {
		t.Fatalf("replay: exit %d: %s %s", code, errOut.String(), out2.String())
	}
	if !strings.Contains(out.String(), "Game over") {
		t.Fatal("the played game did not end")
	}
	// the final table of the replay is the final table of the game played
	// (the game played then tells its seed)
	tail := func(s string) string {
		s, _, _ = strings.Cut(s[strings.LastIndex(s, "Game over"):], "Seed ")
		return s
	}
	if tail(out.String()) != tail(out2.String()) {
		t.Fatalf("the replay ends differently:\n%s\n---\n%s", tail(out.String()), tail(out2.String()))
	}
	var errs bytes.Buffer
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"Setup":`), 0o644)
	if code := ReplayMain([]string{bad}, &out2, &errs); code != 2 || !strings.Contains(errs.String(), "bad replay") {
		t.Fatalf("a malformed replay: exit %d: %s", code, errs.String())
	}
	if code := ReplayMain([]string{"--seat", "9", file}, &out2, &errs); code != 1 {
		t.Fatalf("a seat that does not exist: exit %d", code)
	}
}

// TestReplayFilesOfOtherVersions: an old file of positions only is refused
// unless --unchecked; a file of another version is checked decision by
// decision, and one that disagrees fails naming the move.
func TestReplayFilesOfOtherVersions(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	var out, errOut bytes.Buffer
	if code := Main([]string{"--seats", "ai,ai", "--seed", "5", "--record", file}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("play: exit %d: %s", code, errOut.String())
	}
	raw, _ := os.ReadFile(file)
	rep, err := engine.UnmarshalReplay(raw)
	if err != nil || rep.Fingerprint != engine.RulesFingerprint() || len(rep.Decisions) != len(rep.Moves) {
		t.Fatalf("the recorded file does not describe itself: %v", err)
	}
	write := func(name string, v any) string {
		b, _ := json.Marshal(v)
		p := filepath.Join(dir, name)
		os.WriteFile(p, b, 0o644)
		return p
	}
	run := func(args ...string) (int, string, string) {
		var o, e bytes.Buffer
		code := ReplayMain(args, &o, &e)
		return code, o.String(), e.String()
	}
	old := write("old.json", map[string]any{"Setup": rep.Setup, "Moves": rep.Moves})
	if code, _, e := run(old); code != 1 || !strings.Contains(e, "old replay file") || !strings.Contains(e, "--unchecked") {
		t.Fatalf("an old file: exit %d: %s", code, e)
	}
	if code, o, e := run("--unchecked", old); code != 0 || !strings.Contains(e, "unchecked") || !strings.Contains(o, "Game over") {
		t.Fatalf("an old file, unchecked: exit %d: %s", code, e)
	}
	rep.Fingerprint = "r0-older"
	other := write("other.json", rep)
	if code, o, e := run(other); code != 0 || !strings.Contains(e, "another version") || !strings.Contains(o, "Game over") {
		t.Fatalf("a file of another version: exit %d: %s", code, e)
	}
	rep.Decisions[9].Player = 3
	bad := write("bad.json", rep)
	if code, _, e := run(bad); code != 1 || !strings.Contains(e, "move 10") || !strings.Contains(e, "player=3") {
		t.Fatalf("a file that disagrees: exit %d: %s", code, e)
	}
}
