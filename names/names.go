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
//
// # Memory
//
// The index is kept in flat arrays: strings in one blob with offsets and
// an open-addressing hash table, lists in one array with offsets, per-form
// fields in parallel arrays, the vocabulary's trigram lists as differences
// of a byte or two (see gramLists), and a form's normalised name and word
// set only where they differ from its Key. This takes about a quarter of the
// memory of maps of small slices (BenchmarkNew reports the bytes per
// record).
package names

import (
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/strtab"
)

// Index holds the name forms of a dataset. It is read-only after New and
// safe for concurrent use.
type Index struct {
	tables
	zero float64   // IDF of a word in no record
	pool sync.Pool // *scratch
}

// tables are the index proper: flat arrays rather than maps and small
// slices, so that a form costs some 40 bytes besides its words and
// postings. Forms are numbered in record order, terms in the order first
// met.
type tables struct {
	nDocs    int
	docForms []uint32 // the forms of record d are docForms[d] … docForms[d+1]−1

	// per form
	fDoc    []int32
	fKind   []int32   // number of its alt_names kind in kinds ("" is 0)
	fKey    []int32   // number of its Key in keys
	fNorm   []int32   // heritage.NormalizeName of the name as written: −1 when it is the Key, else its number in texts
	fWords  []int32   // its distinct content words, sorted and joined: −1 when they are its Key's (keyWordSet), else their number in texts
	fWeight []float64 // Σ weight of its terms
	// fData[fOff[f]:fMid[f]] are the distinct content words of form f,
	// then come the adjacent content words joined (when not a word of the
	// name: "pairs"), then for each pair the positions of its two words
	// among the form's words.
	fOff  []uint32 // len(forms)+1
	fMid  []uint32
	fData []int32

	keys    strtab.Table // the distinct Keys
	keyDocs csr          // Key → records, ascending
	texts   strtab.Table // the forms' normalised names and word sets that are not their Key
	kinds   strtab.Table // the alt_names kinds, "" first

	vocab   strtab.Table // term → its text
	df      []int32      // term → records
	weight  []float64    // term → IDF, reduced for organisation words
	runeLen []int32      // term → length in runes
	post    csr          // term → forms, ascending

	gramKeys []uint32  // trigrams of terms of four bytes or more, ascending (gramKey)
	grams    gramLists // gramKeys[k] → terms, by length in runes, then number

	places    strtab.Table // normalised city or address part
	placeDocs csr          // place → records, ascending
}

// Form is one indexed name of a record.
type Form struct {
	Key  string // Key of the name
	Kind string // "" for the name itself, else heritage.Kind*
}

func idf(n, df int) float64 {
	return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
}

// Docs is the number of records indexed.
func (ix *Index) Docs() int { return ix.nDocs }

// Lookup returns the records (doc numbers, ascending) that have a name
// whose Key equals Key(name). The caller must not change them.
func (ix *Index) Lookup(name string) []int32 {
	if k, ok := ix.keys.Find(Key(name)); ok {
		return ix.keyDocs.at(int(k))
	}
	return nil
}

// Forms returns the indexed names of record doc, its name first.
func (ix *Index) Forms(doc int32) []Form {
	lo, hi := ix.docForms[doc], ix.docForms[doc+1]
	out := make([]Form, 0, hi-lo)
	for f := lo; f < hi; f++ {
		out = append(out, Form{Key: ix.keys.At(ix.fKey[f]), Kind: ix.kinds.At(ix.fKind[f])})
	}
	return out
}

// Weight is the information a name carries: the sum of the IDF weights of
// its distinct content words (a word in no record weighs most).
func (ix *Index) Weight(name string) float64 {
	w := 0.0
	for _, x := range Words(name) {
		if t, ok := ix.vocab.Find(x); ok {
			w += ix.weight[t]
		} else {
			w += ix.zero
		}
	}
	return w
}

// terms are the distinct content words of form f.
func (ix *Index) terms(f int32) []int32 { return ix.fData[ix.fOff[f]:ix.fMid[f]] }

// words are the terms of form f, then its pairs.
func (ix *Index) words(f int32) []int32 {
	return ix.fData[ix.fOff[f] : ix.fMid[f]+ix.nPairs(f)]
}

// pairs are the pairs of form f.
func (ix *Index) pairs(f int32) []int32 { return ix.fData[ix.fMid[f] : ix.fMid[f]+ix.nPairs(f)] }

// parts are the positions in terms(f) of the two words of pair k of form f.
func (ix *Index) parts(f int32, k int) []int32 {
	at := ix.fMid[f] + ix.nPairs(f) + 2*uint32(k)
	return ix.fData[at : at+2]
}

func (ix *Index) nPairs(f int32) uint32 { return (ix.fOff[f+1] - ix.fMid[f]) / 3 }

// text is what fNorm or fWords holds for form f: k.
func (ix *Index) text(f, k int32) string {
	if k < 0 {
		return ix.keys.At(ix.fKey[f])
	}
	return ix.texts.At(k)
}

// sameWords reports whether form f's word set is set (its words split
// in setWords).
func (ix *Index) sameWords(f int32, set string, setWords []string) bool {
	if k := ix.fWords[f]; k >= 0 {
		return ix.texts.At(k) == set
	}
	return sameWordSet(ix.keys.At(ix.fKey[f]), setWords)
}

// keyWordSet is the sorted distinct content words of a Key, joined: the
// wordSet of the names of that Key.
func keyWordSet(key string) string {
	w := contentWords(strings.Fields(key))
	slices.Sort(w)
	return strings.Join(slices.Compact(w), " ")
}

// sameWordSet reports whether keyWordSet(key) is the word set whose words,
// sorted and distinct, are set, without making it. A Key's words are
// joined by single spaces.
func sameWordSet(key string, set []string) bool {
	if len(set) > 64 {
		return keyWordSet(key) == strings.Join(set, " ")
	}
	var seen uint64
	content, in := false, true // has the Key a word that is no stop word; are all such words in set?
	for rest := key; rest != ""; {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		if stopWords[w] {
			continue
		}
		content = true
		i, ok := slices.BinarySearch(set, w)
		if !ok {
			in = false
			break
		}
		seen |= 1 << i
	}
	if !content { // the Key is stop words only: they all count
		for rest := key; rest != ""; {
			var w string
			w, rest, _ = strings.Cut(rest, " ")
			i, ok := slices.BinarySearch(set, w)
			if !ok {
				return false
			}
			seen |= 1 << i
		}
	}
	return in && bits.OnesCount64(seen) == len(set)
}

// wordSet is the sorted distinct content words of a name, joined.
func wordSet(name string) string {
	w := Words(name)
	slices.Sort(w)
	return strings.Join(w, " ")
}

// allWords is the sorted distinct words of a normalised name, joined,
// folded as Key folds them but with articles and prepositions kept, and
// "and" written one way.
func allWords(norm string) string {
	out := fold(strings.Fields(norm), false)
	for k, w := range out {
		if conjunctions[w] {
			out[k] = "and" // "&" is "and", "und" or "en" as the name is written
		}
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), " ")
}

// conjunctions are "and" in the languages of the data.
var conjunctions = map[string]bool{"and": true, "und": true, "en": true, "et": true}

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
	return fold(strings.Fields(heritage.NormalizeName(name)), true)
}

// fold folds the words of a normalised name in place: "e.V." and legal
// forms left out (unless the name is nothing else), spelling variants
// made one, and, when dropThe is set, a leading "the" dropped.
func fold(ws []string, dropThe bool) []string {
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
		if dropThe && len(out) == 0 && w == "the" && len(ws) > 1 {
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

// gramKey packs a trigram (three bytes) into a number.
func gramKey(g string) uint32 { return uint32(g[0])<<16 | uint32(g[1])<<8 | uint32(g[2]) }
