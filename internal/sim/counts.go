package sim

// Scale is the unit of the tallies: a win shared by k players (k ≤ 4) is
// worth Scale/k, a whole number, so tallies are integers and add up to the
// same totals in any order (a run split into shards merges exactly).
const Scale = 12

// Tally counts the games of a faction, a pair of factions or a matchup.
type Tally struct {
	Games int   `json:"games"`
	Wins  int64 `json:"wins"` // in 1/Scale of a win: a win shared by k players is Scale/k
	// Fair sums Scale/players over the games: the wins of a player exactly
	// as good as the others at the same tables.
	Fair int64 `json:"fair"`
	VP   int64 `json:"vp"` // final VP summed over the games
}

func (t *Tally) add(u Tally) {
	t.Games += u.Games
	t.Wins += u.Wins
	t.Fair += u.Fair
	t.VP += u.VP
}

// Counts are the sums a report is computed from. Counts of disjoint sets of
// games add up (Merge) to the counts of their union.
type Counts struct {
	Games      int   `json:"games"` // games played, finished or not
	Unfinished int   `json:"unfinished"`
	Turns      int64 `json:"turns"` // summed over the finished games
	Moves      int64 `json:"decisions"`
	// Factions counts each faction's games (finished games only, as below).
	Factions map[string]*Tally `json:"factions"`
	// Matchups[f][o] counts the games of faction f in which an opponent
	// played faction o.
	Matchups map[string]map[string]*Tally `json:"matchups"`
	// Pairs[a][b] (a before b in name order) counts the games of the
	// players who shuffled a and b together.
	Pairs map[string]map[string]*Tally `json:"pairs"`
}

// NewCounts returns empty counts.
func NewCounts() *Counts {
	return &Counts{
		Factions: map[string]*Tally{},
		Matchups: map[string]map[string]*Tally{},
		Pairs:    map[string]map[string]*Tally{},
	}
}

func cell(m map[string]map[string]*Tally, a, b string) *Tally {
	row := m[a]
	if row == nil {
		row = map[string]*Tally{}
		m[a] = row
	}
	t := row[b]
	if t == nil {
		t = &Tally{}
		row[b] = t
	}
	return t
}

func (c *Counts) faction(f string) *Tally {
	t := c.Factions[f]
	if t == nil {
		t = &Tally{}
		c.Factions[f] = t
	}
	return t
}

// Add counts one game. An unfinished game counts only as unfinished.
func (c *Counts) Add(g Game) {
	c.Games++
	if !g.Finished {
		c.Unfinished++
		return
	}
	c.Turns += int64(g.Turns)
	c.Moves += int64(g.Moves)
	n := len(g.Factions)
	seat := make([]Tally, n)
	for p := range seat {
		seat[p] = Tally{Games: 1, Fair: Scale / int64(n), VP: int64(g.VP[p])}
		for _, w := range g.Winners {
			if w == p {
				seat[p].Wins = Scale / int64(len(g.Winners))
			}
		}
	}
	for p, fs := range g.Factions {
		for _, f := range fs {
			c.faction(f).add(seat[p])
			for q, os := range g.Factions {
				if q == p {
					continue
				}
				for _, o := range os {
					cell(c.Matchups, f, o).add(seat[p])
				}
			}
		}
		a, b := fs[0], fs[1]
		if b < a {
			a, b = b, a
		}
		cell(c.Pairs, a, b).add(seat[p])
	}
}

// Merge adds the counts of other games to c.
func (c *Counts) Merge(o *Counts) {
	c.Games += o.Games
	c.Unfinished += o.Unfinished
	c.Turns += o.Turns
	c.Moves += o.Moves
	for f, t := range o.Factions {
		c.faction(f).add(*t)
	}
	for _, m := range []struct{ to, from map[string]map[string]*Tally }{{c.Matchups, o.Matchups}, {c.Pairs, o.Pairs}} {
		for a, row := range m.from {
			for b, t := range row {
				cell(m.to, a, b).add(*t)
			}
		}
	}
}
