//go:build !race

package server

// The soak test's size in a plain `go test` (soak_test.go): 100 games at
// once for 20 seconds.
const (
	soakGames   = 100
	soakSeconds = 20.0
)
