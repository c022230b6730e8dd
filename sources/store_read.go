package sources

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// fallback reads the newest whole version other than the one CURRENT
// names, when that one is damaged (cause).
func (s *Store) fallback(head string, cause error) (*State, error) {
	for _, v := range s.versions() {
		if "v-"+v == head {
			continue
		}
		st, err := readVersion(filepath.Join(s.dir, "v-"+v), v)
		if err != nil {
			continue
		}
		st.Head = head
		st.Recovered = fmt.Sprintf("the store %s is damaged (%v); using version %s, the last whole one; run \"hybridrag doctor --repair\" to make it current", s.dir, cause, v)
		return st, nil
	}
	return nil, &DamagedError{Dir: s.dir, Err: cause}
}

// DamagedError is a store with no whole version left to read.
type DamagedError struct {
	Dir string
	Err error
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("sources: the store %s is damaged (%v) and holds no earlier whole version; run \"hybridrag doctor --repair\" (it moves the store aside and starts an empty one), or remove the directory", e.Dir, e.Err)
}

func (e *DamagedError) Unwrap() error { return e.Err }

// versions are the versions the store holds a directory of, newest first.
func (s *Store) versions() []string {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return nil
	}
	type dated struct {
		v string
		t time.Time
	}
	var vs []dated
	for _, e := range ents {
		v, ok := strings.CutPrefix(e.Name(), "v-")
		if !ok || !e.IsDir() || !validVersion(v) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		vs = append(vs, dated{v, info.ModTime()})
	}
	slices.SortFunc(vs, func(a, b dated) int {
		if c := b.t.Compare(a.t); c != 0 {
			return c
		}
		return strings.Compare(a.v, b.v)
	})
	out := make([]string, len(vs))
	for i, d := range vs {
		out[i] = d.v
	}
	return out
}

func (s *Store) hasVersions() bool { return len(s.versions()) > 0 }

// readVersion reads and validates the directory of version v: every file
// its checksum list names is there with its checksum, and every source
// file holds whole, valid records of its namespace.
func readVersion(dir, v string) (*State, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	sums, err := readSums(dir)
	if err != nil {
		return nil, err
	}
	st := &State{Version: v}
	seen := 0
	for _, e := range ents {
		name := e.Name()
		if name != hiddenFile && !strings.HasSuffix(name, sourceExt) {
			continue
		}
		path := filepath.Join(dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("sources: %w", err)
		}
		if sums != nil {
			want, listed := sums[name]
			if !listed {
				return nil, fmt.Errorf("sources: %s: not in %s", path, sumsFile)
			}
			if got := sum(b); got != want {
				return nil, fmt.Errorf("sources: %s: damaged (checksum %s, written %s)", path, got, want)
			}
			seen++
		}
		if name == hiddenFile {
			st.Hidden = strings.Fields(string(b))
			continue
		}
		src, err := readSource(path, b)
		if err != nil {
			return nil, err
		}
		if want := strings.TrimSuffix(name, sourceExt); src.Meta.Namespace != want {
			return nil, fmt.Errorf("sources: %s: holds source %q", path, src.Meta.Namespace)
		}
		st.Sources = append(st.Sources, src)
	}
	if sums != nil && seen != len(sums) {
		return nil, fmt.Errorf("sources: %s: %d of the %d files %s names are missing", dir, len(sums)-seen, len(sums), sumsFile)
	}
	slices.SortFunc(st.Sources, func(a, b Source) int { return strings.Compare(a.Meta.Namespace, b.Meta.Namespace) })
	slices.Sort(st.Hidden)
	return st, nil
}

// readSums reads a version's checksum list (nil for a version written
// before versions had one).
func readSums(dir string) (map[string]string, error) {
	b, err := os.ReadFile(filepath.Join(dir, sumsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sources: %w", err)
	}
	sums := map[string]string{}
	for line := range strings.Lines(string(b)) {
		h, name, ok := strings.Cut(strings.TrimSpace(line), "  ")
		if !ok || name == "" || strings.ContainsAny(name, `/\`) {
			return nil, fmt.Errorf("sources: %s: not a checksum line: %q", filepath.Join(dir, sumsFile), line)
		}
		sums[name] = h
	}
	return sums, nil
}

// sum is a file's checksum in a version's checksum list.
func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func readSource(path string, b []byte) (Source, error) {
	var src Source
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 64<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if n == 1 {
			if err := json.Unmarshal(line, &src.Meta); err != nil {
				return Source{}, fmt.Errorf("sources: %s: line 1 (meta): %w", path, err)
			}
			if !ValidNamespace(src.Meta.Namespace) {
				return Source{}, fmt.Errorf("sources: %s: line 1 (meta): %q is not a namespace", path, src.Meta.Namespace)
			}
			continue
		}
		in, err := DecodeRecord(src.Meta, line)
		if err != nil {
			return Source{}, fmt.Errorf("sources: %s: line %d: %w", path, n, err)
		}
		src.Records = append(src.Records, in)
	}
	if err := sc.Err(); err != nil {
		return Source{}, fmt.Errorf("sources: %s: %w", path, err)
	}
	if n == 0 {
		return Source{}, fmt.Errorf("sources: %s: empty (no meta line)", path)
	}
	return src, nil
}
