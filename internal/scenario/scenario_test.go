package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
)

// TestRepositoryScenarios runs every scenario in the repository, each file
// and each scenario a subtest named for it, so that one can be picked:
//
//	go test ./internal/scenario -run 'TestRepositoryScenarios/core/aliens/Invader'
func TestRepositoryScenarios(t *testing.T) {
	const root = "../../scenarios"
	files, err := Files([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios found")
	}
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(f), root+"/"), ".yaml")
		t.Run(name, func(t *testing.T) {
			ss, err := ParseFile(f)
			if err != nil {
				t.Fatalf("%v", err)
			}
			for _, s := range ss {
				t.Run(s.Name, func(t *testing.T) {
					if res := Run(s); !res.Pass {
						t.Errorf("%s:%d: FAIL %s: %s", f, s.Line, res.Name, res.Reason)
					}
				})
			}
		})
	}
}

func TestBadFilesAreLoadErrors(t *testing.T) {
	cases := map[string]string{
		"unknown card":  "name: x\nsetup:\n  players:\n    - {id: A, hand: [Not A Card]}\n    - {id: B}\n  bases: [{base: Tar Pits}]\nsteps: []\n",
		"bad yaml":      "name: x\nsetup: [\n",
		"unknown key":   "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\n  colour: red\nsteps: []\n",
		"unknown base":  "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Atlantis}]\nsteps: []\n",
		"no name":       "setup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\nsteps: []\n",
		"unknown step":  "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\nsteps: [dance]\n",
		"one player":    "name: x\nsetup:\n  players: [{id: A}]\n  bases: [{base: Tar Pits}]\nsteps: []\n",
		"unknown owner": "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits, cards: [{card: King Rex, owner: Z}]}]\nsteps: []\n",
	}
	for name, src := range cases {
		_, err := Parse("t.yaml", []byte(src))
		if err == nil {
			t.Errorf("%s: expected a load error", name)
		}
	}
}

func TestMainExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := dir + "/good.yaml"
	bad := dir + "/bad.yaml"
	failing := dir + "/fail.yaml"
	os.WriteFile(good, []byte("name: ok\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\nsteps:\n  - expect: {turn: A}\n"), 0o644)
	os.WriteFile(bad, []byte("name: x\nsetup:\n  players: [{id: A, hand: [Nope]}, {id: B}]\n  bases: [{base: Tar Pits}]\nsteps: []\n"), 0o644)
	os.WriteFile(failing, []byte("name: wrong\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\nsteps:\n  - expect: {turn: B}\n"), 0o644)
	var b strings.Builder
	if code := Main([]string{good}, &b); code != 0 || !strings.HasSuffix(b.String(), "1 passed, 0 failed\n") {
		t.Errorf("good: code %d output %q", code, b.String())
	}
	b.Reset()
	if code := Main([]string{failing}, &b); code != 1 || !strings.Contains(b.String(), "FAIL wrong: step 1: expect turn") {
		t.Errorf("failing: code %d output %q", code, b.String())
	}
	b.Reset()
	if code := Main([]string{bad}, &b); code != 2 || !strings.Contains(b.String(), "bad.yaml:3: unknown card") {
		t.Errorf("bad: code %d output %q", code, b.String())
	}
}
