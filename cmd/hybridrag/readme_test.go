package main

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestReadmeExamples runs every README line of the form
//
//	./hybridrag ask|link ARGS   # → EXPECTED
//
// and checks that the output contains EXPECTED.
func TestReadmeExamples(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f, err := os.Open("../../README.md")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		cmd, want, ok := strings.Cut(line, "# →")
		if !ok || !strings.HasPrefix(cmd, "./hybridrag ") {
			continue
		}
		args, err := shellWords(strings.TrimPrefix(strings.TrimSpace(cmd), "./hybridrag "))
		require.NoError(t, err, line)
		want = strings.TrimSpace(want)
		n++
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, args...)
			require.Equal(t, exitOK, code, errOut)
			require.Contains(t, out, want)
		})
	}
	require.NoError(t, sc.Err())
	require.GreaterOrEqual(t, n, 10, "the README lists its checked examples")
}

// shellWords splits a command line as a POSIX shell would for plain words
// and single- or double-quoted strings (no escapes or expansions).
func shellWords(s string) ([]string, error) {
	var (
		out   []string
		cur   strings.Builder
		quote rune
		in    bool
	)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, os.ErrInvalid
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}
