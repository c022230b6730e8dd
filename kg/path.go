package kg

import (
	"container/heap"
	"context"
	"slices"
)

// PathEdge is an edge a path search may pass: the edge as stored and the
// cost of passing it in either direction (PathCost of its kind and of its
// To node; negative for an edge that is not a connector).
type PathEdge struct {
	Edge
	Cost int
}

// Adjacency returns the edges touching node, in the graph's edge order.
// pending lists the nodes the search has queued and not yet reached, best
// placed first more or less; a backend that pays per round trip may load
// some of them with node and answer later calls from what it loaded.
type Adjacency func(ctx context.Context, node string, pending func() []string) ([]PathEdge, error)

// CheapestPath is the path search every graph backend runs (Dijkstra over
// adjacent): the cheapest chain of edges from node from to node to, each
// edge reported as stored, or nil when none exists. Edges with a negative
// cost are not passed. Ties break on node id, then on edge order, so the
// result is deterministic. It fails when adjacent fails.
func CheapestPath(ctx context.Context, from, to string, adjacent Adjacency) ([]Edge, error) {
	if from == to {
		return []Edge{}, nil
	}
	dist := map[string]int{from: 0}
	prev := map[string]Edge{}
	done := map[string]bool{}
	pq := &pathQueue{{id: from}}
	pending := func() []string {
		ids := make([]string, 0, len(*pq))
		for _, it := range *pq {
			if !done[it.id] {
				ids = append(ids, it.id)
			}
		}
		return ids
	}
	for pq.Len() > 0 {
		cur := heap.Pop(pq).(pathItem)
		if done[cur.id] {
			continue
		}
		done[cur.id] = true
		if cur.id == to {
			break
		}
		edges, err := adjacent(ctx, cur.id, pending)
		if err != nil {
			return nil, err
		}
		for _, e := range edges {
			if e.Cost < 0 {
				continue
			}
			other := e.To
			if other == cur.id {
				other = e.From
			}
			if done[other] {
				continue
			}
			nd := cur.dist + e.Cost
			if d, ok := dist[other]; !ok || nd < d {
				dist[other] = nd
				prev[other] = e.Edge
				heap.Push(pq, pathItem{id: other, dist: nd})
			}
		}
	}
	if !done[to] {
		return nil, ctx.Err()
	}
	var path []Edge
	for n := to; n != from; {
		e := prev[n]
		path = append(path, e)
		if e.To == n {
			n = e.From
		} else {
			n = e.To
		}
	}
	slices.Reverse(path)
	return path, nil
}

type pathItem struct {
	id   string
	dist int
}

// pathQueue orders the queued nodes by distance, then by id.
type pathQueue []pathItem

func (h pathQueue) Len() int { return len(h) }
func (h pathQueue) Less(i, j int) bool {
	if h[i].dist != h[j].dist {
		return h[i].dist < h[j].dist
	}
	return h[i].id < h[j].id
}
func (h pathQueue) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *pathQueue) Push(x any)   { *h = append(*h, x.(pathItem)) }
func (h *pathQueue) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
