package server

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Clients refused in one second are told to come back in the seconds
// that follow, no more in each than the server serves in a second.
func TestRetryBookSpreadsTheClients(t *testing.T) {
	var b retryBook
	now := time.Unix(1000, 0)
	got := map[int]int{}
	for range 25 {
		got[b.book(now, 300*time.Millisecond, 10)]++
	}
	assert.Equal(t, map[int]int{1: 10, 2: 10, 3: 5}, got)

	// A second later the same seconds are still booked, and the earliest
	// is kept.
	later := now.Add(time.Second)
	assert.Equal(t, 2, b.book(later, time.Second, 10), "second 1002 is full, 1003 has 5 of 10")
	assert.Equal(t, 3, b.book(later, 2500*time.Millisecond, 10), "earliest rounds up")
	assert.Equal(t, 3600, b.book(now, time.Hour, 10), "beyond the horizon, not booked")
	assert.Equal(t, 1, b.book(now.Add(10*time.Second), 0, 0), "at least 1 s, at least one a second")
}
