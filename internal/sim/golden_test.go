package sim

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

func TestGolden(t *testing.T) {
	out := os.Getenv("GOLDEN")
	if out == "" {
		t.Skip()
	}
	var b strings.Builder
	for seed := uint64(1); seed <= 400; seed++ {
		n := 2 + int(seed%3)
		g, err := engine.New(RandomSetup(seed, n))
		if err != nil {
			t.Fatal(err)
		}
		r := NewRandom(seed)
		h := fnv.New64a()
		for k := 0; !g.Over && k < 20000; k++ {
			g.Apply(r.Choose(g))
			if k%16 == 0 {
				hashGame(h, g)
			}
		}
		hashGame(h, g)
		fmt.Fprintf(&b, "%d %d %x\n", seed, g.Moves, h.Sum64())
	}
	os.WriteFile(out, []byte(b.String()), 0o644)
}

func hashGame(h io.Writer, g *engine.Game) {
	for _, v := range []any{g.Cards, g.Players, g.Bases, g.Pending, g.Frames, g.Effects, g.Trigs, g.Events, g.Rng, g.Turn, g.Moves, g.Over, g.Winner, g.NFrames, g.NTrig, g.NEff, g.Current, g.Phase, g.Seq, g.Low} {
		binary.Write(h, binary.LittleEndian, v)
	}
}

func TestGoldenTrace(t *testing.T) {
	out := os.Getenv("TRACE")
	if out == "" {
		t.Skip()
	}
	var seed uint64
	fmt.Sscan(os.Getenv("SEED"), &seed)
	var b strings.Builder
	n := 2 + int(seed%3)
	g, _ := engine.New(RandomSetup(seed, n))
	r := NewRandom(seed)
	for k := 0; !g.Over && k < 20000; k++ {
		h := fnv.New64a()
		hashGame(h, g)
		d, _ := g.Decision()
		fmt.Fprintf(&b, "%d %x %q %v\n", k, h.Sum64(), d.Prompt, d.Options)
		g.Apply(r.Choose(g))
	}
	os.WriteFile(out, []byte(b.String()), 0o644)
}
