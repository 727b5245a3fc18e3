package scenario

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Main runs the scenario files under paths, printing one line per scenario and
// a closing "N passed, N failed" line. It returns the exit status: 0 when all
// passed, 1 when some failed, 2 when a file could not be loaded.
func Main(paths []string, out io.Writer) int {
	if len(paths) == 0 {
		fmt.Fprintln(out, "usage: smashup scenario FILE_OR_DIR...")
		return 2
	}
	files, err := Files(paths)
	if err != nil {
		fmt.Fprintln(out, "error:", err)
		fmt.Fprintln(out, "0 passed, 0 failed")
		return 2
	}
	passed, failed, loadErr := 0, 0, false
	for _, f := range files {
		ss, err := ParseFile(f)
		if err != nil {
			var le *LoadError
			if errors.As(err, &le) {
				fmt.Fprintln(out, "ERROR", oneLine(le.Error()))
			} else {
				fmt.Fprintf(out, "ERROR %s: %v\n", f, err)
			}
			loadErr = true
			continue
		}
		for _, s := range ss {
			res := Run(s)
			if res.Pass {
				passed++
				fmt.Fprintf(out, "PASS %s\n", res.Name)
			} else {
				failed++
				fmt.Fprintf(out, "FAIL %s: %s%s\n", res.Name, oneLine(res.Reason), sandboxNote(s, res))
			}
		}
	}
	fmt.Fprintf(out, "%d passed, %d failed\n", passed, failed)
	switch {
	case loadErr:
		return 2
	case failed > 0:
		return 1
	}
	return 0
}

// oneLine keeps a message on one output line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}

// SandboxBase is the server a failure's sandbox link leads to: the address
// `smashup serve` listens on by default.
var SandboxBase = "http://127.0.0.1:8080"

// sandboxNote is the end of a FAIL line: a link that opens the scenario in
// the sandbox, at the decision where it failed (kept on the FAIL line, so
// that every scenario still prints one line).
func sandboxNote(s *Scenario, res Result) string {
	src, err := s.Source()
	if err != nil || len(src) > MaxPosition {
		return ""
	}
	return " (open in the sandbox: " + SandboxLink(SandboxBase, src, 1, res.Moves) + ")"
}
