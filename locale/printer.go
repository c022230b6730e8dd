package locale

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Printer renders answer text in one language. Its methods are drop-ins
// for fmt.Sprintf, fmt.Fprintf and a plain string: the English Printer
// is fmt, byte for byte; the Dutch and German ones render the
// catalogue's translation of the format, or the format itself when the
// catalogue has none. Integers print as fmt prints them (no digit
// grouping: a year stays "1850"); other numbers in the language's own
// notation ("12,5").
type Printer struct {
	lang  Lang
	p     *message.Printer
	texts map[string]Entry
	// nouns are the noun entries by their English singular and by each
	// of their translated forms.
	nouns map[string]Entry
}

// For is the Printer of l from the bundled catalogue.
func For(l Lang) *Printer { return DefaultCatalogue().Printer(l) }

// Lang is the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// Sprintf formats like fmt.Sprintf, in the printer's language.
func (p *Printer) Sprintf(format string, args ...any) string {
	if p == nil || p.lang == EN {
		return fmt.Sprintf(format, args...)
	}
	return p.p.Sprintf(format, plain(args)...)
}

// Fprintf formats like fmt.Fprintf, in the printer's language.
func (p *Printer) Fprintf(w io.Writer, format string, args ...any) (int, error) {
	if p == nil || p.lang == EN {
		return fmt.Fprintf(w, format, args...)
	}
	return p.p.Fprintf(w, format, plain(args)...)
}

// Text is the translation of a piece of answer text that is no format
// ("Best matches: ", "museums"), or the text itself.
func (p *Printer) Text(s string) string {
	if p == nil || p.lang == EN {
		return s
	}
	e, ok := p.texts[s]
	switch {
	case !ok:
		return s
	case e.Noun != nil:
		return e.Noun["one"]
	case e.Plural != nil:
		return e.Plural.Cases["other"]
	}
	return e.Text
}

// Plural is a noun for n things, in the printer's language: "museum" for
// 1, "museums" for 3 in English; "musea" in Dutch, "Museen" in German, by
// the language's plural rules. The noun is the English singular or one of
// its translated forms (Text's). A noun the catalogue does not hold as one
// is its English plural translated as a word, or English.
func (p *Printer) Plural(noun string, n int) string {
	if p == nil || p.lang == EN {
		return englishPlural(noun, n)
	}
	e, ok := p.nouns[noun]
	if !ok {
		return p.Text(englishPlural(noun, n))
	}
	form := plural.Cardinal.MatchPlural(p.lang.Tag(), abs(n)%10_000_000, 0, 0, 0, 0)
	if s, ok := e.Noun[formNames[form]]; ok {
		return s
	}
	return e.Noun["other"]
}

// englishPlural is noun for n things: "museum", "museums", "libraries".
func englishPlural(noun string, n int) string {
	if n == 1 || noun == "" {
		return noun
	}
	if stem, ok := strings.CutSuffix(noun, "y"); ok && stem != "" && !strings.ContainsRune("aeiou", rune(stem[len(stem)-1])) {
		return stem + "ies"
	}
	return noun + "s"
}

// formNames name the plural forms as catalogue files do.
var formNames = map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// plain wraps the integer arguments so that they print without digit
// grouping and still select a plural case.
func plain(args []any) []any {
	out := args
	for i, a := range args {
		var n int64
		switch v := a.(type) {
		case int:
			n = int64(v)
		case int64:
			n = v
		case int32:
			n = int64(v)
		case uint:
			n = int64(v)
		case uint32:
			n = int64(v)
		default:
			continue
		}
		if &out[0] == &args[0] {
			out = append([]any(nil), args...) // the caller's slice stays as it was
		}
		out[i] = integer(n)
	}
	return out
}

// integer is an int that formats as fmt formats it and selects a plural
// case by its value.
type integer int64

// Format prints n as fmt prints an int64 with the same verb and flags.
func (n integer) Format(st fmt.State, verb rune) {
	var spec strings.Builder
	spec.WriteByte('%')
	for _, f := range "+-# 0" {
		if st.Flag(int(f)) {
			spec.WriteRune(f)
		}
	}
	if w, ok := st.Width(); ok {
		spec.WriteString(strconv.Itoa(w))
	}
	if pr, ok := st.Precision(); ok {
		spec.WriteByte('.')
		spec.WriteString(strconv.Itoa(pr))
	}
	spec.WriteRune(verb)
	fmt.Fprintf(st, spec.String(), int64(n))
}

// PluralForm is n's plural form in the language of t.
func (n integer) PluralForm(t language.Tag, scale int) (plural.Form, int) {
	v := int64(n)
	if v < 0 {
		v = -v
	}
	i := int(v % 10_000_000)
	return plural.Cardinal.MatchPlural(t, i, 0, 0, 0, 0), i
}
