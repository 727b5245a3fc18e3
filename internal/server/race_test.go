//go:build race

package server

// Under the race detector (CI's `SMASHUP_LONG=1 go test -race ./...`) the
// hidden-information property test plays 20 games (4 without SMASHUP_LONG)
// and checks every eighth decision; CI runs it in full (200 games, every
// decision) without the race detector, as its own step (.ci/run).
const (
	hiddenGames      = 20
	hiddenShortGames = 4
	hiddenEvery      = 8
)

// raceBuild: computers think many times slower under the race detector.
const raceBuild = true
