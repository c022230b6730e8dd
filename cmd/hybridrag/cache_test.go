package main

import (
	"fmt"
	"os"
	"testing"
)

// TestMain keeps the indexes the commands build at their first start in a
// directory of this test run, not in the user's cache.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "hybridrag-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
