package locale

import (
	"bufio"
	"bytes"
	"cmp"
	"embed"
	"fmt"
	"io/fs"
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
// Dutch and German (words/<lang>.txt). It is read-only and safe for
// concurrent use.
type Words struct {
	// langs maps a word to the languages whose files list it.
	langs map[string][]Lang
	// endings are the word endings of compounds ("-museen"), with the
	// languages whose files list them, longest first.
	endings []ending
	// joiners are the words that join the words of a name
	// (words/joiners.txt).
	joiners map[string]bool
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
// function words, of 1 / the number of languages the word belongs to.
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
	return best, top > 0 && !tie
}

// MaxDetectBytes is how much of a text Score reads.
const MaxDetectBytes = 4096

// Score counts the function words of text, leaving out web addresses,
// what stands in quotes ("…", “…”, „…“, «…», ‘…’) and the lower-case words
// inside a run of capitalised words, which belong to a name ("Haus der
// Geschichte", "Museum van de Twentse Welvaart"). ignore are further
// spans to leave out (the names of the institutions an answer names).
func (w *Words) Score(text string, ignore ...string) Score {
	if len(text) > MaxDetectBytes {
		text = text[:MaxDetectBytes]
	}
	for _, s := range ignore {
		if s != "" {
			text = strings.ReplaceAll(text, s, " ")
		}
	}
	toks := slices.DeleteFunc(tokens(unquoted(withoutURLs(text))), acronym)
	score := Score{}
	for i, t := range toks {
		lower := strings.ToLower(t)
		langs := w.langs[lower]
		if len(langs) == 0 {
			langs = w.endingOf(lower)
		}
		if len(langs) == 0 {
			continue
		}
		if w.inName(toks, i) {
			continue
		}
		for _, l := range langs {
			score[l] += 1 / float64(len(langs))
		}
	}
	return score
}

// Language tells the language a text (an answer) is written in from its
// function words, leaving out quoted text, identifiers and the spans in
// ignore (the names of the institutions it names, which keep their own
// language). ok is false when the words show no language, or a tie.
func (w *Words) Language(text string, ignore ...string) (l Lang, ok bool) {
	return w.Score(text, ignore...).Best()
}

// Detect is the language of a question: the one its function words show,
// or EN when they show none.
func (w *Words) Detect(question string) Lang {
	l, _ := w.Score(question).Best()
	return l
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
			prev = capitalised(toks[j])
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
