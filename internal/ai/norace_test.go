//go:build !race

package ai_test

const raceBuild = false
