package vector

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
)

// FromVectors builds an index from vectors computed
// elsewhere: vecs[i] is the vector of ds.Institutions[i], made by e (or an
// embedder with the same ID). Queries are embedded with e. Only the
// workers option applies.
func FromVectors(ds *heritage.Dataset, e embed.Embedder, vecs [][]float32, opts ...Option) (*Index, error) {
	x, err := emptyVectorIndex(ds, e, opts)
	if err != nil {
		return nil, err
	}
	if len(vecs) != x.n {
		return nil, fmt.Errorf("vector: %d vectors for %d records", len(vecs), x.n)
	}
	// What this index writes (WriteVectors, WriteSparse) must be the
	// vectors given: it keeps float32 values at any size.
	x.compactAt = math.MaxInt
	err = x.fill(func(i int) ([]float32, error) {
		if len(vecs[i]) != x.dim {
			return nil, fmt.Errorf("vector: vector %d has %d dimensions, want %d", i, len(vecs[i]), x.dim)
		}
		return vecs[i], nil
	})
	if err != nil {
		return nil, err
	}
	return x, nil
}

// fill stores the vectors next returns for records 0, 1, … n-1: sparse
// when few components are set, dense when not. next may reuse the vector
// it returns.
func (x *Index) fill(next func(i int) ([]float32, error)) error {
	var chunks []*rowChunk
	buf := make([]float32, 0, blockRecords*x.dim)
	vecs := make([][]float32, 0, blockRecords)
	for i := range x.n {
		v, err := next(i)
		if err != nil {
			return err
		}
		buf = append(buf, v...)
		vecs = append(vecs, buf[len(buf)-x.dim:])
		if len(vecs) == blockRecords || i == x.n-1 {
			chunks = append(chunks, newRowChunk(vecs, x.dim))
			buf, vecs = buf[:0], vecs[:0]
		}
	}
	x.assemble(chunks)
	return nil
}

func emptyVectorIndex(ds *heritage.Dataset, e embed.Embedder, opts []Option) (*Index, error) {
	cfg := vectorConfig{workers: min(runtime.GOMAXPROCS(0), 4)}
	for _, o := range opts {
		o(&cfg)
	}
	if ds == nil || e == nil {
		return nil, errors.New("vector: nil dataset or embedder")
	}
	n, dim := len(ds.Institutions), e.Dim()
	if dim <= 0 {
		return nil, fmt.Errorf("vector: embedder %s: dimension %d", e.ID(), dim)
	}
	x := &Index{ds: ds, emb: e, dim: dim, n: n, workers: max(cfg.workers, 1), pruneAt: pruneRecords, compactAt: compactRecords}
	x.scores.New = newScores(n)
	return x, nil
}

// WriteVectors writes the index's vectors to w, record by record in
// dataset order, each component a little-endian IEEE 754 float32: Len()
// rows of Dim() values, nothing else. Load reads it back.
func (x *Index) WriteVectors(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	buf := make([]byte, 4*x.dim)
	row := x.rowsInOrder()
	v := make([]float32, x.dim)
	for i := range x.n {
		row(i, v)
		for j, c := range v {
			binary.LittleEndian.PutUint32(buf[4*j:], math.Float32bits(c))
		}
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("vector: write: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("vector: write: %w", err)
	}
	return nil
}

// Load reads vectors written by WriteVectors for ds with an
// embedder of e's dimension: exactly len(ds.Institutions)×e.Dim() float32
// values. The caller checks that the vectors were made by an embedder with
// e's ID over the same data (see the index package's manifest). Only the
// workers option applies.
func Load(r io.Reader, ds *heritage.Dataset, e embed.Embedder, opts ...Option) (*Index, error) {
	x, err := emptyVectorIndex(ds, e, opts)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(r, 1<<20)
	buf := make([]byte, 4*x.dim)
	v := make([]float32, x.dim)
	err = x.fill(func(i int) ([]float32, error) {
		if _, err := io.ReadFull(br, buf); err != nil {
			return nil, fmt.Errorf("vector: read record %d of %d (%d dimensions): %w", i, x.n, x.dim, err)
		}
		for j := range v {
			v[j] = math.Float32frombits(binary.LittleEndian.Uint32(buf[4*j:]))
		}
		return v, nil
	})
	if err != nil {
		return nil, err
	}
	if n, _ := br.Read(buf[:1]); n != 0 {
		return nil, fmt.Errorf("vector: more data than %d records of %d dimensions", x.n, x.dim)
	}
	return x, nil
}

// IDsDigest is the hex SHA-256 of the dataset's ids in order, one per line.
// An on-disk vector index records it: rows are matched to records by
// position.
func IDsDigest(ds *heritage.Dataset) string {
	h := sha256.New()
	// the ids gathered into one buffer, written when full: a write per id
	// copied each into a slice of its own
	buf := make([]byte, 0, 64<<10)
	for i := range ds.Institutions {
		id := ds.Institutions[i].ID
		if len(buf)+len(id)+1 > cap(buf) {
			h.Write(buf)
			buf = buf[:0]
		}
		buf = append(append(buf, id...), '\n')
	}
	h.Write(buf)
	return hex.EncodeToString(h.Sum(nil))
}
