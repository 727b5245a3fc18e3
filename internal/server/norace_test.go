//go:build !race

package server

const hiddenEvery = 1
