package sources

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/internal/fileutil"
)

// Store is a directory holding the sources a user added. Each version of
// the whole store is a directory of its own, written once and never
// changed; the file CURRENT names the one in use:
//
//	CURRENT              "v-<version>"
//	v-<version>/NS.jsonl one source: its Meta on the first line, then its
//	                     records in canonical form, one a line, by id
//	v-<version>/hidden   the ids of deleted base records, one a line
//	lock                 held by the process that updates the store
//
// An update writes the new version's directory, then replaces CURRENT
// through a rename: a process killed at any point leaves the previous
// version in use and its leftovers are removed by the next update, which
// converges on the same version (the version is a hash of the content).
// Readers take no lock.
type Store struct {
	dir string
	// LockWait bounds the wait for another process's update (default 1 min).
	LockWait time.Duration
}

// EnvStore names the variable that moves the store (see DefaultDir).
const EnvStore = "HYBRIDRAG_STORE"

const (
	currentFile = "CURRENT"
	hiddenFile  = "hidden"
	sumsFile    = "SHA256SUMS"
	lockFile    = "lock"
	sourceExt   = ".jsonl"
)

// DefaultDir is the store's directory when none is configured:
// $XDG_DATA_HOME/hybridrag/sources, or $HOME/.local/share/hybridrag/sources;
// "" when getenv (which reads the environment) gives neither: no store.
func DefaultDir(getenv func(string) string) string {
	if d := getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "hybridrag", "sources")
	}
	if home := getenv("HOME"); home != "" {
		return filepath.Join(home, ".local", "share", "hybridrag", "sources")
	}
	return ""
}

// Open returns the store in dir. The directory is created by the first
// update; a store that does not exist reads as empty.
func Open(dir string) *Store { return &Store{dir: dir} }

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

// String names the store in messages: its directory.
func (s *Store) String() string { return s.dir }

// Version is the version in use ("" for an empty or missing store),
// read from one small file: cheap enough to poll. A CURRENT that names no
// version is an error here; Read falls back past it.
func (s *Store) Version() (string, error) {
	head, err := s.Head(context.Background())
	if err != nil {
		return "", err
	}
	v, ok := parseHead(head)
	if !ok {
		return "", fmt.Errorf("sources: %s: not a version: %q", filepath.Join(s.dir, currentFile), head)
	}
	return v, nil
}

// Head is what CURRENT says, as it is ("" when there is no CURRENT): a
// token that changes with every update, cheap to poll, and known even
// when it names no readable version.
func (s *Store) Head(context.Context) (string, error) {
	f, err := os.Open(filepath.Join(s.dir, currentFile))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("sources: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxHead))
	if err != nil {
		return "", fmt.Errorf("sources: %w", err)
	}
	return strings.TrimSpace(string(b)), nil
}

// maxHead bounds what is read of CURRENT: "v-" and a 16-digit hash.
const maxHead = 64

// emptyHead is CURRENT of a store whose sources were all emptied out by
// updates: a version with nothing in it.
const emptyHead = "empty"

// parseHead reads CURRENT's content: "v-<hex>", "empty" or nothing.
func parseHead(head string) (string, bool) {
	if head == "" || head == emptyHead {
		return "", true
	}
	v, ok := strings.CutPrefix(head, "v-")
	return v, ok && validVersion(v)
}

// validVersion reports whether v can name a version: the hex digits of
// a content hash.
func validVersion(v string) bool {
	if len(v) == 0 || len(v) > 32 {
		return false
	}
	for _, c := range v {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// Read returns the state in use. Every read validates what it reads:
// when CURRENT, or the version it names, is damaged (unreadable, torn,
// edited by hand), the newest version that is whole is read instead and
// State.Recovered says so; "hybridrag doctor --repair" makes it current.
// A store with no whole version left is an error that says how to
// repair it.
func (s *Store) Read(context.Context) (*State, error) {
	// An update may remove an old version between reading CURRENT and
	// reading its directory: read CURRENT again then.
	var (
		head  string
		cause error
	)
	for range 3 {
		var err error
		if head, err = s.Head(context.Background()); err != nil {
			return nil, err
		}
		v, ok := parseHead(head)
		if !ok {
			cause = fmt.Errorf("%s names no version: %q", currentFile, head)
			break
		}
		if v == "" {
			if head == "" && s.hasVersions() {
				cause = fmt.Errorf("%s is missing", currentFile)
				break
			}
			return &State{Head: head}, nil
		}
		st, err := readVersion(filepath.Join(s.dir, "v-"+v), v)
		if err == nil {
			st.Head = head
			return st, nil
		}
		cause = err
		if !errors.Is(err, fs.ErrNotExist) {
			break
		}
		if again, _ := s.Head(context.Background()); again == head {
			break
		}
	}
	return s.fallback(head, cause)
}

// Update applies change to a copy of the state in use and makes the
// result the state in use. One process updates at a time (a lock file);
// others wait at most LockWait. When change leaves the content as it was,
// nothing is written. It returns the state before and after.
func (s *Store) Update(ctx context.Context, change func(st *State) error) (before, after *State, err error) {
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("sources: %w", err)
	}
	unlock, err := s.lock(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer unlock()
	before, err = s.Read(ctx)
	if err != nil {
		return nil, nil, err
	}
	if after, err = Apply(before, change); err != nil {
		return nil, nil, err
	}
	s.removeLeftovers(before.Version)
	if after.Version == before.Version && before.Recovered == "" {
		return before, after, nil
	}
	if err := s.write(after); err != nil {
		return nil, nil, err
	}
	s.removeLeftovers(after.Version, before.Version)
	return before, after, nil
}

func (s *Store) lock(ctx context.Context) (func(), error) {
	wait := s.LockWait
	if wait <= 0 {
		wait = time.Minute
	}
	path := filepath.Join(s.dir, lockFile)
	unlock, err := fileutil.Lock(ctx, path, wait, nil)
	if err != nil {
		return nil, fmt.Errorf("sources: lock %s (another process is updating the store): %w", path, err)
	}
	return unlock, nil
}

// write writes st's version directory, then points CURRENT at it.
func (s *Store) write(st *State) error {
	if st.Version != "" {
		final := filepath.Join(s.dir, "v-"+st.Version)
		if _, err := readVersion(final, st.Version); err != nil {
			// Missing, or a damaged copy of the same content: written anew.
			_ = os.RemoveAll(final)
			tmp, err := os.MkdirTemp(s.dir, "tmp-")
			if err != nil {
				return fmt.Errorf("sources: %w", err)
			}
			if err := writeVersion(tmp, st); err != nil {
				_ = os.RemoveAll(tmp)
				return err
			}
			if err := os.Rename(tmp, final); err != nil {
				_ = os.RemoveAll(tmp)
				return fmt.Errorf("sources: %w", err)
			}
		}
	}
	head := emptyHead
	if st.Version != "" {
		head = "v-" + st.Version
	}
	return writeFile(filepath.Join(s.dir, currentFile), []byte(head+"\n"))
}

// writeVersion writes st into dir: a file per source, the hidden ids, and
// last the checksums of those files, by which a read knows the version
// whole.
func writeVersion(dir string, st *State) error {
	var sums strings.Builder
	put := func(name string, b []byte) error {
		fmt.Fprintf(&sums, "%s  %s\n", sum(b), name)
		return writeFile(filepath.Join(dir, name), b)
	}
	for _, src := range st.Sources {
		var b bytes.Buffer
		m, err := json.Marshal(src.Meta)
		if err != nil {
			return fmt.Errorf("sources: %w", err)
		}
		b.Write(m)
		b.WriteByte('\n')
		for k := range src.Records {
			r, err := json.Marshal(&src.Records[k])
			if err != nil {
				return fmt.Errorf("sources: record %s: %w", src.Records[k].ID, err)
			}
			b.Write(r)
			b.WriteByte('\n')
		}
		if err := put(src.Meta.Namespace+sourceExt, b.Bytes()); err != nil {
			return err
		}
	}
	if len(st.Hidden) > 0 {
		if err := put(hiddenFile, []byte(strings.Join(st.Hidden, "\n")+"\n")); err != nil {
			return err
		}
	}
	return writeFile(filepath.Join(dir, sumsFile), []byte(sums.String()))
}

// writeFile writes path with b, synced, through a temporary file renamed
// over it.
func writeFile(path string, b []byte) error {
	if err := fileutil.WriteAtomic(path, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
		return fmt.Errorf("sources: %w", err)
	}
	return nil
}

// removeLeftovers removes the temporary directories of updates cut short
// and every version directory but keep (the version in use, and the one
// before it, which a reader may still be reading). The caller holds the
// lock.
func (s *Store) removeLeftovers(keep ...string) {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		v, isVersion := strings.CutPrefix(name, "v-")
		switch {
		case strings.HasPrefix(name, "tmp-"), name == currentFile+".tmp":
		case isVersion && e.IsDir() && !slices.Contains(keep, v):
		default:
			continue
		}
		_ = os.RemoveAll(filepath.Join(s.dir, name))
	}
}

// uploadedFile holds the version of the store last uploaded into a
// shared store ("hybridrag ingest --sync").
const uploadedFile = "UPLOADED"

// Uploaded is the version of the store last uploaded into a shared
// store, "" when it never was.
func (s *Store) Uploaded() string {
	b, err := os.ReadFile(filepath.Join(s.dir, uploadedFile))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// SetUploaded records that version of the store was uploaded into a
// shared store, so that it is not offered for upload again.
func (s *Store) SetUploaded(version string) error {
	return writeFile(filepath.Join(s.dir, uploadedFile), []byte(orEmpty(version)+"\n"))
}
