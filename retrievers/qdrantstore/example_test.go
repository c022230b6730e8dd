package qdrantstore_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers/qdrantstore"
)

// Ingest the dataset into Qdrant and search it with filters. The example
// is compiled, not run: it needs a Qdrant server.
func Example() {
	ctx := context.Background()
	ds, err := heritage.Embedded()
	if err != nil {
		log.Fatal(err)
	}
	store, err := qdrantstore.Open(ctx, qdrantstore.Config{URL: "http://localhost:6334", Timeout: 3 * time.Second})
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()

	emb := embed.NewHashing(256)
	err = store.Ingest(ctx, ds, emb, func(done, total int) { fmt.Printf("\r%d/%d", done, total) })
	if err != nil {
		log.Fatal(err)
	}

	fs, err := filter.Parse([]byte(`{"country":"GB","subjects":{"$contains":"railway"},"status":{"$ne":"closed"}}`))
	if err != nil {
		log.Fatal(err)
	}
	hits, err := store.Retriever(emb).Retrieve(ctx, retrieval.Query{Text: "steam locomotives", K: 5, Filters: fs})
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range hits {
		fmt.Println(h.Rank, h.ID, h.Name)
	}
}
