package heritage

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// A snapshot is a loaded dataset in a binary form that decodes several
// times faster than the JSON Lines it came from (no parsing of text, no
// validation: it was validated when it was loaded):
//
//	"HRDS" format(uint32) gob(snapshot) crc32c(uint32, of the gob bytes)
//
// The towns derived from the location fields are derived again, on first
// use.

const snapshotMagic = "HRDS"

// snapshotFormat changes whenever Institution or the encoding changes.
const snapshotFormat = 1

// ErrSnapshot is wrapped by ReadSnapshot when the bytes are not a
// snapshot of this format or are damaged.
var ErrSnapshot = errors.New("heritage: not a usable dataset snapshot")

type snapshot struct {
	Version      string
	Institutions []Institution
	// Shapes say, per record, which slices and pointers are set (see
	// shapeOf): gob leaves out empty slices and pointers to zero values,
	// which JSON tells apart from missing ones.
	Shapes []uint16
}

// shapeFields are the slices and pointers of an Institution whose nil-ness
// a snapshot keeps, one bit each.
var shapeFields = []struct {
	set    func(in *Institution) bool
	ensure func(in *Institution)
}{
	{func(in *Institution) bool { return in.AltNames != nil }, func(in *Institution) { in.AltNames = nonNil(in.AltNames) }},
	{func(in *Institution) bool { return in.Subjects != nil }, func(in *Institution) { in.Subjects = nonNil(in.Subjects) }},
	{func(in *Institution) bool { return in.MemberOf != nil }, func(in *Institution) { in.MemberOf = nonNil(in.MemberOf) }},
	{func(in *Institution) bool { return in.Related != nil }, func(in *Institution) { in.Related = nonNil(in.Related) }},
	{func(in *Institution) bool { return in.Events != nil }, func(in *Institution) { in.Events = nonNil(in.Events) }},
	{func(in *Institution) bool { return in.Collections != nil }, func(in *Institution) { in.Collections = nonNil(in.Collections) }},
	{func(in *Institution) bool { return in.Sources != nil }, func(in *Institution) { in.Sources = nonNil(in.Sources) }},
	{func(in *Institution) bool { return in.Identifiers.ISILAll != nil }, func(in *Institution) { in.Identifiers.ISILAll = nonNil(in.Identifiers.ISILAll) }},
	{func(in *Institution) bool { return in.Identifiers.GND != nil }, func(in *Institution) { in.Identifiers.GND = nonNil(in.Identifiers.GND) }},
	{func(in *Institution) bool { return in.Identifiers.DBS != nil }, func(in *Institution) { in.Identifiers.DBS = nonNil(in.Identifiers.DBS) }},
	{func(in *Institution) bool { return in.Lat != nil }, func(in *Institution) { in.Lat = cmpNew(in.Lat) }},
	{func(in *Institution) bool { return in.Lon != nil }, func(in *Institution) { in.Lon = cmpNew(in.Lon) }},
	{func(in *Institution) bool { return in.Area != nil }, func(in *Institution) { in.Area = cmpNew(in.Area) }},
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func cmpNew[T any](p *T) *T {
	if p == nil {
		return new(T)
	}
	return p
}

func shapeOf(in *Institution) uint16 {
	var bits uint16
	for k, f := range shapeFields {
		if f.set(in) {
			bits |= 1 << k
		}
	}
	return bits
}

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
	var body bytes.Buffer
	shapes := make([]uint16, len(d.Institutions))
	for i := range d.Institutions {
		shapes[i] = shapeOf(&d.Institutions[i])
	}
	if err := gob.NewEncoder(&body).Encode(snapshot{Version: d.Version, Institutions: d.Institutions, Shapes: shapes}); err != nil {
		return fmt.Errorf("heritage: snapshot: %w", err)
	}
	head := make([]byte, 0, 8)
	head = append(head, snapshotMagic...)
	head = binary.LittleEndian.AppendUint32(head, snapshotFormat)
	tail := binary.LittleEndian.AppendUint32(nil, crc32.Checksum(body.Bytes(), castagnoli))
	for _, b := range [][]byte{head, body.Bytes(), tail} {
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("heritage: snapshot: %w", err)
		}
	}
	return nil
}

// ReadSnapshot reads a dataset written by WriteSnapshot.
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
	var s snapshot
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(&s); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSnapshot, err)
	}
	if len(s.Institutions) == 0 || s.Version == "" || len(s.Shapes) != len(s.Institutions) {
		return nil, fmt.Errorf("%w: no records", ErrSnapshot)
	}
	for i, bits := range s.Shapes {
		for k, f := range shapeFields {
			if bits&(1<<k) != 0 {
				f.ensure(&s.Institutions[i])
			}
		}
	}
	d := &Dataset{Institutions: s.Institutions, Version: s.Version, byID: make(map[string]int, len(s.Institutions)), loc: &locations{}}
	for i := range d.Institutions {
		d.byID[d.Institutions[i].ID] = i
	}
	return d, nil
}
