package neo4jkg_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg/neo4jkg"
)

// Loading the dataset into Neo4j and asking a relationship question.
func Example() {
	ctx := context.Background()
	ds, err := heritage.Embedded()
	if err != nil {
		log.Fatal(err)
	}
	s, err := neo4jkg.Open(ctx, os.Getenv("HYBRIDRAG_NEO4J_URI"), "", "")
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close(ctx)
	st, err := s.Ingest(ctx, ds, func(done, total int) { fmt.Fprintf(os.Stderr, "\r%d/%d", done, total) })
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(st.Institutions, "institutions in", st.Duration)

	members, err := s.Members(ctx, "National Museums Scotland", "part_of", 0)
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range members {
		fmt.Println(m.ID, m.Relation)
	}
}
