package enrich

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/hybridrag/hybridrag/testtools/testfixture/prebuilt"
)

func TestMain(m *testing.M) {
	code := 0
	defer func() {
		if cli.dir != "" {
			os.RemoveAll(cli.dir)
		}
		os.Exit(code)
	}()
	// Goroutines started by package initialisation are not ours.
	before := goleak.IgnoreCurrent()
	code = m.Run()
	if code == 0 {
		if err := goleak.Find(before); err != nil {
			fmt.Fprintf(os.Stderr, "goleak: %v\n", err)
			code = 1
		}
	}
}

var sharedLinker = testfixture.Shared(func(ds *heritage.Dataset) (*linking.Linker, error) {
	g, err := prebuilt.Graph(ds)
	if err != nil {
		return nil, err
	}
	return linking.New(ds, g), nil
})

// realLinker returns the bundled dataset and a linker over it, built once.
func realLinker(t testing.TB) (*heritage.Dataset, *linking.Linker) {
	t.Helper()
	return testfixture.Dataset(t), sharedLinker(t)
}

func writeFile(t testing.TB, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

func writeGen(t testing.TB, dir string, rows []genRow) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, writeGenCSV(&b, rows))
	return writeFile(t, dir, "in.csv", b.String())
}

// runJob runs a job to completion and returns its summary.
func runJob(t testing.TB, ds *heritage.Dataset, l Linker, cfg Config) Summary {
	t.Helper()
	j, err := New(ds, l, cfg)
	require.NoError(t, err)
	sum, err := j.Run(context.Background())
	require.NoError(t, err)
	return sum
}

// readOutputs decodes an output file.
func readOutputs(t testing.TB, path string) []Output {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var outs []Output
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var o Output
		require.NoError(t, json.Unmarshal(sc.Bytes(), &o), "line %q", sc.Text())
		outs = append(outs, o)
	}
	require.NoError(t, sc.Err())
	return outs
}
