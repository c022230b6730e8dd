package vector_test

import (
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// fixture is the embedded dataset and the indexes built on it, shared by
// the tests and benchmarks of this package (building them takes seconds).
type fixture struct {
	ds     *heritage.Dataset
	vector *vector.Index
	bm25   *bm25.Retriever
}

var getFixture = testfixture.Shared(func(ds *heritage.Dataset) (*fixture, error) {
	vx, err := vector.New(ds, embed.NewHashing(0))
	if err != nil {
		return nil, err
	}
	bx, err := bm25.New(ds)
	if err != nil {
		return nil, err
	}
	return &fixture{ds: ds, vector: vx, bm25: bx}, nil
})
