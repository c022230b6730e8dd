package bm25

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// The index file:
//
//	magic       "hybridrag-bm25\n"
//	layout      a string naming the text, analyzer and weights (see layout)
//	ids         the SHA-256 of the dataset's ids (vector.IDsDigest)
//	records     uvarint N, then N uvarint weighted lengths
//	terms       uvarint T, uvarint P (postings in all), then per term in
//	            byte order: the term, its uvarint record count, and per
//	            record the uvarint gap to the previous record and the
//	            uvarint frequency
//	trigrams    uvarint K, uvarint E (entries in all), then per trigram in
//	            ascending order its uvarint gap to the previous one, its
//	            uvarint term count and the uvarint gaps between its terms
//	            (see trigrams)
//	checksum    CRC-32 (IEEE) of everything before it, little-endian
//
// Strings are a uvarint length and the bytes. A file of another layout, for
// other ids, or whose checksum fails is refused.
const magic = "hybridrag-bm25\n"

// layout names everything that changes the terms or their counts; a file
// written with another layout is refused. Change it when the analyzer or
// the weights change.
var layout = fmt.Sprintf("v3 %s snowball-en word64 stop-en-de-nl place%d", retrievers.FullTextVersion, placeWeight)

// WriteIndex writes the index to w in the file format above, for Open.
func (r *Retriever) WriteIndex(w io.Writer) error {
	return r.idx.write(w, vector.IDsDigest(r.ds))
}

// Open loads an index written by WriteIndex for the same dataset: the file
// must hold the dataset's ids and this package's layout, and its checksum
// must hold. Several processes may open one file at once.
func Open(path string, ds *heritage.Dataset) (*Retriever, error) {
	if ds == nil {
		return nil, errors.New("bm25: nil dataset")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("bm25: %w", err)
	}
	idx, err := readIndex(b, vector.IDsDigest(ds), len(ds.Institutions))
	if err != nil {
		return nil, fmt.Errorf("bm25: %s: %w", path, err)
	}
	return wrap(ds, idx), nil
}

func (x *invIndex) write(w io.Writer, ids string) error {
	bw := bufio.NewWriter(w)
	crc := crc32.NewIEEE()
	out := io.MultiWriter(bw, crc)
	var buf []byte
	str := func(s string) {
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	}
	uv := func(v uint64) { buf = binary.AppendUvarint(buf, v) }
	flush := func() error {
		_, err := out.Write(buf)
		buf = buf[:0]
		return err
	}
	buf = append(buf, magic...)
	str(layout)
	str(ids)
	uv(uint64(len(x.lens)))
	for _, l := range x.lens {
		uv(uint64(l))
	}
	uv(uint64(x.terms.len()))
	uv(uint64(len(x.docs)))
	for t := range x.terms.len() {
		str(x.terms.at(uint32(t)))
		lo, hi := x.start[t], x.start[t+1]
		uv(uint64(hi - lo))
		prev := uint32(0)
		for i := lo; i < hi; i++ {
			uv(uint64(x.docs[i] - prev))
			uv(uint64(x.freq(i)))
			prev = x.docs[i]
		}
		if len(buf) > 1<<16 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	g := &x.grams
	uv(uint64(len(g.keys)))
	uv(uint64(g.n))
	prevKey := uint32(0)
	for i, k := range g.keys {
		uv(uint64(k - prevKey))
		prevKey = k
		// The list's gaps are the file's, after its term count.
		list := g.list(i)
		n := 0
		for _, c := range list {
			if c < 0x80 {
				n++
			}
		}
		uv(uint64(n))
		buf = append(buf, list...)
		if len(buf) > 1<<16 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if err := binary.Write(bw, binary.LittleEndian, crc.Sum32()); err != nil {
		return err
	}
	return bw.Flush()
}

var errCorrupt = errors.New("corrupt index file (rebuild it)")

// readIndex decodes an index file for a dataset of n records with the ids
// digest ids.
func readIndex(b []byte, ids string, n int) (*invIndex, error) {
	if len(b) < len(magic)+4 || !bytes.HasPrefix(b, []byte(magic)) {
		return nil, errCorrupt
	}
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", errCorrupt)
	}
	d := decoder{b: body[len(magic):]}
	if got := d.str(); got != layout {
		return nil, fmt.Errorf("written with layout %q, this program reads %q (rebuild it)", got, layout)
	}
	if got := d.str(); got != ids {
		return nil, errors.New("written for other records than the dataset's (rebuild it)")
	}
	if got := d.uv(); got != uint64(n) {
		return nil, fmt.Errorf("holds %d records, the dataset %d (rebuild it)", got, n)
	}
	x := &invIndex{lens: make([]uint32, n)}
	for i := range x.lens {
		x.lens[i] = uint32(d.uv())
	}
	nt := d.uv()
	if d.err != nil || nt > uint64(len(d.b)) {
		return nil, errCorrupt
	}
	total := d.uv()
	if d.err != nil || total > uint64(len(d.b)) {
		return nil, errCorrupt
	}
	// The terms go straight into the vocabulary's one string.
	text := make([]byte, 0, len(d.b)/8)
	x.terms.off = make([]uint32, 1, nt+1)
	x.start = make([]uint32, nt+1)
	x.docs, x.freqs = make([]uint32, 0, total), make([]uint8, 0, total)
	prev := []byte(nil)
	for t := range uint32(nt) {
		w := d.bytes()
		df := d.uv()
		if d.err != nil || df > uint64(n) || uint64(len(x.docs))+df > total || t > 0 && bytes.Compare(w, prev) <= 0 {
			return nil, errCorrupt
		}
		text = append(text, w...)
		prev = text[len(text)-len(w):]
		x.terms.off = append(x.terms.off, uint32(len(text)))
		doc := uint64(0)
		for range df {
			doc += d.uv()
			x.add(uint32(doc), uint16(d.uv()))
		}
		if d.err != nil || doc >= uint64(n) {
			return nil, errCorrupt
		}
		x.start[t+1] = uint32(len(x.docs))
	}
	if d.err != nil || uint64(len(x.docs)) != total {
		return nil, errCorrupt
	}
	x.terms.text = string(text)
	g, err := readTrigrams(&d, nt)
	if err != nil {
		return nil, err
	}
	if len(d.b) != 0 {
		return nil, errCorrupt
	}
	x.grams = g
	x.derive()
	return x, nil
}

// readTrigrams decodes the typo trigrams of an index of nt terms.
func readTrigrams(d *decoder, nt uint64) (trigrams, error) {
	nk, total := d.uv(), d.uv()
	if d.err != nil || nk > total || total > uint64(len(d.b)) {
		return trigrams{}, errCorrupt
	}
	var b gramsBuilder
	b.g.keys, b.g.start, b.g.gaps = make([]uint32, 0, nk), make([]uint32, 0, nk+1), make([]byte, 0, total*2)
	key := uint64(0)
	for i := range nk {
		prev := key
		key += d.uv()
		n := d.uv()
		// The writer writes no empty list.
		if d.err != nil || i > 0 && prev >= key || key > 1<<24 || n == 0 || uint64(b.g.n)+n > total {
			return trigrams{}, errCorrupt
		}
		t := uint64(0)
		for range n {
			t += d.uv()
			if t >= nt {
				return trigrams{}, errCorrupt
			}
			b.add(uint32(key), uint32(t))
		}
	}
	if d.err != nil || uint64(b.g.n) != total {
		return trigrams{}, errCorrupt
	}
	return b.done(), nil
}

// decoder reads uvarints and strings from b; the first failure sticks in
// err and later reads return zero values.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uv() uint64 {
	if d.err != nil {
		return 0
	}
	v, k := binary.Uvarint(d.b)
	if k <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.b = d.b[k:]
	return v
}

func (d *decoder) str() string { return string(d.bytes()) }

// bytes returns the next string's bytes, which alias the input.
func (d *decoder) bytes() []byte {
	l := d.uv()
	if d.err != nil || l > uint64(len(d.b)) {
		d.err = errCorrupt
		return nil
	}
	b := d.b[:l]
	d.b = d.b[l:]
	return b
}
