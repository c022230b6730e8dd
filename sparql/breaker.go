package sparql

import (
	"sync"
	"time"
)

// breaker is a consecutive-failure circuit breaker. Closed, it lets every
// request through and counts consecutive failures; at threshold it opens.
// Open, it refuses requests until the cool-down has passed; then it lets
// exactly one probe through (half-open) and refuses the rest until the
// probe's outcome closes or reopens it.
type breaker struct {
	threshold int
	cooldown  time.Duration

	mu       sync.Mutex
	failures int
	open     bool
	until    time.Time
	probing  bool
}

// allow reports whether a request may go out now and whether it is the
// half-open probe.
func (b *breaker) allow(now time.Time) (probe, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.open {
		return false, true
	}
	if b.probing || now.Before(b.until) {
		return false, false
	}
	b.probing = true
	return true, true
}

// record feeds an attempt's outcome back.
func (b *breaker) record(oc outcome, probe bool, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if probe {
		b.probing = false
	}
	switch oc {
	case okAnswer, alive, throttled:
		// The endpoint answered: it is up.
		b.failures, b.open = 0, false
	case failed, timedOut:
		if oc == timedOut {
			b.failures = b.threshold
		} else {
			b.failures++
		}
		if probe || b.failures >= b.threshold {
			b.open, b.until = true, now.Add(b.cooldown)
		}
	case gaveUp:
		// The caller left before an answer: no evidence either way. A
		// probe that gave up lets the next request probe again.
	}
}

func (b *breaker) state(now time.Time) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case !b.open:
		return "closed"
	case b.probing || !now.Before(b.until):
		return "half-open"
	}
	return "open"
}
