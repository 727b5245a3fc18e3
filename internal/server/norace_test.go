//go:build !race

package server

const (
	hiddenGames = 200
	hiddenEvery = 1
)
