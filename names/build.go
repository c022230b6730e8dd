package names

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/strtab"
)

// builder holds what New needs only while it builds.
type builder struct {
	ix    *Index
	vocab map[string]int32
	texts []string // term → text
	keys  map[string]int32
	ktext []string  // key → text
	extra numbering // → ix.texts
	kinds numbering
	place map[string][]int32
}

// numbering numbers distinct strings in the order first met.
type numbering struct {
	of   map[string]int32
	list []string
}

func (m *numbering) number(s string) int32 {
	k, ok := m.of[s]
	if !ok {
		if m.of == nil {
			m.of = map[string]int32{}
		}
		k = int32(len(m.list))
		m.of[s] = k
		m.list = append(m.list, s)
	}
	return k
}

// New indexes the names of every record of ds; the record's position in
// ds.Institutions is its doc number.
func New(ds *heritage.Dataset) *Index {
	n := len(ds.Institutions)
	ix := &Index{}
	ix.nDocs = n
	ix.docForms = make([]uint32, n+1)
	ix.fOff = []uint32{0}
	b := &builder{
		ix:    ix,
		kinds: numbering{list: []string{""}, of: map[string]int32{"": 0}},
		vocab: make(map[string]int32, n),
		keys:  make(map[string]int32, n),
		place: make(map[string][]int32, n/8),
	}
	for d := range ds.Institutions {
		in := &ds.Institutions[d]
		ix.docForms[d] = uint32(len(ix.fDoc))
		for _, p := range slices.Concat([]string{in.City}, strings.Split(in.Address(), ",")) {
			if k := heritage.NormalizeName(p); k != "" {
				if ds := b.place[k]; len(ds) == 0 || ds[len(ds)-1] != int32(d) {
					b.place[k] = append(ds, int32(d))
				}
			}
		}
		b.add(int32(d), in.Name, "")
		for _, a := range in.AltNames() {
			b.add(int32(d), a.Name, a.Kind)
		}
		// each name again as typewriters and ASCII exports write
		// German: "Stadtbibliothek Koeln", "Landesamt fuer Denkmalpflege"
		if t := transliterated(in.Name); t != "" {
			b.add(int32(d), t, "")
		}
		for _, a := range in.AltNames() {
			if t := transliterated(a.Name); t != "" {
				b.add(int32(d), t, a.Kind)
			}
		}
	}
	ix.docForms[n] = uint32(len(ix.fDoc))
	// grown by appending: trimmed to their length, a fifth less
	ix.fDoc, ix.fKind, ix.fKey, ix.fData = slices.Clone(ix.fDoc), slices.Clone(ix.fKind), slices.Clone(ix.fKey), slices.Clone(ix.fData)
	ix.fOff, ix.fMid, ix.fNorm, ix.fWords = slices.Clone(ix.fOff), slices.Clone(ix.fMid), slices.Clone(ix.fNorm), slices.Clone(ix.fWords)
	ix.vocab = strtab.New(b.texts)
	ix.df = make([]int32, len(b.texts))
	last := make([]int32, len(b.texts)) // term → 1 + last record counted
	for f := range ix.fDoc {
		d := ix.fDoc[f]
		for _, t := range ix.words(int32(f)) {
			if last[t] != d+1 {
				last[t] = d + 1
				ix.df[t]++
			}
		}
	}
	ix.keys = strtab.New(b.ktext)
	ix.texts, ix.kinds = strtab.New(b.extra.list), strtab.New(b.kinds.list)
	places := make([]string, 0, len(b.place))
	for k := range b.place {
		places = append(places, k)
	}
	slices.Sort(places)
	ix.places = strtab.New(places)
	docs := make([][]int32, len(places))
	for k, p := range places {
		docs[k] = b.place[p]
	}
	ix.placeDocs = newCSR(docs)
	grams := map[uint32][]int32{}
	for t, w := range b.texts {
		if len(w) >= 4 {
			for _, g := range trigrams(w) {
				grams[gramKey(g)] = append(grams[gramKey(g)], int32(t))
			}
		}
	}
	ix.gramKeys = make([]uint32, 0, len(grams))
	for g := range grams {
		ix.gramKeys = append(ix.gramKeys, g)
	}
	slices.Sort(ix.gramKeys)
	lists := make([][]int32, len(ix.gramKeys))
	for k, g := range ix.gramKeys {
		lists[k] = grams[g]
	}
	ix.weigh()
	ix.grams = newGramLists(lists, ix.runeLen)
	ix.derive()
	return ix
}

// add indexes name, of alt_names kind kind ("" for the record's name), of
// record d, unless the record has a name of the same Key.
func (b *builder) add(d int32, name, kind string) {
	ix := b.ix
	words := analyze(name)
	key := strings.Join(words, " ")
	if key == "" {
		return
	}
	kid, ok := b.keys[key]
	if ok && slices.Contains(ix.fKey[ix.docForms[d]:], kid) {
		return
	}
	if !ok {
		kid = int32(len(b.ktext))
		b.keys[key] = kid
		b.ktext = append(b.ktext, key)
	}
	start := len(ix.fData)
	content := contentWords(words)
	ids := make([]int32, len(content))
	for k, w := range content {
		ids[k] = b.term(w)
		if !slices.Contains(ix.fData[start:], ids[k]) {
			ix.fData = append(ix.fData, ids[k])
		}
	}
	mid := len(ix.fData)
	var parts []int32
	for k := 0; k+1 < len(content); k++ {
		t := b.term(content[k] + content[k+1])
		if !slices.Contains(ix.fData[start:], t) {
			ix.fData = append(ix.fData, t)
			parts = append(parts,
				int32(slices.Index(ix.fData[start:mid], ids[k])),
				int32(slices.Index(ix.fData[start:mid], ids[k+1])))
		}
	}
	ix.fData = append(ix.fData, parts...)
	ix.fOff = append(ix.fOff, uint32(len(ix.fData)))
	ix.fMid = append(ix.fMid, uint32(mid))
	ix.fDoc = append(ix.fDoc, d)
	ix.fKind = append(ix.fKind, b.kinds.number(kind))
	ix.fKey = append(ix.fKey, kid)
	ix.fNorm = append(ix.fNorm, b.text(key, heritage.NormalizeName(name)))
	ix.fWords = append(ix.fWords, b.words(key, wordSet(name)))
}

// words is what fWords holds for the word set ws of a form of Key key:
// −1 when ws is the Key's word set (keyWordSet), as it is for every name
// whose Key's words are those analyze gives, else its number in texts.
func (b *builder) words(key, ws string) int32 {
	if ws == keyWordSet(key) {
		return -1
	}
	return b.extra.number(ws)
}

// text is what fNorm holds for s, of a form of Key key.
func (b *builder) text(key, s string) int32 {
	if s == key {
		return -1
	}
	return b.extra.number(s)
}

func (b *builder) term(w string) int32 {
	if t, ok := b.vocab[w]; ok {
		return t
	}
	t := int32(len(b.texts))
	b.vocab[w] = t
	b.texts = append(b.texts, w)
	return t
}

// derive makes what follows from the tables New fills, once weigh has
// made the terms' weights: the terms' postings, the records of each Key,
// the forms' weights, the per-query memory. (A file keeps the postings
// and the Keys' records; Decode makes only the weights.)
func (ix *Index) derive() {
	ix.post = ix.invert(ix.vocab.Len(), ix.words, false)
	ix.keyDocs = ix.invert(ix.keys.Len(), func(f int32) []int32 { return ix.fKey[f : f+1] }, true)
	ix.sumWeights()
}

// weigh makes the terms' weights and lengths in runes.
func (ix *Index) weigh() {
	n, nt := ix.nDocs, ix.vocab.Len()
	ix.zero = idf(n, 0)
	ix.weight = make([]float64, nt)
	ix.runeLen = make([]int32, nt)
	for t := range nt {
		w := ix.vocab.At(int32(t))
		ix.weight[t] = idf(n, int(ix.df[t]))
		if orgWords[w] {
			ix.weight[t] *= orgWeight
		}
		ix.runeLen[t] = int32(utf8.RuneCountInString(w))
	}
}

// sumWeights makes the forms' weights (of the terms' weights) and the
// per-query memory.
func (ix *Index) sumWeights() {
	n, nt, nf := ix.nDocs, ix.vocab.Len(), len(ix.fDoc)
	ix.fWeight = make([]float64, nf)
	for f := range nf {
		for _, t := range ix.terms(int32(f)) {
			ix.fWeight[f] += ix.weight[t]
		}
	}
	ix.pool.New = func() any { return newScratch(nf, n, nt) }
}

// invert lists, for each of n things, the forms that have it (of says
// which things a form has) or, when toDocs, their records.
func (ix *Index) invert(n int, of func(f int32) []int32, toDocs bool) csr {
	c := csr{off: make([]uint32, n+1)}
	last := make([]int32, n) // 1 + the last record listed
	each := func(emit func(x, id int32)) {
		for f := range ix.fDoc {
			id := int32(f)
			if toDocs {
				id = ix.fDoc[f]
			}
			for _, x := range of(int32(f)) {
				if toDocs {
					if last[x] == id+1 {
						continue
					}
					last[x] = id + 1
				}
				emit(x, id)
			}
		}
	}
	each(func(x, _ int32) { c.off[x+1]++ })
	for k := range n {
		c.off[k+1] += c.off[k]
	}
	c.ids = make([]int32, c.off[n])
	next := slices.Clone(c.off[:n])
	clear(last)
	each(func(x, id int32) {
		c.ids[next[x]] = id
		next[x]++
	})
	return c
}

// umlauts writes ä, ö, ü and ß as German does without them.
var umlauts = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss", "ẞ", "SS")

// transliterated returns name with its umlauts and ß written "ae", "oe",
// "ue" and "ss", or "" when it has none.
func transliterated(name string) string {
	if !strings.ContainsAny(name, "äöüÄÖÜßẞ") {
		return ""
	}
	return umlauts.Replace(name)
}
