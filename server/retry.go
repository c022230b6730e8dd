package server

import (
	"sync"
	"time"
)

// retryBook spreads the clients a loaded server refuses over the seconds
// that follow. Retry-After is given in whole seconds, so every client
// refused within one second would come back within the same second and
// be refused again: a herd that leaves the server idle between its
// visits. Each second is booked up to the number of requests the server
// can serve in it; a refused client is told the first second at or after
// its earliest that has room.
type retryBook struct {
	mu     sync.Mutex
	second [retryHorizon]int64 // the Unix second each entry counts
	count  [retryHorizon]int
}

// retryHorizon is the latest retry, in seconds, a refusal names.
const retryHorizon = 30

// book returns the whole seconds after now at which a client refused now
// should come back: at least earliest (rounded up, and at least 1), in
// the first second whose bookings are under perSecond.
func (b *retryBook) book(now time.Time, earliest time.Duration, perSecond int) int {
	first := max(1, int((earliest+time.Second-1)/time.Second))
	if first >= retryHorizon {
		return first
	}
	perSecond = max(1, perSecond)
	sec := now.Unix()
	b.mu.Lock()
	defer b.mu.Unlock()
	for d := first; d < retryHorizon; d++ {
		at := sec + int64(d)
		i := at % retryHorizon
		if b.second[i] != at {
			b.second[i], b.count[i] = at, 0
		}
		if b.count[i] < perSecond {
			b.count[i]++
			return d
		}
	}
	return retryHorizon
}
