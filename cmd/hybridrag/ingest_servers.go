package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
)

// update is a change of the store: its state before and after.
type update struct {
	before, after *sources.State
	change        sources.Change
}

// errMoved is a store whose state changed between a commit's read and
// its update.
var errMoved = errors.New("the store changed meanwhile")

// commit makes change the state of the store and of the configured
// servers. It reads the store, applies change to a copy, writes the
// difference into Neo4j's graph and Qdrant, and only then makes the copy
// the store's state, unless another update came first (then it goes
// again from that one, up to five times). So a process that sees the
// store's head move on (a serve replica) finds the servers holding what
// it reads; and when a server fails, the store is left as it was, and
// the same command given again writes the whole change again.
func (e *env) commit(ctx context.Context, cfg config.Config, base *heritage.Dataset, st sources.Backend, change func(*sources.State) error) (update, error) {
	var held *sources.State // what the servers hold, when a first attempt wrote them
	for attempt := 1; ; attempt++ {
		before, err := st.Read(ctx)
		if err != nil {
			return update{}, err
		}
		e.warnRecovered(before)
		after, err := sources.Apply(before, change)
		if err != nil {
			return update{}, err
		}
		from := before
		if held != nil {
			from = held
		}
		if err := e.applyToServers(ctx, cfg, base, update{before: from, after: after}); err != nil {
			return update{}, fmt.Errorf("%w (the store %s was not changed; give the command again once the servers answer)", err, st)
		}
		held = after
		if after.Version == before.Version && before.Recovered == "" {
			return update{before: before, after: after}, nil
		}
		_, written, err := st.Update(ctx, func(s *sources.State) error {
			if s.Version != before.Version {
				return errMoved
			}
			s.Sources, s.Hidden = after.Sources, after.Hidden
			return nil
		})
		switch {
		case errors.Is(err, errMoved) && attempt < 5:
			continue
		case err != nil:
			return update{}, fmt.Errorf("%w (the servers hold the change: give the command again)", err)
		}
		return update{before: before, after: written}, nil
	}
}

// applyToServers writes a change of the store into the configured Neo4j
// and Qdrant, in place: only what differs between the data composed
// before and after.
func (e *env) applyToServers(ctx context.Context, cfg config.Config, base *heritage.Dataset, u update) error {
	if cfg.Neo4j.URI == "" && cfg.Qdrant.URL == "" {
		return nil
	}
	prev, err := sources.Overlay(base, u.before)
	if err != nil {
		return err
	}
	next, err := sources.Overlay(base, u.after)
	if err != nil {
		return err
	}
	var errs []error
	if cfg.Neo4j.URI != "" {
		if err := applyNeo4j(ctx, cfg, prev.Dataset, next.Dataset, e); err != nil {
			errs = append(errs, fmt.Errorf("neo4j: %w", err))
		}
	}
	if cfg.Qdrant.URL != "" {
		if err := e.applyQdrant(ctx, cfg, prev, next); err != nil {
			errs = append(errs, fmt.Errorf("qdrant: %w", err))
		}
	}
	return errors.Join(errs...)
}

func applyNeo4j(ctx context.Context, cfg config.Config, prev, next *heritage.Dataset, e *env) error {
	st, err := compose.OpenNeo4j(ctx, cfg)
	if err != nil {
		return err
	}
	defer func() { _ = st.Close(context.Background()) }()
	stats, err := st.Apply(ctx, prev, next)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "neo4j: %d rows written (%d nodes and %d relationships created, %d and %d deleted); %d nodes, %d relationships in the store\n",
		stats.Rows, stats.NodesCreated, stats.RelationshipsCreated, stats.NodesDeleted, stats.RelationshipsDeleted, stats.Nodes, stats.Relationships)
	return nil
}

// applyQdrant upserts the points of the records that differ between the
// data composed before and after (sources.Changed: a source's record
// added or changed, a correction added or removed, a hidden record shown
// again) and deletes those of the records next does not hold, so that
// the collection holds a point for every record of next, with its
// content.
func (e *env) applyQdrant(ctx context.Context, cfg config.Config, prev, next *sources.Data) error {
	emb, err := compose.Embedder(cfg, e.getenv, newLogger(e.stderr))
	if err != nil {
		return err
	}
	var em embed.Embedder = embed.NewHashing(engines.HashingDim)
	if emb != nil {
		em = emb
	}
	st, err := compose.OpenQdrant(ctx, cfg, newLogger(e.stderr))
	if err != nil {
		return err
	}
	defer func() { _ = st.Close() }()
	put, gone := sources.Changed(prev, next)
	var recs []heritage.Institution
	for _, id := range put {
		if in, ok := next.Get(id); ok {
			recs = append(recs, *in)
		}
	}
	if len(recs) > 0 {
		if err := st.Ingest(ctx, &heritage.Dataset{Institutions: recs, Version: next.Version}, em, nil); err != nil {
			return err
		}
	}
	if err := st.Delete(ctx, gone); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "qdrant: %d points written, %d deleted in collection %q\n", len(recs), len(gone), cfg.Qdrant.Collection)
	return nil
}
