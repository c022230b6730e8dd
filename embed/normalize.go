package embed

import "github.com/hybridrag/hybridrag/internal/textfold"

// Normalize lowercases s, folds Latin diacritics and ligatures ("Göttingen"
// → "gottingen", "Straße" → "strasse", "Æbeltoft" → "aebeltoft") and turns
// every run of characters that are not letters or digits into one space.
// The result has no leading or trailing space. It is textfold.Words.
func Normalize(s string) string {
	return textfold.Words(s)
}
