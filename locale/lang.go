// Package locale gives answers the asker's language: English, Dutch or
// German. It parses a language name (a --lang flag, a request field),
// negotiates one from an Accept-Language header, tells a question's
// language from its function words, and renders answer text from
// message catalogues.
//
// The catalogues (messages/nl.json, messages/de.json) translate the
// answer code's English format strings and word pieces, keyed by the
// exact English text, with plural rules where a number precedes a noun.
// The function words (words/en.txt, nl.txt, de.txt) are data too. Both
// are embedded, parsed once, and checked by the package's tests.
//
// A Printer is a drop-in for fmt.Sprintf and fmt.Fprintf: for English it
// is fmt itself, byte for byte; for Dutch and German it looks the format
// up in the catalogue and renders the translation (falling back to the
// English format when there is none).
package locale

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/language"
)

// Lang is a language answers are written in: EN, NL or DE. The zero
// value ("") means not chosen: detect it from the question.
type Lang string

// The languages answered in.
const (
	EN Lang = "en"
	NL Lang = "nl"
	DE Lang = "de"
)

// Langs lists the languages answered in, English first (the default).
var Langs = []Lang{EN, NL, DE}

// ErrUnknownLang is returned by Parse for a language not answered in.
var ErrUnknownLang = errors.New("unknown language")

// MaxLangBytes bounds a language name or an Accept-Language header read.
const MaxLangBytes = 512

// Parse reads a language name: "en", "nl", "de", case folded, or a BCP 47
// tag whose base is one of them ("nl-BE", "de-CH"). "" is the zero Lang.
func Parse(s string) (Lang, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if len(s) > MaxLangBytes {
		return "", fmt.Errorf("%w: %d bytes", ErrUnknownLang, len(s))
	}
	tag, err := language.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%w: %.40q (one of en, nl, de)", ErrUnknownLang, s)
	}
	base, _ := tag.Base()
	for _, l := range Langs {
		if base.String() == string(l) {
			return l, nil
		}
	}
	return "", fmt.Errorf("%w: %.40q (one of en, nl, de)", ErrUnknownLang, s)
}

// Valid reports whether l is one of Langs.
func (l Lang) Valid() bool { return l == EN || l == NL || l == DE }

// Tag is l's BCP 47 tag; English for the zero Lang.
func (l Lang) Tag() language.Tag {
	switch l {
	case NL:
		return language.Dutch
	case DE:
		return language.German
	}
	return language.English
}

// Or is l, or d when l is the zero Lang.
func (l Lang) Or(d Lang) Lang {
	if l == "" {
		return d
	}
	return l
}

var matcher = language.NewMatcher([]language.Tag{language.English, language.Dutch, language.German})

// Negotiate picks the language of an Accept-Language header
// ("nl-NL,nl;q=0.9,en;q=0.8"), by quality, then order. An entry it cannot
// read is skipped, not fatal. ok is false when the header names none of
// the three languages (not even by a regional variant): the question's
// own language then decides.
func Negotiate(acceptLanguage string) (l Lang, ok bool) {
	if len(acceptLanguage) > MaxLangBytes {
		acceptLanguage = acceptLanguage[:MaxLangBytes]
	}
	type entry struct {
		tag language.Tag
		q   float64
	}
	var entries []entry
	for part := range strings.SplitSeq(acceptLanguage, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag, err := language.Parse(strings.TrimSpace(name))
		if err != nil {
			continue
		}
		q := 1.0
		if v, found := strings.CutPrefix(strings.TrimSpace(params), "q="); found {
			if q, err = strconv.ParseFloat(v, 64); err != nil || q < 0 || q > 1 {
				continue
			}
		}
		if q > 0 {
			entries = append(entries, entry{tag, q})
		}
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return cmp.Compare(b.q, a.q) })
	for _, e := range entries {
		if _, i, conf := matcher.Match(e.tag); conf != language.No {
			return Langs[i], true
		}
	}
	return "", false
}
