package engine_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/playout"
)

func mustMarshal(t *testing.T, g *engine.Game) []byte {
	t.Helper()
	b, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCopySaveReplayAgree plays random games; at every decision the game is
// cloned, copied into a reused buffer and saved+restored, then the same answer
// is applied to all of them and to the original. Every copy must stay equal to
// the original, and replaying the recorded decisions must reach the same state.
func TestCopySaveReplayAgree(t *testing.T) {
	seeds := longtest.Pick(4, 9) // SMASHUP_LONG=1: 9
	if testing.Short() || raceEnabled {
		seeds = 2
	}
	midAbility := 0
	var buf engine.Game
	for k := 0; k < seeds; k++ {
		seed := uint64(1000 + k)
		g, rep, err := engine.Record(playout.RandomSetup(seed, 2+k%3))
		if err != nil {
			t.Fatal(err)
		}
		chooser := playout.NewRandom(seed)
		for step := 0; !g.Over; step++ {
			if step > playout.DefaultMaxMoves {
				t.Fatalf("seed %d: stuck", seed)
			}
			if g.Pending.Src != engine.None {
				midAbility++
			}
			clone := g.Clone()
			buf.CopyFrom(g)
			restored, err := engine.Unmarshal(mustMarshal(t, g))
			if err != nil {
				t.Fatalf("seed %d step %d: restore: %v", seed, step, err)
			}
			if *restored != *g {
				t.Fatalf("seed %d step %d: restored game differs", seed, step)
			}
			i := chooser.Choose(g)
			for _, c := range []*engine.Game{clone, &buf, restored} {
				if err := c.Apply(i); err != nil {
					t.Fatal(err)
				}
			}
			if err := rep.Apply(g, i); err != nil {
				t.Fatal(err)
			}
			if *clone != *g || buf != *g || *restored != *g {
				t.Fatalf("seed %d step %d: a copy diverged after option %d", seed, step, i)
			}
			if (k == 0 && !raceEnabled) || step%37 == 0 {
				r, err := rep.Play(-1)
				if err != nil {
					t.Fatal(err)
				}
				if *r != *g {
					t.Fatalf("seed %d step %d: replay differs", seed, step)
				}
			}
		}
		// the replay survives its own encoding
		data, err := rep.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		rep2, err := engine.UnmarshalReplay(data)
		if err != nil {
			t.Fatal(err)
		}
		r, err := rep2.Play(-1)
		if err != nil {
			t.Fatal(err)
		}
		if *r != *g || !r.Over {
			t.Fatalf("seed %d: decoded replay differs", seed)
		}
	}
	if midAbility == 0 {
		t.Fatal("no game was saved while a card's ability waited on a decision")
	}
}

func midGame(t testing.TB, seed uint64, n, moves int) *engine.Game {
	g, err := engine.New(playout.RandomSetup(seed, n))
	if err != nil {
		t.Fatal(err)
	}
	r := playout.NewRandom(seed)
	for k := 0; k < moves && !g.Over; k++ {
		if err := g.Apply(r.Choose(g)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// withCRC fixes the checksum of a tampered save so that the content checks are reached.
func withCRC(b []byte) []byte {
	b = append([]byte(nil), b...)
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	return b
}

// payloadOffset finds where the Game payload starts in a save.
func payloadOffset(t *testing.T, b []byte) int {
	size := binary.Size(&engine.Game{})
	return len(b) - 4 - size
}

func TestUnmarshalRejectsBadInput(t *testing.T) {
	g := midGame(t, 77, 3, 60)
	good := mustMarshal(t, g)
	if _, err := engine.Unmarshal(good); err != nil {
		t.Fatal(err)
	}
	bad := map[string][]byte{
		"empty":       nil,
		"garbage":     []byte("hello, this is not a saved game at all......"),
		"wrong magic": withCRC(append([]byte("SMASHUQ\x00"), good[8:]...)),
		"extra byte":  withCRC(append(append([]byte(nil), good[:len(good)-4]...), 0, 0, 0, 0, 0)),
	}
	// every truncation
	for n := 0; n < len(good); n += 1 + n/50 {
		bad["truncated"+string(rune('a'+n%26))+itoa(n)] = good[:n]
	}
	// every single damaged byte is caught by the checksum
	for i := 0; i < len(good); i += 97 {
		b := append([]byte(nil), good...)
		b[i] ^= 0x40
		bad["flipped"+itoa(i)] = b
	}
	ver := append([]byte(nil), good...)
	binary.LittleEndian.PutUint16(ver[8:], 99)
	bad["future version"] = withCRC(ver)
	fp := append([]byte(nil), good...)
	fp[10] ^= 1
	bad["other build"] = withCRC(fp)

	// structurally corrupt games with a valid checksum
	off := payloadOffset(t, good)
	field := func(name string, change func(c *engine.Game)) {
		c := g.Clone()
		change(c)
		b := mustMarshal(t, c)
		if len(b) != len(good) || payloadOffset(t, b) != off {
			t.Fatal("layout changed")
		}
		bad[name] = b
	}
	field("players", func(c *engine.Game) { c.NPlayers = 7 })
	field("card count", func(c *engine.Game) { c.NCards = engine.MaxCards + 1 })
	field("frame count", func(c *engine.Game) { c.NFrames = -3 })
	field("definition", func(c *engine.Game) { c.Cards[5].Def = 30000 })
	field("zone", func(c *engine.Game) { c.Cards[5].Zone = 42 })
	field("procedure", func(c *engine.Game) { c.Frames[0].Fn = 30000 })
	field("frame cause", func(c *engine.Game) { c.Frames[0].Cause = 4000 })
	field("running step", func(c *engine.Game) { c.Running = 1 })
	field("options", func(c *engine.Game) { c.Pending.N = 0 })
	field("pending frame", func(c *engine.Game) { c.Pending.Frame = 60 })
	field("base slot", func(c *engine.Game) { c.Bases[0].Card = 4000 })
	field("attachment", func(c *engine.Game) {
		h := c.Hand(c.Current)
		c.Cards[h[0]].Zone = engine.ZInPlay
		c.Cards[h[0]].Base = c.BaseSlots()[0]
		c.Cards[h[0]].On = h[0]
	})
	field("prompt text", func(c *engine.Game) { c.Pending.Prompt = 32000 })
	for name, b := range bad {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", name, r)
				}
			}()
			got, err := engine.Unmarshal(b)
			if err == nil || got != nil {
				t.Errorf("%s: accepted", name)
			} else if !errors.Is(err, engine.ErrBadSave) {
				t.Errorf("%s: error %v does not wrap ErrBadSave", name, err)
			}
		}()
	}
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// FuzzUnmarshal: arbitrary bytes never panic and never load an invalid game.
func FuzzUnmarshal(f *testing.F) {
	g := midGame(f, 5, 2, 40)
	good, _ := g.Marshal()
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("SMASHUP\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := engine.Unmarshal(b)
		if err != nil {
			return
		}
		if err := got.Validate(); err != nil {
			t.Fatalf("loaded an invalid game: %v", err)
		}
		again, _ := got.Marshal()
		if !bytes.Equal(again, b) && len(again) != len(b) {
			t.Fatalf("a loaded game re-encodes to %d bytes, read %d", len(again), len(b))
		}
	})
}

// TestBadApplyLeavesGameUnchanged: refused answers change nothing at all.
func TestBadApplyLeavesGameUnchanged(t *testing.T) {
	g := midGame(t, 21, 2, 30)
	before := mustMarshal(t, g)
	snap := *g
	for _, i := range []int{-1, -1000, g.NumOptions(), g.NumOptions() + 1, 1 << 30} {
		if err := g.Apply(i); err == nil {
			t.Fatalf("option %d accepted", i)
		}
		if err := g.ApplySafe(i); err == nil {
			t.Fatalf("option %d accepted by ApplySafe", i)
		}
		if *g != snap || !bytes.Equal(mustMarshal(t, g), before) {
			t.Fatalf("option %d changed the game", i)
		}
	}
	// a finished game refuses every answer
	over := g.Clone()
	r := playout.NewRandom(21)
	for !over.Over {
		if err := over.Apply(r.Choose(over)); err != nil {
			t.Fatal(err)
		}
	}
	done := *over
	doneBytes := mustMarshal(t, over)
	for _, i := range []int{0, 1, -1} {
		if err := over.Apply(i); !errors.Is(err, engine.ErrNoDecision) {
			t.Fatalf("finished game: option %d gave %v", i, err)
		}
		if *over != done || !bytes.Equal(mustMarshal(t, over), doneBytes) {
			t.Fatal("a finished game changed")
		}
	}
	if _, ok := over.Decision(); ok {
		t.Fatal("a finished game offers a decision")
	}
	// a replay with an impossible move is refused, not replayed into nonsense
	rep := &engine.Replay{Setup: playout.RandomSetup(21, 2), Moves: []int{0, 500}}
	if _, err := rep.Play(-1); err == nil {
		t.Fatal("a replay with an out-of-range move was accepted")
	}
}

// A game saved in an earlier format (version 3: events had no cause) is
// refused with an error that says so.
func TestEarlierSaveFormatIsRefused(t *testing.T) {
	b := mustMarshal(t, midGame(t, 77, 3, 60))
	binary.LittleEndian.PutUint16(b[8:], engine.SaveVersion-1)
	_, err := engine.Unmarshal(withCRC(b))
	want := fmt.Sprintf("format version %d, this build reads version %d", engine.SaveVersion-1, engine.SaveVersion)
	if err == nil || !errors.Is(err, engine.ErrBadSave) || !strings.Contains(err.Error(), want) {
		t.Errorf("an earlier save: %v, want an error saying %q", err, want)
	}
}
