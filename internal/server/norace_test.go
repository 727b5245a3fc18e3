//go:build !race

package server

// The hidden-information property test (hidden_test.go) checks every
// decision of 200 games with SMASHUP_LONG=1 (CI's own step for it, .ci/run)
// and of 12 (every mix of 2 to 4 players, titans and bases) in a plain
// `go test ./...`.
const (
	hiddenGames      = 200
	hiddenShortGames = 12
	hiddenEvery      = 1
)

// raceBuild: computers think many times slower under the race detector.
const raceBuild = false
