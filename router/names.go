package router

import (
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/names"
)

// nameCandidateLimit is how many records the name index offers a
// misspelt-name look-up.
const nameCandidateLimit = 40

// nameIndex is the dataset's one name index (internal/names), built on the
// first misspelt-name look-up: most questions name institutions exactly
// and never need it.
type nameIndex struct {
	once     sync.Once
	ds       *heritage.Dataset
	ix       *names.Index
	byRecord map[string][]int32 // record id → gazetteer entries
}

func (n *nameIndex) get() *names.Index {
	n.once.Do(func() { n.ix = names.New(n.ds) })
	return n.ix
}

// nameCandidates returns the gazetteer entries of the records the name
// index finds for the free words of the question, best first.
func (g *gazetteer) nameCandidates(s *scan) []int32 {
	var q []string
	for i, t := range s.toks {
		if !s.used[i] && !commonWords[t.norm] && !nameStop[t.norm] {
			q = append(q, t.norm)
		}
	}
	if len(q) == 0 {
		return nil
	}
	return g.entriesOf(g.nameIx.get().Search(strings.Join(q, " "), names.Options{Limit: nameCandidateLimit}))
}

// entriesOf maps the records of name-index hits to their gazetteer
// entries, each once, in hit order.
func (g *gazetteer) entriesOf(hits []names.Hit) []int32 {
	var out []int32
	seen := map[int32]bool{}
	for _, h := range hits {
		for _, e := range g.nameIx.byRecord[g.nameIx.ds.Institutions[h.Doc].ID] {
			if !seen[e] {
				seen[e] = true
				out = append(out, e)
			}
		}
	}
	return out
}

// entryPositions lists the free tokens that are a word of the entry's
// name, or one edit from one of five letters or more.
func (g *gazetteer) entryPositions(s *scan, e int32) []int {
	words := strings.Fields(g.entries[e].key)
	var pos []int
	for i, t := range s.toks {
		if s.used[i] || commonWords[t.norm] || nameStop[t.norm] {
			continue
		}
		for _, w := range words {
			if nameStop[w] {
				continue
			}
			if t.norm == w || t.orig == w || len(w) >= 5 && abs(len(w)-len(t.norm)) <= 1 && osa(t.norm, w, 1) <= 1 {
				pos = append(pos, i)
				break
			}
		}
	}
	return pos
}
