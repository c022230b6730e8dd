//go:build !race

package qdrantstore

const raceDetector = false
