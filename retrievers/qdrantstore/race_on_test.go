//go:build race

package qdrantstore

// raceDetector is true under -race, which makes the parity test's
// searches several times slower; it then checks every fourth question.
const raceDetector = true
