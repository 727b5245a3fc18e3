//go:build race

package server

// Under the race detector (CI's `go test -race ./...`) the hidden-information
// property test plays 20 games and checks every eighth decision; CI runs it
// in full (200 games, every decision) without the race detector, as its own
// step (.ci/run), and so does the plain `go test ./...`.
const (
	hiddenGames = 20
	hiddenEvery = 8
)

// fairGames: all-computer games played at once in the fairness test.
const fairGames = 60

// raceBuild: computers think many times slower under the race detector,
// past the pause that hides their thinking (TestComputerAnswersTellNothingByTheClock).
const raceBuild = true
