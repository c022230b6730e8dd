// Package enrich links the rows of a CSV or JSON Lines file to the
// institutions of the dataset and writes one enriched JSON line per input
// row, in input order.
//
// Each row is resolved by its identifier columns first (ISIL, Wikidata
// QID, GHCID or any identifier), then by its name with the place, country,
// type and postcode columns as hints. The best candidate's fields and its
// provenance are added to the row; when an Enricher is configured, the
// Wikidata items of the matched records are fetched in batches and added
// too.
//
// A run is resumable. Every few hundred rows the output is synced and a
// checkpoint beside it (OUT.checkpoint) records the input's size and hash,
// the rows completed and the output's byte offset. A later run over the
// same input truncates the output to that offset and continues with the
// next row, so no row is lost or written twice even when the process was
// killed. Rows that cannot be read or linked are written with status
// "error" and listed in OUT.errors.jsonl; the run goes on.
package enrich
