package router

import (
	"bufio"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// These tests check the lexicon's rows themselves, so that a bad row is
// reported with its file, line, table and surface rather than found by
// an answer going wrong. The frequent words of each language are test
// data (lexicon/wordfreq, see its README).

// bundledRows are the rows of the bundled lexicon files, in file order.
func bundledRows(t testing.TB) []lexRow {
	t.Helper()
	var rows []lexRow
	for _, lang := range lexiconLangs {
		name := "lexicon/" + lang + ".tsv"
		b, err := lexiconFiles.ReadFile(name)
		require.NoError(t, err)
		rs, err := parseLexicon(name, lang, string(b))
		require.NoError(t, err)
		rows = append(rows, rs...)
	}
	return rows
}

// rowsByTable groups rows by table, then by surface as the rules read it
// (folded).
func rowsByTable(rows []lexRow) map[string]map[string][]lexRow {
	out := map[string]map[string][]lexRow{}
	for _, r := range rows {
		if out[r.table] == nil {
			out[r.table] = map[string][]lexRow{}
		}
		k := normalize(r.surface)
		out[r.table][k] = append(out[r.table][k], r)
	}
	return out
}

// frequentLangs are the languages lexicon/wordfreq has a list of.
var frequentLangs = []string{"en", "nl", "de"}

// frequentWords reads the first frequentTop words of
// lexicon/wordfreq/<lang>.txt, one word a line, folded as questions are:
// word → its languages.
func frequentWords(t testing.TB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, lang := range frequentLangs {
		f, err := os.Open("lexicon/wordfreq/" + lang + ".txt")
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		n := 0
		for line := 0; line < frequentTop && sc.Scan(); line++ {
			w := normalize(sc.Text())
			if w == "" || strings.Contains(w, " ") {
				continue
			}
			if !slices.Contains(out[w], lang) {
				out[w] = append(out[w], lang)
			}
			n++
		}
		require.NoError(t, sc.Err())
		require.NoError(t, f.Close())
		require.Greater(t, n, 1000, "lexicon/wordfreq/%s.txt", lang)
	}
	return out
}

// commonWordTables are the lexicon's tables of common words, fillers and
// function words: words of any question, which no typo tolerance may take
// for a row of another table.
var commonWordTables = []string{
	"commonWords", "fillerWords", "placeFuzzyStop", "fuzzyTypeStop", "nearSubjectWords",
	"nameStop", "articles", "copulas", "langCues",
}

// commonWordSources are the common words of the three languages, each
// with where it comes from: a frequent-word list ("nl list") or a table
// of common words ("table commonWords").
func commonWordSources(t testing.TB, rows []lexRow) map[string][]string {
	out := map[string][]string{}
	for w, langs := range frequentWords(t) {
		for _, l := range langs {
			out[w] = append(out[w], l+" list")
		}
	}
	for _, r := range rows {
		if !slices.Contains(commonWordTables, r.table) {
			continue
		}
		for _, w := range strings.Fields(normalize(r.surface)) {
			if src := "table " + r.table; !slices.Contains(out[w], src) {
				out[w] = append(out[w], src)
			}
		}
	}
	return out
}

// typoReader is one place where the router reads the rows of some tables
// with a typo allowed. A collision is a common word that the reader, as
// it runs, takes for one of those rows.
type typoReader struct {
	// name is the function that reads with a typo
	name string
	// tables are the tables whose rows it reads
	tables []string
	// targets are the words it reads with a typo, each with the words
	// around it that must stand as written (a phrase with one word
	// misspelt), and the tolerance of a typed word
	targets func(lex *Lexicon, g *gazetteer) []typoTarget
	// reads reports whether the reader takes the question q, which holds
	// the typed word in place of the target's word, for that target
	reads func(g *gazetteer, tg typoTarget, typed, q string) bool
}

// typoTarget is a word a reader reads with a typo: the word, the phrase
// it stands in (the word alone for a one-word row), the surface of the
// row it comes from and what the reader answers for it.
type typoTarget struct {
	word, phrase, surface, answer string
	// maxEdits is the tolerance for a typed word of n letters
	maxEdits func(n int) int
}

// typed returns the target's phrase with its word replaced by w.
func (tg typoTarget) typed(w string) string {
	words := strings.Fields(tg.phrase)
	for i, x := range words {
		if x == tg.word {
			words[i] = w
			break
		}
	}
	return strings.Join(words, " ")
}

func oneEdit(int) int { return 1 }

// typoEditsAtLeastOne is the tolerance of closestWord and
// closestPlaceWord.
func typoEditsAtLeastOne(n int) int { return max(typoEdits(n), 1) }

// typoReaders are the readers that take a word with a typo for a row
// on its own. The readers of a phrase with one word misspelt (hasNear:
// nearFieldCue, countAsked's phrases) are left out: the phrase's other
// words must stand as written, and in them a common word is likelier a
// slip ("how mans", "founding hate") than meant.
var typoReaders = []typoReader{
	{
		name:   "misspeltFieldWord",
		tables: []string{"fieldCues", "trailingFields"},
		targets: func(lex *Lexicon, _ *gazetteer) []typoTarget {
			var out []typoTarget
			for _, fw := range lex.fuzzyFieldWords {
				out = append(out, typoTarget{word: fw.word, phrase: fw.word, surface: fw.word, answer: fw.field, maxEdits: oneEdit})
			}
			return out
		},
		reads: func(g *gazetteer, tg typoTarget, _, q string) bool {
			return misspeltFieldWord(newScan(q, g.lex)) == tg.answer
		},
	},
	{
		name:   "countAsked",
		tables: []string{"countCues"},
		targets: func(lex *Lexicon, _ *gazetteer) []typoTarget {
			var out []typoTarget
			for _, c := range lex.countCues {
				if !strings.Contains(c, " ") && len(c) >= 6 {
					out = append(out, typoTarget{word: c, phrase: c, surface: c, answer: "count", maxEdits: oneEdit})
				}
			}
			return out
		},
		reads: func(g *gazetteer, _ typoTarget, _, q string) bool { return countAsked(newScan(q, g.lex)) },
	},
	{
		name:   "pairCueWord",
		tables: []string{"pairCues"},
		targets: func(lex *Lexicon, _ *gazetteer) []typoTarget {
			var out []typoTarget
			for _, c := range lex.pairTypoCues {
				out = append(out, typoTarget{word: c.cue, phrase: c.cue, surface: c.cue, answer: c.pair.Attribute, maxEdits: oneEdit})
			}
			return out
		},
		reads: func(g *gazetteer, tg typoTarget, typed, _ string) bool {
			p, ok := g.lex.pairCueWord(typed)
			return ok && p == g.lex.pairCues[tg.surface]
		},
	},
	{
		name:   "relationCue",
		tables: []string{"partOfCues", "operatedByCues"},
		targets: func(lex *Lexicon, _ *gazetteer) []typoTarget {
			var out []typoTarget
			for _, c := range lex.relationTypoCues {
				p := strings.TrimSpace(c.first + " " + c.next)
				out = append(out, typoTarget{word: c.first, phrase: p, surface: p, answer: c.rel, maxEdits: oneEdit})
			}
			return out
		},
		reads: func(g *gazetteer, tg typoTarget, _, q string) bool {
			s := newScan(q, g.lex)
			if s.hasAny(g.lex.partOfCues...) || s.hasAny(g.lex.operatedByCues...) {
				return false // a cue as written
			}
			rel, _ := relationCue(s)
			return rel == tg.answer
		},
	},
	{
		name:   "yesNoStart",
		tables: []string{"yesNoStarts"},
		targets: func(lex *Lexicon, _ *gazetteer) []typoTarget {
			var out []typoTarget
			for w := range lex.yesNoStarts {
				if len(w) >= 4 {
					out = append(out, typoTarget{word: w, phrase: w, surface: w, answer: "yes/no", maxEdits: oneEdit})
				}
			}
			return out
		},
		reads: func(g *gazetteer, _ typoTarget, _, q string) bool { return yesNoStart(newScan(q, g.lex)) },
	},
	{
		name:   "fuzzyType",
		tables: []string{"typeWords"},
		targets: func(lex *Lexicon, _ *gazetteer) []typoTarget {
			var out []typoTarget
			for _, w := range lex.typeWordList {
				out = append(out, typoTarget{word: w, phrase: w, surface: w, answer: w, maxEdits: func(n int) int {
					if n >= 9 {
						return 2
					}
					return 1
				}})
			}
			return out
		},
		reads: func(g *gazetteer, tg typoTarget, typed, _ string) bool {
			w, ok := g.lex.fuzzyType(typed)
			return ok && w == tg.answer
		},
	},
	{
		// correctWords and topicOf correct an unknown word to the nearest
		// topic or cue word
		name:   "closestWord (plainWords)",
		tables: []string{"cueWords", "subject", "subject.umbrella"},
		targets: func(_ *Lexicon, g *gazetteer) []typoTarget {
			return wordTargets(g.plainWords, typoEditsAtLeastOne, nil)
		},
		reads: func(g *gazetteer, tg typoTarget, _, q string) bool { return corrected(g, q, 0) == tg.answer },
	},
	{
		name:   "correctWords (swapCueWords)",
		tables: []string{"swapCueWords"},
		targets: func(lex *Lexicon, _ *gazetteer) []typoTarget {
			return wordTargets(lex.swapCueWords, oneEdit, nil)
		},
		reads: func(g *gazetteer, tg typoTarget, _, q string) bool { return corrected(g, q, 0) == tg.answer },
	},
	{
		// a word read as part of a place ("London Borugh of Bexley")
		name:   "closestPlaceWord (qualifierWords)",
		tables: []string{"qualifierWords"},
		targets: func(lex *Lexicon, _ *gazetteer) []typoTarget {
			return wordTargets(lex.qualifierWords, typoEditsAtLeastOne, func(w string) bool {
				return !strings.Contains(w, " ") && len(w) >= 5
			})
		},
		reads: func(g *gazetteer, tg typoTarget, _, q string) bool { return corrected(g, "in "+q, 1) == tg.answer },
	},
}

// wordTargets are the words that keep passes (all when keep is nil), each
// read as itself.
func wordTargets(words []string, edits func(n int) int, keep func(string) bool) []typoTarget {
	var out []typoTarget
	for _, w := range words {
		if keep == nil || keep(w) {
			out = append(out, typoTarget{word: w, phrase: w, surface: w, answer: w, maxEdits: edits})
		}
	}
	return out
}

// corrected is word i of q after the typo pass of correctWords, or ""
// when the pass left it as typed.
func corrected(g *gazetteer, q string, i int) string {
	s := newScan(q, g.lex)
	g.correctWords(s)
	if i >= len(s.toks) || s.toks[i].orig == "" {
		return ""
	}
	return s.toks[i].norm
}

// typoCollision is a common word a typo reader takes for a row.
type typoCollision struct {
	reader, common, target string
	sources                []string
	rows                   []lexRow
}

func (c typoCollision) String() string {
	var where []string
	for _, r := range c.rows {
		where = append(where, fmt.Sprintf("%s %s %q", r.where, r.table, r.surface))
	}
	if len(where) == 0 {
		where = append(where, "no row (a word the data derives)")
	}
	return fmt.Sprintf("%s: the common word %q (%s) is read as %q: %s", c.reader, c.common, strings.Join(c.sources, ", "), c.target, strings.Join(where, "; "))
}

// typoCollisions runs each reader on every common word within its
// tolerance of a word it reads.
func typoCollisions(t testing.TB, lex *Lexicon, g *gazetteer, rows []lexRow, readers []typoReader) []typoCollision {
	t.Helper()
	common := commonWordSources(t, rows)
	near := newDeletionIndex(common)
	tables := rowsByTable(rows)
	var out []typoCollision
	for _, rd := range readers {
		// a word read exactly by the reader is no typo
		exact := func(phrase string) bool {
			return slices.ContainsFunc(rd.tables, func(tb string) bool { return len(tables[tb][phrase]) > 0 })
		}
		for _, tg := range rd.targets(lex, g) {
			for _, w := range near.within(tg.word) {
				maxD := tg.maxEdits(len(w))
				q := tg.typed(w)
				if w == tg.word || abs(len(w)-len(tg.word)) > maxD || exact(q) || osa(w, tg.word, maxD) > maxD || !rd.reads(g, tg, w, q) {
					continue
				}
				c := typoCollision{reader: rd.name, common: w, target: tg.surface, sources: common[w]}
				for _, tb := range rd.tables {
					c.rows = append(c.rows, tables[tb][tg.surface]...)
					if len(tables[tb][tg.surface]) == 0 && strings.HasPrefix(tb, "subject") {
						c.rows = append(c.rows, subjectRowsKeyed(tables[tb], tg.surface)...)
					}
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// deletionIndex finds the words within a typo of a word without
// comparing it with every one: two words within d edits (a swap of
// neighbours counting as one) share a form with at most d letters
// deleted from each. A typed word has two edits from nine letters on
// (typoEdits), one below, so an indexed word keeps forms with two letters
// deleted from nine letters on, and a word looked up from seven.
type deletionIndex map[string][]string

func newDeletionIndex(words map[string][]string) deletionIndex {
	x := deletionIndex{}
	for w := range words {
		for _, k := range deletions(w, editsFrom(w, 9)) {
			x[k] = append(x[k], w)
		}
	}
	return x
}

// editsFrom is 2 for a word of n letters or more, else 1.
func editsFrom(w string, n int) int {
	if len(w) >= n {
		return 2
	}
	return 1
}

// within returns the words that may lie within a typo of w, sorted; the
// caller measures the distance.
func (x deletionIndex) within(w string) []string {
	var out []string
	for _, k := range deletions(w, editsFrom(w, 7)) {
		out = append(out, x[k]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// deletions are w and the forms of w with up to d letters deleted.
func deletions(w string, d int) []string {
	out := []string{w}
	seen := map[string]bool{w: true}
	for level := out; d > 0; d-- {
		var next []string
		for _, v := range level {
			for i := range len(v) {
				if k := v[:i] + v[i+1:]; !seen[k] {
					seen[k] = true
					next = append(next, k)
				}
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

// subjectRowsKeyed are the rows of a subject table whose surface the
// subject index keys as k (stemmed, umlauts folded either way).
func subjectRowsKeyed(bySurface map[string][]lexRow, k string) []lexRow {
	var out []lexRow
	for _, rs := range bySurface {
		for _, r := range rs {
			if slices.Contains(subjectKeys(r.surface), k) {
				out = append(out, r)
			}
		}
	}
	slices.SortFunc(out, func(a, b lexRow) int { return strings.Compare(a.where, b.where) })
	return out
}

// No reader that allows a typo takes a common word of English, Dutch or
// German for a row of another word. A collision is resolved by the row
// (a row that is wrong, or a word that should be read as written: a row
// of its own in the same table) or by a typoStop row for the common word,
// in the file of its language.
func TestLexiconTypoCollisions(t *testing.T) {
	r := newTestRouter(t)
	for _, c := range typoCollisions(t, r.lex, r.g, bundledRows(t), typoReaders) {
		t.Error(c)
	}
}

// The check finds a collision: a Dutch pair cue "zorgen" is within a
// typo of "morgen" (tomorrow), a frequent Dutch word.
func TestLexiconTypoCollisionFound(t *testing.T) {
	b, err := lexiconFiles.ReadFile("lexicon/nl.tsv")
	require.NoError(t, err)
	fsys := lexFS(t, "nl", string(b)+"pairCues\tzorgen\topened\tnl\t1\n")
	lex, err := LoadLexicon(fsys)
	require.NoError(t, err)
	var rows []lexRow
	for _, lang := range lexiconLangs {
		name := "lexicon/" + lang + ".tsv"
		rs, err := parseLexicon(name, lang, string(fsys[name].Data))
		require.NoError(t, err)
		rows = append(rows, rs...)
	}
	i := slices.IndexFunc(typoReaders, func(rd typoReader) bool { return rd.name == "pairCueWord" })
	got := typoCollisions(t, lex, &gazetteer{lex: lex}, rows, typoReaders[i:i+1])
	i = slices.IndexFunc(got, func(c typoCollision) bool { return c.common == "morgen" })
	require.GreaterOrEqual(t, i, 0, "collisions: %v", got)
	require.Regexp(t, `the common word "morgen" \(nl list.*\) is read as "zorgen": lexicon/nl\.tsv:\d+ pairCues "zorgen"`, got[i].String())
}

// rawTables are matched against the question as written, in any case
// (a pattern built from their rows: idSchemeCues, radiusCues, …): their
// rows are lower case but keep what the pattern must see ("nr.").
// notWordTables hold no words of questions but names of the data: the
// admin levels (unqualifiedLevels) and record fields (unrecordedFields).
var (
	rawTables     = []string{"idSchemeCues", "idNouns", "radiusCues", "radiusUnits"}
	notWordTables = []string{"unqualifiedLevels", "unrecordedFields"}
)

// isSubjectTable reports the tables the subject index reads, which fold
// their surfaces themselves ("Römer", "Roman Britain").
func isSubjectTable(table string) bool {
	return table == "subject" || strings.HasPrefix(table, "subject.")
}

// foldingErrors are the rows of the tables the rules read token by token
// whose surfaces are not folded as the tokens are: lower case, no
// diacritics, no apostrophes, words of letters and digits joined by one
// space. Such a row is never read ("ältest" is never a token; "altest"
// is).
func foldingErrors(rows []lexRow) []string {
	var out []string
	for _, r := range rows {
		switch {
		case isSubjectTable(r.table) || slices.Contains(notWordTables, r.table):
		case slices.Contains(rawTables, r.table):
			if low := strings.ToLower(r.surface); r.surface != low || strings.TrimSpace(r.surface) != r.surface {
				out = append(out, fmt.Sprintf("%s %s %q: a pattern's row, write it in lower case without spaces around it: %q", r.where, r.table, r.surface, strings.TrimSpace(low)))
			}
		default:
			if f := normalize(r.surface); f != r.surface {
				out = append(out, fmt.Sprintf("%s %s %q: the rules read tokens folded; write %q", r.where, r.table, r.surface, f))
			}
		}
	}
	return out
}

func TestLexiconRowsFolded(t *testing.T) {
	for _, e := range foldingErrors(bundledRows(t)) {
		t.Error(e)
	}
}

// rowKey is what makes two rows the same: the table, the surface as read
// and the value. A language file's row and a mul.tsv row are the same row
// of one table; the rows of two language files are not (the word is of
// both), nor, in the tables read by language (subject, langCues), rows of
// two languages.
func rowKey(r lexRow) [4]string {
	surface := normalize(r.surface)
	switch {
	case slices.Contains(rawTables, r.table) || slices.Contains(notWordTables, r.table):
		surface = strings.ToLower(r.surface)
	case isSubjectTable(r.table):
		// both umlaut foldings: "Kloster" and "Klöster" differ
		surface += "|" + joinTokens(tokenize(r.surface, true))
	}
	lang := r.lang
	if lang == "mul" {
		lang = ""
	}
	return [4]string{r.table, surface, r.value, lang}
}

// duplicateRows are the rows that repeat an earlier one as the rules
// read it: the same table, surface (folded) and value, in the same file
// or in mul.tsv and a language's file.
func duplicateRows(rows []lexRow) []string {
	var out []string
	seen := map[[4]string]string{}
	for _, r := range rows {
		k := rowKey(r)
		keys := [][4]string{k}
		if k[3] == "" {
			for _, l := range frequentLangs {
				keys = append(keys, [4]string{k[0], k[1], k[2], l})
			}
		} else {
			keys = append(keys, [4]string{k[0], k[1], k[2], ""})
		}
		for _, x := range keys {
			if at, ok := seen[x]; ok {
				out = append(out, fmt.Sprintf("%s %s %q: the same row as %s", r.where, r.table, r.surface, at))
				break
			}
		}
		seen[k] = r.where
	}
	return out
}

func TestLexiconNoDuplicateRows(t *testing.T) {
	for _, e := range duplicateRows(bundledRows(t)) {
		t.Error(e)
	}
}

// sharedWords are words of a language file's rows that the word list
// of that language misses but another's holds (testdata/lexiconrows/
// sharedwords.tsv: word, language, why).
func sharedWords(t testing.TB) map[[2]string]bool {
	t.Helper()
	b, err := os.ReadFile("testdata/lexiconrows/sharedwords.tsv")
	require.NoError(t, err)
	out := map[[2]string]bool{}
	for n, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 3, "testdata/lexiconrows/sharedwords.tsv:%d: want word, language, why", n+1)
		out[[2]string{normalize(f[0]), f[1]}] = true
	}
	return out
}

// languageErrors are the rows of en.tsv, nl.tsv or de.tsv whose every
// word is a frequent word of another language only (freq: the word lists
// of lexicon/wordfreq), unless shared says the word is of both.
func languageErrors(rows []lexRow, freq map[string][]string, shared map[[2]string]bool) []string {
	var out []string
	for _, r := range rows {
		if !slices.Contains(frequentLangs, r.lang) {
			continue
		}
		var foreign []string
		words := strings.Fields(normalize(r.surface))
		for _, w := range words {
			if langs := freq[w]; len(langs) > 0 && !slices.Contains(langs, r.lang) && !shared[[2]string{w, r.lang}] {
				foreign = append(foreign, fmt.Sprintf("%q is %s", w, strings.Join(langs, ", ")))
			}
		}
		if len(foreign) > 0 && len(foreign) == len(words) {
			out = append(out, fmt.Sprintf("%s %s %q: a row of %s.tsv, but %s: move it to that file (or mul.tsv), or list the word in testdata/lexiconrows/sharedwords.tsv",
				r.where, r.table, r.surface, r.lang, strings.Join(foreign, "; ")))
		}
	}
	return out
}

func TestLexiconRowLanguage(t *testing.T) {
	for _, e := range languageErrors(bundledRows(t), frequentWords(t), sharedWords(t)) {
		t.Error(e)
	}
}

// subjectTables are the tables bindSubjects reads; every other table is
// the field of its name tagged `lexicon:"table"`.
var subjectTables = []string{
	"subject.terms", "subject", "subject.mod", "subject.groups", "subject.umbrella",
	"subject.cue", "subject.compoundhead", "subject.not", "subject.narrower",
}

// tableErrors are the tables with rows but no field of Lexicon (nor a
// subject table), and the fields tagged `lexicon:"table"` with no rows.
func tableErrors(rows []lexRow) []string {
	fields := map[string]bool{}
	typ := reflect.TypeOf(Lexicon{})
	for i := range typ.NumField() {
		if f := typ.Field(i); f.Tag.Get("lexicon") == "table" {
			fields[f.Name] = true
		}
	}
	for _, name := range subjectTables {
		fields[name] = true
	}
	first := map[string]lexRow{}
	for _, r := range rows {
		if _, ok := first[r.table]; !ok {
			first[r.table] = r
		}
	}
	var out []string
	for table, r := range first {
		if !fields[table] {
			out = append(out, fmt.Sprintf("%s %s %q: no field of Lexicon is tagged for table %s (router/lexicondata.go)", r.where, table, r.surface, table))
		}
	}
	for name := range fields {
		if _, ok := first[name]; !ok {
			out = append(out, fmt.Sprintf("Lexicon.%s (router/lexicondata.go): no row of table %s in lexicon/*.tsv", name, name))
		}
	}
	slices.Sort(out)
	return out
}

func TestLexiconTablesAndFields(t *testing.T) {
	for _, e := range tableErrors(bundledRows(t)) {
		t.Error(e)
	}
}

// tableConflict is a pair of tables whose meanings exclude each other
// (testdata/lexiconrows/conflicts.tsv).
type tableConflict struct{ a, b, why string }

func tableConflicts(t testing.TB) []tableConflict {
	t.Helper()
	b, err := os.ReadFile("testdata/lexiconrows/conflicts.tsv")
	require.NoError(t, err)
	var out []tableConflict
	for n, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 3, "testdata/lexiconrows/conflicts.tsv:%d: want table, table, why", n+1)
		out = append(out, tableConflict{f[0], f[1], f[2]})
	}
	return out
}

// conflictErrors are the surfaces that are rows of both tables of a
// conflicting pair.
func conflictErrors(rows []lexRow, conflicts []tableConflict) []string {
	tables := rowsByTable(rows)
	var out []string
	for _, c := range conflicts {
		for surface, rs := range tables[c.a] {
			for _, other := range tables[c.b][surface] {
				out = append(out, fmt.Sprintf("%s %s %q and %s %s %q: the tables exclude each other (%s)",
					rs[0].where, c.a, rs[0].surface, other.where, c.b, other.surface, c.why))
			}
		}
	}
	slices.Sort(out)
	return out
}

// No surface sits in two tables whose meanings exclude each other.
func TestLexiconTableConflicts(t *testing.T) {
	conflicts := tableConflicts(t)
	tables := rowsByTable(bundledRows(t))
	for _, c := range conflicts {
		require.NotEmpty(t, tables[c.a], "testdata/lexiconrows/conflicts.tsv: no table %s", c.a)
		require.NotEmpty(t, tables[c.b], "testdata/lexiconrows/conflicts.tsv: no table %s", c.b)
	}
	for _, e := range conflictErrors(bundledRows(t), conflicts) {
		t.Error(e)
	}
}

// Each check fails on a bad row and names its file, line, table and
// surface.
func TestLexiconRowChecksFail(t *testing.T) {
	rows, err := parseLexicon("lexicon/nl.tsv", "nl", "lexicon\t1\n"+
		"historyCues\tälteste\t\tnl\t1\n"+ // 2: not folded
		"openWords\tgeopend\t\tnl\t1\n"+ // 3
		"openWords\tGeopend\t\tnl\t1\n"+ // 4: not folded, a duplicate of 3
		"closeWords\tgeopend\t\tnl\t1\n"+ // 5: conflicts with 3
		"listStarts\twhich\t\tnl\t1\n"+ // 6: English
		"noSuchTable\tx\t\tnl\t1\n") // 7: no field
	require.NoError(t, err)
	require.Equal(t, []string{
		`lexicon/nl.tsv:2 historyCues "älteste": the rules read tokens folded; write "alteste"`,
		`lexicon/nl.tsv:4 openWords "Geopend": the rules read tokens folded; write "geopend"`,
	}, foldingErrors(rows))
	require.Equal(t, []string{`lexicon/nl.tsv:4 openWords "Geopend": the same row as lexicon/nl.tsv:3`}, duplicateRows(rows))
	require.Equal(t, []string{`lexicon/nl.tsv:3 openWords "geopend" and lexicon/nl.tsv:5 closeWords "geopend": the tables exclude each other (opening and closing)`},
		conflictErrors(rows, []tableConflict{{"openWords", "closeWords", "opening and closing"}}))
	lang := languageErrors(rows, frequentWords(t), nil)
	require.Len(t, lang, 1)
	require.Contains(t, lang[0], `lexicon/nl.tsv:6 listStarts "which": a row of nl.tsv, but "which" is en`)
	require.Contains(t, tableErrors(rows), `lexicon/nl.tsv:7 noSuchTable "x": no field of Lexicon is tagged for table noSuchTable (router/lexicondata.go)`)
	require.Contains(t, tableErrors(rows), `Lexicon.typeWords (router/lexicondata.go): no row of table typeWords in lexicon/*.tsv`)
}
