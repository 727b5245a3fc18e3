package sim

import (
	"strings"
	"testing"
)

// The shard a task of an array plays, from the variables each batch system
// sets, and the mistakes refused.
func TestShardFromEnv(t *testing.T) {
	for _, c := range []struct {
		n    int
		env  map[string]string
		want int
		err  string
	}{
		{4, map[string]string{EnvJobIndex: "0"}, 1, ""},
		{4, map[string]string{EnvJobIndex: "3"}, 4, ""},
		{4, map[string]string{EnvJobIndex: "4"}, 0, "--shards is 4"},
		{4, map[string]string{EnvJobIndex: "x"}, 0, "whole number"},
		{4, map[string]string{EnvSlurmTask: "2", EnvSlurmMin: "0", EnvSlurmCount: "4"}, 3, ""},
		{4, map[string]string{EnvSlurmTask: "1", EnvSlurmMin: "1", EnvSlurmCount: "4"}, 1, ""}, // --array=1-4
		{4, map[string]string{EnvSlurmTask: "6", EnvSlurmMin: "0", EnvSlurmStep: "2", EnvSlurmCount: "4"}, 4, ""},
		{4, map[string]string{EnvSlurmTask: "5", EnvSlurmMin: "0", EnvSlurmStep: "2", EnvSlurmCount: "4"}, 0, "steps of 2"},
		{4, map[string]string{EnvSlurmTask: "2", EnvSlurmCount: "8"}, 0, "8 tasks"},
		{4, map[string]string{EnvSlurmTask: "2"}, 3, ""},
		{4, map[string]string{EnvSlurmTask: "1", EnvJobIndex: "1"}, 0, "both"},
		{4, map[string]string{}, 0, "neither"},
	} {
		i, _, err := shardFromEnv(c.n, func(k string) string { return c.env[k] })
		switch {
		case c.err == "" && (err != nil || i != c.want):
			t.Errorf("%v: shard %d, %v; want %d", c.env, i, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%v: %v; want an error saying %q", c.env, err, c.err)
		}
	}
}
