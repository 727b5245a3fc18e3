package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// withoutTime is a report's JSON with the time left out (the only figure
// that differs between two runs of the same games).
func withoutTime(t *testing.T, js []byte) string {
	t.Helper()
	var r Report
	if err := json.Unmarshal(js, &r); err != nil {
		t.Fatalf("%v in %s", err, js)
	}
	r.Seconds = 0
	return jsonOf(t, r)
}

// Shards 1..3 of a run, played apart and merged, give the single run's report
// exactly, through the command line.
func TestShardsMergeToTheSingleRun(t *testing.T) {
	dir := t.TempDir()
	common := []string{"--games", "40", "--players", "0", "--ai", "easy", "--seed", "9", "--workers", "2"}
	var single, errOut bytes.Buffer
	if code := Main(append(common, "--json"), &single, &errOut); code != 0 {
		t.Fatalf("single run: exit %d: %s", code, errOut.String())
	}
	var files []string
	for i := 1; i <= 3; i++ {
		f := filepath.Join(dir, "results", fmt.Sprintf("shard-%d.json", i)) // the directory is made
		files = append(files, f)
		var out bytes.Buffer
		if code := Main(append(common, "--shard", fmt.Sprintf("%d/3", i), "--out", f), &out, &errOut); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errOut.String())
		}
		if want := fmt.Sprintf("%d games (shard %d/3 of 40", []int{14, 13, 13}[i-1], i); !strings.Contains(out.String(), want) {
			t.Errorf("shard %d's report does not say %q:\n%s", i, want, out.String())
		}
	}
	var merged bytes.Buffer
	// in any order
	if code := Main([]string{"merge", "--json", files[2], files[0], files[1]}, &merged, &errOut); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errOut.String())
	}
	a, b := withoutTime(t, single.Bytes()), withoutTime(t, merged.Bytes())
	if a != b {
		t.Fatalf("the merged report differs from the single run's:\nsingle %s\nmerged %s", a, b)
	}
	if !strings.Contains(a, `"matchups"`) || !strings.Contains(a, `"games": 40`) {
		t.Fatalf("odd report %s", a)
	}
}

func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	play := func(name string, args ...string) string {
		t.Helper()
		f := filepath.Join(dir, name)
		var out, errOut bytes.Buffer
		args = append([]string{"--games", "6", "--ai", "random", "--out", f}, args...)
		if code := Main(args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		return f
	}
	s1, s2 := play("1.json", "--shard", "1/2"), play("2.json", "--shard", "2/2")
	other := play("other.json", "--shard", "2/2", "--seed", "5")
	whole := play("whole.json")
	greedy := play("greedy.json", "--shard", "2/2", "--ai", "greedy")
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{s1, other}, "not shards of one run: seed 1 against 5"},
		{[]string{s1, whole}, "not shards of one run: shards 2 against (none)"},
		{[]string{s1}, "shards missing: 2/2"},
		{[]string{s1, s2, s1}, "shard 1/2 is given twice"},
		{[]string{s1, filepath.Join(dir, "none.json")}, "no such file"},
	} {
		var out, errOut bytes.Buffer
		if code := Main(append([]string{"merge"}, c.files...), &out, &errOut); code == 0 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("merge %v: exit %d, %q; want an error saying %q", c.files, code, errOut.String(), c.want)
		}
	}
	// greedy is another name of normal
	if code := Main([]string{"merge", play("n1.json", "--shard", "1/2", "--ai", "normal"), greedy}, &bytes.Buffer{}, &bytes.Buffer{}); code != 0 {
		t.Errorf("shards played as greedy and as normal do not merge: exit %d", code)
	}
	// a whole run's file merges alone into its own report
	var out, errOut bytes.Buffer
	if code := Main([]string{"merge", whole}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "6 games, 2 players") {
		t.Errorf("merge of a whole run: exit %d: %s%s", code, out.String(), errOut.String())
	}
	for _, bad := range []string{"0/2", "3/2", "2", "a/b", "1/0"} {
		if code := Main([]string{"--shard", bad}, &out, &errOut); code != 2 {
			t.Errorf("--shard %s: exit %d", bad, code)
		}
	}
}

func TestShardIndices(t *testing.T) {
	seen := map[int]int{}
	for i := 1; i <= 3; i++ {
		for _, k := range (Config{Games: 10, Shard: i, Shards: 3}).Indices() {
			if k%3 != i-1 {
				t.Errorf("shard %d/3 plays game %d", i, k)
			}
			seen[k]++
		}
	}
	for k := 0; k < 10; k++ {
		if seen[k] != 1 {
			t.Errorf("game %d is played %d times", k, seen[k])
		}
	}
	if got := len((Config{Games: 10}).Indices()); got != 10 {
		t.Errorf("a whole run plays %d of 10 games", got)
	}
}
