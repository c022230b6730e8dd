package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// progress is the state of one run: what runs, what failed, how long each
// package took.
type progress struct {
	mu    sync.Mutex
	out   io.Writer
	now   func() time.Time
	start time.Time
	// running maps a running package to the start of each running test.
	running map[string]map[string]time.Time
	// output holds each running test's output (by package, then test;
	// the package's own output under ""), printed only if it fails.
	output map[string]map[string]*strings.Builder
	// builds holds each failing build's output, by import path.
	builds  map[string]*strings.Builder
	elapsed map[string]float64
	// tests holds the top-level tests that passed or failed, with their
	// times, for the summary's slowest tests.
	tests    []timed
	skipped  []string
	passed   int
	failures int
	failed   bool
}

func newProgress(out io.Writer, now func() time.Time) *progress {
	return &progress{out: out, now: now, start: now(),
		running: map[string]map[string]time.Time{}, output: map[string]map[string]*strings.Builder{},
		builds: map[string]*strings.Builder{}, elapsed: map[string]float64{}}
}

func (p *progress) print(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.out, s)
}

// handle takes one event.
func (p *progress) handle(e event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e.Action {
	case "build-output":
		b := p.builds[e.ImportPath]
		if b == nil {
			b = &strings.Builder{}
			p.builds[e.ImportPath] = b
		}
		b.WriteString(e.Output)
		return
	case "build-fail":
		p.failed = true
		fmt.Fprintf(p.out, "FAIL build %s\n", e.ImportPath)
		if b := p.builds[e.ImportPath]; b != nil {
			fmt.Fprint(p.out, b.String())
		}
		return
	}
	if e.Package == "" {
		return
	}
	if p.running[e.Package] == nil {
		p.running[e.Package] = map[string]time.Time{}
		p.output[e.Package] = map[string]*strings.Builder{}
	}
	switch e.Action {
	case "run":
		p.running[e.Package][e.Test] = p.now()
	case "output":
		b := p.output[e.Package][e.Test]
		if b == nil {
			b = &strings.Builder{}
			p.output[e.Package][e.Test] = b
		}
		b.WriteString(e.Output)
	case "pass", "fail", "skip":
		if e.Test == "" {
			p.finishPackage(e)
		} else {
			p.finishTest(e)
		}
	}
}

// finishTest records a test's result and prints a failing test's output.
// A subtest's output is printed with its parent's, which fails too.
func (p *progress) finishTest(e event) {
	out := p.output[e.Package][e.Test]
	delete(p.running[e.Package], e.Test)
	delete(p.output[e.Package], e.Test)
	if e.Action != "skip" && !strings.Contains(e.Test, "/") {
		p.tests = append(p.tests, timed{short(e.Package) + " " + e.Test, e.Elapsed})
	}
	switch e.Action {
	case "pass":
		p.passed++
	case "skip":
		p.skipped = append(p.skipped, e.Package+" "+e.Test)
	case "fail":
		p.failed = true
		if parent, _, sub := strings.Cut(e.Test, "/"); sub {
			if out != nil {
				b := p.output[e.Package][parent]
				if b == nil {
					b = &strings.Builder{}
					p.output[e.Package][parent] = b
				}
				b.WriteString(out.String())
			}
			return
		}
		p.failures++
		fmt.Fprintf(p.out, "--- FAIL: %s %s (%.2fs)\n", e.Package, e.Test, e.Elapsed)
		if out != nil {
			fmt.Fprint(p.out, out.String())
		}
	}
}

// finishPackage prints the package's line, and its own output when it
// failed (a panic, a timeout, a leak check in TestMain).
func (p *progress) finishPackage(e event) {
	out := p.output[e.Package][""]
	delete(p.running, e.Package)
	delete(p.output, e.Package)
	switch e.Action {
	case "pass":
		p.elapsed[e.Package] = e.Elapsed
		fmt.Fprintf(p.out, "ok   %-55s %7.1fs\n", e.Package, e.Elapsed)
	case "skip":
		fmt.Fprintf(p.out, "?    %-55s [no test files]\n", e.Package)
	case "fail":
		p.failed = true
		p.elapsed[e.Package] = e.Elapsed
		fmt.Fprintf(p.out, "FAIL %-55s %7.1fs\n", e.Package, e.Elapsed)
		if out != nil {
			fmt.Fprint(p.out, out.String())
		}
	}
}

// heartbeat names the packages that still run, each with its longest
// running test.
func (p *progress) heartbeat() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.running) == 0 {
		return
	}
	now := p.now()
	var parts []string
	for _, pkg := range slices.Sorted(maps.Keys(p.running)) {
		part := pkg
		var longest string
		var since time.Time
		for test, t := range p.running[pkg] {
			if test != "" && !strings.Contains(test, "/") && (longest == "" || t.Before(since)) {
				longest, since = test, t
			}
		}
		if longest != "" {
			part += fmt.Sprintf(" (%s %s)", longest, now.Sub(since).Round(time.Second))
		}
		parts = append(parts, part)
	}
	fmt.Fprintf(p.out, "… %s: running %s\n", now.Sub(p.start).Round(time.Second), strings.Join(parts, ", "))
}

// timed is a package or test and the seconds it took.
type timed struct {
	name string
	s    float64
}

// short is a package's import path without the module's: "." for the
// module's root package.
func short(pkg string) string {
	const module = "github.com/hybridrag/hybridrag"
	if pkg == module {
		return "."
	}
	return strings.TrimPrefix(pkg, module+"/")
}

// summary prints the counts, the slowest packages and tests, and the
// skipped tests.
func (p *progress) summary() {
	p.mu.Lock()
	defer p.mu.Unlock()
	var pkgs []timed
	for pkg, s := range p.elapsed {
		pkgs = append(pkgs, timed{short(pkg), s})
	}
	fmt.Fprintf(p.out, "%d tests passed, %d failed, %d skipped in %s\n", p.passed, p.failures, len(p.skipped),
		p.now().Sub(p.start).Round(time.Second))
	p.slowest("slowest packages", pkgs)
	p.slowest("slowest tests", p.tests)
	for _, s := range p.skipped {
		fmt.Fprintf(p.out, "skipped: %s\n", s)
	}
}

// slowest prints the five longest of times on one line, after label.
func (p *progress) slowest(label string, times []timed) {
	if len(times) == 0 {
		return
	}
	times = slices.Clone(times)
	sort.SliceStable(times, func(i, j int) bool { return times[i].s > times[j].s })
	fmt.Fprintf(p.out, "%s:", label)
	for _, t := range times[:min(5, len(times))] {
		fmt.Fprintf(p.out, " %s %.0fs;", t.name, t.s)
	}
	fmt.Fprintln(p.out)
}
