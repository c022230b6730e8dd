package sources

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// Reuse maps the records of d to those of prevData they are: from[i] is
// the position in prevData of d's record i when it is the same record
// with the same content (the same base record, or a source's record
// unchanged), -1 when it is new or changed. An index of prevData gives
// the kept records' entries to an index of d (see Vectors and
// bm25.Retriever.Derive).
func Reuse(d, prevData *Data) []int {
	sameBase := prevData.Base.Version == d.Base.Version
	from := make([]int, d.Len())
	for i := range d.Institutions {
		from[i] = -1
		if j, ok := prevData.Index(d.Institutions[i].ID); ok && sameBase && prevData.sums[j] == d.sums[i] {
			from[i] = j
		}
	}
	return from
}

// Vectors is the vector index of d made from prev, the index of prevData:
// a record unchanged since prevData (the same base record, or a source's
// record with the same content) takes its row from prev, and only the
// others are embedded from text (the text prev's vectors embed:
// retrievers.DocText or retrievers.SemanticText) with emb, prev's
// embedder or one that gives its vectors (a cache of it); nil means
// prev's. It returns the index and how many records were embedded.
func Vectors(ctx context.Context, d, prevData *Data, prev *vector.Index, text func(*heritage.Institution) string, emb embed.Embedder) (*vector.Index, int, error) {
	if emb == nil {
		emb = prev.Embedder()
	}
	if prev.Len() != prevData.Len() {
		return nil, 0, fmt.Errorf("sources: vectors: the previous index holds %d records, its data %d", prev.Len(), prevData.Len())
	}
	from := Reuse(d, prevData)
	var fresh []int
	for i, j := range from {
		if j < 0 {
			fresh = append(fresh, i)
		}
	}
	vecs := make(map[int][]float32, len(fresh))
	const batch = 256
	for lo := 0; lo < len(fresh); lo += batch {
		part := fresh[lo:min(lo+batch, len(fresh))]
		texts := make([]string, len(part))
		for k, i := range part {
			texts[k] = text(&d.Institutions[i])
		}
		vs, err := emb.Embed(ctx, texts)
		if err != nil {
			return nil, 0, fmt.Errorf("sources: embed: %w", err)
		}
		if len(vs) != len(part) {
			return nil, 0, fmt.Errorf("sources: embed: %d vectors for %d texts", len(vs), len(part))
		}
		for k, i := range part {
			vecs[i] = vs[k]
		}
	}
	x, err := prev.Derive(d.Dataset, from, vecs)
	if err != nil {
		return nil, 0, fmt.Errorf("sources: %w", err)
	}
	return x, len(fresh), nil
}

// Changed are the ids whose record differs between prev and next: put
// are next's records that are new or changed (a source's record added or
// changed, a correction added or removed, a hidden record shown again),
// gone are prev's records that next does not hold. A store that keeps a
// copy of every record (Qdrant's points) applies them to go from prev to
// next.
func Changed(prev, next *Data) (put, gone []string) {
	from := Reuse(next, prev)
	for i, j := range from {
		if j < 0 {
			put = append(put, next.Institutions[i].ID)
		}
	}
	for i := range prev.Institutions {
		if _, ok := next.Index(prev.Institutions[i].ID); !ok {
			gone = append(gone, prev.Institutions[i].ID)
		}
	}
	return put, gone
}
