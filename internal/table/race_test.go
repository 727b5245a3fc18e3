//go:build race

package table

// fairGames: all-computer games played at once in the fairness test.
const fairGames = 60

// raceBuild: computers think many times slower under the race detector,
// past the pause that hides their thinking (TestComputerAnswersTellNothingByTheClock).
const raceBuild = true
