package kg

import "context"

// Walker offers the in-memory graph's walking operations with the
// signatures of a graph held in a database (neo4jkg.Store has the same
// methods), so that a consumer can take either. They fail only when ctx
// has ended.
type Walker struct{ g *Graph }

// Walker returns the graph's walking operations.
func (g *Graph) Walker() Walker { return Walker{g} }

// Node returns the node with the given id (Graph.Node).
func (w Walker) Node(ctx context.Context, id string) (Node, bool, error) {
	if err := ctx.Err(); err != nil {
		return Node{}, false, err
	}
	n, ok := w.g.Node(id)
	return n, ok, nil
}

// Neighbourhood returns the edges within depth hops of the node id
// (Graph.Neighbourhood).
func (w Walker) Neighbourhood(ctx context.Context, id string, depth int, relations []string) ([]Edge, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return w.g.Neighbourhood(id, depth, relations), nil
}

// ShortestPath returns the cheapest chain of edges linking two
// institutions, or nil when none exists (Graph.ShortestPath).
func (w Walker) ShortestPath(ctx context.Context, from, to string) ([]Edge, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return w.g.ShortestPath(from, to), nil
}
