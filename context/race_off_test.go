//go:build !race

package ragcontext

// raceEnabled is true when the tests run with the race detector.
const raceEnabled = false
