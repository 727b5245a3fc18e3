//go:build !race

package playout

const raceEnabled = false
