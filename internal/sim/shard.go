package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ResultFormat names the layout of result files.
const ResultFormat = "smashup-sim-result/1"

// WriteResult writes a result file (JSON), creating its directory if need be.
func WriteResult(path string, r Result) error {
	b, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// ReadResult reads a result file.
func ReadResult(path string) (Result, error) {
	var r Result
	b, err := os.ReadFile(path)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("%s: %w", path, err)
	}
	if r.Format != ResultFormat || r.Counts == nil {
		return r, fmt.Errorf("%s: not a result of smashup sim --out (format %q, want %q)", path, r.Format, ResultFormat)
	}
	return r, nil
}

// Merge combines the results of the shards of one run (each shard once, all
// of them) into the result of the whole run: the counts add up exactly, so
// its report is the report a single run gives (but for the time, summed).
// names (the files the results come from, or nil) only label errors.
func Merge(rs []Result, names []string) (Result, error) {
	if len(rs) == 0 {
		return Result{}, errors.New("nothing to merge")
	}
	name := func(i int) string {
		if i < len(names) {
			return names[i]
		}
		return fmt.Sprintf("result %d", i+1)
	}
	first := rs[0]
	n := max(first.Config.Shards, 1)
	seen := make([]int, n+1) // seen[shard] = 1 + the result holding it
	out := Result{Format: ResultFormat, Rules: first.Rules, Config: first.Config, Counts: NewCounts()}
	out.Config.Shard, out.Config.Shards = 0, 0
	for i, r := range rs {
		if r.Rules != first.Rules {
			return Result{}, fmt.Errorf("%s was played under other rules than %s (%s, %s): a different build", name(i), name(0), r.Rules, first.Rules)
		}
		if d := configDiff(first.Config, r.Config); d != "" {
			return Result{}, fmt.Errorf("%s and %s are not shards of one run: %s", name(0), name(i), d)
		}
		if err := r.Config.check(); err != nil {
			return Result{}, fmt.Errorf("%s: %w", name(i), err)
		}
		k := max(r.Config.Shard, 1)
		if seen[k] != 0 {
			return Result{}, fmt.Errorf("shard %d/%d is given twice: %s and %s", k, n, name(seen[k]-1), name(i))
		}
		seen[k] = i + 1
		if want := len(r.Config.Indices()); r.Counts.Games != want {
			return Result{}, fmt.Errorf("%s: %d games counted, but shard %d/%d has %d", name(i), r.Counts.Games, k, n, want)
		}
		out.Counts.Merge(r.Counts)
		out.Seconds += r.Seconds
	}
	var missing []string
	for k := 1; k <= n; k++ {
		if seen[k] == 0 {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
	}
	if len(missing) > 0 {
		return Result{}, fmt.Errorf("shards missing: %s", strings.Join(missing, ", "))
	}
	return out, nil
}

// configDiff says how two configurations differ, but for the shard each
// plays ("" if they are of one run).
func configDiff(a, b Config) string {
	a.Shard, b.Shard = 0, 0
	fields := func(c Config) map[string]string {
		m := map[string]json.RawMessage{}
		js, _ := json.Marshal(c)
		json.Unmarshal(js, &m)
		out := map[string]string{}
		for k, v := range m {
			out[k] = string(v)
		}
		return out
	}
	fa, fb := fields(a), fields(b)
	var keys []string
	for k := range fa {
		keys = append(keys, k)
	}
	for k := range fb {
		if _, ok := fa[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var diffs []string
	for _, k := range keys {
		if fa[k] != fb[k] {
			diffs = append(diffs, fmt.Sprintf("%s %s against %s", k, orNone(fa[k]), orNone(fb[k])))
		}
	}
	return strings.Join(diffs, "; ")
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
