package qdrantstore

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/qdrant/go-client/qdrant"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/query"
)

// ErrOutdated is wrapped by SelectExpr when the collection was ingested
// before the selection payload (selPayload) existed: the filter dict
// still applies to it (Retriever, Translate), but the query algebra's
// predicates need the collection ingested again (hybridrag ingest
// --qdrant), which adds the payload and its indexes.
var ErrOutdated = errors.New("qdrant collection lacks the selection payload; ingest it again")

// ErrNoRecords is returned by SelectExpr for an expression with a part
// Qdrant does not express (Translation.Post) when no records are given
// to test it on.
var ErrNoRecords = errors.New("qdrant: expression needs a post-filter and no records were given")

// scrollPage is the number of points one scroll request reads.
const scrollPage = 4096

// SelectExpr returns the ids (sorted) of the records meeting e, nil when
// none does: what query.Select gives over the ingested records, which ev
// must be the context of. No vector is involved: it scrolls every point
// the payload filter of TranslateIn(e, ev) selects and tests the
// declared post-filters with Expr.Match on the records ev gives for
// their ids (ev.Records.Get).
// Without ev.Records an expression with a post-filter gives ErrNoRecords;
// a collection without the selection payload gives ErrOutdated.
func (s *Store) SelectExpr(ctx context.Context, e query.Expr, ev query.EvalContext) ([]string, error) {
	ids, _, err := s.SelectDeclared(ctx, e, ev)
	return ids, err
}

// SelectDeclared is SelectExpr, also returning the parts of e it tested
// with Expr.Match (TranslateIn's Translation.Post).
func (s *Store) SelectDeclared(ctx context.Context, e query.Expr, ev query.EvalContext) (ids []string, post query.And, err error) {
	return s.selectDeclared(ctx, e, ev, nil)
}

// Selector selects the records of one dataset from the store, which
// holds that dataset: it knows the point id of every record (PointID),
// so that a selection reads the ids of the points alone, not their
// payloads, which costs Qdrant a tenth of the time. Make it with
// Store.Selector; it is safe for concurrent use.
type Selector struct {
	s   *Store
	ev  query.EvalContext
	ids map[string]string // point id → record id
}

// Selector returns a selector of the records of ds, evaluating the
// post-filters in query.NewContext(ds).
func (s *Store) Selector(ds *heritage.Dataset) *Selector {
	ids := make(map[string]string, len(ds.Institutions))
	for i := range ds.Institutions {
		id := ds.Institutions[i].ID
		ids[PointID(id).String()] = id
	}
	return &Selector{s: s, ev: query.NewContext(ds), ids: ids}
}

// SelectDeclared is Store.SelectDeclared over the selector's dataset. A
// point that is no record of the dataset is an error: the collection
// holds another dataset.
func (x *Selector) SelectDeclared(ctx context.Context, e query.Expr) (ids []string, post query.And, err error) {
	return x.s.selectDeclared(ctx, e, x.ev, x.ids)
}

func (s *Store) selectDeclared(ctx context.Context, e query.Expr, ev query.EvalContext, byPoint map[string]string) (ids []string, post query.And, err error) {
	t := TranslateIn(e, ev)
	if t.None {
		return nil, t.Post, ctx.Err()
	}
	if len(t.Post) > 0 && ev.Records == nil {
		return nil, t.Post, ErrNoRecords
	}
	if err := s.CheckSelection(ctx); err != nil {
		return nil, t.Post, err
	}
	with := qdrant.NewWithPayloadInclude(fieldID)
	if byPoint != nil {
		with = qdrant.NewWithPayload(false)
	}
	var offset *qdrant.PointId
	for {
		req := &qdrant.ScrollPoints{
			CollectionName: s.cfg.Collection,
			Filter:         t.Filter,
			Offset:         offset,
			Limit:          qdrant.PtrOf(uint32(scrollPage)),
			WithPayload:    with,
			WithVectors:    qdrant.NewWithVectors(false),
		}
		var points []*qdrant.RetrievedPoint
		var next *qdrant.PointId
		err := s.nodes.callOn(ctx, unreadable, func(c *qdrant.Client) (err error) {
			points, next, err = c.ScrollAndOffset(ctx, req)
			return err
		})
		if err != nil {
			return nil, t.Post, fmt.Errorf("qdrant %s: select: %w", s.cfg.Collection, ctxErr(ctx, err))
		}
		for _, p := range points {
			var id string
			if byPoint != nil {
				var ok bool
				if id, ok = byPoint[p.GetId().GetUuid()]; !ok {
					return nil, t.Post, fmt.Errorf("qdrant %s: select: point %s is no record of the dataset", s.cfg.Collection, p.GetId().GetUuid())
				}
			} else if id = p.GetPayload()[fieldID].GetStringValue(); id == "" {
				continue
			}
			if len(t.Post) > 0 {
				in, ok := ev.Records.Get(id)
				if !ok || !t.Post.Match(in, ev) {
					continue
				}
			}
			ids = append(ids, id)
		}
		if next == nil {
			break
		}
		offset = next
	}
	slices.Sort(ids)
	return ids, t.Post, nil
}

// CheckSelection returns an error wrapping ErrOutdated when the
// collection lacks an index of the selection payload, as one ingested
// before it existed does. Once it found them it does not ask again.
func (s *Store) CheckSelection(ctx context.Context) error {
	if s.selection.Load() {
		return nil
	}
	name := s.cfg.Collection
	info, err := do(ctx, s.nodes, func(c *qdrant.Client) (*qdrant.CollectionInfo, error) { return c.GetCollectionInfo(ctx, name) })
	if err != nil {
		return fmt.Errorf("qdrant %s: %w", name, ctxErr(ctx, err))
	}
	schema := info.GetPayloadSchema()
	for _, x := range selIndexes {
		if _, ok := schema[x.field]; !ok {
			return fmt.Errorf("qdrant %s: no index on %s: %w", name, x.field, ErrOutdated)
		}
	}
	s.selection.Store(true)
	return nil
}
