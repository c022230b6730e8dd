package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fakeBar returns a bar whose clock is *now.
func fakeBar(w *bytes.Buffer, opts Options, now *time.Time) *Bar {
	b := New(w, opts)
	b.now = func() time.Time { return *now }
	return b
}

func TestLine(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := t0
	var w bytes.Buffer
	b := fakeBar(&w, Options{Unit: "rows"}, &now)
	b.Stage("enrich", 1000, 100) // 100 rows done by an earlier run
	b.done = 600
	later := t0.Add(10 * time.Second)
	require.Equal(t, "enrich: 600/1000 rows (60%)  50 rows/s  ETA 0:08", b.Line(later))
	b.opts.Terminal = true
	require.Equal(t, "enrich [==============          ] 600/1000 rows (60%)  50 rows/s  ETA 0:08", b.Line(later))
	b.done = 1200 // more than the estimate
	require.Contains(t, b.Line(later), "1200/1200 rows (100%)  110 rows/s  in 0:10")
	b.done = 100
	require.Equal(t, "enrich [==                      ] 100/1000 rows (10%)", b.Line(later), "no rate before this run's first row")

	u := fakeBar(&w, Options{}, &now)
	u.Stage("embed", 100, 0)
	u.done = 50
	require.Equal(t, "embed: 50/100 (50%)  10/s  ETA 0:05", u.Line(t0.Add(5*time.Second)))
	require.Equal(t, "1:01:01", clock(3661*time.Second))
}

func TestPlainLinesAtTheInterval(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var w bytes.Buffer
	b := fakeBar(&w, Options{Every: 2 * time.Second}, &now)
	b.Update("embed", 0, 10) // the first update draws
	for i := 1; i <= 10; i++ {
		now = now.Add(500 * time.Millisecond)
		b.Update("embed", i, 10)
	}
	b.Update("bm25", 5, 10) // a new stage ends the last one (its final line is not repeated)
	b.Finish()
	b.Finish() // idempotent
	require.Equal(t, []string{
		"embed: 0/10 (0%)",
		"embed: 4/10 (40%)  2/s  ETA 0:03",
		"embed: 8/10 (80%)  2/s  ETA 0:01",
		"embed: 10/10 (100%)  2/s  in 0:05",
		"bm25: 5/10 (50%)",
	}, strings.Split(strings.TrimSpace(w.String()), "\n"))
}

func TestTerminalRedrawsOneLine(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var w bytes.Buffer
	b := fakeBar(&w, Options{Terminal: true}, &now)
	b.Stage("index", 2, 0)
	b.Set(1)
	b.Set(1) // within 200 ms: not redrawn
	now = now.Add(time.Second)
	b.Set(2)
	b.Finish() // the complete line is on screen: only the newline is left
	out := w.String()
	require.Equal(t, 2, strings.Count(out, "\r"), "%q", out)
	require.Equal(t, 2, strings.Count(out, "\x1b[K"))
	require.True(t, strings.HasSuffix(out, "\n"))
	require.Equal(t, 1, strings.Count(out, "\n"))
}

func TestIsTerminal(t *testing.T) {
	require.False(t, IsTerminal(&bytes.Buffer{}))
}
