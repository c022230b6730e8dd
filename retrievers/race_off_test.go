//go:build !race

package retrievers_test

// raceEnabled is true when the tests run with the race detector.
const raceEnabled = false
