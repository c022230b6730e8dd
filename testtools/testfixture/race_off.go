//go:build !race

package testfixture

// RaceEnabled is true when the tests run with the race detector.
const RaceEnabled = false
