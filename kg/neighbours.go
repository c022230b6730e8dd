package kg

import (
	"cmp"
	"context"
	"slices"
)

// TouchingEdge is an edge touching a node of a walk's frontier.
type TouchingEdge struct {
	Edge
	// Node is the frontier node the edge touches.
	Node string
	// Ord is the edge's position in the graph: one edge seen from both of
	// its ends has one Ord.
	Ord int64
	// OtherKind is the kind of the edge's other end.
	OtherKind NodeKind
}

// Touching returns the edges touching any of nodes, keeping only those of
// the relations the walk follows.
type Touching func(ctx context.Context, nodes []string) ([]TouchingEdge, error)

// Walk is the neighbourhood walk every graph backend runs: the edges within
// depth hops of node id, followed in both directions, sorted by SortEdges.
// Places and identifiers are reached but not walked through, so that a
// country does not pull in all its institutions; bodies are, linking the
// members of a group. touching is asked once per hop with the hop's whole
// frontier. It fails when touching fails.
func Walk(ctx context.Context, id string, depth int, touching Touching) ([]Edge, error) {
	if depth <= 0 {
		return nil, ctx.Err()
	}
	seen := map[string]bool{id: true}
	taken := map[int64]Edge{}
	frontier := []string{id}
	for d := 0; d < depth && len(frontier) > 0; d++ {
		edges, err := touching(ctx, frontier)
		if err != nil {
			return nil, err
		}
		var next []string
		for _, e := range edges {
			taken[e.Ord] = e.Edge
			other := e.To
			if other == e.Node {
				other = e.From
			}
			if seen[other] {
				continue
			}
			seen[other] = true
			if e.OtherKind != KindPlace && e.OtherKind != KindIdentifier {
				next = append(next, other)
			}
		}
		frontier = next
	}
	out := make([]Edge, 0, len(taken))
	for _, e := range taken {
		out = append(out, e)
	}
	SortEdges(out)
	return out, nil
}

// SortEdges orders edges by from, relation, to, source, kind and until.
func SortEdges(es []Edge) {
	slices.SortFunc(es, func(a, b Edge) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.Relation, b.Relation), cmp.Compare(a.To, b.To),
			cmp.Compare(a.Source, b.Source), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Until, b.Until))
	})
}
