package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
)

// Graph walks the knowledge graph: kg.Graph.Walker() and *neo4jkg.Store
// are two. Each operation fails only when the graph cannot answer.
type Graph interface {
	Node(ctx context.Context, id string) (kg.Node, bool, error)
	Neighbourhood(ctx context.Context, id string, depth int, relations []string) ([]kg.Edge, error)
	ShortestPath(ctx context.Context, from, to string) ([]kg.Edge, error)
}

// Neighbourhood limits.
const (
	DefaultDepth     = 1
	MaxDepth         = 3
	DefaultEdgeLimit = 200
	MaxEdgeLimit     = 2000
)

// GraphResponse is the body of GET /v1/entities/{id}/neighbours and
// GET /v1/path: the edges, as stored, and every node they touch.
type GraphResponse struct {
	// ID is the node walked from (neighbours); From and To the ends of a
	// path.
	ID   string `json:"id,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Depth is the number of hops walked (neighbours).
	Depth int `json:"depth,omitempty"`
	// Found is false when no path links the two institutions (path).
	Found bool      `json:"found"`
	Nodes []kg.Node `json:"nodes"`
	Edges []kg.Edge `json:"edges"`
	// Truncated is true when more edges than limit were found; the first
	// limit in order are returned.
	Truncated bool `json:"truncated,omitempty"`
}

// neighbours answers GET /v1/entities/{id}/neighbours: the edges within
// depth hops (default 1, at most 3) of any graph node — an institution, a
// body, a place — optionally only of the given relations.
func (s *Server) neighbours(w http.ResponseWriter, r *http.Request) {
	if s.opts.Graph == nil {
		writeError(w, http.StatusNotImplemented, CodeNotImplemented, "this server has no knowledge graph")
		return
	}
	id := r.PathValue("id")
	v := r.URL.Query()
	depth, ok := intParam(w, v.Get("depth"), "depth", DefaultDepth, 1, MaxDepth)
	if !ok {
		return
	}
	limit, ok := intParam(w, v.Get("limit"), "limit", DefaultEdgeLimit, 1, MaxEdgeLimit)
	if !ok {
		return
	}
	var relations []string
	for _, rel := range v["relation"] {
		for part := range strings.SplitSeq(rel, ",") {
			if part = strings.TrimSpace(part); part != "" {
				relations = append(relations, part)
			}
		}
	}
	ctx := r.Context()
	if _, found, err := s.opts.Graph.Node(ctx, id); err != nil || !found {
		if err == nil {
			writeError(w, http.StatusNotFound, CodeNotFound, fmt.Sprintf("no graph node has id %q", id))
		} else {
			s.writeErr(w, r, err)
		}
		return
	}
	edges, err := s.opts.Graph.Neighbourhood(ctx, id, depth, relations)
	if err != nil {
		s.writeErr(w, r, err)
		return
	}
	out := GraphResponse{ID: id, Depth: depth, Found: true}
	if len(edges) > limit {
		edges, out.Truncated = edges[:limit], true
	}
	if !s.fillGraph(w, r, &out, id, edges) {
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// path answers GET /v1/path?from=&to=: the cheapest chain of edges linking
// two institutions (kg.Graph.ShortestPath), with found false when none
// does.
func (s *Server) path(w http.ResponseWriter, r *http.Request) {
	if s.opts.Graph == nil {
		writeError(w, http.StatusNotImplemented, CodeNotImplemented, "this server has no knowledge graph")
		return
	}
	v := r.URL.Query()
	from, to := strings.TrimSpace(v.Get("from")), strings.TrimSpace(v.Get("to"))
	if from == "" || to == "" {
		writeError(w, http.StatusBadRequest, CodeBadParameter, "give from and to, two institution ids")
		return
	}
	for _, id := range []string{from, to} {
		if in, ok := s.opts.Records.Get(id); !ok || in == nil {
			writeError(w, http.StatusNotFound, CodeNotFound, fmt.Sprintf("no institution has id %q", id))
			return
		}
	}
	edges, err := s.opts.Graph.ShortestPath(r.Context(), from, to)
	if err != nil {
		s.writeErr(w, r, err)
		return
	}
	out := GraphResponse{From: from, To: to, Found: edges != nil}
	if !s.fillGraph(w, r, &out, from, edges) {
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// fillGraph sets the edges and the nodes they touch, start first, the
// others in order of first appearance. It writes the error and returns
// false when the graph fails.
func (s *Server) fillGraph(w http.ResponseWriter, r *http.Request, out *GraphResponse, start string, edges []kg.Edge) bool {
	ids := []string{start}
	for _, e := range edges {
		for _, id := range []string{e.From, e.To} {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	out.Edges = edges
	if out.Edges == nil {
		out.Edges = []kg.Edge{}
	}
	out.Nodes = make([]kg.Node, 0, len(ids))
	for _, id := range ids {
		n, ok, err := s.opts.Graph.Node(r.Context(), id)
		if err != nil {
			s.writeErr(w, r, err)
			return false
		}
		if ok {
			out.Nodes = append(out.Nodes, n)
		}
	}
	return true
}

// intParam reads an optional whole-number query parameter in [lo, hi]; on
// a bad value it writes the error and returns false.
func intParam(w http.ResponseWriter, raw, name string, def, lo, hi int) (int, bool) {
	if raw == "" {
		return def, true
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		writeError(w, http.StatusBadRequest, CodeBadParameter, fmt.Sprintf("%s must be a whole number between %d and %d, got %q", name, lo, hi, raw))
		return 0, false
	}
	return n, true
}
