package heritage

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"sync"
	"unsafe"

	"github.com/hybridrag/hybridrag/internal/packed"
)

// A snapshot is a loaded dataset in a binary form that decodes many times
// faster than the JSON Lines it came from (no parsing of text, no
// validation: it was validated when it was loaded):
//
//	"HRDS" format(uint32) body crc32c(uint32, of the body)
//
// where the body is packed (internal/packed): the version, the number of
// records, the table of the records' distinct strings (their number, then
// each), then the records (snapshot_codec.go), their strings as numbers in
// the table, in snapshotParts sections of consecutive records (the
// number of sections, then each as a packed.Section), which are decoded
// side by side. Reading copies the table's text into one block, which the
// records' strings share, and nothing else of the bytes read. The towns
// derived from the location fields are derived again, on first use.

const snapshotMagic = "HRDS"

// snapshotFormat changes whenever Institution or the encoding changes.
const snapshotFormat = 4

// snapshotParts is how many sections hold the records: one goroutine
// decodes each, so that the cores a start has share the decoding (at
// 800,000 records, a second and a half on one core).
const snapshotParts = 4

// partOf is the first record of part k of n records.
func partOf(k, n int) int { return k * n / snapshotParts }

// ErrSnapshot is wrapped by ReadSnapshot when the bytes are not a
// snapshot of this format or are damaged.
var ErrSnapshot = errors.New("heritage: not a usable dataset snapshot")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Fingerprint is the Version LoadBytes gives the dataset in b, computed
// without decoding it.
func Fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// EmbeddedVersion is the Version of the bundled dataset.
func EmbeddedVersion() string { return Fingerprint(embeddedData) }

// WriteSnapshot writes d as a snapshot. A dataset loaded with skipped
// lines has none (the skipped lines are reported from the source).
func (d *Dataset) WriteSnapshot(w io.Writer) error {
	if len(d.Skipped) > 0 {
		return errors.New("heritage: a dataset with skipped lines has no snapshot")
	}
	text := newTextTable()
	n := len(d.Institutions)
	var recs packed.Writer
	recs.Len(snapshotParts)
	for k := range snapshotParts {
		var part packed.Writer
		for i := partOf(k, n); i < partOf(k+1, n); i++ {
			encodeInstitution(recordWriter{&part, text}, &d.Institutions[i])
		}
		recs.Section(part.Bytes())
	}
	var body packed.Writer
	body.String(d.Version)
	body.Len(n)
	body.Len(len(text.list))
	body.String(text.list...)
	head := make([]byte, 0, 8)
	head = append(head, snapshotMagic...)
	head = binary.LittleEndian.AppendUint32(head, snapshotFormat)
	sum := crc32.Update(crc32.Checksum(body.Bytes(), castagnoli), castagnoli, recs.Bytes())
	tail := binary.LittleEndian.AppendUint32(nil, sum)
	for _, b := range [][]byte{head, body.Bytes(), recs.Bytes(), tail} {
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("heritage: snapshot: %w", err)
		}
	}
	return nil
}

// ReadSnapshot reads a dataset written by WriteSnapshot. The records'
// text is copied out of b, which the dataset does not keep.
func ReadSnapshot(b []byte) (*Dataset, error) {
	if len(b) < 12 || string(b[:4]) != snapshotMagic {
		return nil, fmt.Errorf("%w: no header", ErrSnapshot)
	}
	if f := binary.LittleEndian.Uint32(b[4:8]); f != snapshotFormat {
		return nil, fmt.Errorf("%w: format %d, this program reads %d", ErrSnapshot, f, snapshotFormat)
	}
	body, tail := b[8:len(b)-4], b[len(b)-4:]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(tail) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrSnapshot)
	}
	r := packed.NewReader(body)
	// A copy: a part of b would keep all of b.
	version := strings.Clone(r.String())
	recs := make([]Institution, r.Count())
	text := readText(r)
	if p := r.Len(snapshotParts); r.Err() == nil && p != snapshotParts {
		return nil, fmt.Errorf("%w: %d parts, want %d", ErrSnapshot, p, snapshotParts)
	}
	parts := make([]*packed.Reader, snapshotParts)
	for k := range parts {
		parts[k] = r.Section()
	}
	if !r.Done() {
		return nil, fmt.Errorf("%w: %v", ErrSnapshot, cmp.Or(r.Err(), errors.New("bytes left over")))
	}
	var wg sync.WaitGroup
	for k, pr := range parts {
		wg.Go(func() {
			dec := recordReader{r: pr, text: text, lists: &lists{}}
			for i := partOf(k, len(recs)); i < partOf(k+1, len(recs)); i++ {
				decodeInstitution(dec, &recs[i])
			}
		})
	}
	wg.Wait()
	for _, pr := range parts {
		if !pr.Done() {
			return nil, fmt.Errorf("%w: %v", ErrSnapshot, cmp.Or(pr.Err(), errors.New("bytes left over")))
		}
	}
	if len(recs) == 0 || version == "" {
		return nil, fmt.Errorf("%w: no records", ErrSnapshot)
	}
	d := &Dataset{Institutions: recs, Version: version, byID: newIDIndex(len(recs)), loc: &locations{}}
	for i := range d.Institutions {
		if !d.byID.add(recs, i) {
			return nil, fmt.Errorf("%w: duplicate id %q", ErrSnapshot, recs[i].ID)
		}
	}
	return d, nil
}

// readText reads the table of distinct strings into one block of its own.
func readText(r *packed.Reader) []string {
	text := make([]string, r.Count())
	n := 0
	for i := range text {
		text[i] = r.String()
		n += len(text[i])
	}
	block := make([]byte, 0, n)
	for i, s := range text {
		block = append(block, s...)
		b := block[len(block)-len(s):]
		text[i] = unsafe.String(unsafe.SliceData(b), len(b))
	}
	return text
}
