// Package lineartest checks in tests that a text analyser's work grows
// linearly with its input, on the input that makes a careless one
// quadratic: a single word of millions of letters.
package lineartest

import (
	"strings"
	"testing"
	"time"
)

// Sizes of the two inputs Check gives: a word eight times longer should
// take about eight times as long, not sixty-four.
const (
	Small = 256 << 10
	Large = 2 << 20
)

// Limit is the most CPU time the large input may take. It is generous (a linear analyser takes
// tens of milliseconds over it), so that only work that grows faster than
// the input trips it. Check gives up waiting after GiveUp of wall time.
const Limit = 2 * time.Second

// GiveUp is how long Check waits for one input, in wall time: long
// enough for a linear analyser on a machine busy with other tests (the
// CPU time, not this, is what is judged), short enough that a quadratic
// one fails rather than hangs the run.
const GiveUp = 2 * time.Minute

// Word is a word of n runes of the letter that makes the Snowball English
// stemmer's work quadratic ("yyyy…").
func Word(n int) string { return strings.Repeat("y", n) }

// Check runs analyse on one word of Small letters, then of Large, and
// fails when the large one takes over Limit of CPU time, or grows the
// time far more than the input (more than 32 times for 8 times the input,
// once it takes long enough to be measured). A run that does not end
// fails after GiveUp of wall time rather than waiting for it.
// The time measured is the process's CPU time, so that a loaded machine
// does not make a linear analyser look slow; analyse runs alone.
//
// Under the race detector Check skips: it slows the analysers tens of
// times, unevenly, and they start no goroutines for it to check; the run
// without it measures them.
func Check(t testing.TB, analyse func(in string)) {
	t.Helper()
	if raceEnabled {
		t.Skip("linearity is measured without the race detector")
	}
	limit := Limit
	small := timed(t, Word(Small), analyse)
	large := timed(t, Word(Large), analyse)
	t.Logf("one word of %d letters: %v of CPU; of %d letters: %v", Small, small, Large, large)
	if large > limit {
		t.Errorf("a word of %d letters took %v of CPU, over %v", Large, large, limit)
	}
	if large > 200*time.Millisecond && large > 32*small {
		t.Errorf("a word of %d letters took %v, of %d letters %v: the work grows faster than the input", Small, small, Large, large)
	}
}

// timed runs analyse(in) and returns the CPU time (or, where that is not
// measured, the wall time) it took, failing the test once it runs longer
// than GiveUp.
func timed(t testing.TB, in string, analyse func(in string)) time.Duration {
	t.Helper()
	done := make(chan time.Duration, 1)
	go func() {
		cpu, wall := cpuTime(), time.Now()
		analyse(in)
		if d := cpuTime() - cpu; d > 0 {
			done <- d
			return
		}
		done <- time.Since(wall)
	}()
	select {
	case d := <-done:
		return d
	case <-time.After(GiveUp):
		t.Fatalf("a word of %d letters took longer than %v", len(in), GiveUp)
		return 0
	}
}
