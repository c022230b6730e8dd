// Package sparql queries Wikidata, or any SPARQL 1.1 endpoint holding
// Wikidata-shaped data, for heritage institutions: enrichment of known items
// (type, country, coordinates, website, VIAF, ISNI, ISIL, GND), ISIL look-up,
// similar items and label search, plus a retriever that maps the items it
// finds to dataset records.
//
// Every query is plain SPARQL 1.1: labels come from rdfs:label with a
// language preference list, never from the Wikidata-only label SERVICE, so
// the same client works against the Wikidata Query Service, Oxigraph,
// Virtuoso or Fuseki. Requests are form POSTs asking for
// application/sparql-results+json; the client limits concurrency, retries
// 429/5xx answers with backoff (honouring Retry-After), opens a circuit
// breaker when the endpoint keeps failing, and caches answers in memory and,
// optionally, on disk.
//
// Identifiers are validated with package ident before any query is built,
// and the only free text that reaches a query (the label search) is written
// as one escaped string literal.
package sparql
