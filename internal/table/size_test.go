package table

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// flateSize is the size of b compressed on its own with DEFLATE, as the
// WebSocket's per-message compression sends it at the least (without the
// shared window between messages, which only makes them smaller).
func flateSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.DefaultCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

// The size of state updates over a whole 4-player game, as every seat and
// the spectator receive them: a typical update (the median) is at most 4 KB
// on the wire. The figures are in the README.
func TestMessageSizes(t *testing.T) {
	seeds := []uint64{1, 2, 3} // three fixed games: one game's median varies from 3.3 to 4.1 KB
	if v, err := strconv.ParseUint(os.Getenv("SMASHUP_SIZE_SEED"), 10, 64); err == nil {
		seeds = []uint64{v} // another game, to see how much the figure varies
	}
	var raw, wire []int
	for _, sd := range seeds {
		r, w := messageSizes(t, sd)
		raw, wire = append(raw, r...), append(wire, w...)
	}
	sort.Ints(raw)
	sort.Ints(wire)
	med := func(x []int) int { return x[len(x)/2] }
	t.Logf("%d games, %d updates: JSON median %d B, max %d B; compressed (per message) median %d B, max %d B",
		len(seeds), len(raw), med(raw), raw[len(raw)-1], med(wire), wire[len(wire)-1])
	if med(wire) > 4096 {
		t.Errorf("a typical update is %d bytes on the wire, more than 4 KB", med(wire))
	}
}

// messageSizes plays a 4-player game from seed with random moves and
// returns the size of every update every seat and the spectator received,
// as JSON and compressed.
func messageSizes(t *testing.T, sd uint64) (raw, wire []int) {
	s := newSQLiteTables(t, filepath.Join(t.TempDir(), "s.db"))
	ctx := context.Background()
	resp, err := s.Create(ctx, CreateRequest{Seated: true, Seats: []string{"human", "human", "human", "human"}, Mode: "random", Seed: seed(sd)})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.Game(ctx, resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(4, 4))
	for step := 0; step < 4000; step++ {
		l.mu.Lock()
		over, at := l.g.Over, len(l.moves)
		who, n := l.pending()
		var merr error
		for seat := -1; seat < 4 && merr == nil; seat++ {
			var b []byte
			b, merr = json.Marshal(l.messageLocked(engine.Seat(seat)))
			raw = append(raw, len(b))
			wire = append(wire, flateSize(b))
		}
		l.mu.Unlock()
		if merr != nil { // never t.Fatal under the game's lock
			t.Fatal(merr)
		}
		if over {
			break
		}
		if err := l.Move(ctx, who, at, r.IntN(n)); err != nil && err != ErrStale {
			t.Fatal(err)
		}
	}
	return raw, wire
}
