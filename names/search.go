package names

import (
	"encoding/binary"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/editdist"
)

// DefaultLimit is the number of records Search returns when Options.Limit
// is not set.
const DefaultLimit = 20

// cityBoost is added to the retrieval score of a record in the hinted
// city, so that a generic name ("Stadtarchiv") with a city hint ranks the
// town's record among the first even when hundreds share the name.
const cityBoost = 0.25

// Options narrow a search.
type Options struct {
	Limit int    // records returned; DefaultLimit when ≤ 0
	City  string // a city hint: boosts records there and counts its words in names as matched
}

// Hit is a record found by Search, with the name form that matched best.
type Hit struct {
	Doc  int32  // position of the record in the dataset
	Key  string // Key of the matched form
	Kind string // kind of the matched form: "" for the record's name, else heritage.Kind*
	// Exact is true when the form's Key equals the query's, Literal when
	// the name is the query up to case, diacritics and punctuation (no
	// variant folding), SameWords when both have the same content words
	// (they may differ in order, articles, prepositions and legal forms),
	// Reordered when both have the same words as written, articles and
	// prepositions included (they may differ in order, repeated words and
	// legal forms: "Folkwang Museum" for "Museum Folkwang").
	Exact, Literal, SameWords, Reordered bool
	// QueryCov is the IDF-weighted share of the query's words found in the
	// form (a misspelt word counts 0.95 or 0.85), NameCov the share of the
	// form's words found in the query or, for a city hint, in the hint.
	QueryCov, NameCov float64
	// Sim is QueryCov × NameCov, in [0,1]; it is 1 only for an equal Key.
	Sim float64
	// CityInName is true when the words of the city hint occur in the form.
	CityInName bool
	// CityMatch is true when the record's city is the hinted city or its
	// address names it.
	CityMatch bool
	// Score ranks the hits: QueryCov × (1+NameCov)/2 plus a boost for the
	// hinted city.
	Score float64
}

type alt struct {
	t   int32
	sim float64
}

type unit struct {
	weight float64
	alts   []alt
	hint   bool
}

// scratch is the per-query working memory, reused through a pool.
type scratch struct {
	gen, ugen, tgen       uint32
	acc, hacc             []float64 // per form
	stamp, ustamp         []uint32  // per form
	best                  []float64 // per form, current unit
	touched, utouched     []int32
	docScore              []float64 // per record
	docForm               []int32
	docStamp              []uint32
	cityStamp             []uint32 // per record: in the hinted city
	tcount                []uint16 // per term, trigram overlap
	tstamp                []uint32
	ttouched              []int32
	docsTouched, hitForms []int32
	order                 []int
	coverBuf              []float64
	unitsBuf              []unit
	altsBuf               []alt
}

func newScratch(nForms, nDocs, nTerms int) *scratch {
	return &scratch{
		acc: make([]float64, nForms), hacc: make([]float64, nForms),
		stamp: make([]uint32, nForms), ustamp: make([]uint32, nForms),
		best:     make([]float64, nForms),
		docScore: make([]float64, nDocs), docForm: make([]int32, nDocs), docStamp: make([]uint32, nDocs), cityStamp: make([]uint32, nDocs),
		tcount: make([]uint16, nTerms), tstamp: make([]uint32, nTerms),
	}
}

// Search returns up to o.Limit records whose names best match query, best
// first (ties by doc number). A record is returned only when at least one
// query word (or a near spelling or compound of it) occurs in one of its
// names.
func (ix *Index) Search(query string, o Options) []Hit {
	limit := o.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	qwords := analyze(query)
	if len(qwords) == 0 {
		return nil
	}
	qkey, _ := ix.keys.Find(strings.Join(qwords, " "))
	qnorm, qset := heritage.NormalizeName(query), wordSet(query)
	qsetWords := strings.Fields(qset)
	qall := allWords(qnorm)
	s := ix.pool.Get().(*scratch)
	defer ix.pool.Put(s)
	s.altsBuf = s.altsBuf[:0]
	units := ix.appendUnits(s, s.unitsBuf[:0], Words(query), false)
	wq := 0.0
	for _, u := range units {
		wq += u.weight
	}
	cityKey := heritage.NormalizeName(o.City)
	nq := len(units)
	if cityKey != "" {
		units = ix.appendUnits(s, units, Words(o.City), true)
	}
	s.unitsBuf = units[:0]
	if wq == 0 {
		return nil
	}

	// One pass over the postings of every unit, rarest first: per form,
	// the weighted best similarity of each unit. A common word ("museum")
	// only updates the forms found so far once the rarer words carry half
	// the query's weight and have found enough forms: a form with nothing
	// but common words could not rank above them. Hint words never add
	// forms.
	s.order = s.order[:0]
	for k := range units[:nq] {
		s.order = append(s.order, k)
	}
	slices.SortStableFunc(s.order, func(a, b int) int { return ix.postings(units[a]) - ix.postings(units[b]) })
	for k := nq; k < len(units); k++ {
		s.order = append(s.order, k)
	}
	rest := wq
	s.gen++
	s.touched = s.touched[:0]
	for _, k := range s.order {
		u := units[k]
		if !u.hint {
			rest -= u.weight
		}
		if u.hint || len(s.touched) >= limit && rest+u.weight < wq/2 && ix.postings(u) > 4*len(s.touched) {
			ix.update(s, u)
			continue
		}
		s.ugen++
		s.utouched = s.utouched[:0]
		for _, a := range u.alts {
			for _, f := range ix.post.at(int(a.t)) {
				if s.ustamp[f] != s.ugen {
					s.ustamp[f] = s.ugen
					s.best[f] = a.sim
					s.utouched = append(s.utouched, f)
				} else if a.sim > s.best[f] {
					s.best[f] = a.sim
				}
			}
		}
		for _, f := range s.utouched {
			if s.stamp[f] != s.gen {
				s.stamp[f] = s.gen
				s.acc[f], s.hacc[f] = 0, 0
				s.touched = append(s.touched, f)
			}
			s.acc[f] += u.weight * s.best[f]
		}
	}

	// Best form per record, then the best records.
	s.docsTouched = s.docsTouched[:0]
	if cityKey != "" {
		if p, ok := ix.places.Find(cityKey); ok {
			for _, d := range ix.placeDocs.at(int(p)) {
				s.cityStamp[d] = s.gen
			}
		}
	}
	for _, f := range s.touched {
		if s.acc[f] == 0 {
			continue // only the city hint's words
		}
		qc := s.acc[f] / wq
		nc := min(1, (s.acc[f]+s.hacc[f])/max(ix.fWeight[f], 1e-9))
		sc := qc * (1 + nc) / 2
		d := ix.fDoc[f]
		if s.docStamp[d] != s.gen {
			s.docStamp[d] = s.gen
			s.docScore[d] = -1
			s.docsTouched = append(s.docsTouched, d)
		}
		if s.cityStamp[d] == s.gen {
			sc += cityBoost
		}
		if sc > s.docScore[d] {
			s.docScore[d] = sc
			s.docForm[d] = f
		}
	}
	top := s.hitForms[:0]
	worse := func(a, b int32) bool { // a ranks below b
		if s.docScore[a] != s.docScore[b] {
			return s.docScore[a] < s.docScore[b]
		}
		return a > b
	}
	for _, d := range s.docsTouched {
		if len(top) == limit && !worse(top[len(top)-1], d) {
			continue
		}
		k := len(top)
		if k < limit {
			top = append(top, d)
		} else {
			k = limit - 1
		}
		for k > 0 && worse(top[k-1], d) {
			top[k] = top[k-1]
			k--
		}
		top[k] = d
	}
	s.hitForms = top

	out := make([]Hit, 0, len(top))
	for _, d := range top {
		var h Hit
		for f := int32(ix.docForms[d]); f < int32(ix.docForms[d+1]); f++ {
			if s.stamp[f] != s.gen || s.acc[f] == 0 {
				continue
			}
			c := ix.align(s, f, units[:nq], units[nq:], wq, qkey)
			norm := ix.text(f, ix.fNorm[f])
			c.Literal, c.SameWords = norm == qnorm, ix.sameWords(f, qset, qsetWords)
			c.Reordered = c.SameWords && allWords(norm) == qall
			if c.Sim > h.Sim || h.Key == "" {
				h = c
			}
		}
		h.Doc = d
		h.Score = s.docScore[d]
		h.CityMatch = s.cityStamp[d] == s.gen
		out = append(out, h)
	}
	return out
}

// postings is the number of forms the alternatives of u occur in.
func (ix *Index) postings(u unit) int {
	n := 0
	for _, a := range u.alts {
		n += len(ix.post.at(int(a.t)))
	}
	return n
}

// update adds unit u to the forms found so far, without adding forms.
func (ix *Index) update(s *scratch, u unit) {
	for _, f := range s.touched {
		words := ix.words(f)
		b := 0.0
		for _, a := range u.alts {
			if a.sim > b && slices.Contains(words, a.t) {
				b = a.sim
			}
		}
		if u.hint {
			s.hacc[f] += u.weight * b
		} else {
			s.acc[f] += u.weight * b
		}
	}
}

// appendUnits turns query words into scoring units.
func (ix *Index) appendUnits(s *scratch, units []unit, words []string, hint bool) []unit {
	alts := s.altsBuf
	start := len(units)
	for _, w := range words {
		u := unit{hint: hint}
		a0 := len(alts)
		t, ok := ix.vocab.Find(w)
		if ok {
			alts = append(alts, alt{t, 1})
			u.weight = ix.weight[t]
		}
		// Misspellings: words no name has, and rare words that may be a
		// misspelling of a common one ("Museu" for "Museum").
		if !hint && len(w) >= 4 && (!ok || ix.df[t] <= 2) {
			allow := 2
			if ok {
				allow = 1 // a word some name has: only a near spelling
			}
			alts = ix.fuzzy(s, w, alts, allow)
		}
		if !ok {
			u.weight = ix.zero
			if orgWords[w] {
				u.weight *= orgWeight
			}
			// the weight of the nearest spelling, the commoner on a tie
			best := 0.0
			for _, a := range alts[a0:] {
				w := ix.weight[a.t]
				if a.sim > best || a.sim == best && w < u.weight {
					best, u.weight = a.sim, w
				}
			}
		}
		if hint && !ok {
			continue
		}
		u.alts = alts[a0:len(alts):len(alts)]
		units = append(units, u)
	}
	if !hint {
		// Two adjacent query words written as one word in a name.
		for k := 0; k+1 < len(words); k++ {
			if t, ok := ix.vocab.Find(words[k] + words[k+1]); ok {
				for _, j := range []int{start + k, start + k + 1} {
					units[j].alts = append(units[j].alts, alt{t, 1})
				}
			}
		}
	}
	s.altsBuf = alts
	return units
}

// fuzzy appends the name words within one edit of w (up to maxEdits
// beyond eight letters), found by trigram overlap and checked by edit
// distance.
func (ix *Index) fuzzy(s *scratch, w string, alts []alt, maxEdits int) []alt {
	rw := []rune(w)
	allow := 1
	if len(rw) > 8 {
		allow = maxEdits
	}
	gs := trigrams(w)
	// An edit changes up to three trigrams, a transposition four.
	need := max(2, len(gs)-3*allow-1)
	s.tgen++
	s.ttouched = s.ttouched[:0]
	for _, g := range gs {
		k, ok := slices.BinarySearch(ix.gramKeys, gramKey(g))
		if !ok {
			continue
		}
		from, to := ix.grams.groups(k, int32(len(rw)-allow), int32(len(rw)+allow))
		for i := from; i < to; i++ {
			d, t := ix.grams.diffs(i), int32(0)
			for j := 0; j < len(d); {
				// the term's difference from the one before: a uvarint
				// of one or two bytes mostly (nextTerm, in line)
				if c := d[j]; c < 0x80 {
					t += int32(c)
					j++
				} else if j+1 < len(d) && d[j+1] < 0x80 {
					t += int32(c&0x7f) | int32(d[j+1])<<7
					j += 2
				} else {
					v, w := binary.Uvarint(d[j:])
					t += int32(v)
					j += w
				}
				if s.tstamp[t] != s.tgen {
					s.tstamp[t] = s.tgen
					s.tcount[t] = 0
					s.ttouched = append(s.ttouched, t)
				}
				s.tcount[t]++
			}
		}
	}
	for _, t := range s.ttouched {
		if int(s.tcount[t]) < need {
			continue
		}
		if d := editdist.OSA(w, ix.vocab.At(t), allow); d <= allow {
			alts = append(alts, alt{t, editSim[d]})
		}
	}
	return alts
}

// editSim is the similarity of a word at edit distance 0, 1, 2.
var editSim = [3]float64{1, 0.95, 0.85}

// align scores form f against the query units exactly: which query words
// it covers and which of its words are covered.
func (ix *Index) align(s *scratch, f int32, query, hint []unit, wq float64, qkey int32) Hit {
	terms, pairs := ix.terms(f), ix.pairs(f)
	cov := s.coverBuf[:0]
	for range terms {
		cov = append(cov, 0)
	}
	cover := func(u unit) float64 {
		b := 0.0
		for _, a := range u.alts {
			if k := slices.Index(terms, a.t); k >= 0 {
				b = max(b, a.sim)
				cov[k] = max(cov[k], a.sim)
			} else if k := slices.Index(pairs, a.t); k >= 0 {
				b = max(b, a.sim)
				for _, j := range ix.parts(f, k) {
					cov[j] = max(cov[j], a.sim)
				}
			}
		}
		return b
	}
	mq := 0.0
	for _, u := range query {
		mq += u.weight * cover(u)
	}
	inName := len(hint) > 0
	for _, u := range hint {
		if cover(u) == 0 {
			inName = false
		}
	}
	mr := 0.0
	for k, t := range terms {
		mr += ix.weight[t] * cov[k]
	}
	s.coverBuf = cov
	h := Hit{Key: ix.keys.At(ix.fKey[f]), Kind: ix.kinds.At(ix.fKind[f]), Exact: ix.fKey[f] == qkey, CityInName: inName}
	h.QueryCov = mq / wq
	h.NameCov = 1.0
	if fw := ix.fWeight[f]; fw > 0 {
		h.NameCov = mr / fw
	}
	// Precision times recall rather than their mean: a name with a word
	// the query lacks ("…, Bibliothek") is a different institution more
	// often than a misspelling is.
	h.Sim = h.QueryCov * h.NameCov
	if h.Exact {
		h.Sim = 1
	} else {
		h.Sim = min(h.Sim, 0.99)
	}
	return h
}
