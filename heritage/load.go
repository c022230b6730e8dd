package heritage

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
)

//go:embed data/institutions.jsonl.gz
var embeddedData []byte

//go:embed data/NOTICE
var notice string

// Notice returns the attribution notice that must accompany the bundled data.
func Notice() string { return notice }

// Dataset is a loaded, validated set of institutions. It is read-only after
// loading and safe for concurrent use.
type Dataset struct {
	Institutions []Institution
	// Version identifies the data (a hash of its bytes); caches key on it.
	Version string
	// Skipped counts the invalid lines dropped in SkipInvalid mode.
	Skipped []LineError

	byID map[string]int
	// loc holds the towns derived from each record's location fields,
	// by index in Institutions (see Towns).
	loc []location
}

// Get returns the institution with the given id.
func (d *Dataset) Get(id string) (*Institution, bool) {
	i, ok := d.byID[id]
	if !ok {
		return nil, false
	}
	return &d.Institutions[i], true
}

// Len is the number of institutions.
func (d *Dataset) Len() int { return len(d.Institutions) }

// LineError reports an invalid record and where it is.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// ErrInvalidRecord is wrapped by every validation failure.
var ErrInvalidRecord = errors.New("invalid record")

// LoadOptions tune Load.
type LoadOptions struct {
	// SkipInvalid drops invalid lines (counted in Dataset.Skipped) instead of
	// failing on the first one.
	SkipInvalid bool
}

// Embedded loads the dataset bundled with the binary.
func Embedded() (*Dataset, error) {
	return LoadBytes(embeddedData, LoadOptions{})
}

// LoadFile loads a JSON Lines file, gzip-compressed or not.
func LoadFile(path string, opts LoadOptions) (*Dataset, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("heritage: %w", err)
	}
	return LoadBytes(b, opts)
}

// Load reads JSON Lines from r.
func Load(r io.Reader, opts LoadOptions) (*Dataset, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("heritage: read: %w", err)
	}
	return LoadBytes(b, opts)
}

// LoadBytes parses JSON Lines (optionally gzip-compressed) held in memory.
// Lines are decoded in parallel; errors name their 1-based line number.
func LoadBytes(b []byte, opts LoadOptions) (*Dataset, error) {
	sum := sha256.Sum256(b)
	if len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("heritage: gzip: %w", err)
		}
		if b, err = io.ReadAll(bufio.NewReaderSize(zr, 1<<20)); err != nil {
			return nil, fmt.Errorf("heritage: gzip: %w", err)
		}
	}
	lines := splitLines(b)
	recs := make([]Institution, len(lines))
	errs := make([]error, len(lines))

	workers := min(runtime.GOMAXPROCS(0), 8)
	var wg sync.WaitGroup
	chunk := (len(lines) + workers - 1) / max(workers, 1)
	for w := 0; w < workers; w++ {
		lo, hi := w*chunk, min((w+1)*chunk, len(lines))
		if lo >= hi {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				if len(lines[i]) == 0 {
					continue
				}
				errs[i] = decodeRecord(lines[i], &recs[i])
			}
		}()
	}
	wg.Wait()

	d := &Dataset{
		Version: hex.EncodeToString(sum[:8]),
		byID:    make(map[string]int, len(lines)),
	}
	d.Institutions = recs[:0]
	for i := range lines {
		if len(lines[i]) == 0 {
			continue
		}
		err := errs[i]
		if err == nil {
			if _, dup := d.byID[recs[i].ID]; dup {
				err = fmt.Errorf("%w: duplicate id %q", ErrInvalidRecord, recs[i].ID)
			}
		}
		if err != nil {
			le := &LineError{Line: i + 1, Err: err}
			if !opts.SkipInvalid {
				return nil, fmt.Errorf("heritage: %w", le)
			}
			d.Skipped = append(d.Skipped, *le)
			continue
		}
		d.byID[recs[i].ID] = len(d.Institutions)
		d.Institutions = append(d.Institutions, recs[i])
	}
	if len(d.Institutions) == 0 {
		return nil, fmt.Errorf("heritage: %w: no records", ErrInvalidRecord)
	}
	d.deriveLocations()
	return d, nil
}

func splitLines(b []byte) [][]byte {
	n := bytes.Count(b, []byte{'\n'}) + 1
	out := make([][]byte, 0, n)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		var line []byte
		if i < 0 {
			line, b = b, nil
		} else {
			line, b = b[:i], b[i+1:]
		}
		out = append(out, bytes.TrimSpace(line))
	}
	return out
}

func decodeRecord(line []byte, rec *Institution) error {
	if err := json.Unmarshal(line, rec); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidRecord, err)
	}
	if err := rec.Validate(); err != nil {
		return err
	}
	rec.normalize()
	return nil
}

// normalize cleans known placeholder values: the source marks unknown
// coordinates with out-of-range numbers such as 99.999999.
func (in *Institution) normalize() {
	if in.Lat != nil && (*in.Lat < -90 || *in.Lat > 90) || in.Lon != nil && (*in.Lon < -180 || *in.Lon > 180) {
		in.Lat, in.Lon, in.CoordPrecision = nil, nil, ""
	}
}

// Validate checks the fields every record must have.
func (in *Institution) Validate() error {
	var missing []string
	if in.ID == "" {
		missing = append(missing, "id")
	}
	if in.Name == "" {
		missing = append(missing, "name")
	}
	if in.Type == "" {
		missing = append(missing, "type")
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: missing %s", ErrInvalidRecord, strings.Join(missing, ", "))
	}
	if !strings.HasPrefix(in.ID, "wd:") && !strings.HasPrefix(in.ID, "ror:") && !strings.HasPrefix(in.ID, "mm:") {
		return fmt.Errorf("%w: id %q: want a wd:, ror: or mm: prefix", ErrInvalidRecord, in.ID)
	}
	if in.Tier.Rank() > 3 {
		return fmt.Errorf("%w: %s: unknown tier %q", ErrInvalidRecord, in.ID, in.Tier)
	}
	return nil
}

// Subset returns a dataset of the records keep accepts, in order: the data
// to answer from when only part of it matters (one country, one source).
// The records share their slices with d, which both treat as read-only.
// Its Version derives from d's and the kept ids. It fails when keep
// accepts no record.
func (d *Dataset) Subset(keep func(*Institution) bool) (*Dataset, error) {
	h := sha256.New()
	h.Write([]byte(d.Version))
	s := &Dataset{byID: map[string]int{}}
	for i := range d.Institutions {
		in := &d.Institutions[i]
		if !keep(in) {
			continue
		}
		s.byID[in.ID] = len(s.Institutions)
		s.Institutions = append(s.Institutions, *in)
		h.Write([]byte{0})
		h.Write([]byte(in.ID))
	}
	if len(s.Institutions) == 0 {
		return nil, fmt.Errorf("heritage: subset: %w: no records", ErrInvalidRecord)
	}
	s.Version = hex.EncodeToString(h.Sum(nil)[:8])
	s.deriveLocations()
	return s, nil
}
