package playout

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
	"testing"

	"github.com/smashup/smashup/internal/engine"
)

// recorder hashes every decision of a game: how many options there were,
// which was taken, and how many events the game had logged by then.
type recorder struct {
	r *Random
	h hash.Hash64
}

func (c recorder) Choose(g *engine.Game) int {
	i := c.r.Choose(g)
	var b [12]byte
	binary.LittleEndian.PutUint16(b[0:], uint16(g.Pending.N))
	binary.LittleEndian.PutUint16(b[2:], uint16(i))
	binary.LittleEndian.PutUint32(b[4:], uint32(g.EvSeq))
	binary.LittleEndian.PutUint32(b[8:], uint32(g.Turn))
	c.h.Write(b[:])
	return i
}

// unchangedGames is the hash of 300 seeded random games (100 each of 2, 3
// and 4 players, all sets). A change that only reorganizes code (a refactor,
// a speed-up) must leave it as it is: the same decisions, offered in the
// same order, with the same random draws. Only a deliberate change of the
// rules may change it, together with engine.RulesVersion (stored games
// replay by the position of each choice; see record.go).
const unchangedGames = 0x2f95f7a8b8a5ee48

func TestRandomGamesAreUnchanged(t *testing.T) {
	h := fnv.New64a()
	for n := 2; n <= 4; n++ {
		for seed := uint64(0); seed < 100; seed++ {
			res := Play(RandomSetup(seed, n), recorder{r: NewRandom(seed), h: h})
			if res.Err != nil {
				t.Fatalf("%d players, seed %d: %v", n, seed, res.Err)
			}
		}
	}
	if got := h.Sum64(); got != unchangedGames {
		t.Errorf("300 seeded random games hash to %#x, want %#x: the engine now plays differently", got, uint64(unchangedGames))
	}
}
