// Package longtest is the one switch between the short and the long
// versions of the tests that play many games (the properties checked over
// random games, the strength of the computer players).
//
// A plain `go test ./...` runs the short version of each: the same checks
// over fewer games, so a newcomer's run takes minutes. With SMASHUP_LONG=1
// in the environment each runs in full; CI does so (.ci/run). -short still
// makes the default run shorter where a test says so.
//
// The switch is an environment variable rather than a test flag because
// `go test ./... -long` would hand the flag to every test binary, and those
// whose package does not define it refuse to run; a variable reaches every
// package, and go test's cache takes it into account.
package longtest

import "os"

// Var is the environment variable that asks for the long versions.
const Var = "SMASHUP_LONG"

// Enabled reports whether the long versions were asked for (SMASHUP_LONG
// set to anything but "" or "0").
func Enabled() bool {
	v := os.Getenv(Var)
	return v != "" && v != "0"
}

// Pick returns long when the long versions were asked for, short otherwise.
func Pick(short, long int) int {
	if Enabled() {
		return long
	}
	return short
}
