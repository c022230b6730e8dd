package router

import (
	"github.com/hybridrag/hybridrag/internal/editdist"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textfold"
)

// token is one normalised word of a text and where it came from.
type token struct {
	norm       string // folded, lower-case
	start, end int    // byte span in the original text
	upper      bool   // the original word starts with an upper-case letter
	allCaps    bool   // the original word is all upper-case letters (an acronym)
	orig       string // the word as typed, when norm is a typo correction
	// possessive is set when the word ends in an apostrophe and "s"
	// ("Rijksmuseum's"): its norm ends in an "s" that is no plural
	possessive bool
}

// isApostrophe reports runes that join a word rather than split it
// ("Children’s", "Bo'ness").
func isApostrophe(r rune) bool {
	return r == '\'' || r == '’' || r == 'ʼ' || r == '‘' || r == '`' || r == '´'
}

// tokenize splits s into normalised words: case-, diacritic- and
// punctuation-insensitive; "&" becomes the word "and", apostrophes vanish,
// a word written with "(s)" is read in the plural.
// A word's norm keeps its first textfold.MaxWord runes.
func tokenize(s string, umlautE bool) []token {
	fold := textfold.Rune
	if umlautE {
		fold = textfold.RuneUmlautE
	}
	toks := make([]token, 0, 16)
	var b strings.Builder
	start, n := -1, 0 // n: the word's runes so far
	upper, allCaps := false, true
	flush := func(end int) {
		if start >= 0 && b.Len() > 0 {
			word := s[start:end]
			poss := strings.HasSuffix(word, "s") && len(word) > 2 && strings.ContainsFunc(word[len(word)-3:len(word)-1], isApostrophe)
			toks = append(toks, token{norm: b.String(), start: start, end: end, upper: upper, allCaps: allCaps, possessive: poss})
		}
		b.Reset()
		start, n = -1, 0
		upper, allCaps = false, true
	}
	skip := 0
	for i, r := range s {
		switch {
		case skip > 0:
			skip--
		case r == '(' && start >= 0 && strings.HasPrefix(s[i:], "(s)"):
			// "museum(s)": the plural the word is written to allow
			b.WriteByte('s')
			skip = 2
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
				upper = unicode.IsUpper(r)
			}
			if unicode.IsLetter(r) && !unicode.IsUpper(r) {
				allCaps = false
			}
			if n++; n > textfold.MaxWord {
				continue
			}
			lr := unicode.ToLower(r)
			if f, ok := fold(lr); ok {
				b.WriteString(f)
			} else {
				b.WriteRune(lr)
			}
		case isApostrophe(r) && start >= 0:
			// keep the word going
		case strings.ContainsRune("#<>&+", r):
			// a sign read as the words it stands for, if any
			flush(i)
			toks = append(toks, signWords(s, i, r, toks)...)
		default:
			flush(i)
		}
	}
	flush(len(s))
	return toks
}

// signWords returns the words a sign at byte i stands for: "&" and,
// "#" before a space or, opening a word, before a small letter number
// ("# of", "#accredited"), ">" between two names more than,
// ">" and "<" before a year after and before; nothing otherwise ("+").
func signWords(s string, i int, r rune, toks []token) []token {
	var word string
	switch {
	case r == '&':
		word = "and"
	case r == '#' && i+1 < len(s) && (s[i+1] == ' ' || (i == 0 || s[i-1] == ' ') && unicode.IsLower(rune(s[i+1]))):
		word = "number"
	case r == '>' && signBetweenNames(s, i, toks):
		return []token{{norm: "more", start: i, end: i + 1}, {norm: "than", start: i + 1, end: i + 1}}
	case r == '>' && signBeforeYear(s, i):
		word = "after"
	case r == '<' && signBeforeYear(s, i):
		word = "before"
	default:
		return nil
	}
	return []token{{norm: word, start: i, end: i + 1}}
}

// signBetweenNames reports a sign at byte i with spaces on both sides,
// after a capitalised word and before one: set between two names, not
// between a word and a number.
func signBetweenNames(s string, i int, toks []token) bool {
	if i == 0 || i+2 > len(s) || s[i-1] != ' ' || s[i+1] != ' ' || len(toks) == 0 || !toks[len(toks)-1].upper {
		return false
	}
	next, _ := utf8.DecodeRuneInString(strings.TrimLeft(s[i+1:], " "))
	return unicode.IsUpper(next)
}

// signBeforeYear reports a sign at byte i before a number of four digits.
func signBeforeYear(s string, i int) bool {
	rest := strings.TrimLeft(s[i+1:], " ")
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	return n == 4
}

// normalize returns the normalised form of s: its words joined by spaces.
func normalize(s string) string {
	return joinTokens(tokenize(s, false))
}

func joinTokens(toks []token) string {
	switch len(toks) {
	case 0:
		return ""
	case 1:
		return toks[0].norm
	}
	n := len(toks) - 1
	for _, t := range toks {
		n += len(t.norm)
	}
	var b strings.Builder
	b.Grow(n)
	for i, t := range toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.norm)
	}
	return b.String()
}

// nameKeys returns the index keys of a name: its normalised form, the
// umlaut-e variant and both without a leading article (nameArticles).
func (lex *Lexicon) nameKeys(s string) []string {
	keys := make([]string, 0, 4)
	add := func(k string) {
		if k == "" {
			return
		}
		for _, x := range keys {
			if x == k {
				return
			}
		}
		keys = append(keys, k)
	}
	variants := []bool{false}
	if strings.ContainsAny(s, "äöüÄÖÜ") {
		variants = append(variants, true)
	}
	for _, ue := range variants {
		k := joinTokens(tokenize(s, ue))
		add(k)
		for _, art := range lex.nameArticles {
			if rest, ok := strings.CutPrefix(k, art); ok && strings.HasPrefix(rest, " ") {
				add(rest[1:])
			}
		}
	}
	return keys
}

// stem is a light plural stemmer for topic and type words.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us"):
		return w[:len(w)-1]
	}
	return w
}

// levenshtein returns the edit distance of a and b, or max+1 once it is
// certain to exceed max.
func levenshtein(a, b string, max int) int { return editdist.Levenshtein(a, b, max) }
