package kg

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/keyindex"
	"github.com/hybridrag/hybridrag/internal/packed"
)

// Encode writes the graph in the packed form Decode reads: the nodes after
// the institutions, what the edges say, the typed edges and the look-up
// tables. The adjacency lists follow from the edges; Decode builds them.
func (g *Graph) Encode(w *packed.Writer) {
	w.Len(len(g.ds.Institutions))
	w.Len(len(g.named))
	for _, n := range g.named {
		w.String(n.id, n.label)
	}
	w.Len(len(g.extra))
	for _, n := range g.extra {
		w.Len(int(n.kind))
		w.Len(int(n.field))
		w.Int32(n.at)
		w.Len(int(n.k))
	}
	slots, width := g.keys.Table()
	w.Len(int(width))
	packed.Array(w, slots)
	w.Len(len(g.labels))
	for _, l := range g.labels {
		w.Len(int(l.kind))
		w.String(l.rel, l.src, l.until)
	}
	w.Len(len(g.edges))
	for _, e := range g.edges {
		w.Int32(e.from)
		w.Int32(e.to)
		w.Int32(e.label)
	}
	g.names.encode(w)
	g.places.encode(w)
	writeMembers(w, g.members)
	writeMembers(w, g.byBodyID)
	w.Len(len(g.bodyAlias))
	for _, k := range slices.Sorted(maps.Keys(g.bodyAlias)) {
		w.String(k, g.bodyAlias[k])
	}
}

func writeMembers(w *packed.Writer, m map[string][]memberRef) {
	w.Len(len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		w.String(k)
		w.Len(len(m[k]))
		for _, ref := range m[k] {
			w.Int32(ref.inst)
			w.Int32(ref.m + 1) // -1, a has_part link, is 0
		}
	}
}

func readMembers(r *packed.Reader, ds *heritage.Dataset) map[string][]memberRef {
	n := r.Count()
	m := make(map[string][]memberRef, n)
	for range n {
		k := r.String()
		refs := make([]memberRef, r.Count())
		for i := range refs {
			inst := r.Int32(len(ds.Institutions))
			refs[i] = memberRef{inst: inst, m: r.Int32(len(ds.Institutions[inst].MemberOf())+1) - 1}
		}
		m[k] = refs
	}
	return m
}

// Decode reads a graph written by Encode for ds, the dataset it was built
// from (the caller checks that it is: Decode checks only the number of
// records). The graph copies the strings it keeps (r.CopyStrings): it
// does not hold on to r's input, most of which it decodes into arrays.
func Decode(r *packed.Reader, ds *heritage.Dataset) (*Graph, error) {
	r.CopyStrings()
	ni := len(ds.Institutions)
	if n := r.Len(1 << 30); r.Err() == nil && n != ni {
		return nil, fmt.Errorf("kg: the graph holds %d records, the data %d", n, ni)
	}
	g := &Graph{ds: ds, named: make([]namedNode, r.Count())}
	for i := range g.named {
		g.named[i] = namedNode{id: r.String(), label: r.String()}
	}
	g.extra = make([]extraNode, r.Count())
	for i := range g.extra {
		x := extraNode{kind: uint8(r.Len(len(nodeKinds) - 1)), field: uint8(r.Len(int(identFields) - 1))}
		if x.kind == nIdentifier && x.field != identNamed {
			x.at = r.Int32(ni)
			x.k = uint16(r.Len(math.MaxUint16))
			if v, ok := identValue(&ds.Institutions[x.at], x.field, int(x.k)); r.Err() == nil && (!ok || strings.TrimSpace(v) == "") {
				r.Fail(fmt.Errorf("kg: identifier node %d names no identifier of its record", i))
			}
		} else {
			x.at = r.Int32(len(g.named))
			x.k = uint16(r.Len(0))
			if x.kind != nIdentifier && x.field != identNamed {
				r.Fail(packed.ErrDamaged)
			}
		}
		if r.Err() != nil {
			break
		}
		g.extra[i] = x
	}
	// The ids' hash table as it was written: hashing the ids again (most
	// of them made from the records' identifiers) took a third of reading.
	width := r.Len(31)
	if keys, ok := keyindex.Load(packed.ReadArray[uint32](r), uint(width), len(g.extra)); ok {
		g.keys = keyIndex{keys}
	} else {
		r.Fail(fmt.Errorf("kg: the table of node ids: %w", packed.ErrDamaged))
	}
	nn := g.nodeCount()
	g.labels = make([]edgeLabel, r.Count())
	for i := range g.labels {
		kind := uint8(r.Len(len(edgeKinds) - 1))
		g.labels[i] = edgeLabel{kind: kind, rel: r.String(), src: r.String(), until: r.String()}
	}
	nl := len(g.labels)
	g.edges = make([]edge, r.Count())
	for i := range g.edges {
		g.edges[i] = edge{from: r.Int32(nn), to: r.Int32(nn), label: r.Int32(nl)}
	}
	g.names = readTable(r, ni)
	g.places = readTable(r, ni)
	g.members = readMembers(r, ds)
	g.byBodyID = readMembers(r, ds)
	na := r.Count()
	g.bodyAlias = make(map[string]string, na)
	for range na {
		k := r.String()
		g.bodyAlias[k] = r.String()
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("kg: %w", err)
	}
	g.adj = newAdjacency(nn, g.edges)
	return g, nil
}
