package llm

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/dutch"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blevesearch/snowballstem/german"

	"github.com/hybridrag/hybridrag/internal/textfold"
)

// source is a Source folded for matching.
type source struct {
	n     int
	names []string // each name's folded words, " a b "
	// text is the record's folded words separated by single spaces, with
	// a space at either end; raw is the record lower-cased, for links.
	text, raw string
	words     map[string]bool // folded words
	stemmed   map[string]bool // their stems, made on first use (hasWord)
	// numbers are the numbers written in all, in every reading
	// (numberForms), made on first use (hasNumber).
	all     string
	numbers map[string]bool
}

func newSource(s Source) *source {
	all := s.Text + " " + strings.Join(s.Names, " ")
	fs := &source{
		n:     s.N,
		text:  " " + textfold.Words(all) + " ",
		raw:   strings.ToLower(all),
		words: map[string]bool{},
		all:   all,
	}
	for _, name := range s.Names {
		if w := textfold.Words(name); w != "" {
			fs.names = append(fs.names, " "+w+" ")
		}
	}
	for w := range strings.FieldsSeq(fs.text) {
		fs.words[w] = true
	}
	return fs
}

// hasWord reports whether the source holds the folded word w: as it is,
// by its English, German or Dutch stem ("museums", "Museen"), or, for a
// word of five letters or more, inside a longer word ("museum" in
// "naturmuseum").
func (s *source) hasWord(w string) bool {
	if s.words[w] {
		return true
	}
	if s.stemmed == nil {
		s.stemmed = make(map[string]bool, 3*len(s.words))
		for sw := range s.words {
			for _, st := range stems(sw) {
				s.stemmed[st] = true
			}
		}
	}
	for _, st := range stems(w) {
		if s.stemmed[st] {
			return true
		}
	}
	return utf8.RuneCountInString(w) >= 5 && strings.Contains(s.text, w)
}

// hasNumber reports whether the source writes num in one of its readings.
func (s *source) hasNumber(num string) bool {
	if s.numbers == nil {
		s.numbers = map[string]bool{}
		for _, n := range numberRe.FindAllString(s.all, -1) {
			for _, f := range numberForms(n) {
				s.numbers[f] = true
			}
		}
		for _, run := range digitsRe.FindAllString(s.all, -1) {
			s.numbers[run] = true
		}
	}
	for _, f := range numberForms(num) {
		if s.numbers[f] {
			return true
		}
	}
	return false
}

// numberRe is a number as written: digits, perhaps grouped by "," "."
// "'" or a thin or no-break space, perhaps with a decimal part.
var (
	numberRe = regexp.MustCompile(`\d(?:[\d.,'’\x{202F}\x{2009}\x{00A0}]*\d)?`)
	digitsRe = regexp.MustCompile(`\d+`)
	groupsRe = regexp.MustCompile(`^\d{1,3}(?:[.,'’\x{202F}\x{2009}\x{00A0}]\d{3})+$`)
)

// numberForms are the readings of a written number: "12,000" and
// "12.000" are 12000 (and 12.000), "1,5" is 1.5.
func numberForms(num string) []string {
	forms := []string{strings.ReplaceAll(num, ",", ".")}
	if groupsRe.MatchString(num) {
		forms = append(forms, strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, num))
	}
	return forms
}

// stems returns the English, German and Dutch Snowball stems of a folded
// word.
func stems(w string) [3]string {
	var out [3]string
	for i, stem := range [3]func(*snowballstem.Env) bool{english.Stem, german.Stem, dutch.Stem} {
		env := snowballstem.NewEnv(w)
		stem(env)
		out[i] = env.Current()
	}
	return out
}

// grounding is how much of a sentence's wording its sources hold.
type grounding struct {
	total, held int      // content words and names, and how many are held
	missing     []string // some of those not held
	badName     string   // the first name not held
}

// ground weighs the words of sent (citation markers, identifiers and
// numbers removed) against hay. Stop words and labels count for nothing;
// a word of fewer than three letters neither. A capitalised word other
// than the first is a name, and must be held, except in a German
// sentence, whose nouns are capitalised.
func ground(sent string, hay []*source) grounding {
	lx := words()
	type word struct {
		raw, folded string
		first       bool
	}
	var ws []word
	first := true
	for _, raw := range strings.FieldsFunc(sent, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		for i, f := range strings.Fields(textfold.Words(raw)) {
			ws = append(ws, word{raw, f, first && i == 0})
		}
		first = false
	}
	germanText := isGerman(sent)
	var g grounding
	for _, w := range ws {
		if lx.stop[w.folded] != 0 || lx.labels[w.folded] || utf8.RuneCountInString(w.folded) < 3 {
			continue
		}
		held := false
		for _, s := range hay {
			if s.hasWord(w.folded) {
				held = true
				break
			}
		}
		r, _ := utf8.DecodeRuneInString(w.raw)
		name := unicode.IsUpper(r) && !w.first && !germanText
		g.total++
		switch {
		case held:
			g.held++
		case name && g.badName == "":
			g.badName = w.raw
		case len(g.missing) < 5:
			g.missing = append(g.missing, w.raw)
		}
	}
	return g
}

// isGerman reports whether more of the stop words of s are German than
// English.
func isGerman(s string) bool {
	lx := words()
	var en, de int
	for w := range strings.FieldsSeq(textfold.Words(s)) {
		lang := lx.stop[w]
		if lang&langEN != 0 {
			en++
		}
		if lang&langDE != 0 {
			de++
		}
	}
	return de > en
}
