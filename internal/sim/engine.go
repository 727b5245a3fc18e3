package sim

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// The variables a batch system sets in each task of an array, from which
// `smashup sim --shards N` learns which shard it plays (no shell needed to
// turn them into --shard i/n, so an image with nothing but the binary does).
const (
	// EnvJobIndex is set by a Kubernetes Indexed Job: 0 to completions-1.
	EnvJobIndex = "JOB_COMPLETION_INDEX"
	// EnvSlurmTask is set by a Slurm job array (sbatch --array), with
	// EnvSlurmMin, EnvSlurmStep and EnvSlurmCount beside it.
	EnvSlurmTask  = "SLURM_ARRAY_TASK_ID"
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmStep  = "SLURM_ARRAY_TASK_STEP"
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT"
)

// shardFromEnv finds the shard (1 ≤ i ≤ n) that this task of an array of n
// plays, from the variables getenv gives: Kubernetes' completion index (0
// to n-1), or Slurm's task id counted from the array's first id in its
// steps (--array=0-7, 1-8 and 0-14:2 all name 8 shards). It says which
// system it read.
func shardFromEnv(n int, getenv func(string) string) (i int, from string, err error) {
	k8s, slurm := getenv(EnvJobIndex), getenv(EnvSlurmTask)
	num := func(name string, def int) (int, error) {
		v := getenv(name)
		if v == "" {
			return def, nil
		}
		x, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || x < 0 {
			return 0, fmt.Errorf("%s=%q: want a whole number", name, v)
		}
		return x, nil
	}
	var idx int
	switch {
	case k8s != "" && slurm != "":
		return 0, "", fmt.Errorf("both %s and %s are set: which batch system runs this?", EnvJobIndex, EnvSlurmTask)
	case k8s != "":
		if idx, err = num(EnvJobIndex, 0); err != nil {
			return 0, "", err
		}
		from = fmt.Sprintf("%s=%d", EnvJobIndex, idx)
	case slurm != "":
		id, err := num(EnvSlurmTask, 0)
		if err != nil {
			return 0, "", err
		}
		lo, err := num(EnvSlurmMin, 0)
		if err != nil {
			return 0, "", err
		}
		step, err := num(EnvSlurmStep, 1)
		if err != nil {
			return 0, "", err
		}
		count, err := num(EnvSlurmCount, n)
		if err != nil {
			return 0, "", err
		}
		if count != n {
			return 0, "", fmt.Errorf("--shards %d, but the Slurm array has %d tasks (%s): every task must play one shard of the same split", n, count, EnvSlurmCount)
		}
		if step < 1 || id < lo || (id-lo)%step != 0 {
			return 0, "", fmt.Errorf("%s=%d is not in an array from %d in steps of %d", EnvSlurmTask, id, lo, step)
		}
		idx = (id - lo) / step
		from = fmt.Sprintf("%s=%d", EnvSlurmTask, id)
	default:
		return 0, "", fmt.Errorf("--shards %d: neither %s (a Kubernetes Indexed Job) nor %s (a Slurm array) is set; give --shard i/n instead", n, EnvJobIndex, EnvSlurmTask)
	}
	if idx >= n {
		return 0, "", fmt.Errorf("%s names task %d of an array, but --shards is %d", from, idx, n)
	}
	return idx + 1, from, nil
}

// shardName is what {shard} in --out becomes: "i-of-n".
func shardName(i, n int) string { return fmt.Sprintf("%d-of-%d", i, n) }

// mergeInputs expands the arguments of `smashup sim merge`: a directory
// stands for every .json file in it (so that no shell glob is needed), in
// name order.
func mergeInputs(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		m, err := filepath.Glob(filepath.Join(a, "*.json"))
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: no .json file in it", a)
		}
		sort.Strings(m)
		files = append(files, m...)
	}
	return files, nil
}
