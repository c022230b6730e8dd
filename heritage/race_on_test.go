//go:build race

package heritage

// raceEnabled is true when the tests run with the race detector.
const raceEnabled = true
