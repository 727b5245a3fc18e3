//go:build race

package playout

const raceEnabled = true
