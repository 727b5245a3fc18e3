// Package rating rates players from the results of free-for-all games of
// two to four players: the Weng-Lin Bayesian approximation (Weng and Lin,
// "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011)
// with the Plackett-Luce model, the model OpenSkill uses. A player's skill
// is a normal belief (Mu, Sigma); a game's final order (first, second, ...,
// ties sharing a place) moves every player's belief at once, by how
// surprising that order was. Unlike Elo or Glicko it needs no pairing of a
// many-player game into duels, and it handles ties and any number of
// players as they come.
//
// No library for it is among the modules this project may use, so it is
// written here: it is a few lines of arithmetic, checked against players of
// known strength (rating_test.go).
package rating

import (
	"math"
	"sort"
)

// The model's constants (the paper's defaults): a new player's belief is
// N(DefaultMu, DefaultSigma²); Beta is the spread of a player's
// performance in one game around their skill; Kappa keeps a variance from
// shrinking to nothing; Tau is added to every variance before a game, so
// that a rating keeps following a player whose strength changes.
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3
	Beta         = DefaultSigma / 2
	Kappa        = 0.0001
	Tau          = DefaultMu / 300
)

// Rating is one player's skill belief.
type Rating struct {
	Mu, Sigma float64
}

// New is a new player's rating.
func New() Rating { return Rating{Mu: DefaultMu, Sigma: DefaultSigma} }

// Ordinal is the rating a leaderboard sorts by: the skill the player has
// with 99.7% belief, Mu - 3 Sigma (0 for a new player), so that a player
// climbs by playing and winning, not by one lucky game.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Display is the Ordinal on a friendlier scale, 40 points to one: 0 for a
// new player, about 900 for an average one who has played many games.
func (r Rating) Display() int { return int(math.Round(40 * r.Ordinal())) }

// Rate returns the players' ratings after one game in which player i
// finished in place places[i] (0 first; equal places share it): the same
// length and order as ratings. A game of fewer than two players changes
// nothing.
func Rate(ratings []Rating, places []int) []Rating {
	n := len(ratings)
	out := make([]Rating, n)
	copy(out, ratings)
	if n < 2 || len(places) != n {
		return out
	}
	// the dynamics: every variance grows a little before the game
	sig2 := make([]float64, n)
	c2 := 0.0
	for i, r := range ratings {
		sig2[i] = r.Sigma*r.Sigma + Tau*Tau
		c2 += sig2[i] + Beta*Beta
	}
	c := math.Sqrt(c2)
	e := make([]float64, n)
	for i, r := range ratings {
		e[i] = math.Exp(r.Mu / c)
	}
	// sumQ[q]: the strength of the players who finished level with q or
	// behind (the field q beat or tied); tied[q]: how many share q's place
	sumQ := make([]float64, n)
	tied := make([]float64, n)
	for q := range n {
		for i := range n {
			if places[i] >= places[q] {
				sumQ[q] += e[i]
			}
			if places[i] == places[q] {
				tied[q]++
			}
		}
	}
	for i := range n {
		omega, delta := 0.0, 0.0
		for q := range n {
			if places[q] > places[i] {
				continue // only the players who finished level with i or ahead
			}
			p := e[i] / sumQ[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
			delta += p * (1 - p) / tied[q]
		}
		gamma := math.Sqrt(sig2[i]) / c
		omega *= sig2[i] / c
		delta *= gamma * sig2[i] / c2
		out[i] = Rating{Mu: ratings[i].Mu + omega, Sigma: math.Sqrt(sig2[i] * math.Max(1-delta, Kappa))}
	}
	return out
}

// Places turns a game's final scores (VP: higher is better) into places:
// 0 for the best score, equal scores sharing a place, the next place
// counting the players ahead (scores 15, 12, 12, 9 give 0, 1, 1, 3). A
// winner given apart (winner >= 0: a game that ended with a tie broken by
// the rules' continuation) is first whatever its score.
func Places(scores []int, winner int) []int {
	n := len(scores)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	better := func(a, b int) bool {
		if a == winner || b == winner {
			return a == winner && b != winner
		}
		return scores[a] > scores[b]
	}
	sort.SliceStable(idx, func(x, y int) bool { return better(idx[x], idx[y]) })
	places := make([]int, n)
	for k, i := range idx {
		if k > 0 && !better(idx[k-1], i) {
			places[i] = places[idx[k-1]]
		} else {
			places[i] = k
		}
	}
	return places
}

// Win is the chance the model gives player a of finishing ahead of player
// b in a game of two.
func Win(a, b Rating) float64 {
	c := math.Sqrt(a.Sigma*a.Sigma + b.Sigma*b.Sigma + 2*Beta*Beta)
	ea, eb := math.Exp(a.Mu/c), math.Exp(b.Mu/c)
	return ea / (ea + eb)
}
