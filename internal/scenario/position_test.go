package scenario

import (
	"reflect"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// FuzzSandboxPosition feeds the sandbox's loader (the server's CreateSandbox
// reads a position with ParsePosition and starts it with engine.New) any
// text: it must answer a game or an error, never panic.
func FuzzSandboxPosition(f *testing.F) {
	f.Add([]byte(scenarioSrc("walk", "  - pass\n")))
	f.Add([]byte("name: x\nsetup:\n  deal: true\n  players: [{id: A, factions: [Aliens, Ninjas]}, {id: B, factions: [Pirates, Robots]}]\n"))
	f.Add([]byte("name: x\nsetup: &a\n  players: *a\n"))
	f.Add([]byte("name: x\nsetup:\n  phase: start\n  players: [{id: A, vp: 99}, {id: B, hand: [Invader]}]\n  bases: [{base: Tar Pits, cards: [{card: Upgrade, owner: A, on: Invader}]}]\n"))
	f.Add([]byte("- [[[[\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		pos, err := ParsePosition("fuzz", raw, 0)
		if err != nil {
			return
		}
		if g, err := engine.New(pos.Setup); err == nil && g == nil {
			t.Fatal("no game and no error")
		}
	})
}

// FuzzShareLink: a share link's fragment, however damaged, is read or
// refused, never a panic, and never more than MaxPosition bytes of text.
func FuzzShareLink(f *testing.F) {
	f.Add(Share([]byte(scenarioSrc("walk", "  - pass\n")), 1, []int{0, 2, 1}))
	f.Add("p=AAAA&m=1.2&s=3")
	f.Add("#p=%zz")
	f.Fuzz(func(t *testing.T, frag string) {
		text, _, moves, err := ParseShare(frag)
		if err == nil && (len(text) > MaxPosition || len(moves) > MaxShareMoves) {
			t.Fatalf("%d bytes, %d moves", len(text), len(moves))
		}
	})
}

// TestSourceReloadsTheSameScenario: the document a FAIL line's link carries
// (Source) loads again into the same setup, for every repository scenario.
func TestSourceReloadsTheSameScenario(t *testing.T) {
	files, err := Files([]string{"../../scenarios"})
	if err != nil || len(files) == 0 {
		t.Fatalf("%v %v", files, err)
	}
	n := 0
	for _, f := range files {
		ss, err := ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ss {
			src, err := s.Source()
			if err != nil {
				t.Fatal(err)
			}
			p, err := ParsePosition(f, src, 0)
			if err != nil {
				t.Errorf("%s: %s: its source does not load: %v", f, s.Name, err)
				continue
			}
			if p.Name != s.Name || !reflect.DeepEqual(p.Setup, s.es) || len(p.s.steps) != len(s.steps) {
				t.Errorf("%s: %s: its source loads into another scenario", f, s.Name)
			}
			n++
		}
	}
	t.Logf("%d scenarios", n)
}
