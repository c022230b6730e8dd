package enrich

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// progress draws rows done / total, the rate and the ETA. On a terminal
// it redraws one line at most five times a second; otherwise it writes a
// plain line every interval.
type progress struct {
	w        io.Writer
	terminal bool
	every    time.Duration
	total    int // estimated rows in the input
	base     int // rows done by earlier runs
	t0       time.Time
	done     atomic.Int64 // rows in the output
	quit     chan struct{}
	wg       sync.WaitGroup
}

func newProgress(cfg Config, total, base int, t0 time.Time) *progress {
	p := &progress{w: cfg.Progress, terminal: cfg.Terminal, every: cfg.ProgressEvery, total: total, base: base, t0: t0}
	p.done.Store(int64(base))
	return p
}

func (p *progress) set(rows int) { p.done.Store(int64(rows)) }

func (p *progress) start() {
	if p.w == nil {
		return
	}
	p.quit = make(chan struct{})
	interval := p.every
	if p.terminal {
		interval = 200 * time.Millisecond
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.draw(time.Now(), false)
			case <-p.quit:
				return
			}
		}
	}()
}

// stop ends the display with a last, final line.
func (p *progress) stop() {
	if p.w == nil {
		return
	}
	close(p.quit)
	p.wg.Wait()
	p.draw(time.Now(), true)
}

func (p *progress) draw(now time.Time, final bool) {
	line := p.line(now)
	switch {
	case p.terminal && final:
		fmt.Fprintf(p.w, "\r%s\x1b[K\n", line)
	case p.terminal:
		fmt.Fprintf(p.w, "\r%s\x1b[K", line)
	default:
		fmt.Fprintln(p.w, line)
	}
}

// line renders the progress state at now.
func (p *progress) line(now time.Time) string {
	done := int(p.done.Load())
	total := max(p.total, done)
	run := done - p.base
	secs := now.Sub(p.t0).Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(run) / secs
	}
	pct := 100.0
	if total > 0 {
		pct = 100 * float64(done) / float64(total)
	}
	eta := "--:--"
	if rate > 0 {
		eta = clock(time.Duration(float64(total-done) / rate * float64(time.Second)))
	}
	var b strings.Builder
	if p.terminal {
		const width = 24
		fill := int(pct / 100 * width)
		b.WriteString("[" + strings.Repeat("=", fill) + strings.Repeat(" ", width-fill) + "] ")
	} else {
		b.WriteString("enrich: ")
	}
	fmt.Fprintf(&b, "%d/%d rows (%.0f%%)  %.0f rows/s  ETA %s", done, total, pct, rate, eta)
	return b.String()
}

// clock formats d as m:ss or h:mm:ss.
func clock(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
