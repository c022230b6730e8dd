package sources_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/sources"
)

// FuzzStoreRead damages the newest version of a store (its CURRENT, its
// source file, its hidden ids and its checksum list) in every way the
// fuzzer finds: a read never fails while an earlier whole version is
// there, and reads the newest only when it is whole.
func FuzzStoreRead(f *testing.F) {
	dir := f.TempDir()
	st := sources.Open(dir)
	_, first := put(f, st, own(f, 0, 2, 0, ""), false)
	good := filepath.Join(dir, "v-"+first.Version)
	seed, err := os.ReadFile(filepath.Join(good, "myorg.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	sums, err := os.ReadFile(filepath.Join(good, "SHA256SUMS"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("v-00000000000000aa"), seed, []byte(""), sums)
	f.Add([]byte("v-"), seed, []byte("wd:Q1\n"), []byte(""))
	f.Add([]byte("v-00000000000000aa\n"), seed[:len(seed)/2], []byte("\x00"), sums)
	f.Add([]byte("empty"), []byte(`{"namespace":"myorg"}`+"\n"+`{"id":"myorg:1"}`), []byte(""), []byte("x  myorg.jsonl\n"))
	f.Add([]byte("v-"+first.Version), []byte(`{"namespace":"other"}`), []byte(""), []byte(""))
	f.Fuzz(func(t *testing.T, current, source, hidden, checksums []byte) {
		d := t.TempDir()
		if err := os.CopyFS(d, os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
		// A second version directory, damaged or not, newer than the good one.
		bad := filepath.Join(d, "v-00000000000000aa")
		if err := os.MkdirAll(bad, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range map[string][]byte{"myorg.jsonl": source, "hidden": hidden, "SHA256SUMS": checksums} {
			if len(b) > 0 {
				if err := os.WriteFile(filepath.Join(bad, name), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := os.WriteFile(filepath.Join(d, "CURRENT"), current, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := sources.Open(d).Read(context.Background())
		if err != nil {
			t.Fatalf("read with a whole version there: %v", err)
		}
		head, _ := sources.Open(d).Head(context.Background())
		switch {
		case got.Recovered != "" && got.Version != first.Version && !matches(checksums, map[string][]byte{"myorg.jsonl": source, "hidden": hidden}):
			// A version without a checksum list (as earlier releases
			// wrote them) is whole when every line reads; one with a
			// list only when every file matches it.
			t.Fatalf("recovered to %q, not to the whole version %s", got.Version, first.Version)
		case got.Recovered == "" && got.Version != "" && head != "v-"+got.Version:
			t.Fatalf("read version %q that CURRENT (%q) does not name, without saying so", got.Version, head)
		}
	})
}

// matches reports whether a checksum list is absent, or names exactly
// the files written (the non-empty ones) with their checksums.
func matches(list []byte, files map[string][]byte) bool {
	if len(list) == 0 {
		return true
	}
	n := 0
	for line := range strings.Lines(string(list)) {
		h, name, _ := strings.Cut(strings.TrimSpace(line), "  ")
		b := files[name]
		sum := sha256.Sum256(b)
		if len(b) == 0 || hex.EncodeToString(sum[:]) != h {
			return false
		}
		n++
	}
	for _, b := range files {
		if len(b) > 0 {
			n--
		}
	}
	return n == 0
}
