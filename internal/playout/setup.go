package playout

import (
	"github.com/smashup/smashup/internal/engine"

	_ "github.com/smashup/smashup/internal/cards" // every card and base
)

// RandomSetup returns a dealt game for n players (2 to 4) with factions drawn
// at random from the playable ones: every faction used once when there are
// enough of them (otherwise only a player's own two differ), and every
// playable base in the base deck.
//
// While fewer than two factions or n+1 bases are playable, a game cannot be
// dealt; the setup is then built explicitly (each player's deck made of the
// playable factions' cards, the bases taken from the reference data) so the
// engine is still exercised.
func RandomSetup(seed uint64, n int) engine.Setup {
	r := NewRandom(seed)
	fs := engine.PlayableFactions()
	s := engine.Setup{Seed: seed, Deal: true, AllBases: true}
	if len(fs) < 2 || len(engine.Bases(true)) < n+1 {
		return fallbackSetup(r, seed, n, fs)
	}
	return pickFactions(r, s, n, fs)
}

// RandomSetupOfSet is RandomSetup with the factions and bases of one set
// only (e.g. "core"), the playable ones. It needs at least two playable
// factions and n+1 playable bases in that set.
func RandomSetupOfSet(seed uint64, n int, set string) engine.Setup {
	r := NewRandom(seed)
	var fs []string
	for _, f := range engine.PlayableFactions() {
		if cs := engine.FactionCards(f); len(cs) > 0 && cs[0].Set == set {
			fs = append(fs, f)
		}
	}
	s := engine.Setup{Seed: seed, Deal: true, BaseSets: []string{set}}
	return pickFactions(r, s, n, fs)
}

// pickFactions gives the n players of s two factions each, drawn from fs.
func pickFactions(r *Random, s engine.Setup, n int, fs []string) engine.Setup {
	pool := append([]string(nil), fs...)
	shuffle(r, pool)
	distinct := len(pool) >= 2*n
	for p := 0; p < n; p++ {
		var pair []string
		if distinct {
			pair = []string{pool[2*p], pool[2*p+1]}
		} else {
			a := r.Intn(len(pool))
			b := r.Intn(len(pool) - 1)
			if b >= a {
				b++
			}
			pair = []string{pool[a], pool[b]}
		}
		s.Players = append(s.Players, engine.SetupPlayer{Factions: pair})
	}
	return s
}

// Dealt reports whether RandomSetup deals real games in this build.
func Dealt(n int) bool {
	return len(engine.PlayableFactions()) >= 2 && len(engine.Bases(true)) >= n+1
}

func shuffle(r *Random, xs []string) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

func fallbackSetup(r *Random, seed uint64, n int, fs []string) engine.Setup {
	s := engine.Setup{Seed: seed, Current: r.Intn(n), Phase: engine.PhaseStart}
	for p := 0; p < n; p++ {
		var deck []string
		for k := 0; k < 2 && len(fs) > 0; k++ {
			f := fs[r.Intn(len(fs))]
			for _, d := range engine.FactionCards(f) {
				for c := 0; c < d.Copies; c++ {
					deck = append(deck, d.Name)
				}
			}
		}
		shuffle(r, deck)
		h := 5
		if h > len(deck) {
			h = len(deck)
		}
		s.Players = append(s.Players, engine.SetupPlayer{Hand: deck[:h], Deck: deck[h:]})
	}
	var bases []string
	for _, d := range engine.Bases(false) {
		bases = append(bases, d.Name)
	}
	shuffle(r, bases)
	for i := 0; i <= n; i++ {
		s.Bases = append(s.Bases, engine.SetupBase{Base: bases[i]})
	}
	s.BaseDeck = bases[n+1:]
	return s
}
