// Package draft runs the formal faction draft ("Kickin' It Queensberry"): a
// random first player picks one faction, choice goes clockwise, then the last
// player picks a second faction and choice runs back the other way.
package draft

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Draft is a faction draft in progress.
type Draft struct {
	Players int
	First   int        // the player who picks first
	Pool    []string   // factions on the table
	Copies  int        // how many players may take the same faction (copies of its set in use)
	Picks   [][]string // factions picked so far, per player
	n       int        // picks made
}

// New starts a draft for players seats over pool, with first picking first.
// copies is how many copies of each set are in use (1 normally).
func New(players int, pool []string, first, copies int) (*Draft, error) {
	if players < 2 || players > 4 {
		return nil, fmt.Errorf("a draft needs 2 to 4 players, got %d", players)
	}
	if first < 0 || first >= players {
		return nil, fmt.Errorf("first player %d out of range", first)
	}
	if copies < 1 {
		copies = 1
	}
	seen := map[string]bool{}
	for _, f := range pool {
		if seen[f] {
			return nil, fmt.Errorf("faction %q is in the pool twice", f)
		}
		seen[f] = true
	}
	if len(pool)*copies < 2*players {
		return nil, fmt.Errorf("the pool needs at least %d factions for %d players, it has %d", 2*players, players, len(pool))
	}
	return &Draft{Players: players, First: first, Pool: append([]string(nil), pool...), Copies: copies, Picks: make([][]string, players)}, nil
}

// Random starts a draft whose first player is chosen with rng.
func Random(players int, pool []string, copies int, rng *rand.Rand) (*Draft, error) {
	return New(players, pool, rng.IntN(players), copies)
}

// Done reports whether every player has two factions.
func (d *Draft) Done() bool { return d.n >= 2*d.Players }

// Next returns the player whose pick it is (valid only when not Done).
func (d *Draft) Next() int {
	i := d.n
	if i >= d.Players { // second round runs in reverse, starting with the last player
		i = 2*d.Players - 1 - i
	}
	return (d.First + i) % d.Players
}

// Options lists the factions the next player may pick, in pool order.
func (d *Draft) Options() []string {
	if d.Done() {
		return nil
	}
	p := d.Next()
	var out []string
	for _, f := range d.Pool {
		if d.taken(f) >= d.Copies {
			continue
		}
		mine := false
		for _, m := range d.Picks[p] {
			if m == f {
				mine = true
			}
		}
		if !mine {
			out = append(out, f)
		}
	}
	return out
}

func (d *Draft) taken(f string) int {
	n := 0
	for _, ps := range d.Picks {
		for _, m := range ps {
			if m == f {
				n++
			}
		}
	}
	return n
}

// ErrDone is returned when picking after the draft ended.
var ErrDone = errors.New("the draft is over")

// Pick records the next player's choice (matched ignoring case). An illegal pick
// returns an error and changes nothing.
func (d *Draft) Pick(faction string) error {
	if d.Done() {
		return ErrDone
	}
	for _, f := range d.Options() {
		if strings.EqualFold(f, faction) {
			p := d.Next()
			d.Picks[p] = append(d.Picks[p], f)
			d.n++
			return nil
		}
	}
	return fmt.Errorf("%q cannot be picked now; choose one of: %s", faction, strings.Join(d.Options(), ", "))
}

// PickRandom makes the next pick at random (for computer seats).
func (d *Draft) PickRandom(rng *rand.Rand) string {
	opts := d.Options()
	f := opts[rng.IntN(len(opts))]
	_ = d.Pick(f)
	return f
}
