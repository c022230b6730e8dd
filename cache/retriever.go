package cache

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrievers"
)

// Retriever decorates next with a result cache. The key covers the
// normalised query text, K, the filters (in a canonical order, so the same
// conjunction written in another order hits), the plan's intent and
// constraints, and version, the data version (heritage.Dataset.Version):
// a new dataset never serves old results.
//
// Hits are copied on the way in and on the way out, so callers may modify
// the slices they get. Errors are not cached. Concurrent misses for the
// same key each call next.
func Retriever(next retrievers.Retriever, lru *LRU[[]retrievers.Hit], version string) retrievers.Retriever {
	return &cachedRetriever{next: next, lru: lru, version: version}
}

type cachedRetriever struct {
	next    retrievers.Retriever
	lru     *LRU[[]retrievers.Hit]
	version string
}

var _ retrievers.Retriever = (*cachedRetriever)(nil)

func (c *cachedRetriever) Retrieve(ctx context.Context, q retrievers.Query) ([]retrievers.Hit, error) {
	key, err := QueryKey(q, c.version)
	if err != nil {
		// Only a query that JSON cannot encode (a NaN bound) gets here:
		// serve it uncached rather than fail.
		return c.next.Retrieve(ctx, q)
	}
	if hits, ok := c.lru.Get(key); ok {
		return slices.Clone(hits), nil
	}
	hits, err := c.next.Retrieve(ctx, q)
	if err != nil {
		return hits, err
	}
	// A cached nil would read back as a nil slice, which is fine: both mean
	// "no hits".
	c.lru.Add(key, slices.Clone(hits))
	return hits, nil
}

// QueryKey is the cache key of a retriever query against data version
// version. Hits hold only strings and numbers, so copying the slice copies
// the hits.
func QueryKey(q retrievers.Query, version string) (string, error) {
	filters, err := encodeFilters(q.Filters)
	if err != nil {
		return "", err
	}
	planKey, err := encodePlan(q.Plan)
	if err != nil {
		return "", err
	}
	return Key("retrieve", Normalize(q.Text), strconv.Itoa(q.K), filters, planKey, version), nil
}

// encodeFilters encodes a conjunction canonically: each filter as JSON,
// with $in operands sorted, the filters sorted by their encoding.
func encodeFilters(fs filter.Set) (string, error) {
	if len(fs) == 0 {
		return "", nil
	}
	enc := make([][]byte, len(fs))
	for i, f := range fs {
		if f.Op == filter.In && len(f.Values) > 1 {
			f.Values = slices.Clone(f.Values)
			slices.Sort(f.Values)
		}
		b, err := json.Marshal(f)
		if err != nil {
			return "", fmt.Errorf("cache: encode filter %d: %w", i, err)
		}
		enc[i] = b
	}
	slices.SortFunc(enc, bytes.Compare)
	return string(bytes.Join(enc, []byte{'\n'})), nil
}

// encodePlan encodes what in a plan can change a retriever's answer: the
// intent and the constraints (comparative sides included).
func encodePlan(p *plan.Plan) (string, error) {
	if p == nil {
		return "", nil
	}
	b, err := json.Marshal(struct {
		Intent      plan.Intent        `json:"intent"`
		Constraints plan.Constraints   `json:"constraints"`
		Sides       []plan.Constraints `json:"sides,omitempty"`
	}{p.Intent, p.Constraints, p.Sides})
	if err != nil {
		return "", fmt.Errorf("cache: encode plan: %w", err)
	}
	return string(b), nil
}
