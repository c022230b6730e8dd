// Package sources keeps the records users add to the bundled ones, and
// lays them over the bundled dataset.
//
// A source is a namespace of record ids ("myorg:42") with its records and
// their defaults (licence, attribution, tier: Meta). The Store keeps
// every source in canonical form in a directory (by default
// ~/.local/share/hybridrag/sources), one immutable directory per version
// and a file naming the version in use, so that an update is one rename:
// a process killed during an update leaves the previous version in use,
// and running the update again converges on the same version (a version
// is a hash of the content).
//
// Updates are differences. State.Put adds a file's new records and
// replaces its changed ones, leaving the source's other records alone;
// with replace, the source becomes exactly the file, and its records the
// file lacks are removed. So a changed file given again applies only the
// difference, and a file that is the source's whole content is given
// with replace. State.Delete removes a source's record, or hides a
// bundled one (it stays in the bundled data and is left out of the
// composed dataset).
//
// Overlay composes the dataset a process answers from: the bundled
// records, a source's record in place of a bundled record of the same id,
// the sources' other records after them. A relation from a source's record
// (member_of, related) to an id that no record has but that is an
// identifier a record holds (ISIL, QID, GND, GHCID, ROR) is resolved to
// that record. The composed version is a hash of the bundled version and
// the store's: every cache keyed on the data version (answers, the on-disk
// indexes, the dataset snapshot) sees a new version after a change, and
// never a stale view.
//
// No full rebuild: Reuse maps every record of the new data to the same
// record of the previous data when it is unchanged. Vectors copies the
// previous vector index's rows of those records (renumbering its sparse
// columns) and embeds only the records that are new or changed; the
// bundled records' vectors come from the index cache built once per
// bundled version. The BM25 index is derived the same way
// (bm25.Retriever.Derive): the kept records' postings are renumbered, the
// new ones analysed, and the statistics computed again, which gives the
// index a build from scratch gives, to the bit. The graph and the
// router's indexes are made again over the composed records (a few
// hundred milliseconds of CPU), which keeps them exact by construction.
//
// Answers cached before a change are not kept, not even those that cite
// no changed record: a record added or removed changes the BM25
// statistics (document frequencies, the average length) of every
// question, and may belong in any list or count, so no cached answer is
// known to be the one the new data gives. The answer cache is keyed on
// the data version, and a process that picks up a change starts a new
// one.
package sources
