// Package parity holds the test that every backend answers the query
// algebra as its reference evaluator does: for every plan the router
// reads from the public and the generated question sets, the compiled
// constraints select the same records with query.Select, the in-memory
// graph (kg.Graph.SelectDeclared), Neo4j (neo4jkg.Store.SelectDeclared)
// and Qdrant's payload filter (qdrantstore.Store.SelectDeclared), and
// each backend's declared post-filters are reported. The package has no
// code of its own.
package parity
