package sources

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
)

// Vectors is the vector index of d made from prev, the index of prevData:
// a record unchanged since prevData (the same base record, or a source's
// record with the same content) takes its row from prev, and only the
// others are embedded, with prev's embedder, from text (the text prev's
// vectors embed: retrievers.DocText or retrievers.SemanticText). It
// returns the index and how many records were embedded.
func Vectors(ctx context.Context, d, prevData *Data, prev *retrievers.VectorIndex, text func(*heritage.Institution) string) (*retrievers.VectorIndex, int, error) {
	if prev.Len() != prevData.Len() {
		return nil, 0, fmt.Errorf("sources: vectors: the previous index holds %d records, its data %d", prev.Len(), prevData.Len())
	}
	sameBase := prevData.Base.Version == d.Base.Version
	from := make([]int, d.Len())
	var fresh []int
	for i := range d.Institutions {
		from[i] = -1
		if j, ok := prevData.Index(d.Institutions[i].ID); ok && sameBase && prevData.sums[j] == d.sums[i] {
			from[i] = j
			continue
		}
		fresh = append(fresh, i)
	}
	vecs := make(map[int][]float32, len(fresh))
	const batch = 256
	for lo := 0; lo < len(fresh); lo += batch {
		part := fresh[lo:min(lo+batch, len(fresh))]
		texts := make([]string, len(part))
		for k, i := range part {
			texts[k] = text(&d.Institutions[i])
		}
		vs, err := prev.Embedder().Embed(ctx, texts)
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
