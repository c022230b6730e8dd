package heritage

import (
	"strings"
	"unicode"
)

// NormalizeName folds a name for exact matching: lower case, diacritics
// removed, "&" read as "and", apostrophes dropped and every other run of
// punctuation or space collapsed to one space. "Bo'ness" and "Boness" fold
// to the same key, as do "Národní" and "Narodni".
func NormalizeName(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	emit := func(r rune) {
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	for _, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '‘' || r == '`':
			// dropped: "Bo'ness" == "Boness"
		case r == '&':
			space = true
			emit('a')
			b.WriteString("nd")
			space = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if f, ok := fold[r]; ok {
				if space && b.Len() > 0 {
					b.WriteByte(' ')
				}
				space = false
				b.WriteString(f)
				continue
			}
			emit(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}

// fold maps Latin letters with diacritics (and a few ligatures) to their
// lower-case ASCII base.
var fold = func() map[rune]string {
	groups := map[string]string{
		"a":  "àáâãäåāăąǎÀÁÂÃÄÅĀĂĄǍ",
		"ae": "æÆ",
		"c":  "çćĉċčÇĆĈĊČ",
		"d":  "ďđðĎĐÐ",
		"e":  "èéêëēĕėęěÈÉÊËĒĔĖĘĚ",
		"g":  "ĝğġģĜĞĠĢ",
		"h":  "ĥħĤĦ",
		"i":  "ìíîïĩīĭįıÌÍÎÏĨĪĬĮİ",
		"j":  "ĵĴ",
		"k":  "ķĶ",
		"l":  "ĺļľŀłĹĻĽĿŁ",
		"n":  "ñńņňÑŃŅŇ",
		"o":  "òóôõöøōŏőǒÒÓÔÕÖØŌŎŐǑ",
		"oe": "œŒ",
		"r":  "ŕŗřŔŖŘ",
		"s":  "śŝşšșŚŜŞŠȘ",
		"ss": "ß",
		"t":  "ţťŧțŢŤŦȚ",
		"th": "þÞ",
		"u":  "ùúûüũūŭůűųǔÙÚÛÜŨŪŬŮŰŲǓ",
		"w":  "ŵŴ",
		"y":  "ýÿŷÝŸŶ",
		"z":  "źżžŹŻŽ",
	}
	m := make(map[rune]string, 256)
	for base, rs := range groups {
		for _, r := range rs {
			m[r] = base
		}
	}
	return m
}()
