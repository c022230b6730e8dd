package ragcontext_test

import (
	"fmt"

	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
)

func ExampleBuilder_Build() {
	tok, err := ragcontext.NewTokenizer()
	if err != nil {
		panic(err)
	}
	hits := []fusion.Fused{{
		ID: "wd:Q1", Name: "Stadtbibliothek Beispiel", Score: 0.03, Rank: 1,
		Identifiers: retrieval.HitIdentifiers{ISIL: "DE-0001", Wikidata: "Q1"},
		Snippet:     "A public library.", Tier: heritage.TierCrowdSourced,
		Sources: []fusion.Contribution{{Source: "bm25", Rank: 1}, {Source: "vector", Rank: 2}},
	}}
	// Without a record getter, a block is made from the hit alone.
	ctx := ragcontext.NewBuilder(tok).Build(ragcontext.Input{Hits: hits, Budget: 100})
	fmt.Println(ctx.Text)
	fmt.Println(ctx.Tokens <= ctx.Budget, ctx.Citations[0])
	// Output:
	// [1] Stadtbibliothek Beispiel (wd:Q1) — sources: bm25, vector — TIER_3_CROWD_SOURCED
	// Identifiers: ISIL DE-0001, QID Q1
	// Description: A public library.
	// true [1] Stadtbibliothek Beispiel (wd:Q1)
}
