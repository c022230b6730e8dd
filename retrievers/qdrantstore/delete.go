package qdrantstore

import (
	"context"
	"fmt"

	"github.com/qdrant/go-client/qdrant"
)

// Delete removes the points of the institutions with the given ids (a
// record deleted from the data; Ingest only adds and overwrites). Ids
// without a point are no error, so deleting is idempotent.
func (s *Store) Delete(ctx context.Context, ids []string) error {
	for lo := 0; lo < len(ids); lo += s.cfg.BatchSize {
		part := ids[lo:min(lo+s.cfg.BatchSize, len(ids))]
		points := make([]*qdrant.PointId, len(part))
		for i, id := range part {
			points[i] = qdrant.NewIDUUID(PointID(id).String())
		}
		req := &qdrant.DeletePoints{
			CollectionName: s.cfg.Collection,
			Wait:           qdrant.PtrOf(true),
			Points:         qdrant.NewPointsSelectorIDs(points),
		}
		if _, err := do(ctx, s.nodes, func(c *qdrant.Client) (*qdrant.UpdateResult, error) { return c.Delete(ctx, req) }); err != nil {
			return fmt.Errorf("qdrant %s: delete %d points: %w", s.cfg.Collection, len(part), ctxErr(ctx, err))
		}
	}
	return nil
}
