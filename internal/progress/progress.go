// Package progress draws the progress of a long command (building the
// indexes, enriching a file): on a terminal one line redrawn at most five
// times a second, elsewhere (a log, CI) a plain line at an interval.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// DefaultEvery is the interval of the plain lines written when the writer
// is not a terminal.
const DefaultEvery = 10 * time.Second

// redraw is the shortest interval between two redraws on a terminal.
const redraw = 200 * time.Millisecond

// Options configure a Bar.
type Options struct {
	// Terminal redraws one line in place; otherwise plain lines are
	// written every Every.
	Terminal bool
	// Every is the interval of plain lines (DefaultEvery when ≤ 0).
	Every time.Duration
	// Unit names what is counted ("rows"); empty counts bare numbers.
	Unit string
}

// Bar shows done/total, the share, the rate and the time left of one stage
// at a time. It is safe for concurrent use.
type Bar struct {
	w    io.Writer
	opts Options
	now  func() time.Time

	mu          sync.Mutex
	label       string
	total, base int // base: units done before this run, left out of the rate
	done        int
	start, last time.Time
	open        bool // a stage has begun and not been finished
	drawn       bool // a terminal line is waiting for its newline
	complete    bool // the line showing done ≥ total was drawn
	shown       int  // the done of the last line drawn; -1: none
}

// New returns a bar writing to w.
func New(w io.Writer, opts Options) *Bar {
	if opts.Every <= 0 {
		opts.Every = DefaultEvery
	}
	return &Bar{w: w, opts: opts, now: time.Now}
}

// Stage finishes the current stage, if any, and starts the stage label of
// total units (an estimate may be exceeded), base of which were done
// before: the rate and the time left count only the others.
func (b *Bar) Stage(label string, total, base int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.finish()
	b.label, b.total, b.base, b.done = label, total, base, base
	b.start, b.last = b.now(), time.Time{}
	b.open, b.complete, b.shown = true, false, -1
}

// Set records that done units are done and draws the line when the
// interval has passed or when done first reaches the total.
func (b *Bar) Set(done int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done = done
	now := b.now()
	every := b.opts.Every
	if b.opts.Terminal {
		every = redraw
	}
	reached := done >= b.total && !b.complete
	if !reached && now.Sub(b.last) < every {
		return
	}
	b.complete = b.complete || reached
	b.last = now
	b.draw(now)
}

// Update reports the progress of stage, starting it when it is not the
// current one; it has the shape of index.Build's progress callback.
func (b *Bar) Update(stage string, done, total int) {
	b.mu.Lock()
	same := b.open && b.label == stage
	b.mu.Unlock()
	if !same {
		b.Stage(stage, total, 0)
	}
	b.Set(done)
}

// Finish draws the final line of the current stage.
func (b *Bar) Finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.finish()
}

func (b *Bar) finish() {
	if !b.open {
		return
	}
	b.open = false
	if b.shown != b.done { // the last line drawn is not final yet
		b.draw(b.now())
	}
	if b.drawn {
		fmt.Fprintln(b.w)
		b.drawn = false
	}
}

func (b *Bar) draw(now time.Time) {
	line := b.line(now)
	b.shown = b.done
	if b.opts.Terminal {
		fmt.Fprintf(b.w, "\r%s\x1b[K", line)
		b.drawn = true
		return
	}
	fmt.Fprintln(b.w, line)
}

// Line renders the current stage at now.
func (b *Bar) Line(now time.Time) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.line(now)
}

func (b *Bar) line(now time.Time) string {
	done := b.done
	total := max(b.total, done)
	pct := 100.0
	if total > 0 {
		pct = 100 * float64(done) / float64(total)
	}
	unit := ""
	if b.opts.Unit != "" {
		unit = " " + b.opts.Unit
	}
	var s strings.Builder
	if b.opts.Terminal {
		const width = 24
		fill := int(pct / 100 * width)
		fmt.Fprintf(&s, "%s [%s%s] ", b.label, strings.Repeat("=", fill), strings.Repeat(" ", width-fill))
	} else {
		s.WriteString(b.label + ": ")
	}
	fmt.Fprintf(&s, "%d/%d%s (%.0f%%)", done, total, unit, pct)
	elapsed := now.Sub(b.start)
	run := done - b.base
	if secs := elapsed.Seconds(); secs > 0 && run > 0 {
		rate := float64(run) / secs
		fmt.Fprintf(&s, "  %.0f%s/s", rate, unit)
		if done < total {
			fmt.Fprintf(&s, "  ETA %s", clock(time.Duration(float64(total-done)/rate*float64(time.Second))))
		} else {
			fmt.Fprintf(&s, "  in %s", clock(elapsed))
		}
	}
	return s.String()
}

// clock formats d as m:ss or h:mm:ss.
func clock(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// IsTerminal reports whether w is a character device (a terminal).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
