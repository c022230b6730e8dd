package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestProgress(t *testing.T) {
	in := strings.Join([]string{
		`{"Action":"start","Package":"a"}`,
		`{"Action":"run","Package":"a","Test":"TestOK"}`,
		`{"Action":"output","Package":"a","Test":"TestOK","Output":"quiet\n"}`,
		`{"Action":"pass","Package":"a","Test":"TestOK","Elapsed":0.5}`,
		`{"Action":"run","Package":"a","Test":"TestBad"}`,
		`{"Action":"run","Package":"a","Test":"TestBad/sub"}`,
		`{"Action":"output","Package":"a","Test":"TestBad/sub","Output":"    want 1, got 2\n"}`,
		`{"Action":"fail","Package":"a","Test":"TestBad/sub","Elapsed":0.1}`,
		`{"Action":"fail","Package":"a","Test":"TestBad","Elapsed":0.1}`,
		`{"Action":"run","Package":"a","Test":"TestLive"}`,
		`{"Action":"skip","Package":"a","Test":"TestLive","Elapsed":0}`,
		`{"Action":"fail","Package":"a","Elapsed":1.5}`,
		`{"Action":"start","Package":"b"}`,
		`{"Action":"run","Package":"b","Test":"TestSlow"}`,
		`not JSON: a linker error`,
		`{"Action":"build-output","ImportPath":"c [c.test]","Output":"c/x_test.go:1: undefined: y\n"}`,
		`{"Action":"build-fail","ImportPath":"c [c.test]"}`,
		`{"Action":"skip","Package":"d","Elapsed":0}`,
	}, "\n")
	var out strings.Builder
	clock := time.Unix(0, 0)
	p := newProgress(&out, func() time.Time { clock = clock.Add(time.Second); return clock })
	require.NoError(t, p.read(strings.NewReader(in)))
	p.heartbeat()
	p.summary()
	got := out.String()
	require.True(t, p.failed)
	require.NotContains(t, got, "quiet", "a passing test's output is not shown")
	require.Contains(t, got, "--- FAIL: a TestBad")
	require.Contains(t, got, "want 1, got 2", "a failing subtest's output is shown with its parent")
	require.Contains(t, got, "FAIL a ")
	require.Contains(t, got, "not JSON: a linker error")
	require.Contains(t, got, "FAIL build c [c.test]\nc/x_test.go:1: undefined: y")
	require.Contains(t, got, "?    d ")
	require.Contains(t, got, "running b (TestSlow ")
	require.Contains(t, got, "1 tests passed, 1 failed, 1 skipped")
	require.Contains(t, got, "skipped: a TestLive")
	require.Contains(t, got, "slowest tests: a TestOK 0s; a TestBad 0s;\n", "top-level tests only, the slowest first")
}
