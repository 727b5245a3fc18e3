// Package cli holds what the smashup subcommands share in reading their
// command lines.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// Flags returns the flag set of a subcommand: its errors go to errOut, and
// its usage message is usage followed by the flags and their defaults.
func Flags(name, usage string, errOut io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Usage = func() {
		fmt.Fprint(errOut, usage)
		fs.PrintDefaults()
	}
	return fs
}

// Parse reads args into fs. When it returns false, the command stops with
// the exit status code: 0 after -h or --help (the usage has been shown), 2
// after arguments it could not read.
func Parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}
