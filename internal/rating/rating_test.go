package rating

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

func TestPlaces(t *testing.T) {
	for _, c := range []struct {
		scores []int
		winner int
		want   []int
	}{
		{[]int{15, 12, 12, 9}, -1, []int{0, 1, 1, 3}},
		{[]int{9, 15, 12}, -1, []int{2, 0, 1}},
		{[]int{16, 16, 4}, 1, []int{1, 0, 2}}, // the winner of a tie played on
		{[]int{3, 3}, -1, []int{0, 0}},
	} {
		if got := Places(c.scores, c.winner); !slices.Equal(got, c.want) {
			t.Errorf("Places(%v, %d) = %v, want %v", c.scores, c.winner, got, c.want)
		}
	}
}

// A game moves the winner up and the others down, by more the more
// surprising it was, and makes every belief surer; a tie between equals
// moves neither; places, not seats, count.
func TestRateMovesAsItShould(t *testing.T) {
	a, b := New(), New()
	r := Rate([]Rating{a, b}, []int{0, 1})
	if !(r[0].Mu > a.Mu && r[1].Mu < b.Mu && r[0].Sigma < a.Sigma && r[1].Sigma < b.Sigma) {
		t.Fatalf("after a win: %+v", r)
	}
	if math.Abs((r[0].Mu-a.Mu)+(r[1].Mu-b.Mu)) > 1e-9 {
		t.Fatalf("between equals, what one gains the other loses: %+v", r)
	}
	tie := Rate([]Rating{a, b}, []int{0, 0})
	if math.Abs(tie[0].Mu-a.Mu) > 1e-9 || math.Abs(tie[1].Mu-b.Mu) > 1e-9 {
		t.Fatalf("a tie of equals moved them: %+v", tie)
	}
	strong := Rating{Mu: 35, Sigma: 2}
	expected := Rate([]Rating{strong, a}, []int{0, 1})
	upset := Rate([]Rating{strong, a}, []int{1, 0})
	if gain, loss := expected[0].Mu-strong.Mu, strong.Mu-upset[0].Mu; !(gain > 0 && loss > 0 && loss > 2*gain) {
		t.Fatalf("an expected win gains %.3f, an upset costs %.3f", gain, loss)
	}
	four := Rate([]Rating{a, a, a, a}, []int{0, 1, 2, 3})
	for i := 1; i < 4; i++ {
		if !(four[i].Mu < four[i-1].Mu) {
			t.Fatalf("in a game of four, place %d gains as much as place %d: %+v", i+1, i, four)
		}
	}
	swapped := Rate([]Rating{a, strong}, []int{0, 1}) // the upset, seats swapped
	if math.Abs(swapped[1].Mu-upset[0].Mu) > 1e-9 || math.Abs(swapped[0].Mu-upset[1].Mu) > 1e-9 {
		t.Fatalf("the order of seats changed the result: %+v against %+v", swapped, upset)
	}
	if Win(strong, a) < 0.7 || math.Abs(Win(a, a)-0.5) > 1e-9 {
		t.Fatalf("Win: %v %v", Win(strong, a), Win(a, a))
	}
}

// Players of known strength, each game's performance their skill plus
// noise of the model's spread, in free-for-all games of two to four drawn
// from a pool of eight: after 600 games the ratings put them in their
// order (Spearman's rank correlation above 0.95), and every two players
// whose skills are 5 apart (the model's spread is 4.2) are in their order
// on the leaderboard (Ordinal).
func TestRatingsFindKnownStrengths(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	skill := []float64{10, 15, 20, 23, 26, 30, 34, 40}
	n := len(skill)
	ratings := make([]Rating, n)
	for i := range ratings {
		ratings[i] = New()
	}
	for range 600 {
		k := 2 + r.IntN(3)
		who := r.Perm(n)[:k]
		perf := make([]int, k)
		for j, p := range who {
			perf[j] = int(1000 * (skill[p] + Beta*r.NormFloat64()))
		}
		in := make([]Rating, k)
		for j, p := range who {
			in[j] = ratings[p]
		}
		outs := Rate(in, Places(perf, -1))
		for j, p := range who {
			ratings[p] = outs[j]
		}
	}
	if rho := spearman(skill, mus(ratings)); rho < 0.95 {
		t.Fatalf("ratings %v against skills %v: Spearman %.3f", ratings, skill, rho)
	}
	for i := range n {
		for j := range n {
			if skill[j]-skill[i] >= 5 && !(ratings[j].Ordinal() > ratings[i].Ordinal()) {
				t.Errorf("a player of skill %v is rated above one of skill %v: %+v, %+v", skill[i], skill[j], ratings[i], ratings[j])
			}
		}
	}
}

func mus(rs []Rating) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = r.Mu
	}
	return out
}

// spearman is the rank correlation of xs and ys (no ties).
func spearman(xs, ys []float64) float64 {
	rank := func(v []float64) []float64 {
		idx := make([]int, len(v))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
		r := make([]float64, len(v))
		for k, i := range idx {
			r[i] = float64(k)
		}
		return r
	}
	rx, ry := rank(xs), rank(ys)
	n := float64(len(xs))
	d2 := 0.0
	for i := range rx {
		d2 += (rx[i] - ry[i]) * (rx[i] - ry[i])
	}
	return 1 - 6*d2/(n*(n*n-1))
}
