// Package retrievers holds the text a record is indexed by (DocText,
// SemanticText, FullText), which the engines in its subpackages share:
// the embedded vector index (retrievers/vector), BM25 (retrievers/bm25)
// and the Qdrant store (retrievers/qdrantstore). The retrieval contract
// (Retriever, Query, Hit) is in package retrieval.
package retrievers
