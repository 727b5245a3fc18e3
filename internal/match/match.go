// Package match sets up real games: choosing factions (given or at random
// among the playable ones) and dealing.
package match

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/smashup/smashup/internal/engine"
)

// RandomFactions picks two different playable factions for each of n players,
// no faction used twice, from a seed.
func RandomFactions(n int, seed uint64) ([][2]string, error) {
	fs := engine.PlayableFactions()
	if len(fs) < 2*n {
		return nil, fmt.Errorf("%d players need %d playable factions, but only %d are playable (%s)",
			n, 2*n, len(fs), strings.Join(fs, ", "))
	}
	r := rand.New(rand.NewPCG(seed, 0xfac7))
	r.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
	out := make([][2]string, n)
	for p := range out {
		out[p] = [2]string{fs[2*p], fs[2*p+1]}
	}
	return out, nil
}

// ParseFactions reads "Aliens+Dinosaurs,Ninjas+Pirates" (one pair per player)
// and checks that every faction exists, is playable, and is used once.
func ParseFactions(s string, n int) ([][2]string, error) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("--factions lists %d players, but the game has %d", len(parts), n)
	}
	used := map[string]bool{}
	out := make([][2]string, n)
	for p, part := range parts {
		pair := strings.Split(part, "+")
		if len(pair) != 2 {
			return nil, fmt.Errorf("player %d: write two factions joined by '+', like Aliens+Dinosaurs (got %q)", p+1, part)
		}
		for i, name := range pair {
			name = strings.TrimSpace(name)
			f := engine.CanonicalFaction(name)
			if f == "" {
				return nil, fmt.Errorf("unknown faction %q (known: %s)", name, strings.Join(engine.Factions(), ", "))
			}
			if !engine.FactionPlayable(f) {
				return nil, fmt.Errorf("faction %s is not playable yet (playable: %s)", f, strings.Join(engine.PlayableFactions(), ", "))
			}
			if used[f] {
				return nil, fmt.Errorf("faction %s is chosen twice (each faction can be used only once)", f)
			}
			used[f] = true
			out[p][i] = f
		}
	}
	return out, nil
}

// ChooseFactions completes the factions of n seats: chosen[i] holds seat
// i's two factions, or none (or chosen is shorter) for two drawn with rng
// among the playable factions nobody chose. No faction is used twice.
func ChooseFactions(n int, chosen [][]string, rng *rand.Rand) ([][2]string, error) {
	used := map[string]bool{}
	out := make([][2]string, n)
	have := make([]int, n)
	for i := 0; i < n && i < len(chosen); i++ {
		if len(chosen[i]) == 0 {
			continue
		}
		if len(chosen[i]) != 2 {
			return nil, fmt.Errorf("seat %d needs exactly two factions", i+1)
		}
		for k, f := range chosen[i] {
			cf := engine.CanonicalFaction(f)
			if cf == "" || !engine.FactionPlayable(cf) {
				return nil, fmt.Errorf("seat %d: %q is not a playable faction", i+1, f)
			}
			if used[cf] {
				return nil, fmt.Errorf("faction %s is chosen twice", cf)
			}
			used[cf] = true
			out[i][k] = cf
		}
		have[i] = 2
	}
	playable := engine.PlayableFactions()
	for i := range out {
		for ; have[i] < 2; have[i]++ {
			var free []string
			for _, f := range playable {
				if !used[f] {
					free = append(free, f)
				}
			}
			if len(free) == 0 {
				return nil, errors.New("not enough playable factions for every seat")
			}
			f := free[rng.IntN(len(free))]
			used[f] = true
			out[i][have[i]] = f
		}
	}
	return out, nil
}

// Options are the choices of how a game is set up besides the factions.
type Options struct {
	AllBases bool // every playable base in the base deck, not only the factions' sets
	Titans   bool // the optional titans
	// AskAll: every player is asked in every Me First window (engine.RuleAskAll),
	// as interfaces where people play each other present it.
	AskAll bool
	// StopNoChoice: a question with no real choice is put all the same
	// (engine.RuleStopNoChoice), so that when play goes on tells nothing.
	StopNoChoice bool
}

// Deal starts a real game with these factions. The base deck holds the bases
// of the sets the factions come from (as the rules recommend), or every
// playable base with AllBases.
func Deal(factions [][2]string, seed uint64, o Options) (*engine.Game, error) {
	return engine.New(SetupFor(factions, seed, o))
}

// SetupFor is the engine setup Deal uses (kept with a replay of the game).
func SetupFor(factions [][2]string, seed uint64, o Options) engine.Setup {
	s := engine.Setup{Seed: seed, Deal: true, AllBases: o.AllBases}
	if o.Titans {
		s.Options |= engine.RuleTitans
	}
	if o.AskAll {
		s.Options |= engine.RuleAskAll
	}
	if o.StopNoChoice {
		s.Options |= engine.RuleStopNoChoice
	}
	for _, f := range factions {
		s.Players = append(s.Players, engine.SetupPlayer{Factions: []string{f[0], f[1]}})
	}
	return s
}

// DealRandom deals a game for n players with random playable factions.
func DealRandom(n int, seed uint64) (*engine.Game, [][2]string, error) {
	fs, err := RandomFactions(n, seed)
	if err != nil {
		return nil, nil, err
	}
	g, err := Deal(fs, seed, Options{})
	return g, fs, err
}
