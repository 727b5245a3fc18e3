//go:build race

package server

// hiddenEvery: under the race detector the property test checks every
// eighth decision of its games (all of them otherwise).
const hiddenEvery = 8
