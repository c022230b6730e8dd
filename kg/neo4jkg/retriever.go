package neo4jkg

import "github.com/hybridrag/hybridrag/kg"

// Records returns full institution records by id; *heritage.Dataset is
// one (kg.Records).
type Records = kg.Records

// Retriever answers from the Neo4j graph using the router's constraints:
// it is kg.Retriever over a Store, with the same hits as over the
// in-memory graph.
type Retriever = kg.Retriever

// NewRetriever returns a retriever over the store; records supplies the
// full records (the dataset the store was ingested from).
func NewRetriever(s *Store, records Records) *Retriever { return kg.NewRetrieverOver(s, records) }

var _ kg.Source = (*Store)(nil)
