package server

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// admission bounds the requests in flight. A request that finds every
// slot taken waits in a queue, unless the queue is full, the expected
// wait is longer than a request may wait, or it would make the request
// miss its deadline: then it is refused at once (503 with Retry-After),
// since a late answer is no answer and a client told to come back can
// spend the wait better than in a queue. Expensive requests may fill
// half the queue and wait maxWait; cheap look-ups the whole queue and
// twice as long, so that under overload expensive requests are shed
// first.
type admission struct {
	slots    chan struct{}
	maxQueue int64
	maxWait  time.Duration
	waiting  atomic.Int64

	mu  sync.Mutex
	avg time.Duration // moving average of the time a request holds a slot

	retries retryBook
}

func newAdmission(inFlight, queue int, maxWait time.Duration) *admission {
	return &admission{slots: make(chan struct{}, inFlight), maxQueue: int64(queue), maxWait: maxWait, avg: 50 * time.Millisecond}
}

// refusal says why a request was not admitted and when to come back.
type refusal struct {
	reason     string
	retryAfter time.Duration
}

// admit takes a slot for a request whose context carries its deadline.
// On success the caller must call release.
func (a *admission) admit(ctx context.Context, expensive bool) (release func(), no *refusal) {
	select {
	case a.slots <- struct{}{}:
		return a.releaser(), nil
	default:
	}
	limit, budget := a.maxQueue, 2*a.maxWait
	if expensive {
		limit, budget = (a.maxQueue+1)/2, a.maxWait
	}
	pos := a.waiting.Add(1)
	defer a.waiting.Add(-1)
	avg := a.average()
	wait := time.Duration(pos) * avg / time.Duration(cap(a.slots))
	if pos > limit {
		return nil, a.refusal("the server is at capacity: every request slot and the queue are taken", wait+avg, avg)
	}
	if wait > budget {
		return nil, a.refusal("the server is at capacity: the expected wait for a request slot is longer than a request may wait", wait+avg, avg)
	}
	if dl, ok := ctx.Deadline(); ok && time.Now().Add(wait+avg).After(dl) {
		return nil, a.refusal("the server is at capacity: the queue is longer than the request's deadline allows", wait+avg, avg)
	}
	select {
	case a.slots <- struct{}{}:
		return a.releaser(), nil
	case <-ctx.Done():
		return nil, a.refusal("the server is at capacity: no request slot freed up before the deadline", avg, avg)
	}
}

// refusal is a refusal whose client comes back no sooner than earliest,
// in a second that is not yet booked full: as many clients a second as
// the slots serve in a second at the average time a request holds one.
func (a *admission) refusal(reason string, earliest, avg time.Duration) *refusal {
	perSecond := cap(a.slots)
	if avg > 0 {
		perSecond = int(time.Duration(cap(a.slots)) * time.Second / avg)
	}
	secs := a.retries.book(time.Now(), earliest, perSecond)
	return &refusal{reason, time.Duration(secs) * time.Second}
}

// refuseConnection is the refusal of a request that came on a
// connection past the connection limit: the client comes back after an
// average request, in a second with room.
func (a *admission) refuseConnection() *refusal {
	avg := a.average()
	return a.refusal("the server is at capacity: every connection is taken", avg, avg)
}

func (a *admission) releaser() func() {
	start := time.Now()
	return func() {
		a.observe(time.Since(start))
		<-a.slots
	}
}

func (a *admission) average() time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.avg
}

// observe folds one request's duration into the moving average.
func (a *admission) observe(d time.Duration) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.avg = (4*a.avg + d) / 5
}

// refuse answers 503 with a Retry-After of whole seconds (at least 1).
func refuse(w http.ResponseWriter, no *refusal) {
	secs := max(1, int(math.Ceil(no.retryAfter.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeError(w, http.StatusServiceUnavailable, CodeOverloaded, no.reason+"; retry after "+strconv.Itoa(secs)+" s")
}
