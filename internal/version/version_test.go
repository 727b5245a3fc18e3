package version

import (
	"regexp"
	"testing"
)

// The version line names the module's version, the commit and its time
// when built from a checkout, and the rules version and fingerprint.
func TestString(t *testing.T) {
	in := Info{Module: "v1.4.0", Revision: "325d4841aa", Time: "2026-05-01T10:00:00Z", Modified: true, Go: "go1.26.8", Rules: 10, Print: "r10-abc"}
	if got, want := in.String(), "smashup v1.4.0 (commit 325d4841aa, 2026-05-01T10:00:00Z, modified), rules version 10 (fingerprint r10-abc), go1.26.8"; got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got, want := (Info{Module: "(devel)", Rules: 10, Print: "r10-abc"}).String(), "smashup (devel), rules version 10 (fingerprint r10-abc)"; got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	// this test binary has build information: a module version at least
	if r := Read(); r.Module == "" || r.Rules == 0 || !regexp.MustCompile(`^smashup \S+`).MatchString(r.String()) {
		t.Errorf("Read: %+v", r)
	}
}
