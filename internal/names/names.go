// Package names is the one name index of the dataset: every name form of
// a record (its name and alt_names: former names, aliases, labels,
// acronyms), normalised for the usual variants, with exact look-up of a
// normalised name and a scored search that finds records from partial,
// reordered, misspelt or compound-split names.
//
// # Normalisation
//
// Key folds a name with heritage.NormalizeName (case, diacritics, punctuation),
// then maps spelling variants to one token (St, St., Saint, Sankt → "st";
// center → "centre"), drops a leading "the" and legal-form words (Ltd,
// Limited, e.V., gGmbH, GmbH, Inc, plc, CIC). Matching works on the
// distinct content words of the key: articles and prepositions ("of",
// "the", "der", "de", …) are left out, so "Abbey Museum" and "Museum of the
// Abbey" have the same words. Words that only say what kind of body runs
// the institution (Trust, Society, Foundation, Verein, Stiftung) weigh a
// tenth of their IDF: "Bagpipe Museum Trust" ≈ "Bagpipe Museum".
//
// # Search
//
// Each query word is one unit with an IDF weight (BM25's
// ln(1+(N−df+0.5)/(df+0.5)) over records). A unit is satisfied by the word
// itself, by a vocabulary word within one edit (two beyond eight letters;
// found through a character-trigram index of the vocabulary and checked
// with the optimal-string-alignment distance) at similarity 0.95 or 0.85,
// and by a compound: two adjacent query words joined ("Stadt Bibliothek"
// finds "Stadtbibliothek") or a query word that equals two adjacent words
// of a name joined (every name also indexes its adjacent word pairs
// joined). A form's score is the weighted share of the query it covers
// (QueryCov) and of its own words the query covers (NameCov), and
// its similarity is their product; words of the
// city hint that occur in the name count as covered on the name side, and
// a record in the hinted city is boosted. Search returns the best forms of
// the best records with both coverages and the similarity.
//
// # Why not a search library
//
// This index answers a narrower question than a search engine and
// has to be fast enough to run under every link, reconciliation row and
// router name look-up: the names of 16k records are ~30k forms and ~25k
// distinct words, small enough for a plain in-memory inverted index
// (postings of form ids per word) and a trigram index over the vocabulary
// only, not over the postings. Fuzzy expansion then costs a few hundred
// trigram look-ups over short lists instead of a fuzzy query over every
// term, and scoring is a single pass over the postings of the query words
// into reusable per-query arrays (no maps, no allocation per posting).
package names

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
)

// Index holds the name forms of a dataset. It is read-only after New and
// safe for concurrent use.
type Index struct {
	nDocs int
	forms []form
	byDoc [][]int32          // record → its forms
	keys  map[string][]int32 // Key → records, ascending
	vocab map[string]int32   // word → term id
	terms []term
	grams map[string][]int32 // trigram of a term (≥ 4 letters) → term ids
	place map[string][]int32 // normalised city or address part → records, ascending
	zero  float64            // IDF of a word in no record
	pool  sync.Pool          // *scratch
}

type term struct {
	text   string
	df     int32   // records
	weight float64 // IDF, reduced for organisation words
	post   []int32 // forms, ascending
	runes  []rune  // text, for words of four letters or more
}

type form struct {
	doc    int32
	kind   string     // "" for the record's name, else the alt_names kind
	key    string     // Key
	norm   string     // heritage.NormalizeName of the name as written
	words  string     // its distinct content words, sorted
	terms  []int32    // distinct content words
	pairs  []int32    // adjacent content words joined, when not a word of the name
	parts  [][2]int32 // the two words of each pair
	weight float64    // Σ weight of terms
}

// Form is one indexed name of a record.
type Form struct {
	Key  string // Key of the name
	Kind string // "" for the name itself, else heritage.Kind*
}

// New indexes the names of every record of ds; the record's position in
// ds.Institutions is its doc number.
func New(ds *heritage.Dataset) *Index {
	n := len(ds.Institutions)
	ix := &Index{
		nDocs: n,
		byDoc: make([][]int32, n),
		keys:  make(map[string][]int32, n+n/2),
		vocab: make(map[string]int32, 4*n),
		grams: make(map[string][]int32),
		place: make(map[string][]int32, n/2),
	}
	dfSeen := map[int32]int32{} // term → 1 + last record counted
	for d := range ds.Institutions {
		in := &ds.Institutions[d]
		for _, p := range slices.Concat([]string{in.City}, strings.Split(in.Address, ",")) {
			if k := heritage.NormalizeName(p); k != "" {
				if ds := ix.place[k]; len(ds) == 0 || ds[len(ds)-1] != int32(d) {
					ix.place[k] = append(ds, int32(d))
				}
			}
		}
		add := func(name, kind string) {
			words := analyze(name)
			key := strings.Join(words, " ")
			if key == "" {
				return
			}
			for _, f := range ix.byDoc[d] {
				if ix.forms[f].key == key {
					return
				}
			}
			fid := int32(len(ix.forms))
			f := form{doc: int32(d), kind: kind, key: key, norm: heritage.NormalizeName(name), words: wordSet(name)}
			content := contentWords(words)
			ids := make([]int32, len(content))
			for k, w := range content {
				ids[k] = ix.term(w)
				if !slices.Contains(f.terms, ids[k]) {
					f.terms = append(f.terms, ids[k])
				}
			}
			for k := 0; k+1 < len(content); k++ {
				t := ix.term(content[k] + content[k+1])
				if !slices.Contains(f.terms, t) && !slices.Contains(f.pairs, t) {
					f.pairs = append(f.pairs, t)
					f.parts = append(f.parts, [2]int32{ids[k], ids[k+1]})
				}
			}
			for _, t := range slices.Concat(f.terms, f.pairs) {
				ix.terms[t].post = append(ix.terms[t].post, fid)
				if dfSeen[t] != int32(d)+1 {
					dfSeen[t] = int32(d) + 1
					ix.terms[t].df++
				}
			}
			ix.forms = append(ix.forms, f)
			ix.byDoc[d] = append(ix.byDoc[d], fid)
			if ks := ix.keys[key]; len(ks) == 0 || ks[len(ks)-1] != int32(d) {
				ix.keys[key] = append(ks, int32(d))
			}
		}
		add(in.Name, "")
		for _, a := range in.AltNames {
			add(a.Name, a.Kind)
		}
	}
	ix.zero = idf(n, 0)
	for t := range ix.terms {
		tt := &ix.terms[t]
		tt.weight = idf(n, int(tt.df))
		if orgWords[tt.text] {
			tt.weight *= orgWeight
		}
		if len(tt.text) >= 4 {
			tt.runes = []rune(tt.text)
			for _, g := range trigrams(tt.text) {
				ix.grams[g] = append(ix.grams[g], int32(t))
			}
		}
	}
	// Trigram lists by word length, so that fuzzy look-ups read only the
	// words of a near length.
	for _, ts := range ix.grams {
		slices.SortFunc(ts, func(a, b int32) int {
			return cmp.Or(len(ix.terms[a].runes)-len(ix.terms[b].runes), int(a-b))
		})
	}
	for f := range ix.forms {
		fm := &ix.forms[f]
		for _, t := range fm.terms {
			fm.weight += ix.terms[t].weight
		}
	}
	ix.pool.New = func() any { return newScratch(len(ix.forms), n, len(ix.terms)) }
	return ix
}

func (ix *Index) term(w string) int32 {
	if t, ok := ix.vocab[w]; ok {
		return t
	}
	t := int32(len(ix.terms))
	ix.vocab[w] = t
	ix.terms = append(ix.terms, term{text: w})
	return t
}

func idf(n, df int) float64 {
	return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
}

// Docs is the number of records indexed.
func (ix *Index) Docs() int { return ix.nDocs }

// Lookup returns the records (doc numbers, ascending) that have a name
// whose Key equals Key(name).
func (ix *Index) Lookup(name string) []int32 {
	return ix.keys[Key(name)]
}

// Forms returns the indexed names of record doc, its name first.
func (ix *Index) Forms(doc int32) []Form {
	out := make([]Form, 0, len(ix.byDoc[doc]))
	for _, f := range ix.byDoc[doc] {
		out = append(out, Form{Key: ix.forms[f].key, Kind: ix.forms[f].kind})
	}
	return out
}

// Weight is the information a name carries: the sum of the IDF weights of
// its distinct content words (a word in no record weighs most).
func (ix *Index) Weight(name string) float64 {
	w := 0.0
	for _, x := range Words(name) {
		if t, ok := ix.vocab[x]; ok {
			w += ix.terms[t].weight
		} else {
			w += ix.zero
		}
	}
	return w
}

// wordSet is the sorted distinct content words of a name, joined.
func wordSet(name string) string {
	w := Words(name)
	slices.Sort(w)
	return strings.Join(w, " ")
}

// Key is the normalised form of a name used for exact look-up.
func Key(name string) string {
	return strings.Join(analyze(name), " ")
}

// Words returns the distinct content words of a name, in order: the words
// of Key without articles and prepositions.
func Words(name string) []string {
	ws := contentWords(analyze(name))
	out := ws[:0]
	for _, w := range ws {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// analyze folds a name into the words of its Key.
func analyze(name string) []string {
	ws := strings.Fields(heritage.NormalizeName(name))
	out := ws[:0]
	for k := 0; k < len(ws); k++ {
		w := ws[k]
		if w == "e" && k+1 < len(ws) && ws[k+1] == "v" {
			k++ // e.V.
			continue
		}
		if legalWords[w] && len(ws) > 1 {
			continue
		}
		if v, ok := variants[w]; ok {
			w = v
		}
		if len(out) == 0 && w == "the" && len(ws) > 1 {
			continue
		}
		out = append(out, w)
	}
	return out
}

func contentWords(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if !stopWords[w] {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return append(out, words...)
	}
	return out
}

var variants = map[string]string{
	"saint": "st", "sankt": "st", "san": "st", "sainte": "ste",
	"center": "centre", "theater": "theatre", "mount": "mt",
}

var legalWords = map[string]bool{
	"ltd": true, "limited": true, "ggmbh": true, "gmbh": true, "inc": true,
	"plc": true, "cic": true, "llc": true, "ev": true,
}

// orgWeight is the share of its IDF an organisation word weighs.
const orgWeight = 0.1

// orgWords say what kind of body runs an institution; they weigh a tenth.
var orgWords = map[string]bool{
	"trust": true, "society": true, "foundation": true, "stiftung": true,
	"verein": true, "association": true, "friends": true, "company": true,
	"co": true,
}

var stopWords = map[string]bool{
	"the": true, "of": true, "and": true, "for": true, "in": true, "at": true,
	"on": true, "a": true, "an": true, "to": true, "de": true, "der": true,
	"die": true, "das": true, "des": true, "den": true, "dem": true, "und": true,
	"fur": true, "im": true, "am": true, "zu": true, "zum": true, "zur": true,
	"von": true, "la": true, "le": true, "les": true, "du": true, "et": true,
	"van": true, "het": true, "en": true, "voor": true, "d": true, "l": true,
}

// trigrams of a word padded with ^ and $.
func trigrams(w string) []string {
	s := "^" + w + "$"
	out := make([]string, 0, len(s))
	for k := 0; k+3 <= len(s); k++ {
		out = append(out, s[k:k+3])
	}
	return out
}
