package sim

import (
	"sort"
)

// Record is how a faction (or a pair of factions, or a faction facing
// another) fared over its games.
type Record struct {
	Games   int     `json:"games"`
	Wins    float64 `json:"wins"` // a shared win counts as a fraction
	WinRate float64 `json:"win_rate"`
	Low     float64 `json:"win_rate_low"` // 95% interval of the win rate (Wilson)
	High    float64 `json:"win_rate_high"`
	// Expected is the win rate of a player no better than the others at the
	// same tables (1/players per game, averaged).
	Expected float64 `json:"expected"`
	AvgVP    float64 `json:"avg_vp"`
}

// A record is too uncertain to say much when it has fewer than MinGames
// games or its 95% interval is wider than MaxWidth (see Unsure).
const (
	MinGames = 10
	MaxWidth = 0.3
)

// Unsure reports whether the record's interval is too wide to say whether
// it is better or worse than expected.
func (r Record) Unsure() bool { return r.Games < MinGames || r.High-r.Low > MaxWidth }

// Edge is how much more often than expected the record wins.
func (r Record) Edge() float64 { return r.WinRate - r.Expected }

func record(t Tally) Record {
	r := Record{Games: t.Games, Wins: float64(t.Wins) / Scale}
	r.Low, r.High = Wilson(r.Wins, float64(t.Games))
	if t.Games > 0 {
		n := float64(t.Games)
		r.WinRate = r.Wins / n
		r.Expected = float64(t.Fair) / Scale / n
		r.AvgVP = float64(t.VP) / n
	}
	return r
}

// FactionStats is a faction's record.
type FactionStats struct {
	Faction string `json:"faction"`
	Record
}

// Matchup is the record of a faction in the games where an opponent played
// another faction.
type Matchup struct {
	Faction  string `json:"faction"`
	Opponent string `json:"opponent"`
	Record
}

// PairStats is the record of the players who shuffled two factions together.
type PairStats struct {
	Factions [2]string `json:"factions"` // in name order
	Record
}

// Report is the result of a run.
type Report struct {
	Config     Config  `json:"config"`
	Games      int     `json:"games"`
	Unfinished int     `json:"unfinished"`
	AvgTurns   float64 `json:"avg_turns"`
	AvgMoves   float64 `json:"avg_decisions"`
	Seconds    float64 `json:"seconds"`
	// Factions: best first (by win rate above expected, then name).
	Factions []FactionStats `json:"factions"`
	// Matchups: every faction against every other faction of the report,
	// rows and columns in name order (games 0 where they never met).
	Matchups []Matchup `json:"matchups"`
	// Pairs: the pairs that were played, best first.
	Pairs []PairStats `json:"pairs"`
}

// better orders records best first: by win rate above expected, ties by
// the names.
func better(a, b Record, an, bn string) bool {
	if a.Edge() != b.Edge() {
		return a.Edge() > b.Edge()
	}
	return an < bn
}

// NewReport computes a report from the counts of a run's games.
func NewReport(c Config, n *Counts) Report {
	rep := Report{Config: c, Games: n.Games, Unfinished: n.Unfinished}
	if fin := n.Games - n.Unfinished; fin > 0 {
		rep.AvgTurns = float64(n.Turns) / float64(fin)
		rep.AvgMoves = float64(n.Moves) / float64(fin)
	}
	names := make([]string, 0, len(n.Factions))
	for f, t := range n.Factions {
		names = append(names, f)
		rep.Factions = append(rep.Factions, FactionStats{f, record(*t)})
	}
	sort.Strings(names)
	sort.Slice(rep.Factions, func(i, j int) bool {
		a, b := rep.Factions[i], rep.Factions[j]
		return better(a.Record, b.Record, a.Faction, b.Faction)
	})
	for _, f := range names {
		for _, o := range names {
			if o == f {
				continue
			}
			var t Tally
			if x := n.Matchups[f][o]; x != nil {
				t = *x
			}
			rep.Matchups = append(rep.Matchups, Matchup{f, o, record(t)})
		}
	}
	for a, row := range n.Pairs {
		for b, t := range row {
			rep.Pairs = append(rep.Pairs, PairStats{[2]string{a, b}, record(*t)})
		}
	}
	sort.Slice(rep.Pairs, func(i, j int) bool {
		a, b := rep.Pairs[i], rep.Pairs[j]
		return better(a.Record, b.Record, a.Factions[0]+"\x00"+a.Factions[1], b.Factions[0]+"\x00"+b.Factions[1])
	})
	return rep
}

// Aggregate computes the report of a set of games.
func Aggregate(c Config, games []Game) Report {
	n := NewCounts()
	for _, g := range games {
		n.Add(g)
	}
	return NewReport(c, n)
}

// Matrix is the faction-against-faction table of a report.
type Matrix struct {
	Factions []string // the rows and the columns, in name order
	// Cells[i][j] is the record of Factions[i] against Factions[j] (nil on
	// the diagonal).
	Cells [][]*Matchup
}

// Matrix arranges the report's matchups as a table.
func (r Report) Matrix() Matrix {
	var m Matrix
	for _, f := range r.Factions {
		m.Factions = append(m.Factions, f.Faction)
	}
	sort.Strings(m.Factions)
	index := map[string]int{}
	for i, f := range m.Factions {
		index[f] = i
	}
	m.Cells = make([][]*Matchup, len(m.Factions))
	for i := range m.Cells {
		m.Cells[i] = make([]*Matchup, len(m.Factions))
	}
	for k := range r.Matchups {
		x := &r.Matchups[k]
		i, ok1 := index[x.Faction]
		j, ok2 := index[x.Opponent]
		if ok1 && ok2 {
			m.Cells[i][j] = x
		}
	}
	return m
}
