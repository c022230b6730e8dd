// The examples build the full in-memory indexes, which takes several times
// longer under the race detector; scripts/test.sh runs them without it
// (the facade's own concurrency is race-tested in hybridrag_test.go).

//go:build !race

package hybridrag_test

import (
	"context"
	"fmt"
	"log"
	"math"
	"os"
	"strings"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/heritage"
)

// The bundled dataset, in-memory indexes and the built-in embedder: no
// server and no download. One client answers questions and links
// references.
func Example() {
	ctx := context.Background()
	c, err := hybridrag.New(ctx)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	resp, err := c.Ask(ctx, "What is the ISIL code of Heimatstube im Elbtor?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Answer.Kind, resp.Answer.Value)

	resp, err = c.Ask(ctx, "Which museums are part of National Museums Scotland?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Answer.Kind, resp.Answer.Count, resp.Answer.Exact)

	// Link resolves identifiers in any form, and names with hints.
	for _, q := range []hybridrag.LinkQuery{
		{Text: "GND 2016830-5"},
		{Text: "bagpipe museum", City: "Morpeth"},
	} {
		cands, err := c.Link(ctx, q, 1)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(cands[0].Name, "via", cands[0].Via, cands[0].Match)
	}
	// Output:
	// field DE-MUS-811216
	// set 3 true
	// Kunsthalle Nürnberg via gnd true
	// Morpeth Chantry Bagpipe Museum via partial_name true
}

// letters is a toy embedder: a text's vector counts its letters a–z.
type letters struct{}

func (letters) Dim() int   { return 26 }
func (letters) ID() string { return "letters-26" }

func (letters) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 26)
		for _, r := range strings.ToLower(t) {
			if r >= 'a' && r <= 'z' {
				v[r-'a']++
			}
		}
		var norm float64
		for _, x := range v {
			norm += float64(x * x)
		}
		if norm > 0 {
			for j := range v {
				v[j] /= float32(math.Sqrt(norm))
			}
		}
		out[i] = v
	}
	return out, nil
}

// A custom embedder builds the vector index; the router, BM25 and the
// knowledge graph answer as before. Here over part of the data: the
// institutions in Switzerland.
func ExampleWithEmbedder() {
	ctx := context.Background()
	all, err := heritage.Embedded()
	if err != nil {
		log.Fatal(err)
	}
	swiss, err := all.Subset(func(in *heritage.Institution) bool { return in.Country == "CH" })
	if err != nil {
		log.Fatal(err)
	}
	c, err := hybridrag.New(ctx, hybridrag.WithData(swiss), hybridrag.WithEmbedder(letters{}))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	resp, err := c.Ask(ctx, "When was Naturmuseum Solothurn founded?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Answer.Kind, resp.Answer.Value)
	// Output:
	// field 1825
}

// The knowledge graph in a Neo4j server (loaded with `hybridrag ingest
// --neo4j URI`) and Wikidata over SPARQL. A server that does not answer
// is reported in the response's Errors; the other sources still answer.
func ExampleWithNeo4j() {
	ctx := context.Background()
	c, err := hybridrag.New(ctx,
		hybridrag.WithNeo4j("bolt://localhost:7687", "neo4j", os.Getenv("NEO4J_PASSWORD")),
		hybridrag.WithSPARQL("http://localhost:7878/query"),
	)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	resp, err := c.Ask(ctx, "Which institution succeeded Bear Gardens Museum?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Answer.Text)
	for _, e := range resp.Errors {
		fmt.Println("unavailable:", e.Source, e.Error)
	}
}
