//go:build race

package server

// The soak test's size under the race detector (CI's `go test -race ./...`),
// which slows everything several times over: 20 games at once for 10 seconds.
const (
	soakGames   = 20
	soakSeconds = 10.0
)
