//go:build race

package vector_test

// raceEnabled is true when the tests run with the race detector.
const raceEnabled = true
