package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress draws "stage done/total rate ETA" on one terminal line, at most
// five times a second, and a final line when done. When w is not a
// terminal (a log, CI) it writes a plain line every ten seconds instead.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	terminal bool
	stage    string
	start    time.Time
	last     time.Time
}

func newProgress(w io.Writer, stage string) *progress {
	return &progress{w: w, terminal: isTerminal(w), stage: stage, start: time.Now()}
}

// update reports done of total; safe for concurrent use.
func (p *progress) update(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	every := 200 * time.Millisecond
	if !p.terminal {
		every = 10 * time.Second
	}
	if done < total && now.Sub(p.last) < every {
		return
	}
	p.last = now
	el := now.Sub(p.start).Seconds()
	rate := float64(done) / max(el, 1e-9)
	eta := "?"
	if rate > 0 && total >= done {
		eta = (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second).String()
	}
	pct := 100.0
	if total > 0 {
		pct = 100 * float64(done) / float64(total)
	}
	lead, tail := "\r", "   "
	if !p.terminal {
		lead, tail = "", "\n"
	}
	fmt.Fprintf(p.w, "%s%s: %d/%d (%.0f%%) %.0f/s ETA %s%s", lead, p.stage, done, total, pct, rate, eta, tail)
	if done >= total {
		fmt.Fprintf(p.w, "\n%s: done in %s\n", p.stage, now.Sub(p.start).Round(time.Millisecond))
	}
}
