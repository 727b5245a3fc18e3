//go:build race

package ai_test

// The race detector slows the search about tenfold: the measurement then
// plays fewer games (the full 200 run in the plain `go test ./...`).
const raceBuild = true
