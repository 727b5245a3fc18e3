package scenario

import (
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
