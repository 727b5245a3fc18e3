package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		ok   bool
	}{
		{[]string{"-n", "3"}, 0, true},
		{[]string{"-h"}, 0, false},
		{[]string{"--help"}, 0, false},
		{[]string{"-nope"}, 2, false},
	} {
		var out bytes.Buffer
		fs := Flags("try", "usage: try [flags]\n", &out)
		fs.Int("n", 1, "a number")
		if code, ok := Parse(fs, c.args); code != c.code || ok != c.ok {
			t.Errorf("%v: %d %v, want %d %v", c.args, code, ok, c.code, c.ok)
		}
		if !c.ok && !strings.Contains(out.String(), "usage: try [flags]\n  -n int") {
			t.Errorf("%v: the usage reads %q", c.args, out.String())
		}
	}
}
