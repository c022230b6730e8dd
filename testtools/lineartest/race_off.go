//go:build !race

package lineartest

const raceEnabled = false
