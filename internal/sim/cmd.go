package sim

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/cli"
	"github.com/smashup/smashup/internal/engine"
)

// Main runs `smashup sim` (and `smashup sim merge`).
func Main(args []string, out, errOut io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return mergeMain(args[1:], out, errOut)
	}
	fs := cli.Flags("sim", "usage: smashup sim [flags]\n       smashup sim merge [flags] FILE...\n\nPlay many computer games and report how each faction fares, against each\nother faction, and in each pair.\n\n", errOut)
	c := Config{}
	fs.IntVar(&c.Games, "games", 1000, "number of games (of the whole run, when it is split into shards)")
	fs.IntVar(&c.Players, "players", 2, "players per game: 2, 3, 4, or 0 to mix them")
	fs.StringVar(&c.AI, "ai", "normal", "computer level of every seat: "+strings.Join(ai.Levels, ", ")+" (greedy is normal; hard and max search, slow over many games)")
	fs.Uint64Var(&c.Seed, "seed", 1, "seed of the first game (game i uses seed+i)")
	sets := fs.String("sets", "", "only factions from these sets, comma separated (core, monster_smash, culture_shock, geekier_box)")
	fs.BoolVar(&c.AllBases, "all-bases", false, "every base in the base deck (default: the factions' sets)")
	fs.IntVar(&c.Workers, "workers", 0, "games played at once (default: runtime.GOMAXPROCS, the CPUs this process may use: its CPU affinity and its container's CPU limit, not the host's cores)")
	fs.Func("shard", "play only shard `i/n` of the run (1 ≤ i ≤ n): the games k with k mod n = i-1 (k from 0); merge the shards' --out files with smashup sim merge", func(v string) error {
		var err error
		c.Shard, c.Shards, err = parseShard(v)
		return err
	})
	shards := fs.Int("shards", 0, "play one shard of a run split into `n`, the one the batch system names: "+EnvJobIndex+" (a Kubernetes Indexed Job, 0 to n-1) or "+EnvSlurmTask+" (a Slurm array, counted from its first task); use with --out and {shard}")
	resultPath := fs.String("out", "", "also write the run's counts to this JSON `file`, for smashup sim merge; {shard} in it becomes the shard played, i-of-n")
	var o outputs
	o.flags(fs)
	if code, ok := cli.Parse(fs, args); !ok {
		return code
	}
	if *shards != 0 {
		if c.Shards != 0 {
			fmt.Fprintln(errOut, "smashup sim: give --shard i/n or --shards n, not both")
			return 2
		}
		if *shards < 1 {
			fmt.Fprintln(errOut, "smashup sim: --shards must be at least 1")
			return 2
		}
		i, from, err := shardFromEnv(*shards, os.Getenv)
		if err != nil {
			fmt.Fprintln(errOut, "smashup sim:", err)
			return 2
		}
		if *shards > 1 && !strings.Contains(*resultPath, "{shard}") {
			fmt.Fprintln(errOut, "smashup sim: --shards: --out must name a file with {shard} in it, so that the shards write apart (e.g. --out /results/{shard}.json)")
			return 2
		}
		c.Shard, c.Shards = i, *shards
		fmt.Fprintf(errOut, "smashup sim: shard %d/%d (%s)\n", i, *shards, from)
	}
	if c.Shards > 0 {
		*resultPath = strings.ReplaceAll(*resultPath, "{shard}", shardName(c.Shard, c.Shards))
	}
	if c.AI == "greedy" || c.AI == "ai" {
		c.AI = "normal" // one name per level, so that shards played under either merge
	}
	if *sets != "" {
		want := map[string]bool{}
		for _, s := range strings.Split(*sets, ",") {
			want[strings.TrimSpace(s)] = true
		}
		for _, f := range engine.PlayableFactions() {
			if cs := engine.FactionCards(f); len(cs) > 0 && want[cs[0].Set] {
				c.Factions = append(c.Factions, f)
			}
		}
		if len(c.Factions) == 0 {
			fmt.Fprintf(errOut, "smashup sim: no playable faction in sets %q\n", *sets)
			return 2
		}
	}
	res, err := Play(c, errOut)
	if err != nil {
		fmt.Fprintln(errOut, "smashup sim:", err)
		return 2
	}
	return o.finish("smashup sim", *resultPath, res, out, errOut)
}

// parseShard reads "i/n".
func parseShard(v string) (i, n int, err error) {
	a, b, ok := strings.Cut(v, "/")
	if ok {
		i, err = strconv.Atoi(a)
		if err == nil {
			n, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("%q: want i/n with 1 ≤ i ≤ n, e.g. 1/4", v)
	}
	return i, n, nil
}

// mergeMain runs `smashup sim merge`.
func mergeMain(args []string, out, errOut io.Writer) int {
	fs := cli.Flags("sim merge", "usage: smashup sim merge [flags] FILE|DIR...\n\nCombine the --out files of every shard of one run (smashup sim --shard i/n\n--out FILE, or --shards n in a batch array) into the report the whole run\nwould give. A directory stands for every .json file in it.\n\n", errOut)
	resultPath := fs.String("out", "", "also write the merged counts to this JSON `file`")
	var o outputs
	o.flags(fs)
	if code, ok := cli.Parse(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	files, err := mergeInputs(fs.Args())
	if err != nil {
		fmt.Fprintln(errOut, "smashup sim merge:", err)
		return 1
	}
	var rs []Result
	for _, p := range files {
		r, err := ReadResult(p)
		if err != nil {
			fmt.Fprintln(errOut, "smashup sim merge:", err)
			return 1
		}
		rs = append(rs, r)
	}
	res, err := Merge(rs, files)
	if err != nil {
		fmt.Fprintln(errOut, "smashup sim merge:", err)
		return 1
	}
	return o.finish("smashup sim merge", *resultPath, res, out, errOut)
}

// outputs are the report's outputs a command line asks for.
type outputs struct {
	json     bool
	csv      string
	heatmaps []string
}

func (o *outputs) flags(fs *flag.FlagSet) {
	fs.BoolVar(&o.json, "json", false, "print the report as JSON instead of tables")
	fs.StringVar(&o.csv, "csv", "", "also write the tables as factions.csv, matchups.csv and pairs.csv into this `directory`")
	fs.Func("heatmap", "also draw faction against faction as a heatmap `file` (.svg or .png; repeat the flag for both)", func(p string) error {
		if e := strings.ToLower(filepath.Ext(p)); e != ".svg" && e != ".png" {
			return fmt.Errorf("%q: the name must end in .svg or .png", p)
		}
		o.heatmaps = append(o.heatmaps, p)
		return nil
	})
}

// finish ends the command cmd: it writes res's counts to resultPath, when one
// is given, and then the report to the outputs asked for.
func (o *outputs) finish(cmd, resultPath string, res Result, out, errOut io.Writer) int {
	if resultPath != "" {
		if err := WriteResult(resultPath, res); err != nil {
			fmt.Fprintln(errOut, cmd+":", err)
			return 1
		}
	}
	return o.write(res.Report(), out, errOut)
}

// write prints the report and writes the files asked for.
func (o *outputs) write(rep Report, out, errOut io.Writer) int {
	if o.json {
		if err := WriteJSON(out, rep); err != nil {
			fmt.Fprintln(errOut, "smashup sim:", err)
			return 1
		}
	} else {
		WriteText(out, rep)
	}
	if o.csv != "" {
		if err := WriteCSV(o.csv, rep); err != nil {
			fmt.Fprintln(errOut, "smashup sim:", err)
			return 1
		}
	}
	for _, p := range o.heatmaps {
		if err := WriteHeatmap(p, rep); err != nil {
			fmt.Fprintln(errOut, "smashup sim:", err)
			return 1
		}
	}
	return 0
}
