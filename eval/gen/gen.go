// Package gen generates robustness sets from the dataset with a fixed
// seed: questions (eval.Question) in English, Dutch and German, with
// paraphrases and noise, and references for entity linking (Reference).
//
// Every gold answer is computed by a plain scan of the records here, never
// by the router, the knowledge graph or the pipeline, so that a product bug
// is not copied into the gold.
//
// # Determinism
//
// The output depends only on the dataset, the seed and n: randomness comes
// from math/rand/v2 with a PCG source seeded from the seed, records are
// visited in id order and maps in sorted key order. The checked-in files
// testdata/generated/questions.jsonl, references.jsonl,
// registry_references.jsonl and paraphrases*.jsonl are regenerated
// with
//
//	go test ./eval/gen -run TestGenerated -update
//
// and compared byte for byte by the same test without -update.
//
// # Questions
//
// A question is made from a frame (a question shape with its gold rule),
// one of several paraphrases in the chosen language (about 60% English,
// 20% Dutch, 20% German) and noise: a one-edit typo in a content word
// (swap, drop, double, or a neighbouring key) on about a quarter of the
// questions, all lower case on some, and shorthand paraphrases ("isil
// Stadtarchiv Stendal?"). Identifiers, years and numbers are never
// misspelt. The frame is in Question.Frame; its families:
//
//   - field_*: one field of a uniquely named record (ISIL, Wikidata id,
//     GND, website, city, postcode, address, type, governance,
//     accreditation, size, status: factual; opening and closing year,
//     former name: temporal), and reverse_* look-ups by identifier
//     (factual, answer = the name).
//   - yesno_*: accredited, has a website, still open, in a city, is a
//     library/museum/archive; true and false cases, answer "yes"/"no",
//     expected = the record (factual).
//   - event_year_*: founded/closed years found only in the record's events
//     (temporal).
//   - pair_*: two named institutions, which opened first, is A older than
//     B, which is bigger (comparative; expected = both, answer = the
//     winner's name or yes/no). Pairs with equal or unknown values are
//     skipped: a tie has no winner to name.
//   - places_compare, places_compare_kind: museums of one subject or of
//     one kind (accredited, small, local-authority …) in two places (comparative,
//     expected = the union of both exact sets; the answer counts per place
//     in the public set's "A: n (…); B: m (…)" form).
//   - count_* (exploratory, answer = the count in digits, expected = the
//     set) and more_* (comparative, answer = the winning place; equal
//     counts are skipped).
//   - rel_*: what X is part of, who runs X, which museum succeeded X
//     (relationship, answer = the name; when the body is itself a record,
//     it is expected and X acceptable). "What was X called before?" is
//     field_former_name: temporal, as the public set labels it.
//   - relset_*: museums run by / part of a body, by the relation the
//     phrase means; members by the other relation are acceptable (the
//     data's part_of and operated_by follow the sources' fields, which
//     users do not see), and so are members of other types when the
//     phrase asks for museums. relset_sites asks for every member
//     ("What are the branches of X?"). As in every list, open members
//     are expected and closed ones acceptable.
//   - place_*: museums by city, county/council area/region with
//     qualifiers, misspelt places, "in or near", "around", day-out
//     phrasing (open museums only); records whose address names the
//     place are acceptable.
//   - subject_*: museums by the data's subject terms, in plain words, as
//     the exact classification and in Dutch and German (collection).
//   - order_*: the oldest or newest museum of a county, council area or
//     region, or its three oldest (exploratory; answer = the name, or
//     the list of three), asked only of areas whose museums are all open
//     and all have one opening year, with no tie at the cut.
//   - group_most: which county of a nation or English region holds the
//     most museums (exploratory; answer = the county, expected = its
//     open museums), asked only of areas whose open museums all state a
//     county, with one county ahead.
//   - place_except: the museums of a county-level area outside one of
//     its towns (exploratory; the town's own museums, by city, district or
//     administrative unit, are left out; closed ones acceptable).
//   - same_town: the institutions of a kind in the same town as a named
//     institution of that town (as place_city).
//   - leading_name: when an institution opened, named by its words up to
//     its first word of a kind of institution where more follows ("the
//     Worthing Museum"), when no other record's names hold those words
//     (temporal, answer = the year).
//   - honesty_*: unknown identifiers of each scheme, institutions and
//     organisations that do not exist, off-topic questions and subjects
//     absent from the data;
//     expected_ids is empty and the answer "".
//
// Set questions whose gold set has more than MaxSet members are skipped.
// List answers follow the public set ("3 museums: A; B; C"); in list
// questions open museums are expected and closed ones acceptable, except
// where the question asks for open ones. Counts and "which has more" are
// asked only of sets whose members are all open, so that the count is not
// in doubt. The data has no German districts (Landkreis), so no question
// names one.
//
// # References
//
// References (see References) cover exact and noisy names, former names
// and aliases, identifiers written the ways people write them (spaced,
// lower-case and padded ISILs; GND with prefixes, as DNB numbers, URLs and
// inside a name; ROR and Wikidata URLs and prefixes), generic names with
// a town, names without their town, spelling variants, shared names with
// and without a town, absent names and identifiers, names up to their
// first word of a kind of institution (leading_words), and names followed
// by their town, or made-up names by a town (name_with_town); names
// abbreviated (abbreviated_name), followed by an address or postcode
// (name_with_address) or with a spreadsheet's noise: quotes, "The", a
// legal form, "Stichting", "(closed)", a QID, another name after a slash
// (spreadsheet_noise), or followed by their country, postal address and
// country, or town and district (name_with_place), or filed as a catalogue
// files them: an article after the name, the town before it or in
// brackets after it (catalogue_form), each with one in four made-up
// names.
//
// # Paraphrases
//
// Paraphrases and HeldOutParaphrases (testdata/generated/paraphrases.jsonl
// and paraphrases_heldout.jsonl) ask needs in many wordings: a need is
// one thing a user wants to know with its gold answer (eval.Question.Need
// groups its wordings, which share intent, expected and acceptable ids
// and answer). Every need is asked in the six English styles
// (eval.Question.Style: question, imperative, keywords, polite or
// indirect, fronted topic, an extra clause that does not change what is
// asked) and in one Dutch and one German wording whose style is drawn
// among those the language has for the need's kind; where a style has
// several templates, one is drawn. There is no noise: the wordings differ
// in words only. The templates are data: data/paraphrase/en.tsv, nl.tsv
// and de.tsv for the main set, data/paraphrase/heldout.tsv for the
// held-out set, whose needs are drawn from another random stream and
// which nothing else reads (it must never be tuned on); the words the
// placeholders take by type (museums, eine Bibliothek …) are in
// data/paraphrase/words.tsv. The kinds of need (eval.Question.Frame), up
// to a quota each, every gold from the records:
//
//   - field_year_opened, field_website, field_isil, field_qid, field_city,
//     field_country (the country code), field_type: one field of a
//     uniquely named record, as field_*.
//   - rel_operated_by, rel_part_of: the one current body of a record by
//     that relation, as rel_*.
//   - relset_members: an organisation's current part_of members of every
//     type (2 to MaxSet), the open ones expected; closed ones, members by
//     operated_by and former members acceptable.
//   - place_city: the museums of a town, as place_city, of towns whose
//     records all come from Mapping Museums (where every record states its
//     town; in the other sources many records name none, so no set by
//     town is complete), one country holds and whose city field is a
//     town's name.
//   - subject_place: the museums of a subject in a county-level area, as
//     subject_* (topic words in each language).
//   - count: how many museums of a kind a county-level area holds, of sets
//     whose members are all open (answer = the count).
//   - order_oldest: the oldest museum of a county-level area, as
//     order_oldest.
//   - more: which of two county-level areas of one level holds more
//     museums of a kind, as more_* (answer = the place).
//   - yesno_city, yesno_type: is the record in a town, is it a museum,
//     library or archive, yes and no in turn.
//   - reverse_isil: which record carries an ISIL (answer = its name).
//   - current_name: the present name of a record asked by a former name
//     that no other record carries (answer = its name).
package gen

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
)

// MaxSet is the largest gold set a generated set question may have.
const MaxSet = 60

// Languages of the generated questions.
const (
	LangEN = "en"
	LangNL = "nl"
	LangDE = "de"
	// LangNeutral is the language of a question with no word of any
	// language, keywords and a name or an identifier alone ("ISIL
	// Ernst-Haeckel-Haus", "GND 4104827-1"): nothing in it tells the
	// asker's language.
	LangNeutral = "neutral"
)

// Noise kinds.
const (
	NoiseNone      = "none"
	NoiseTypo      = "typo"
	NoiseLowercase = "lowercase"
	NoiseShorthand = "shorthand"
)

// newRand returns the generator's random source for seed; salt keeps the
// question and reference streams apart.
func newRand(seed int64, salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), salt))
}

// index holds look-ups over the records, built once per generation.
type index struct {
	recs []*heritage.Institution // id order
	// byName maps a folded name to the records that carry it as their
	// main name.
	byName map[string][]*heritage.Institution
	// anyName maps a folded name to the records that carry it as their
	// main or another name.
	anyName map[string][]*heritage.Institution
	ids     map[string]bool
	// isils, qids, gnds, ghcids and rors count the records that carry
	// each identifier (upper case; ROR ids bare and lower case).
	isils, qids, gnds, ghcids, rors map[string]int
	// bodies holds the folded names of the organisations records are
	// part of or run by, made on first use.
	bodies map[string]bool
	// nameWords[i] is recs[i]'s name as words (see words), between
	// spaces; otherWords[i] the same of each of its other names; cities[i]
	// its city folded (see fold). Each is made on first use.
	nameWords  []string
	otherWords [][]string
	cities     []string
	// addressParts[i] is the parts of recs[i]'s address between commas,
	// folded; made on first use.
	addressParts [][]string
	// nameWordRecs maps each word of the names as words (namesAsWords)
	// to the positions in recs of the records whose name has it, in
	// order; made on first use.
	nameWordRecs map[string][]int
}

// namesAsWords is every record's name as words between spaces, in recs
// order, made once.
func (x *index) namesAsWords() []string {
	if x.nameWords == nil {
		x.nameWords = make([]string, len(x.recs))
		for i, in := range x.recs {
			x.nameWords[i] = " " + words(in.Name) + " "
		}
	}
	return x.nameWords
}

// withNameWords is the positions in recs, in order, of the records whose
// name (as words, see namesAsWords) may hold all of ws: those whose name
// has the word of ws the fewest names have. all is true, and the
// positions nil, when ws is empty: every record may.
func (x *index) withNameWords(ws []string) (at []int, all bool) {
	if len(ws) == 0 {
		return nil, true
	}
	if x.nameWordRecs == nil {
		x.nameWordRecs = map[string][]int{}
		for i, n := range x.namesAsWords() {
			for _, w := range strings.Fields(n) {
				if at := x.nameWordRecs[w]; len(at) == 0 || at[len(at)-1] != i {
					x.nameWordRecs[w] = append(at, i)
				}
			}
		}
	}
	at = x.nameWordRecs[ws[0]]
	for _, w := range ws[1:] {
		if o := x.nameWordRecs[w]; len(o) < len(at) {
			at = o
		}
	}
	return at, false
}

// otherNamesAsWords is, in recs order, every record's other names as
// words between spaces, made once.
func (x *index) otherNamesAsWords() [][]string {
	if x.otherWords == nil {
		x.otherWords = make([][]string, len(x.recs))
		for i, in := range x.recs {
			for _, a := range in.AltNames() {
				x.otherWords[i] = append(x.otherWords[i], " "+words(a.Name)+" ")
			}
		}
	}
	return x.otherWords
}

// foldedAddresses is the parts of every record's address between
// commas, folded, in recs order, made once.
func (x *index) foldedAddresses() [][]string {
	if x.addressParts == nil {
		x.addressParts = make([][]string, len(x.recs))
		for i, in := range x.recs {
			for _, part := range strings.Split(in.Address(), ",") {
				x.addressParts[i] = append(x.addressParts[i], fold(part))
			}
		}
	}
	return x.addressParts
}

// foldedCities is every record's city folded, in recs order, made once.
func (x *index) foldedCities() []string {
	if x.cities == nil {
		x.cities = make([]string, len(x.recs))
		for i, in := range x.recs {
			x.cities[i] = fold(in.City)
		}
	}
	return x.cities
}

func newIndex(ds *heritage.Dataset) *index {
	x := &index{
		byName: map[string][]*heritage.Institution{}, anyName: map[string][]*heritage.Institution{},
		ids: map[string]bool{}, isils: map[string]int{}, qids: map[string]int{}, gnds: map[string]int{},
		ghcids: map[string]int{}, rors: map[string]int{},
	}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		x.recs = append(x.recs, in)
	}
	slices.SortFunc(x.recs, func(a, b *heritage.Institution) int { return cmp.Compare(a.ID, b.ID) })
	for _, in := range x.recs {
		x.ids[in.ID] = true
		k := fold(in.Name)
		x.byName[k] = append(x.byName[k], in)
		seen := map[string]bool{k: true}
		x.anyName[k] = append(x.anyName[k], in)
		for _, a := range in.AltNames() {
			if ak := fold(a.Name); !seen[ak] {
				seen[ak] = true
				x.anyName[ak] = append(x.anyName[ak], in)
			}
		}
		count(x.isils, strings.ToUpper, append([]string{in.ISIL}, in.Identifiers.ISILAll...)...)
		count(x.qids, strings.ToUpper, in.Wikidata, in.Identifiers.Wikidata)
		count(x.gnds, strings.ToUpper, in.Identifiers.GND...)
		count(x.ghcids, strings.ToUpper, in.GHCID)
		count(x.rors, rorID, in.ROR())
	}
	return x
}

// count adds one record's distinct non-empty identifiers, normalised by
// norm, to m.
func count(m map[string]int, norm func(string) string, ids ...string) {
	seen := map[string]bool{}
	for _, s := range ids {
		if s = norm(strings.TrimSpace(s)); s != "" && !seen[s] {
			seen[s] = true
			m[s]++
		}
	}
}

// unique reports whether in is the only record with its name, main or
// other.
func (x *index) unique(in *heritage.Institution) bool {
	return len(x.anyName[fold(in.Name)]) == 1 && strings.TrimSpace(in.Name) != ""
}

// rorID is the bare ROR id of a ROR URL.
func rorID(s string) string {
	s = strings.TrimSuffix(strings.TrimSpace(s), "/")
	if i := strings.LastIndex(s, "/"); i >= 0 {
		s = s[i+1:]
	}
	return strings.ToLower(s)
}

// fold lower-cases s and drops everything but letters and digits, so that
// names differing only in case, spacing or punctuation fold alike.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// shuffled returns a permutation of recs drawn from r; recs is not
// modified.
func shuffled[T any](r *rand.Rand, xs []T) []T {
	out := slices.Clone(xs)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// capped calls mk with quota and keeps at most quota of the items it
// appends to *out.
func capped[T any](out *[]T, quota int, mk func(quota int)) {
	before := len(*out)
	mk(quota)
	if len(*out) > before+quota {
		*out = (*out)[:before+quota]
	}
}

// number gives the items the ids prefix-0001, prefix-0002, … in order.
func number[T any](xs []T, prefix string, id func(*T) *string) {
	for i := range xs {
		*id(&xs[i]) = fmt.Sprintf("%s-%04d", prefix, i+1)
	}
}

// keyNeighbours maps a letter to its neighbours on a QWERTY keyboard.
var keyNeighbours = map[rune]string{
	'q': "wa", 'w': "qes", 'e': "wrd", 'r': "etf", 't': "ryg", 'y': "tuh", 'u': "yij", 'i': "uok", 'o': "ipl", 'p': "ol",
	'a': "qsz", 's': "adw", 'd': "sfe", 'f': "dgr", 'g': "fht", 'h': "gjy", 'j': "hku", 'k': "jli", 'l': "ko",
	'z': "xa", 'x': "zcs", 'c': "xvd", 'v': "cbf", 'b': "vng", 'n': "bmh", 'm': "nj",
}

// stopwords are never misspelt: a typo goes into a content word.
var stopwords = map[string]bool{
	"which": true, "where": true, "there": true, "their": true, "about": true, "welke": true, "welches": true,
	"welcher": true, "welche": true, "zijn": true, "sind": true, "gibt": true, "heeft": true, "hebben": true,
	"what": true, "does": true, "still": true,
}

// typo applies one edit to one content word of s: a word of five or more
// ASCII letters that is not a stop word and not part of a protected value
// (an identifier, a year). ok is false when s has no such word.
func typo(r *rand.Rand, s string, protected []string) (string, bool) {
	type span struct{ from, to int }
	var words []span
	start := -1
	for i := 0; i <= len(s); i++ {
		letter := i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z')
		if letter && start < 0 {
			start = i
		}
		if !letter && start >= 0 {
			// Only whole ASCII words: skip a word that touches a non-ASCII
			// letter or a digit.
			whole := (start == 0 || !isWordByte(s, start-1)) && (i == len(s) || !isWordByte(s, i))
			w := s[start:i]
			if whole && len(w) >= 5 && !stopwords[strings.ToLower(w)] && !inProtected(s, start, i, protected) {
				words = append(words, span{start, i})
			}
			start = -1
		}
	}
	if len(words) == 0 {
		return s, false
	}
	w := pick(r, words)
	word := []byte(s[w.from:w.to])
	// Never touch the first letter: people rarely misspell it.
	pos := 1 + r.IntN(len(word)-1)
	var out []byte
	switch r.IntN(4) {
	case 0: // swap with the next letter
		if pos+1 < len(word) && word[pos] != word[pos+1] {
			out = slices.Clone(word)
			out[pos], out[pos+1] = out[pos+1], out[pos]
		}
	case 1: // drop
		out = slices.Concat(word[:pos], word[pos+1:])
	case 2: // double
		out = slices.Concat(word[:pos+1], word[pos:])
	default: // a neighbouring key
		c := rune(unicode.ToLower(rune(word[pos])))
		if nb, ok := keyNeighbours[c]; ok {
			out = slices.Clone(word)
			out[pos] = nb[r.IntN(len(nb))]
		}
	}
	if out == nil || string(out) == string(word) {
		out = slices.Concat(word[:pos], word[pos+1:])
	}
	return s[:w.from] + string(out) + s[w.to:], true
}

func isWordByte(s string, i int) bool {
	c := s[i]
	if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
		return true
	}
	if c >= utf8.RuneSelf {
		return true // a non-ASCII letter or the tail of one
	}
	return false
}

func inProtected(s string, from, to int, protected []string) bool {
	for _, p := range protected {
		if p == "" {
			continue
		}
		for off := 0; ; {
			i := strings.Index(s[off:], p)
			if i < 0 {
				break
			}
			a, b := off+i, off+i+len(p)
			if from < b && to > a {
				return true
			}
			off = b
		}
	}
	return false
}
