// Package version says which build of smashup runs: the module's version
// and, when built from a checkout, the commit and its time (from the Go
// toolchain's build information), with the engine's rules version.
package version

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/smashup/smashup/internal/engine"
)

// Info is what a build knows of itself.
type Info struct {
	Module   string // the module's version: "(devel)" for a build from a checkout, "v1.2.3" for go install ...@v1.2.3
	Revision string // the VCS commit, when built from a checkout ("" otherwise)
	Time     string // the commit's time (RFC 3339)
	Modified bool   // the checkout had changes not committed
	Go       string // the Go toolchain
	Rules    int    // engine.RulesVersion
	Print    string // engine.RulesFingerprint(): the rules and every card
}

// Read reads the running binary's build information.
func Read() Info {
	in := Info{Module: "unknown", Rules: engine.RulesVersion, Print: engine.RulesFingerprint()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return in
	}
	in.Go = bi.GoVersion
	if bi.Main.Version != "" {
		in.Module = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Revision = s.Value
		case "vcs.time":
			in.Time = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// String is the line `smashup version` prints.
func (in Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "smashup %s", in.Module)
	if in.Revision != "" {
		fmt.Fprintf(&b, " (commit %s", in.Revision)
		if in.Time != "" {
			fmt.Fprintf(&b, ", %s", in.Time)
		}
		if in.Modified {
			b.WriteString(", modified")
		}
		b.WriteString(")")
	}
	fmt.Fprintf(&b, ", rules version %d (fingerprint %s)", in.Rules, in.Print)
	if in.Go != "" {
		fmt.Fprintf(&b, ", %s", in.Go)
	}
	return b.String()
}
