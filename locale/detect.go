package locale

import (
	"bufio"
	"bytes"
	"cmp"
	"embed"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:embed words/*.txt
var wordFiles embed.FS

// Words tells a text's language from its function words: the articles,
// pronouns, prepositions, auxiliaries and question words of English,
// Dutch and German (words/<lang>.txt), and a few cue words. It is
// read-only and safe for concurrent use.
type Words struct {
	// langs maps a word to the languages whose files list it.
	langs map[string][]Lang
	// endings are the word endings of compounds ("-museen"), with the
	// languages whose files list them, longest first.
	endings []ending
	// joiners are the words that join the words of a name
	// (words/joiners.txt).
	joiners map[string]bool
	// long are the listed words a typo may be read as, in a fixed order.
	long []listedWord
}

type listedWord struct {
	runes []rune
	langs []Lang
}

type ending struct {
	suffix string
	langs  []Lang
}

// minStem is the least a compound holds before a listed ending.
const minStem = 3

var defaultWords = sync.OnceValues(func() (*Words, error) { return LoadWords(wordFiles) })

// DefaultWords are the function words bundled with the package.
func DefaultWords() *Words {
	w, err := defaultWords()
	if err != nil {
		// the bundled files are checked by the package's tests
		panic(fmt.Sprintf("locale: bundled words: %v", err))
	}
	return w
}

// LoadWords reads words/en.txt, nl.txt, de.txt and joiners.txt from fsys:
// one lower-case word a line, "#" comments and blank lines skipped; a
// line "-museen" is the ending of compounds ("Textilmuseen"). It is
// strict: a word twice in one file, a word with a space, a digit or a
// capital, or a missing file is an error.
func LoadWords(fsys fs.FS) (*Words, error) {
	w := &Words{langs: map[string][]Lang{}, joiners: map[string]bool{}}
	endings := map[string][]Lang{}
	for _, l := range Langs {
		err := readWords(fsys, "words/"+string(l)+".txt", func(word string) {
			if s, ok := strings.CutPrefix(word, "-"); ok {
				endings[s] = append(endings[s], l)
				return
			}
			w.langs[word] = append(w.langs[word], l)
		})
		if err != nil {
			return nil, err
		}
	}
	for s, langs := range endings {
		w.endings = append(w.endings, ending{suffix: s, langs: langs})
	}
	slices.SortFunc(w.endings, func(a, b ending) int {
		return cmp.Or(len(b.suffix)-len(a.suffix), strings.Compare(a.suffix, b.suffix))
	})
	err := readWords(fsys, "words/joiners.txt", func(word string) { w.joiners[word] = true })
	if err != nil {
		return nil, err
	}
	for _, word := range slices.Sorted(maps.Keys(w.langs)) {
		if utf8.RuneCountInString(word) >= minTypoRunes {
			w.long = append(w.long, listedWord{runes: []rune(word), langs: w.langs[word]})
		}
	}
	return w, nil
}

// readWords calls add with each word of the file name.
func readWords(fsys fs.FS, name string, add func(word string)) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("locale: %w", err)
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		word := strings.TrimSpace(sc.Text())
		if word == "" || strings.HasPrefix(word, "#") {
			continue
		}
		letters := strings.TrimPrefix(word, "-")
		switch {
		case !utf8.ValidString(word) || letters == "" || strings.ContainsFunc(letters, func(r rune) bool { return !unicode.IsLetter(r) }):
			return fmt.Errorf("locale: %s:%d: %q is not one word of letters", name, n, word)
		case strings.ToLower(word) != word:
			return fmt.Errorf("locale: %s:%d: %q is not lower case", name, n, word)
		case seen[word]:
			return fmt.Errorf("locale: %s:%d: %q is listed twice", name, n, word)
		}
		seen[word] = true
		add(word)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("locale: %s: %w", name, err)
	}
	return nil
}

// Score is the evidence for each language in a text: the sum, over its
// words, of each word's weight shared among the languages it belongs to.
type Score map[Lang]float64

// Best is the language with the most evidence, and whether there is any
// and it is not a tie for the first place (else EN, false).
func (s Score) Best() (Lang, bool) {
	best, top, tie := EN, 0.0, false
	for _, l := range Langs {
		switch v := s[l]; {
		case v > top:
			best, top, tie = l, v, false
		case v == top && v > 0:
			tie = true
		}
	}
	if top == 0 || tie {
		return EN, false
	}
	return best, true
}

// MaxDetectBytes is how much of a text Score reads.
const MaxDetectBytes = 4096

// The weight of a word's evidence. A listed word weighs 1; a joiner
// (words/joiners.txt: the articles and prepositions names are made of,
// "der", "van", "of") weighs less, for it is as likely to belong to a
// name as to the sentence; so does the ending of a compound ("-museen"),
// which names end in as often as questions do, and a word one edit away
// from a listed one ("gesloteen", "Staaat"), read so only in a question,
// where typos are.
const (
	wordWeight   = 1.0
	joinerWeight = 0.5
	endingWeight = 0.5
	typoWeight   = 0.5
)

// minTypoRunes is the shortest word read as a typo of a listed word, and
// the shortest listed word it may be a typo of: one edit turns a short
// word into another word ("dat", "das").
const minTypoRunes = 5

// Score counts the words of text that show a language, leaving out web
// addresses, what stands in quotes ("…", “…”, „…“, «…», ‘…’), identifiers
// and abbreviations, the lower-case words inside a run of capitalised
// words, which belong to a name ("Haus der Geschichte", "Museum van de
// Twentse Welvaart"), and compounds written capitalised inside the text
// ("ISIL of Bauernmuseum Mühlhausen"), which are names too. ignore are
// further spans to leave out (the names of the institutions an answer
// names; the longest first). Only listed words count: Score reads
// answers, whose words are spelt right.
func (w *Words) Score(text string, ignore ...string) Score {
	return w.score(text, false, false, ignore)
}

// score is Score; typos also counts a word one edit away from a listed
// one, when it is in lower case or begins the text (a capitalised word
// inside it is a name's).
func (w *Words) score(text string, typos, compounds bool, ignore []string) Score {
	if len(text) > MaxDetectBytes {
		text = text[:MaxDetectBytes]
	}
	// the longest span first: a name may hold another ("Grampound with
	// Creed Heritage Centre", "Grampound")
	ignore = slices.SortedStableFunc(slices.Values(ignore), func(a, b string) int { return len(b) - len(a) })
	for _, s := range ignore {
		if s != "" {
			text = strings.ReplaceAll(text, s, " ")
		}
	}
	toks := slices.DeleteFunc(tokens(unquoted(withoutURLs(text))), acronym)
	score := Score{}
	for i, t := range toks {
		lower := strings.ToLower(t)
		inside := i > 0 && lower != t // capitalised, and not the first word
		weight := wordWeight
		langs := w.langs[lower]
		switch {
		case len(langs) > 0:
			if w.inName(toks, i) {
				continue
			}
			if w.joiners[lower] {
				weight = joinerWeight
			}
		case inside && !compounds:
			continue
		default:
			if langs = w.endingOf(lower); len(langs) > 0 {
				weight = endingWeight
			} else if typos {
				langs, weight = w.typoOf(lower), typoWeight
			}
		}
		for _, l := range langs {
			score[l] += weight / float64(len(langs))
		}
	}
	return score
}

// Language tells the language a text (an answer) is written in from its
// words, leaving out quoted text, identifiers and the spans in ignore
// (the names of the institutions it names, which keep their own
// language). ok is false when the words show no language, or a tie.
func (w *Words) Language(text string, ignore ...string) (l Lang, ok bool) {
	return w.Score(text, ignore...).Best()
}

// Detect is the language of a question: the one its words show, a word
// one edit away from a listed one counted too ("Staaat … in Holt?"), and
// EN when they show none, or a tie. A question of keywords and a name
// alone ("ISIL Ernst-Haeckel-Haus") shows none: the name's language is
// not the asker's.
func (w *Words) Detect(question string) Lang {
	l, _ := w.DetectShown(question)
	return l
}

// DetectBesides is DetectShown for a question whose names are known
// (names, left out): a compound written capitalised inside it, which
// Detect takes for a name, counts by its ending ("Eröffnungsjahr",
// "-jahr").
func (w *Words) DetectBesides(question string, names ...string) (Lang, bool) {
	return w.score(question, true, true, names).Best()
}

// DetectShown is Detect, and whether the question's words showed the
// language (false for EN by default: no evidence, or a tie).
func (w *Words) DetectShown(question string) (Lang, bool) {
	return w.score(question, true, false, nil).Best()
}

// typoOf is the languages of the listed words one edit (a letter added,
// left out, changed, or two swapped) away from word, when it is long
// enough to tell.
func (w *Words) typoOf(word string) []Lang {
	if utf8.RuneCountInString(word) < minTypoRunes {
		return nil
	}
	r := []rune(word)
	var langs []Lang
	for _, listed := range w.long {
		if oneEdit(r, listed.runes) {
			for _, l := range listed.langs {
				if !slices.Contains(langs, l) {
					langs = append(langs, l)
				}
			}
		}
	}
	return langs
}

// oneEdit reports whether b is a, one letter added, left out, changed,
// or two neighbours swapped.
func oneEdit(a, b []rune) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	switch len(a) - len(b) {
	case 0:
		var diff []int
		for i := range a {
			if a[i] != b[i] {
				if diff = append(diff, i); len(diff) > 2 {
					return false
				}
			}
		}
		switch len(diff) {
		case 1:
			return true
		case 2:
			i, j := diff[0], diff[1]
			return j == i+1 && a[i] == b[j] && a[j] == b[i]
		}
		return false
	case 1:
		i := 0
		for i < len(b) && a[i] == b[i] {
			i++
		}
		return slices.Equal(a[i+1:], b[i:])
	}
	return false
}

// endingOf is the languages of the listed ending of a compound word, if
// it has one.
func (w *Words) endingOf(word string) []Lang {
	for _, e := range w.endings {
		if strings.HasSuffix(word, e.suffix) && utf8.RuneCountInString(word)-utf8.RuneCountInString(e.suffix) >= minStem {
			return e.langs
		}
	}
	return nil
}

// inName reports whether toks[i] is a joiner inside a name: capitalised
// and not the first word ("Museum Of The Cameronians"), or between
// capitalised words, past other joiners ("Hoogvliet aan de Maas").
func (w *Words) inName(toks []string, i int) bool {
	lower := strings.ToLower(toks[i])
	if !w.joiners[lower] || i == 0 {
		return false
	}
	if lower != toks[i] {
		return true
	}
	prev, next := false, false
	for j := i - 1; j >= 0; j-- {
		if !w.joiners[toks[j]] {
			// a first word capitalised as a sentence starts, that is a
			// word of a language ("Is het Rijksmuseum …"), starts no name
			prev = capitalised(toks[j]) && !(j == 0 && len(w.langs[strings.ToLower(toks[j])]) > 0)
			break
		}
	}
	for _, t := range toks[i+1:] {
		if !w.joiners[t] {
			next = capitalised(t)
			break
		}
	}
	return prev && next
}

// withoutURLs is s with its web addresses ("https://www.slub-dresden.de")
// blanked out: their words are no language's.
func withoutURLs(s string) string {
	if !strings.Contains(s, "http") && !strings.Contains(s, "www.") {
		return s
	}
	words := strings.Fields(s)
	for i, w := range words {
		if strings.Contains(w, "://") || strings.HasPrefix(w, "www.") {
			words[i] = ""
		}
	}
	return strings.Join(words, " ")
}

// acronym reports whether t is two or more capitals: an identifier's part
// ("DE-MUS-737519") or an abbreviation, no word of a language.
func acronym(t string) bool {
	return utf8.RuneCountInString(t) > 1 && strings.ToUpper(t) == t
}

func capitalised(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsUpper(r)
}

// tokens are the words of s: runs of letters (with inner apostrophes and
// hyphens kept out).
func tokens(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// quotes pairs opening and closing quotation marks.
var quotes = map[rune]rune{'"': '"', '“': '”', '„': '“', '«': '»', '‘': '’', '‚': '‘', '\'': '\''}

// unquoted is s with quoted spans blanked out. An opening mark without
// its closing mark quotes nothing; an apostrophe opens a quote only after
// a space or at the start ("'Mining and quarrying'", not "Gray's").
func unquoted(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if closing, ok := quotes[r]; ok && (r != '\'' || i == 0 || s[i-1] == ' ') {
			if j := strings.IndexRune(s[i+size:], closing); j >= 0 {
				b.WriteByte(' ')
				i += size + j + utf8.RuneLen(closing)
				continue
			}
		}
		b.WriteString(s[i : i+size])
		i += size
	}
	return b.String()
}
