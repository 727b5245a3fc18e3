package sim

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ShownPairs is how many of the best and of the worst pairs the text report
// lists.
const ShownPairs = 10

// WriteText prints a report as tables: the factions, the faction-against-
// faction matrix, and the best and worst pairs.
func WriteText(w io.Writer, r Report) {
	players := "2, 3 and 4 (mixed)"
	if r.Config.Players > 0 {
		players = fmt.Sprint(r.Config.Players)
	}
	games := fmt.Sprintf("%d games", r.Games)
	if c := r.Config; c.Shards > 0 {
		games += fmt.Sprintf(" (shard %d/%d of %d: the games k with k mod %d = %d)", c.Shard, c.Shards, c.Games, c.Shards, c.Shard-1)
	}
	fmt.Fprintf(w, "%s, %s players, %s computer players, seeds %d..%d: %.1f turns and %.0f decisions per game on average, %.1fs\n",
		games, players, r.Config.AI, r.Config.Seed, r.Config.Seed+uint64(r.Config.Games)-1, r.AvgTurns, r.AvgMoves, r.Seconds)
	if r.Unfinished > 0 {
		fmt.Fprintf(w, "%d games did not finish within the decision limit and are left out\n", r.Unfinished)
	}
	fmt.Fprintf(w, "\n%-22s %7s %8s %9s %15s %9s %7s\n", "faction", "games", "wins", "win rate", "95% interval", "expected", "avg VP")
	fmt.Fprintln(w, strings.Repeat("-", 83))
	for _, f := range r.Factions {
		fmt.Fprintf(w, "%-22s %s %7.2f\n", f.Faction, recordText(f.Record), f.AvgVP)
	}
	fmt.Fprintln(w, "\nexpected: the win rate of a faction exactly as good as its opponents in the same games.")

	m := r.Matrix()
	if len(m.Factions) > 1 {
		fmt.Fprintf(w, "\nFaction against faction: the row's win rate (%%) in the games where an opponent played the column's\nfaction; ? marks fewer than %d games or a 95%% interval wider than %.0f points.\n\n", MinGames, 100*MaxWidth)
		var b strings.Builder
		line := func() {
			fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
			b.Reset()
		}
		fmt.Fprintf(&b, "%-25s", "")
		for j := range m.Factions {
			fmt.Fprintf(&b, "%3d ", j+1)
		}
		line()
		for i, f := range m.Factions {
			fmt.Fprintf(&b, "%2d %-22s", i+1, f)
			for _, c := range m.Cells[i] {
				switch {
				case c == nil:
					b.WriteString("  - ")
				case c.Games == 0:
					b.WriteString("  ? ")
				default:
					mark := " "
					if c.Unsure() {
						mark = "?"
					}
					fmt.Fprintf(&b, "%3.0f%s", 100*c.WinRate, mark)
				}
			}
			line()
		}
	}

	if len(r.Pairs) > 0 {
		pairs := func(title string, ps []PairStats) {
			fmt.Fprintf(w, "\n%-42s %7s %8s %9s %15s %9s %7s\n", title, "games", "wins", "win rate", "95% interval", "expected", "avg VP")
			fmt.Fprintln(w, strings.Repeat("-", 103))
			for _, p := range ps {
				fmt.Fprintf(w, "%-42s %s %7.2f\n", p.Factions[0]+" + "+p.Factions[1], recordText(p.Record), p.AvgVP)
			}
		}
		// Pairs of few games, whose rates say little, are left out of the
		// best and worst (not of the JSON and CSV outputs).
		var shown []PairStats
		for _, p := range r.Pairs {
			if p.Games >= MinGames {
				shown = append(shown, p)
			}
		}
		note := fmt.Sprintf("%d pairs played; the %d with fewer than %d games are left out here.", len(r.Pairs), len(r.Pairs)-len(shown), MinGames)
		switch {
		case len(shown) == len(r.Pairs):
			note = fmt.Sprintf("%d pairs played, each at least %d times.", len(r.Pairs), MinGames)
		case len(shown) == 0:
			shown, note = r.Pairs, fmt.Sprintf("%d pairs played, none %d times or more.", len(r.Pairs), MinGames)
		}
		fmt.Fprintf(w, "\nPairs of factions shuffled together: %s\n", note)
		if len(shown) <= 2*ShownPairs {
			pairs("pairs, best first", shown)
		} else {
			pairs(fmt.Sprintf("best %d pairs", ShownPairs), shown[:ShownPairs])
			pairs(fmt.Sprintf("worst %d pairs", ShownPairs), shown[len(shown)-ShownPairs:])
		}
	}
}

// recordText is the games, wins, win rate, interval and expected columns.
func recordText(r Record) string {
	return fmt.Sprintf("%7d %8.1f %8.1f%% %6.1f%%-%5.1f%% %8.1f%%", r.Games, r.Wins, 100*r.WinRate, 100*r.Low, 100*r.High, 100*r.Expected)
}

// WriteJSON prints a report as JSON.
func WriteJSON(w io.Writer, r Report) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(r)
}

var recordHeader = []string{"games", "wins", "win_rate", "win_rate_low", "win_rate_high", "expected", "avg_vp"}

func recordFields(r Record) []string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	return []string{strconv.Itoa(r.Games), f(r.Wins), f(r.WinRate), f(r.Low), f(r.High), f(r.Expected), f(r.AvgVP)}
}

// WriteCSV writes the report's tables into dir (created if need be):
// factions.csv, matchups.csv (one row per faction and opponent's faction)
// and pairs.csv, in the orders of the report.
func WriteCSV(dir string, r Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var factions, matchups, pairs [][]string
	factions = append(factions, append([]string{"faction"}, recordHeader...))
	for _, f := range r.Factions {
		factions = append(factions, append([]string{f.Faction}, recordFields(f.Record)...))
	}
	matchups = append(matchups, append([]string{"faction", "opponent"}, recordHeader...))
	for _, m := range r.Matchups {
		matchups = append(matchups, append([]string{m.Faction, m.Opponent}, recordFields(m.Record)...))
	}
	pairs = append(pairs, append([]string{"faction_1", "faction_2"}, recordHeader...))
	for _, p := range r.Pairs {
		pairs = append(pairs, append([]string{p.Factions[0], p.Factions[1]}, recordFields(p.Record)...))
	}
	for _, t := range []struct {
		name string
		rows [][]string
	}{{"factions.csv", factions}, {"matchups.csv", matchups}, {"pairs.csv", pairs}} {
		if err := writeCSVFile(filepath.Join(dir, t.name), t.rows); err != nil {
			return err
		}
	}
	return nil
}

func writeCSVFile(path string, rows [][]string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.WriteAll(rows) // flushes
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
