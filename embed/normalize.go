package embed

import (
	"unicode"
	"unicode/utf8"
)

// Normalize lowercases s, folds Latin diacritics and ligatures ("Göttingen"
// → "gottingen", "Straße" → "strasse", "Æbeltoft" → "aebeltoft") and turns
// every run of characters that are not letters or digits into one space.
// The result has no leading or trailing space.
func Normalize(s string) string {
	return string(appendNormalized(nil, s))
}

// appendNormalized appends the normalised form of s to dst.
func appendNormalized(dst []byte, s string) []byte {
	space := true // suppress leading spaces
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
				dst = append(dst, c)
				space = false
			case 'A' <= c && c <= 'Z':
				dst = append(dst, c+'a'-'A')
				space = false
			default:
				if !space {
					dst = append(dst, ' ')
					space = true
				}
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if f, ok := fold(r); ok {
			dst = append(dst, f...)
			space = false
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
			space = false
			continue
		}
		if unicode.Is(unicode.Mn, r) { // a combining mark: drop it
			continue
		}
		if !space {
			dst = append(dst, ' ')
			space = true
		}
	}
	if len(dst) > 0 && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// foldTable maps accented Latin letters (Latin-1 Supplement and Latin
// Extended-A, both cases) to ASCII.
var foldTable = func() map[rune]string {
	groups := map[string]string{
		"a":  "àáâãäåāăąÀÁÂÃÄÅĀĂĄ",
		"c":  "çćĉċčÇĆĈĊČ",
		"d":  "ďđðĎĐÐ",
		"e":  "èéêëēĕėęěÈÉÊËĒĔĖĘĚ",
		"g":  "ĝğġģĜĞĠĢ",
		"h":  "ĥħĤĦ",
		"i":  "ìíîïĩīĭįıÌÍÎÏĨĪĬĮİ",
		"j":  "ĵĴ",
		"k":  "ķĶ",
		"l":  "ĺļľŀłĹĻĽĿŁ",
		"n":  "ñńņňŉÑŃŅŇ",
		"o":  "òóôõöøōŏőÒÓÔÕÖØŌŎŐ",
		"r":  "ŕŗřŔŖŘ",
		"s":  "śŝşšſŚŜŞŠ",
		"t":  "ţťŧŢŤŦ",
		"u":  "ùúûüũūŭůűųÙÚÛÜŨŪŬŮŰŲ",
		"w":  "ŵŴ",
		"y":  "ýÿŷÝŸŶ",
		"z":  "źżžŹŻŽ",
		"ae": "æÆ",
		"oe": "œŒ",
		"ss": "ßẞ",
		"th": "þÞ",
		"ij": "ĳĲ",
	}
	m := make(map[rune]string, 256)
	for to, from := range groups {
		for _, r := range from {
			m[r] = to
		}
	}
	return m
}()

func fold(r rune) (string, bool) {
	if r < 0xC0 || r > 0x17F && r != 'ẞ' {
		return "", false
	}
	s, ok := foldTable[r]
	return s, ok
}
