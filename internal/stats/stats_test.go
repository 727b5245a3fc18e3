package stats

import (
	"bytes"
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
