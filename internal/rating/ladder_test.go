package rating_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/ai"
	_ "github.com/smashup/smashup/internal/cards" // every faction
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/rating"
)

// The computer levels are a ladder of known order: rated from their own
// free-for-all games of two to four players (each seat a level drawn at
// random, each level one rated player), the ratings rank them random <
// easy < normal. SMASHUP_RATING_LEVELS (e.g. random,easy,ai,hard,max) and
// SMASHUP_RATING_GAMES rate another ladder (the searching levels take
// minutes a game on a loaded machine: not for CI).
func TestRatingsRankTheComputerLevels(t *testing.T) {
	levels := []string{"random", "easy", "ai"}
	games := longtest.Pick(90, 240)
	if l := os.Getenv("SMASHUP_RATING_LEVELS"); l != "" {
		levels = strings.Split(l, ",")
	}
	if n, err := strconv.Atoi(os.Getenv("SMASHUP_RATING_GAMES")); err == nil && n > 0 {
		games = n
	}
	r := rand.New(rand.NewPCG(7, 8))
	ratings := make([]rating.Rating, len(levels))
	for i := range ratings {
		ratings[i] = rating.New()
	}
	played := make([]int, len(levels))
	for game := range games {
		k := 2 + r.IntN(3)
		who := r.Perm(len(levels))
		for len(who) < k {
			who = append(who, r.IntN(len(levels))) // a level may sit twice: it is rated by its best seat
		}
		who = who[:k]
		seed := uint64(1000 + game)
		g, _, err := match.DealRandom(k, seed)
		if err != nil {
			t.Fatal(err)
		}
		ps := make([]ai.Player, k)
		for s, l := range who {
			ps[s], _ = ai.New(levels[l], seed*31+uint64(s))
		}
		if err := ai.PlayOut(g, ps); err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		scores := make([]int, k)
		for s := range k {
			scores[s] = int(g.Players[s].VP)
		}
		places := rating.Places(scores, int(g.Winner))
		// one rated player per level: a level at two seats counts its best
		best := map[int]int{}
		for s, l := range who {
			if p, ok := best[l]; !ok || places[s] < p {
				best[l] = places[s]
			}
		}
		var ls []int
		for l := range best {
			ls = append(ls, l)
		}
		sort.Ints(ls)
		in, pl := make([]rating.Rating, len(ls)), make([]int, len(ls))
		for j, l := range ls {
			in[j], pl[j] = ratings[l], best[l]
			played[l]++
		}
		for j, out := range rating.Rate(in, pl) {
			ratings[ls[j]] = out
		}
	}
	var b strings.Builder
	for i, l := range levels {
		fmt.Fprintf(&b, " %s %.1f±%.1f (%d games)", l, ratings[i].Mu, ratings[i].Sigma, played[i])
	}
	t.Logf("after %d games:%s", games, b.String())
	for i := 1; i < len(levels); i++ {
		if !(ratings[i].Ordinal() > ratings[i-1].Ordinal()) {
			t.Errorf("%s is not rated above %s:%s", levels[i], levels[i-1], b.String())
		}
	}
}
