package names

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/editdist"
)

// refIndex is the reference the index must answer exactly like
// (equal_test.go): the layout it replaced (maps of small slices, every
// string of a form kept) and a plain reading of its search, with maps for
// the per-query sums instead of the pooled arrays and a sort instead of
// the running top list. It is slow and meant to be obviously right.
type refIndex struct {
	n     int
	forms []refForm
	byDoc map[int32][]int32
	keys  map[string][]int32
	vocab map[string]int32
	text  []string
	df    map[int32]int
	post  map[int32][]int32
	grams map[string][]int32
	place map[string]map[int32]bool
}

type refForm struct {
	doc                    int32
	kind, key, norm, words string
	terms, pairs           []int32
	parts                  [][2]int32 // term ids of a pair's words
}

func newReference(ds *heritage.Dataset) *refIndex {
	ix := &refIndex{
		n: len(ds.Institutions), byDoc: map[int32][]int32{}, keys: map[string][]int32{},
		vocab: map[string]int32{}, df: map[int32]int{}, post: map[int32][]int32{},
		grams: map[string][]int32{}, place: map[string]map[int32]bool{},
	}
	id := func(w string) int32 {
		t, ok := ix.vocab[w]
		if !ok {
			t = int32(len(ix.text))
			ix.vocab[w] = t
			ix.text = append(ix.text, w)
		}
		return t
	}
	for i, in := range ds.Institutions {
		d := int32(i)
		for _, p := range append([]string{in.City}, strings.Split(in.Address(), ",")...) {
			if k := heritage.NormalizeName(p); k != "" {
				if ix.place[k] == nil {
					ix.place[k] = map[int32]bool{}
				}
				ix.place[k][d] = true
			}
		}
		names := []heritage.AltName{{Name: in.Name}}
		names = append(names, in.AltNames()...)
		for _, nm := range slices.Clone(names) {
			if t := transliterated(nm.Name); t != "" {
				names = append(names, heritage.AltName{Name: t, Kind: nm.Kind})
			}
		}
		seen := map[int32]bool{}
	next:
		for _, nm := range names {
			key := Key(nm.Name)
			for _, f := range ix.byDoc[d] {
				if ix.forms[f].key == key {
					continue next
				}
			}
			if key == "" {
				continue
			}
			fm := refForm{doc: d, kind: nm.Kind, key: key, norm: heritage.NormalizeName(nm.Name), words: wordSet(nm.Name)}
			cw := contentWords(analyze(nm.Name))
			for _, w := range cw {
				if t := id(w); !slices.Contains(fm.terms, t) {
					fm.terms = append(fm.terms, t)
				}
			}
			for k := 1; k < len(cw); k++ {
				if t := id(cw[k-1] + cw[k]); !slices.Contains(fm.terms, t) && !slices.Contains(fm.pairs, t) {
					fm.pairs = append(fm.pairs, t)
					fm.parts = append(fm.parts, [2]int32{ix.vocab[cw[k-1]], ix.vocab[cw[k]]})
				}
			}
			f := int32(len(ix.forms))
			for _, t := range append(slices.Clone(fm.terms), fm.pairs...) {
				ix.post[t] = append(ix.post[t], f)
				if !seen[t] {
					seen[t] = true
					ix.df[t]++
				}
			}
			ix.forms = append(ix.forms, fm)
			ix.byDoc[d] = append(ix.byDoc[d], f)
			if !slices.Contains(ix.keys[key], d) {
				ix.keys[key] = append(ix.keys[key], d)
			}
		}
	}
	for t, w := range ix.text {
		if len(w) >= 4 {
			for _, g := range trigrams(w) {
				ix.grams[g] = append(ix.grams[g], int32(t))
			}
		}
	}
	return ix
}

func (ix *refIndex) weight(t int32) float64 {
	w := idf(ix.n, ix.df[t])
	if orgWords[ix.text[t]] {
		w *= orgWeight
	}
	return w
}

func (ix *refIndex) Lookup(name string) []int32 { return ix.keys[Key(name)] }

func (ix *refIndex) Forms(doc int32) []Form {
	var out []Form
	for _, f := range ix.byDoc[doc] {
		out = append(out, Form{Key: ix.forms[f].key, Kind: ix.forms[f].kind})
	}
	return out
}

func (ix *refIndex) Weight(name string) float64 {
	sum := 0.0
	for _, w := range Words(name) {
		if t, ok := ix.vocab[w]; ok {
			sum += ix.weight(t)
		} else {
			sum += idf(ix.n, 0)
		}
	}
	return sum
}

// Search as documented on Index.Search.
func (ix *refIndex) Search(query string, o Options) []Hit {
	if o.Limit <= 0 {
		o.Limit = DefaultLimit
	}
	if len(analyze(query)) == 0 {
		return nil
	}
	q := ix.units(Words(query), false)
	var hint []unit
	if heritage.NormalizeName(o.City) != "" {
		hint = ix.units(Words(o.City), true)
	}
	wq := 0.0
	for _, u := range q {
		wq += u.weight
	}
	if wq == 0 {
		return nil
	}
	// the query's units, rarest first, then the hint's
	posts := func(u unit) int {
		c := 0
		for _, a := range u.alts {
			c += len(ix.post[a.t])
		}
		return c
	}
	order := slices.Clone(q)
	slices.SortStableFunc(order, func(a, b unit) int { return posts(a) - posts(b) })
	acc, hacc := map[int32]float64{}, map[int32]float64{}
	rest := wq
	for _, u := range append(order, hint...) {
		if !u.hint {
			rest -= u.weight
		}
		if !u.hint && (len(acc) < o.Limit || rest+u.weight >= wq/2 || posts(u) <= 4*len(acc)) {
			best := map[int32]float64{}
			for _, a := range u.alts {
				for _, f := range ix.post[a.t] {
					best[f] = max(best[f], a.sim)
				}
			}
			for f, b := range best {
				acc[f] += u.weight * b
			}
			continue
		}
		// a common word or the hint: only the forms found so far
		for f := range acc {
			b := 0.0
			for _, a := range u.alts {
				if slices.Contains(ix.forms[f].terms, a.t) || slices.Contains(ix.forms[f].pairs, a.t) {
					b = max(b, a.sim)
				}
			}
			if u.hint {
				hacc[f] += u.weight * b
			} else {
				acc[f] += u.weight * b
			}
		}
	}
	inCity := ix.place[heritage.NormalizeName(o.City)]
	score := map[int32]float64{}
	for f, a := range acc {
		if a == 0 {
			continue
		}
		fm := &ix.forms[f]
		nc := min(1, (a+hacc[f])/max(ix.formWeight(fm), 1e-9))
		sc := a / wq * (1 + nc) / 2
		if inCity[fm.doc] {
			sc += cityBoost
		}
		if s, ok := score[fm.doc]; !ok || sc > s {
			score[fm.doc] = sc
		}
	}
	docs := make([]int32, 0, len(score))
	for d := range score {
		docs = append(docs, d)
	}
	slices.SortFunc(docs, func(a, b int32) int {
		if score[a] != score[b] {
			if score[a] > score[b] {
				return -1
			}
			return 1
		}
		return int(a - b)
	})
	out := []Hit{}
	for _, d := range docs[:min(len(docs), o.Limit)] {
		var h Hit
		for _, f := range ix.byDoc[d] {
			if acc[f] == 0 {
				continue
			}
			c := ix.align(&ix.forms[f], q, hint, wq, strings.Join(analyze(query), " "))
			c.Literal = ix.forms[f].norm == heritage.NormalizeName(query)
			c.SameWords = ix.forms[f].words == wordSet(query)
			c.Reordered = c.SameWords && allWords(ix.forms[f].norm) == allWords(heritage.NormalizeName(query))
			if h.Key == "" || c.Sim > h.Sim {
				h = c
			}
		}
		h.Doc, h.Score, h.CityMatch = d, score[d], inCity[d]
		out = append(out, h)
	}
	return out
}

func (ix *refIndex) formWeight(fm *refForm) float64 {
	w := 0.0
	for _, t := range fm.terms {
		w += ix.weight(t)
	}
	return w
}

// units are the scoring units of words (see Index.appendUnits).
func (ix *refIndex) units(words []string, hint bool) []unit {
	var out []unit
	for _, w := range words {
		t, known := ix.vocab[w]
		var alts []alt
		if known {
			alts = append(alts, alt{t, 1})
		}
		if !hint && len(w) >= 4 && (!known || ix.df[t] <= 2) {
			edits := 2
			if known {
				edits = 1
			}
			alts = append(alts, ix.near(w, edits)...)
		}
		switch {
		case known:
			out = append(out, unit{weight: ix.weight(t), alts: alts, hint: hint})
		case !hint:
			u := unit{weight: idf(ix.n, 0), alts: alts}
			if orgWords[w] {
				u.weight *= orgWeight
			}
			sim := 0.0 // the nearest spelling's weight, the commoner's on a tie
			for _, a := range alts {
				if a.sim > sim || a.sim == sim && ix.weight(a.t) < u.weight {
					sim, u.weight = a.sim, ix.weight(a.t)
				}
			}
			out = append(out, u)
		}
	}
	for k := 1; k < len(out) && !hint; k++ {
		if t, ok := ix.vocab[words[k-1]+words[k]]; ok {
			out[k-1].alts = append(out[k-1].alts, alt{t, 1})
			out[k].alts = append(out[k].alts, alt{t, 1})
		}
	}
	return out
}

// near are the words within edits of w (one up to eight letters) that
// share enough of its trigrams.
func (ix *refIndex) near(w string, edits int) []alt {
	n := utf8.RuneCountInString(w)
	if n <= 8 {
		edits = 1
	}
	gs := trigrams(w)
	shared := map[int32]int{}
	for _, g := range gs {
		for _, t := range ix.grams[g] {
			if m := utf8.RuneCountInString(ix.text[t]); m >= n-edits && m <= n+edits {
				shared[t]++
			}
		}
	}
	var out []alt
	for t, c := range shared {
		if c < max(2, len(gs)-3*edits-1) {
			continue
		}
		if d := editdist.OSA(w, ix.text[t], edits); d <= edits {
			out = append(out, alt{t, editSim[d]})
		}
	}
	return out
}

// align scores a form against the query's units and the hint's.
func (ix *refIndex) align(fm *refForm, q, hint []unit, wq float64, qkey string) Hit {
	covers := func(a alt, k int) bool { // alternative a covers word k of fm
		if a.t == fm.terms[k] {
			return true
		}
		p := slices.Index(fm.pairs, a.t)
		return p >= 0 && (fm.parts[p][0] == fm.terms[k] || fm.parts[p][1] == fm.terms[k])
	}
	found := func(u unit) float64 {
		b := 0.0
		for _, a := range u.alts {
			if slices.Contains(fm.terms, a.t) || slices.Contains(fm.pairs, a.t) {
				b = max(b, a.sim)
			}
		}
		return b
	}
	mq := 0.0
	for _, u := range q {
		mq += u.weight * found(u)
	}
	h := Hit{Key: fm.key, Kind: fm.kind, Exact: fm.key == qkey, CityInName: len(hint) > 0}
	for _, u := range hint {
		h.CityInName = h.CityInName && found(u) > 0
	}
	mr := 0.0
	for k, t := range fm.terms {
		c := 0.0
		for _, u := range append(slices.Clone(q), hint...) {
			for _, a := range u.alts {
				if covers(a, k) {
					c = max(c, a.sim)
				}
			}
		}
		mr += ix.weight(t) * c
	}
	h.QueryCov, h.NameCov = mq/wq, 1.0
	if w := ix.formWeight(fm); w > 0 {
		h.NameCov = mr / w
	}
	h.Sim = min(h.QueryCov*h.NameCov, 0.99)
	if h.Exact {
		h.Sim = 1
	}
	return h
}
