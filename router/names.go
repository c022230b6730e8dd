package router

import (
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/names"
)

// nameCandidateLimit is how many records the name index offers a
// misspelt-name look-up.
const nameCandidateLimit = 40

// nameIndex is the dataset's one name index (names), built on the
// first misspelt-name look-up: most questions name institutions exactly
// and never need it.
type nameIndex struct {
	once  sync.Once
	ds    *heritage.Dataset
	build func(*heritage.Dataset) *names.Index // names.New when nil
	ix    *names.Index
	// the gazetteer entries of record d (the index's document d) are
	// entries[docOff[d]:docOff[d+1]], in entry order
	docOff  []uint32
	entries []int32
}

// newNameIndex is the name index of ds, not yet built, with the
// gazetteer entries of each record: the records of entry i are
// recs[recOff[i]:recOff[i+1]].
func newNameIndex(ds *heritage.Dataset, recOff []uint32, recs []int32) *nameIndex {
	n := &nameIndex{ds: ds, docOff: make([]uint32, len(ds.Institutions)+1)}
	// count each record's entries, then place them
	for _, d := range recs {
		n.docOff[d+1]++
	}
	for d := range len(ds.Institutions) {
		n.docOff[d+1] += n.docOff[d]
	}
	n.entries = make([]int32, n.docOff[len(ds.Institutions)])
	next := slices.Clone(n.docOff[:len(ds.Institutions)])
	for i := range len(recOff) - 1 {
		for _, d := range recs[recOff[i]:recOff[i+1]] {
			n.entries[next[d]] = int32(i)
			next[d]++
		}
	}
	return n
}

// byDoc returns the gazetteer entries of the index's document d.
func (n *nameIndex) byDoc(d int32) []int32 { return n.entries[n.docOff[d]:n.docOff[d+1]] }

func (n *nameIndex) get() *names.Index {
	n.once.Do(func() {
		if n.build == nil {
			n.build = names.New
		}
		n.ix = n.build(n.ds)
	})
	return n.ix
}

// nameCandidates returns the gazetteer entries of the records the name
// index finds for the free words of the question, best first.
func (g *gazetteer) nameCandidates(s *scan) []int32 {
	var q []string
	for i, t := range s.toks {
		if !s.used[i] && !s.lex.commonWords[t.norm] && !s.lex.nameStop[t.norm] {
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
	for _, h := range hits {
		for _, e := range g.nameIx.byDoc(h.Doc) {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
}

// entryPositions lists the free tokens that are a word of the entry's
// name, or one edit from one of five letters or more.
func (g *gazetteer) entryPositions(s *scan, e int32) []int {
	key := g.key(e)
	var pos []int
	for i, t := range s.toks {
		if s.used[i] || s.lex.commonWords[t.norm] || s.lex.nameStop[t.norm] {
			continue
		}
		for rest := key; rest != ""; {
			var w string
			w, rest, _ = strings.Cut(rest, " ")
			if w == "" || s.lex.nameStop[w] {
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

// partialNames reads each name-like run of unknown words in a question
// about named institutions as the one record whose name holds all its
// words ("the Fitzwilliam Museum" for "Fitzwilliam Museum, University Of
// Cambridge", "das Deutsche Museum" for "Deutsches Museum"). A run that
// several records fit about equally well stays unread. It returns the
// question with each run replaced by the record's name, the runs as typed
// and the names read, or ok false when no run was read.
func (g *gazetteer) partialNames(question string, s *scan, mask []bool) (fixed string, typed, read []string, ok bool) {
	const (
		minCoverage = 0.999 // every word of the run is a word of the name
		minMargin   = 0.15  // score lead over the next record
	)
	fixed = question
	runs := nameRuns(s, mask)
	for k := len(runs) - 1; k >= 0; k-- {
		i, j := runs[k][0], runs[k][1]
		if _, isPlace := g.places[s.key(i, j)]; isPlace {
			continue // a place is no partial name
		}
		j = g.beforePlace(s, i, j)
		text, own := s.original(i, j), ""
		if s.toks[j-1].possessive {
			// "Horniman Museum's": the name without its possessive
			trimmed := strings.TrimSuffix(strings.TrimSuffix(text, "'s"), "’s")
			text, own = trimmed, text[len(trimmed):]
		}
		hits := g.nameIx.get().Search(text, names.Options{Limit: 2})
		// one record's name holds every word of the run, clearly ahead
		if len(hits) == 0 || hits[0].QueryCov < minCoverage ||
			len(hits) > 1 && (hits[1].QueryCov >= minCoverage || hits[1].Score > hits[0].Score-minMargin) {
			continue
		}
		name := g.nameIx.ds.Institutions[hits[0].Doc].Name
		fixed = fixed[:s.toks[i].start] + name + own + fixed[s.toks[j-1].end:]
		typed, read = append(typed, text), append(read, name)
	}
	return fixed, typed, read, len(read) > 0
}

// beforePlace is the end of the name-like run [i, j) without a place
// after a locative at its end: "Horniman Museum in Manchester" is the
// name "Horniman Museum".
func (g *gazetteer) beforePlace(s *scan, i, j int) int {
	for m := i + 1; m < j-1; m++ {
		if _, isPlace := g.places[s.key(m+1, j)]; isPlace && s.lex.locatives[s.toks[m].norm] {
			return m
		}
	}
	return j
}
