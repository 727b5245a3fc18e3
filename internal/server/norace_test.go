//go:build !race

package server

const (
	hiddenGames = 200
	hiddenEvery = 1
)

const fairGames = 300

const raceBuild = false
