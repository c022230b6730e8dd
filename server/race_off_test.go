//go:build !race

package server

// raceEnabled is true when the tests run with the race detector.
const raceEnabled = false
