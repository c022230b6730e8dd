package enrich

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

const checkpointVersion = 1

// Checkpoint is the resume state kept beside the output. It is replaced
// atomically (temporary file, fsync, rename) after the output and errors
// files have been synced up to the offsets it records.
type Checkpoint struct {
	Version int           `json:"version"`
	Input   InputIdentity `json:"input"`
	// Settings fingerprints everything that shapes the output (format,
	// delimiter, mapping, enricher, dataset version): a run with other
	// settings starts over.
	Settings     string    `json:"settings"`
	Rows         int       `json:"rows"` // input rows completed
	OutputOffset int64     `json:"output_offset"`
	ErrorsOffset int64     `json:"errors_offset"`
	Counts       Counts    `json:"counts"`
	Updated      time.Time `json:"updated"`
}

// InputIdentity identifies the input file. A checkpoint applies when the
// size and the SHA-256 agree; path and modification time are informative.
type InputIdentity struct {
	Path    string    `json:"path"`
	Size    int64     `json:"size"`
	ModTime time.Time `json:"mtime"`
	SHA256  string    `json:"sha256"`
}

// Counts tallies the rows by status.
type Counts struct {
	Matched   int `json:"matched"`
	Ambiguous int `json:"ambiguous"`
	Unmatched int `json:"unmatched"`
	Errors    int `json:"errors"`
}

func (c *Counts) add(s Status) {
	switch s {
	case StatusMatched:
		c.Matched++
	case StatusAmbiguous:
		c.Ambiguous++
	case StatusUnmatched:
		c.Unmatched++
	default:
		c.Errors++
	}
}

// Total is the number of rows counted.
func (c Counts) Total() int { return c.Matched + c.Ambiguous + c.Unmatched + c.Errors }

// identify hashes the input and counts its lines (for the progress total).
func identify(path string) (InputIdentity, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return InputIdentity{}, 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return InputIdentity{}, 0, err
	}
	if !st.Mode().IsRegular() {
		return InputIdentity{}, 0, inputErrorf("%s is not a regular file", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	h := sha256.New()
	buf := make([]byte, 256<<10)
	lines, last := 0, byte('\n')
	for {
		n, err := f.Read(buf)
		if n > 0 {
			h.Write(buf[:n])
			for _, c := range buf[:n] {
				if c == '\n' {
					lines++
				}
			}
			last = buf[n-1]
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return InputIdentity{}, 0, err
		}
	}
	if last != '\n' {
		lines++
	}
	return InputIdentity{Path: abs, Size: st.Size(), ModTime: st.ModTime().UTC(), SHA256: hex.EncodeToString(h.Sum(nil))}, lines, nil
}

// readCheckpoint loads path; a missing file is (nil, nil).
func readCheckpoint(path string) (*Checkpoint, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var c Checkpoint
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	return &c, nil
}

// writeCheckpoint replaces path atomically.
func writeCheckpoint(path string, c *Checkpoint) error {
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// syncDir makes a rename durable; failures are ignored (some file systems
// do not support syncing directories).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
