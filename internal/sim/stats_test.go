package sim

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
)

func TestRunIsReproducibleAndIndependentOfWorkers(t *testing.T) {
	c := Config{Games: 24, Players: 0, AI: "random", Seed: 5}
	c.Workers = 1
	a, err := Run(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Workers = 4
	b, err := Run(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.Seconds, b.Seconds = 0, 0
	a.Config.Workers, b.Config.Workers = 0, 0
	var x, y bytes.Buffer
	WriteJSON(&x, a)
	WriteJSON(&y, b)
	if x.String() != y.String() {
		t.Fatal("the report depends on the number of workers")
	}
	if a.Unfinished != 0 {
		t.Fatalf("%d random games did not finish", a.Unfinished)
	}
}

func TestAggregateCountsSharedWinsAsFractions(t *testing.T) {
	games := []Game{
		{Factions: [][2]string{{"A", "B"}, {"C", "D"}}, VP: []int{15, 10}, Winners: []int{0}, Finished: true, Turns: 10},
		{Factions: [][2]string{{"A", "C"}, {"B", "D"}}, VP: []int{16, 16}, Winners: []int{0, 1}, Finished: true, Turns: 12},
		{Factions: [][2]string{{"A", "C"}, {"B", "D"}}, Finished: false},
	}
	r := Aggregate(Config{}, games)
	get := func(f string) FactionStats {
		for _, s := range r.Factions {
			if s.Faction == f {
				return s
			}
		}
		t.Fatalf("no %s", f)
		return FactionStats{}
	}
	if a := get("A"); a.Games != 2 || a.Wins != 1.5 || a.WinRate != 0.75 || a.Expected != 0.5 || a.AvgVP != 15.5 {
		t.Fatalf("A: %+v", a)
	}
	if d := get("D"); d.Wins != 0.5 {
		t.Fatalf("D: %+v", d)
	}
	if r.Unfinished != 1 || r.AvgTurns != 11 {
		t.Fatalf("report: %+v", r)
	}
}

func TestMainFlags(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Main([]string{"--games", "6", "--players", "3", "--sets", "core"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "6 games, 3 players, normal computer players") { // normal by default
		t.Fatalf("output: %s", out.String())
	}
	for _, bad := range [][]string{{"--players", "7"}, {"--ai", "genius"}, {"--sets", "nope"}, {"--games", "0"}} {
		if code := Main(bad, &out, &errOut); code != 2 {
			t.Errorf("%v: exit %d", bad, code)
		}
	}
}

// Two games of four factions: A and C are partners in the second, opponents
// in the first; the second is a shared win.
var twoGames = []Game{
	{Factions: [][2]string{{"A", "B"}, {"C", "D"}}, VP: []int{15, 10}, Winners: []int{0}, Finished: true, Turns: 10},
	{Factions: [][2]string{{"C", "A"}, {"B", "D"}}, VP: []int{16, 16}, Winners: []int{0, 1}, Finished: true, Turns: 12},
}

func TestMatchupsAndPairs(t *testing.T) {
	r := Aggregate(Config{}, twoGames)
	m := r.Matrix()
	if strings.Join(m.Factions, "") != "ABCD" || len(m.Cells) != 4 || len(r.Matchups) != 12 {
		t.Fatalf("matrix of %v, %d matchups", m.Factions, len(r.Matchups))
	}
	at := func(f, o string) Record {
		i, j := strings.Index("ABCD", f), strings.Index("ABCD", o)
		if c := m.Cells[i][j]; c != nil && c.Faction == f && c.Opponent == o {
			return c.Record
		}
		t.Fatalf("no cell %s-%s", f, o)
		return Record{}
	}
	for i := range m.Cells {
		if m.Cells[i][i] != nil {
			t.Errorf("diagonal cell %d is set", i)
		}
	}
	for _, c := range []struct {
		f, o  string
		games int
		wins  float64
	}{
		{"A", "C", 1, 1}, {"C", "A", 1, 0}, // opponents once, partners once
		{"A", "B", 1, 0.5}, {"A", "D", 2, 1.5}, {"D", "A", 2, 0.5},
		{"B", "D", 1, 1}, {"C", "D", 1, 0.5}, {"D", "C", 1, 0.5},
	} {
		if got := at(c.f, c.o); got.Games != c.games || got.Wins != c.wins {
			t.Errorf("%s against %s: %d games, %.2f wins; want %d, %.2f", c.f, c.o, got.Games, got.Wins, c.games, c.wins)
		}
	}
	if ac := at("A", "C"); ac.WinRate != 1 || ac.Expected != 0.5 || ac.Low <= 0 || ac.High != 1 || !ac.Unsure() {
		t.Errorf("A against C: %+v", ac)
	}
	partners := Aggregate(Config{}, []Game{{Factions: [][2]string{{"E", "F"}, {"A", "B"}}, VP: []int{1, 2}, Winners: []int{1}, Finished: true}})
	if ef := partners.Matrix().Cells[2][3]; ef.Faction != "E" || ef.Opponent != "F" || ef.Games != 0 || ef.WinRate != 0 || ef.Low != 0 || ef.High != 1 {
		t.Errorf("a matchup never played: %+v", ef)
	}
	var got []string
	for _, p := range r.Pairs {
		got = append(got, fmt.Sprintf("%s+%s:%d:%.1f", p.Factions[0], p.Factions[1], p.Games, p.Wins))
	}
	// best first; equal rates by name
	if want := "A+B:1:1.0 A+C:1:0.5 B+D:1:0.5 C+D:1:0.0"; strings.Join(got, " ") != want {
		t.Errorf("pairs %v, want %s", got, want)
	}
}

func TestThreeWayWinIsExact(t *testing.T) {
	g := Game{Factions: [][2]string{{"A", "B"}, {"C", "D"}, {"E", "F"}}, VP: []int{15, 15, 15}, Winners: []int{0, 1, 2}, Finished: true}
	var games []Game
	for range 3 {
		games = append(games, g)
	}
	r := Aggregate(Config{}, games)
	for _, f := range r.Factions {
		if f.Wins != 1 || f.WinRate != 1.0/3 || f.Expected != 1.0/3 || f.Edge() != 0 {
			t.Errorf("%s: %+v", f.Faction, f.Record)
		}
	}
}

// Counts of parts of a set of games merge into the counts of the whole, in
// any order.
func TestCountsMerge(t *testing.T) {
	games := append(append([]Game(nil), twoGames...), Game{Factions: [][2]string{{"A", "D"}, {"B", "C"}}, VP: []int{3, 15}, Winners: []int{1}, Finished: true, Turns: 9}, Game{Factions: [][2]string{{"A", "D"}, {"B", "C"}}})
	whole := jsonOf(t, Aggregate(Config{}, games))
	for cut := 0; cut <= len(games); cut++ {
		a, b := NewCounts(), NewCounts()
		for i, g := range games {
			if i < cut {
				a.Add(g)
			} else {
				b.Add(g)
			}
		}
		b.Merge(a)
		if got := jsonOf(t, NewReport(Config{}, b)); got != whole {
			t.Fatalf("cut at %d: merged\n%s\nwhole\n%s", cut, got, whole)
		}
	}
}

func jsonOf(t *testing.T, r Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestOutputs(t *testing.T) {
	r := Aggregate(Config{Games: 2, Players: 2, AI: "normal"}, twoGames)
	var text bytes.Buffer
	WriteText(&text, r)
	for _, want := range []string{
		"Faction against faction",
		" 1 A                       -  50?100? 75?", // A against B, C, D
		"A + B", "C + D",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text report lacks %q:\n%s", want, text.String())
		}
	}
	var back struct {
		Matchups []Matchup
		Pairs    []PairStats
	}
	if err := json.Unmarshal([]byte(jsonOf(t, r)), &back); err != nil || len(back.Matchups) != 12 || len(back.Pairs) != 4 || back.Pairs[0].Factions != [2]string{"A", "B"} {
		t.Errorf("JSON: %v, %+v", err, back)
	}

	dir := t.TempDir()
	if err := WriteCSV(dir, r); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]string{
		"factions.csv": {"faction,games,wins,win_rate,win_rate_low,win_rate_high,expected,avg_vp", "A,2,1.5,0.75,"},
		"matchups.csv": {"faction,opponent,games,wins,win_rate,win_rate_low,win_rate_high,expected,avg_vp", "A,B,1,0.5,0.5,", "A,C,1,1,1,"},
		"pairs.csv":    {"faction_1,faction_2,games,wins,win_rate,win_rate_low,win_rate_high,expected,avg_vp", "A,B,1,1,1,"},
	} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lines := strings.Split(string(b), "\n")
		if lines[0] != want[0] {
			t.Errorf("%s header %q", name, lines[0])
		}
		for _, w := range want[1:] {
			if !strings.Contains(string(b), "\n"+w) {
				t.Errorf("%s lacks a row starting %q:\n%s", name, w, b)
			}
		}
		if n := map[string]int{"factions.csv": 5, "matchups.csv": 13, "pairs.csv": 5}[name]; len(rows) != n {
			t.Errorf("%s has %d rows, want %d", name, len(rows), n)
		}
	}
}
