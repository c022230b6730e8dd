package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/internal/progress"
)

const ingestUsage = `Usage: hybridrag ingest [--source NS --in FILE | --sync] [--neo4j URI] [--qdrant URL] [flags]

With --source, adds the records of FILE (JSON Lines in the record schema,
or CSV with a header row and --map for the columns not named like a
field) to the store as the source NS, alongside the bundled records:
new records are added, changed ones replaced, the source's others kept
(--replace: removed). The namespaces of the bundled records (wd, ror,
…, or those of the --data file) are not a source's: to correct a bundled
record, give the whole corrected record, with the bundled record's id,
with --override (take it from "hybridrag link --json ID"); it replaces
the bundled one and is cited as source "override" ("hybridrag delete ID"
removes the correction). Invalid lines are reported with their line, field
and rule, and the rest applied. Every command then answers from the
bundled records and the store's sources; a running "serve" picks the
change up within seconds. See "hybridrag delete" to delete records.
With --neo4j or --qdrant, only the change is written there: in Neo4j the
nodes and relationships that differ (the store then holds what a full
ingest writes), in Qdrant the points of the records added or changed,
and the deleted records' points removed.

With Neo4j configured, the store of sources is kept in Neo4j, shared by
every process that uses the server: an update through one is answered
by every running "serve" within about a second (--reload-every). A
directory store that holds sources never uploaded is named in a warning
by every command; --sync uploads it (records of the same id are
replaced, the others kept) and writes the change into Neo4j's graph and
Qdrant.

Loads the dataset into the configured servers, so that ask and serve can
use them instead of the embedded components:
  Neo4j   constraints and indexes (unique id; ISIL, QID, GHCID; full-text
          names), then institutions, bodies, places, events, identifiers
          and relations in batches (UNWIND … MERGE).
  Qdrant  the collection (dimension from the embedder, cosine), payload
          indexes for every filter key, and points with stable ids.
Both are idempotent: running ingest twice changes nothing.

Examples:
  hybridrag ingest --source myorg --in records.jsonl --license CC-BY-4.0 --attribution "My Organisation"
  hybridrag ingest --source myorg --in records.csv --map "Ref=id,Town=city" --replace
  hybridrag ingest --override --in corrections.jsonl --attribution "Checked by our registrar"
  hybridrag ingest --neo4j bolt://127.0.0.1:7687
  hybridrag ingest --sync --neo4j bolt://127.0.0.1:7687 --qdrant http://127.0.0.1:6334
  hybridrag ingest --qdrant http://127.0.0.1:6334 --embedder minilm
`

func runIngest(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("ingest", ingestUsage, e.stdout)
	var (
		df dataFlags
		sf sourceFlags
	)
	df.register(fs)
	sf.register(fs)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("ingest takes no arguments, got %q", pos[0])
	}
	cfg, err := df.resolve(e.getenv)
	if err != nil {
		return err
	}
	if sf.source != "" || sf.override || sf.sync {
		base, err := e.loadBase(cfg)
		if err != nil {
			return err
		}
		if sf.sync {
			_, err = e.syncStore(ctx, cfg, base)
		} else {
			_, err = e.ingestSource(ctx, cfg, base, sf)
		}
		return err
	}
	if cfg.Neo4j.URI == "" && cfg.Qdrant.URL == "" {
		return usagef("nothing to ingest into: give --neo4j or --qdrant (or set HYBRIDRAG_NEO4J_URI / HYBRIDRAG_QDRANT_URL)")
	}
	ds, err := e.loadData(cfg)
	if err != nil {
		return err
	}
	log := newLogger(e.stderr)
	var errs []error
	if cfg.Neo4j.URI != "" {
		st, err := compose.OpenNeo4j(ctx, cfg)
		if err != nil {
			errs = append(errs, fmt.Errorf("neo4j: %w", err))
		} else {
			bar := progress.New(e.stderr, progress.Options{Terminal: progress.IsTerminal(e.stderr)})
			stats, err := st.Ingest(ctx, ds, func(done, total int) { bar.Update("neo4j", done, total) })
			bar.Finish()
			_ = st.Close(context.Background())
			if err != nil {
				errs = append(errs, fmt.Errorf("neo4j: %w", err))
			} else {
				fmt.Fprintf(e.stdout, "neo4j: %d institutions; %d nodes, %d relationships in the store\n", stats.Institutions, stats.Nodes, stats.Relationships)
			}
		}
	}
	if cfg.Qdrant.URL != "" {
		emb, err := compose.Embedder(cfg, e.getenv, log)
		if err != nil {
			return err
		}
		var em embed.Embedder = embed.NewHashing(engines.HashingDim)
		if emb != nil {
			em = emb
		}
		st, err := compose.OpenQdrant(ctx, cfg, log)
		if err != nil {
			errs = append(errs, fmt.Errorf("qdrant: %w", err))
		} else {
			bar := progress.New(e.stderr, progress.Options{Terminal: progress.IsTerminal(e.stderr)})
			err := st.Ingest(ctx, ds, em, func(done, total int) { bar.Update("qdrant", done, total) })
			bar.Finish()
			_ = st.Close()
			if err != nil {
				errs = append(errs, fmt.Errorf("qdrant: %w", err))
			} else {
				fmt.Fprintf(e.stdout, "qdrant: %d points in collection %q (embedder %s)\n", ds.Len(), cfg.Qdrant.Collection, em.ID())
			}
		}
	}
	return errors.Join(errs...)
}
