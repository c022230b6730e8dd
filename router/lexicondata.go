package router

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The router's words live in data files, one per language, under
// lexicon/ (see lexicon/README.md). Each row gives a surface form, the
// table (slot) it belongs to, a value, its language and a weight:
//
//	table <TAB> surface <TAB> value <TAB> lang <TAB> weight
//
// The first line of a file is its format version ("lexicon<TAB>1");
// blank lines and lines starting with "#" are ignored. A file holds the
// rows of one language, named by the file (en.tsv, nl.tsv, de.tsv);
// mul.tsv holds the rows that belong to several languages or to none
// (tables whose words were never told apart by language).

//go:embed lexicon/*.tsv
var lexiconFiles embed.FS

// lexiconFormat is the format version the loader reads.
const lexiconFormat = "1"

// lexiconLangs are the languages a row may have, in the order their files
// are read.
var lexiconLangs = []string{"en", "nl", "de", "mul"}

// Lexicon is the router's vocabulary: every word table the rules read,
// loaded from data files. Build it with LoadLexicon or DefaultLexicon; it
// is read-only afterwards and safe for concurrent use.
type Lexicon struct {
	// subjects are the subject lexicon's entries, in the order of the
	// table subject.terms
	subjects []subjectEntry
	// subjectGroups are the umbrella words of several terms
	subjectGroups        []subjectGroup
	subjectCues          map[string]bool
	subjectCompoundHeads []string
	notSubjects          []string
	narrowerLabels       []string
	// narrowerKeys are the narrowerLabels stemmed (see narrowerKey)
	narrowerKeys map[string]bool

	// the word tables, each filled from the table of its name
	// (bindTables)
	// typeWords maps custodian type words (English, Dutch, German, a
	// few Romance forms) to type codes
	typeWords map[string]string
	// listStarts open list questions
	listStarts map[string]bool
	// negations exclude the type words that follow them
	negations map[string]bool
	// locatives precede a place
	locatives map[string]bool
	// commonWords are words of questions that must never be read as a
	// bare place or a one-word institution name
	commonWords map[string]bool
	// countryNames maps English, Dutch and German country names to ISO
	// codes; countries the data holds no record of are read as
	// themselves, so that the answer says the data places nothing there,
	// and never corrected to a country of the data ("Iceland" is not
	// Ireland)
	countryNames map[string]string
	// nationNames are the Mapping Museums `region` values and their other
	// names
	nationNames map[string]string
	// suffixQualifiers name the admin level of the place before them,
	// prefixQualifiers of the place after them
	suffixQualifiers []levelPhrase
	prefixQualifiers []levelPhrase
	// areaQualifiers name an area around a town that the data does not
	// record ("Landkreis Esslingen", "provincie Utrecht"): the place is
	// read as the town and the places near it
	areaQualifiers []string
	// nearBefore are phrases before a place that ask for what lies in or
	// near it; nearAfter follow the place; nearAnywhere may stand
	// anywhere in the question. Longer phrases first. "close to" and
	// "close by" read as "near to" and "near by" (readCloseAsNear).
	nearBefore   []string
	nearAfter    []string
	nearAnywhere []string
	// a distance from a place: "10 miles of", "5 km van", "20 km von"
	distanceOf    map[string]bool
	distanceUnits map[string]bool
	numberWords   map[string]bool
	// governancePhrases map phrases to governance codes
	governancePhrases map[string][]string
	// governanceNeedsType are governance words that only count right
	// before a type word ("university museums", "national museums"), so
	// that names and bodies are not read as governance
	governanceNeedsType map[string]bool
	accreditationWords  map[string]string
	sizeWords           map[string][]string
	// relation cue phrases
	partOfCues     []string
	operatedByCues []string
	housesCues     []string
	// fillerWords carry no constraint in a heritage question: verbs,
	// pronouns, politeness and trip phrasing in English, Dutch and German
	fillerWords []string
	// topicPreps introduce the topic of a list ("museums about X",
	// "Musea over X", "Museen zum Thema X")
	topicPreps map[string]bool
	// (tables)

	// knownWords are the words the rules understand (see
	// buildKnownWords); fillerSet holds the fillerWords
	knownWords map[string]bool
	fillerSet  map[string]bool
	// partOfCueList and operatedByCueList index partOfCues and
	// operatedByCues; relationTypoCues are the relation cues whose first
	// word is long enough to be read with one typo (see
	// buildRelationTypoCues)
	partOfCueList, operatedByCueList *cueIndex
	relationTypoCues                 []struct{ first, next, rel string }
	// typeWordList is the one-word type vocabulary for typo correction
	typeWordList []string
}

// levelPhrase is a phrase that names the admin level of a place.
type levelPhrase struct{ words, level string }

// lexRow is one row of a lexicon file.
type lexRow struct {
	table, surface, value, lang string
	weight                      float64
	where                       string // file:line
}

// WithLexicon sets the vocabulary the router reads questions with
// (DefaultLexicon when unset). Tables given by WithTables must have been
// derived with the same vocabulary.
func WithLexicon(lex *Lexicon) Option {
	return func(r *Router) {
		if lex != nil {
			r.lex = lex
		}
	}
}

var defaultLexicon = sync.OnceValues(func() (*Lexicon, error) { return LoadLexicon(lexiconFiles) })

// DefaultLexicon returns the vocabulary bundled with the router, parsed
// once.
func DefaultLexicon() *Lexicon {
	lex, err := defaultLexicon()
	if err != nil {
		// the bundled files are checked by the package's tests
		panic(fmt.Sprintf("router: bundled lexicon: %v", err))
	}
	return lex
}

// LoadLexicon reads the lexicon files (lexicon/<lang>.tsv, one per
// language in lexiconLangs; a missing language is no error) from fsys. It
// is strict: a row of an unknown table or language, a duplicate row, a
// bad weight or a table read with the wrong shape is an error.
func LoadLexicon(fsys fs.FS) (*Lexicon, error) {
	var rows []lexRow
	for _, lang := range lexiconLangs {
		name := path.Join("lexicon", lang+".tsv")
		b, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("lexicon: %w", err)
		}
		rs, err := parseLexicon(name, lang, string(b))
		if err != nil {
			return nil, err
		}
		rows = append(rows, rs...)
	}
	return buildLexicon(rows)
}

// parseLexicon reads the rows of one file, whose rows must all be of lang.
func parseLexicon(name, lang, text string) ([]lexRow, error) {
	var rows []lexRow
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	versioned := false
	for sc.Scan() {
		n++
		line := sc.Text()
		where := fmt.Sprintf("%s:%d", name, n)
		if !versioned {
			if line != "lexicon\t"+lexiconFormat {
				return nil, fmt.Errorf("lexicon: %s: first line must be %q, not %q", where, "lexicon\t"+lexiconFormat, line)
			}
			versioned = true
			continue
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			return nil, fmt.Errorf("lexicon: %s: %d columns, want 5 (table, surface, value, lang, weight)", where, len(f))
		}
		if f[0] == "" || f[1] == "" {
			return nil, fmt.Errorf("lexicon: %s: empty table or surface", where)
		}
		if f[3] != lang {
			return nil, fmt.Errorf("lexicon: %s: language %q in the file of %q", where, f[3], lang)
		}
		w, err := strconv.ParseFloat(f[4], 64)
		if err != nil || w <= 0 || math.IsInf(w, 0) || math.IsNaN(w) {
			return nil, fmt.Errorf("lexicon: %s: bad weight %q (want a positive number)", where, f[4])
		}
		rows = append(rows, lexRow{table: f[0], surface: f[1], value: f[2], lang: f[3], weight: w, where: where})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("lexicon: %s: %w", name, err)
	}
	if !versioned {
		return nil, fmt.Errorf("lexicon: %s: empty file, want the line %q", name, "lexicon\t"+lexiconFormat)
	}
	return rows, nil
}

// lexTables are the rows grouped by table, in file order, as the
// Lexicon's fields take them. Each accessor checks the table's shape and
// marks it read; errs collects what went wrong.
type lexTables struct {
	rows map[string][]lexRow
	read map[string]bool
	errs []error
}

func (t *lexTables) take(name string) []lexRow {
	t.read[name] = true
	if len(t.rows[name]) == 0 {
		t.errs = append(t.errs, fmt.Errorf("lexicon: table %s has no rows", name))
	}
	return t.rows[name]
}

// list is a table of surface forms in order, without values.
func (t *lexTables) list(name string) []string {
	var out []string
	for _, r := range t.take(name) {
		if r.value != "" {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: table %s takes no value", r.where, name))
		}
		out = append(out, r.surface)
	}
	return out
}

// set is a table of surface forms without values.
func (t *lexTables) set(name string) map[string]bool {
	out := map[string]bool{}
	for _, w := range t.list(name) {
		out[w] = true
	}
	return out
}

// byValue groups a table's surface forms by value and language, values
// in order of first row.
func (t *lexTables) byValue(name string) (values []string, words map[string]map[string][]string) {
	words = map[string]map[string][]string{}
	for _, r := range t.take(name) {
		if r.value == "" {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: table %s needs a value", r.where, name))
			continue
		}
		if words[r.value] == nil {
			words[r.value] = map[string][]string{}
			values = append(values, r.value)
		}
		words[r.value][r.lang] = append(words[r.value][r.lang], r.surface)
	}
	return values, words
}

// pairs is a table of surface forms with a value each, in order.
func (t *lexTables) pairs(name string) [][2]string {
	var out [][2]string
	for _, r := range t.take(name) {
		if r.value == "" {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: table %s needs a value", r.where, name))
		}
		out = append(out, [2]string{r.surface, r.value})
	}
	return out
}

// dict is a table of surface forms with one value each.
func (t *lexTables) dict(name string) map[string]string {
	out := map[string]string{}
	for _, p := range t.pairs(name) {
		if v, ok := out[p[0]]; ok {
			t.errs = append(t.errs, fmt.Errorf("lexicon: table %s gives %q both %q and %q", name, p[0], v, p[1]))
		}
		out[p[0]] = p[1]
	}
	return out
}

// multi is a table of surface forms with one or more values each.
func (t *lexTables) multi(name string) map[string][]string {
	out := map[string][]string{}
	for _, p := range t.pairs(name) {
		out[p[0]] = append(out[p[0]], p[1])
	}
	return out
}

// ints is a table of surface forms with a whole number each.
func (t *lexTables) ints(name string) map[string]int {
	out := map[string]int{}
	for k, v := range t.dict(name) {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.errs = append(t.errs, fmt.Errorf("lexicon: table %s gives %q the value %q, not a whole number", name, k, v))
		}
		out[k] = n
	}
	return out
}

// buildLexicon checks the rows and binds them to the Lexicon's tables.
func buildLexicon(rows []lexRow) (*Lexicon, error) {
	t := &lexTables{rows: map[string][]lexRow{}, read: map[string]bool{}}
	seen := map[[4]string]string{}
	for _, r := range rows {
		k := [4]string{r.table, r.surface, r.value, r.lang}
		if at, ok := seen[k]; ok {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: duplicate of the row at %s", r.where, at))
			continue
		}
		seen[k] = r.where
		t.rows[r.table] = append(t.rows[r.table], r)
	}
	lex := &Lexicon{}
	lex.bindSubjects(t)
	lex.bindTables(t)
	for name, rs := range t.rows {
		if !t.read[name] {
			t.errs = append(t.errs, fmt.Errorf("lexicon: %s: unknown table %q", rs[0].where, name))
		}
	}
	if len(t.errs) > 0 {
		slices.SortFunc(t.errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
		return nil, errors.Join(t.errs...)
	}
	lex.derive()
	return lex, nil
}

// bindSubjects reads the subject tables: subject.terms orders the terms,
// subject gives each term its words by language, subject.mod its compound
// modifiers; subject.groups orders the umbrella groups (their terms joined
// by "|"), subject.umbrella gives each group its words.
func (lex *Lexicon) bindSubjects(t *lexTables) {
	terms := t.list("subject.terms")
	known := map[string]bool{}
	for _, term := range terms {
		known[term] = true
	}
	_, words := t.byValue("subject")
	_, mods := t.byValue("subject.mod")
	for _, m := range []map[string]map[string][]string{words, mods} {
		for v := range m {
			if !known[v] {
				t.errs = append(t.errs, fmt.Errorf("lexicon: subject term %q is not in subject.terms", v))
			}
		}
	}
	for _, term := range terms {
		w := words[term]
		lex.subjects = append(lex.subjects, subjectEntry{Term: term, EN: w["en"], NL: w["nl"], DE: w["de"], Mods: mods[term]["mul"]})
	}
	groups := t.list("subject.groups")
	knownGroup := map[string]bool{}
	for _, g := range groups {
		knownGroup[g] = true
	}
	_, umbrella := t.byValue("subject.umbrella")
	for v := range umbrella {
		if !knownGroup[v] {
			t.errs = append(t.errs, fmt.Errorf("lexicon: subject group %q is not in subject.groups", v))
		}
	}
	for _, g := range groups {
		w := umbrella[g]
		lex.subjectGroups = append(lex.subjectGroups, subjectGroup{Terms: strings.Split(g, "|"), EN: w["en"], NL: w["nl"], DE: w["de"]})
	}
	lex.subjectCues = t.set("subject.cue")
	lex.subjectCompoundHeads = t.list("subject.compoundhead")
	lex.notSubjects = t.list("subject.not")
	lex.narrowerLabels = t.list("subject.narrower")
}

// bindTables reads the word tables whose name is that of the Lexicon's
// field they fill. A set or list takes no value; a map takes one value
// per surface form, a map to several values takes them in row order, a
// map to numbers takes whole numbers.
func (lex *Lexicon) bindTables(t *lexTables) {
	for name, field := range map[string]any{
		"typeWords":           &lex.typeWords,
		"listStarts":          &lex.listStarts,
		"negations":           &lex.negations,
		"locatives":           &lex.locatives,
		"commonWords":         &lex.commonWords,
		"countryNames":        &lex.countryNames,
		"nationNames":         &lex.nationNames,
		"suffixQualifiers":    &lex.suffixQualifiers,
		"prefixQualifiers":    &lex.prefixQualifiers,
		"areaQualifiers":      &lex.areaQualifiers,
		"nearBefore":          &lex.nearBefore,
		"nearAfter":           &lex.nearAfter,
		"nearAnywhere":        &lex.nearAnywhere,
		"distanceOf":          &lex.distanceOf,
		"distanceUnits":       &lex.distanceUnits,
		"numberWords":         &lex.numberWords,
		"governancePhrases":   &lex.governancePhrases,
		"governanceNeedsType": &lex.governanceNeedsType,
		"accreditationWords":  &lex.accreditationWords,
		"sizeWords":           &lex.sizeWords,
		"partOfCues":          &lex.partOfCues,
		"operatedByCues":      &lex.operatedByCues,
		"housesCues":          &lex.housesCues,
		"fillerWords":         &lex.fillerWords,
		"topicPreps":          &lex.topicPreps,
		// (bind)
	} {
		switch p := field.(type) {
		case *map[string]bool:
			*p = t.set(name)
		case *[]string:
			*p = t.list(name)
		case *map[string]string:
			*p = t.dict(name)
		case *map[string][]string:
			*p = t.multi(name)
		case *map[string]int:
			*p = t.ints(name)
		case *[]levelPhrase:
			for _, r := range t.pairs(name) {
				*p = append(*p, levelPhrase{r[0], r[1]})
			}
		default:
			panic(fmt.Sprintf("lexicon: table %s fills a field of type %T", name, field))
		}
	}
}

// derive builds the look-ups that follow from the tables.
func (lex *Lexicon) derive() {
	lex.buildKnownWords()
	lex.buildRelationCues()
	lex.typeWordList = lex.buildTypeWordList()
	lex.narrowerKeys = map[string]bool{}
	for _, l := range lex.narrowerLabels {
		for _, k := range subjectKeys(l) {
			lex.narrowerKeys[k] = true
		}
	}
}
