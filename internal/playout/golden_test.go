package playout

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// hashChooser wraps a chooser and folds every decision it sees (the options
// offered, the answer, the generator state) into a running hash.
type hashChooser struct {
	c Chooser
	h uint64
}

func (hc *hashChooser) mix(v uint64) { hc.h = (hc.h ^ v) * 0x100000001b3 }

func (hc *hashChooser) Choose(g *engine.Game) int {
	i := hc.c.Choose(g)
	hc.mix(uint64(i))
	hc.mix(g.Rng)
	hc.mix(uint64(g.Pending.Player))
	hc.mix(uint64(len(engine.TextOf(g.Pending.Prompt))))
	for _, o := range g.Pending.Opts[:g.Pending.N] {
		num := uint64(uint16(o.Num))
		if o.Kind == engine.OptText {
			// a text id depends on what the process interned before: hash the text
			h := fnv.New64a()
			h.Write([]byte(engine.TextOf(o.Text())))
			num = h.Sum64() & 0xffff
		}
		hc.mix(uint64(o.Kind) | uint64(uint8(o.Player))<<8 | uint64(uint8(o.Base))<<16 | uint64(uint16(o.Card))<<24 | num<<40)
	}
	return i
}

// gameHash hashes a whole game state (text ids replaced by their length,
// derived static facts left out).
func gameHash(g *engine.Game) uint64 {
	c := *g
	c.Pending.Prompt = engine.TextID(len(engine.TextOf(c.Pending.Prompt)))
	var buf bytes.Buffer
	binary.Write(&buf, binary.LittleEndian, &c)
	// the static facts at the end of Game, after Lent (derived,
	// added by the speed work) are left out so that hashes compare across that change
	b := buf.Bytes()
	v := reflect.ValueOf(c)
	for k := v.NumField() - 1; k >= 0 && v.Type().Field(k).Name != "Lent"; k-- {
		b = b[:len(b)-binary.Size(v.Field(k).Interface())]
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// TestGoldenGames is a tool for work on the engine's speed: with
// SMASHUP_GOLDEN=file it plays 200 seeded random games and writes, per game,
// a hash of every decision and of the final state to file, or compares with
// file when it exists (behaviour must not change). Skipped otherwise.
func TestGoldenGames(t *testing.T) {
	path := os.Getenv("SMASHUP_GOLDEN")
	if path == "" {
		t.Skip("set SMASHUP_GOLDEN=file to record or compare")
	}
	var out strings.Builder
	for seed := uint64(0); seed < 200; seed++ {
		n := 2 + int(seed%3)
		g, err := engine.New(RandomSetup(seed, n))
		if err != nil {
			t.Fatal(err)
		}
		hc := &hashChooser{c: NewRandom(seed)}
		res := Runner{}.Continue(g, hc)
		fmt.Fprintf(&out, "%d %d %v %d %x %x\n", seed, n, res.Err, res.Moves, hc.h, gameHash(g))
	}
	old, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("recorded %s", path)
		return
	}
	if string(old) != out.String() {
		a, b := strings.Split(string(old), "\n"), strings.Split(out.String(), "\n")
		for i := range a {
			if i < len(b) && a[i] != b[i] {
				t.Fatalf("first difference:\n was %s\n now %s", a[i], b[i])
			}
		}
		t.Fatal("outputs differ")
	}
}
