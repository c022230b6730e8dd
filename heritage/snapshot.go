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
// each), then each record (snapshot_codec.go), its strings as numbers in
// the table. Reading copies the table's text into one block, which the
// records' strings share, and nothing else of the bytes read. The towns
// derived from the location fields are derived again, on first use.

const snapshotMagic = "HRDS"

// snapshotFormat changes whenever Institution or the encoding changes.
const snapshotFormat = 3

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
	var recs packed.Writer
	for i := range d.Institutions {
		encodeInstitution(recordWriter{&recs, text}, &d.Institutions[i])
	}
	var body packed.Writer
	body.String(d.Version)
	body.Len(len(d.Institutions))
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
	dec := recordReader{r: r, text: text, lists: &lists{}}
	for i := range recs {
		decodeInstitution(dec, &recs[i])
	}
	if !r.Done() {
		return nil, fmt.Errorf("%w: %v", ErrSnapshot, cmp.Or(r.Err(), errors.New("bytes left over")))
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
