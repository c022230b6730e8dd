package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// progressBar draws "stage [####....] done/total rate ETA" on one line of
// a terminal, redrawn at most every 200 ms and at the end of each stage.
// When w is not a terminal (a log, CI) it writes a plain line every ten
// seconds and at the end of each stage instead.
type progressBar struct {
	w          io.Writer
	terminal   bool
	stage      string
	stageStart time.Time
	last       time.Time
	drawn      bool
	now        func() time.Time
}

func newProgressBar(w io.Writer) *progressBar {
	return &progressBar{w: w, terminal: isTerminal(w), now: time.Now}
}

func (p *progressBar) update(stage string, done, total int) {
	now := p.now()
	if stage != p.stage {
		if p.drawn {
			fmt.Fprintln(p.w)
		}
		p.stage, p.stageStart, p.last, p.drawn = stage, now, time.Time{}, false
	}
	every := 200 * time.Millisecond
	if !p.terminal {
		every = 10 * time.Second
	}
	if done < total && now.Sub(p.last) < every {
		return
	}
	p.last = now
	line := progressLine(stage, done, total, now.Sub(p.stageStart))
	if !p.terminal {
		fmt.Fprintln(p.w, strings.TrimRight(line, " "))
		return
	}
	fmt.Fprint(p.w, "\r"+line)
	p.drawn = true
}

func (p *progressBar) finish() {
	if p.drawn {
		fmt.Fprintln(p.w)
		p.drawn = false
	}
}

// progressLine formats one progress line.
func progressLine(stage string, done, total int, elapsed time.Duration) string {
	const width = 30
	frac := 0.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	fill := int(frac * width)
	bar := strings.Repeat("#", fill) + strings.Repeat(".", width-fill)
	line := fmt.Sprintf("%-8s [%s] %d/%d", stage, bar, done, total)
	if secs := elapsed.Seconds(); secs > 0 && done > 0 {
		rate := float64(done) / secs
		line += fmt.Sprintf("  %.0f/s", rate)
		if done < total {
			eta := time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second)
			line += fmt.Sprintf("  ETA %s", eta)
		} else {
			line += fmt.Sprintf("  %s", elapsed.Round(100*time.Millisecond))
		}
	}
	return line + "   "
}
