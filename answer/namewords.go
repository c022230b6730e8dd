package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// Named reports whether the record's name, or another name of it, holds
// every word: as a word of the name, or its plural ("War" in "Imperial
// War Museum", not in "Warwick"), or, for a word of five letters or more,
// inside a word of the name ("eisenbahn" in "Eisenbahnmuseum").
func Named(in *heritage.Institution, words []string) bool {
	if nameHolds(heritage.NormalizeName(in.Name), words) {
		return true
	}
	for _, a := range in.AltNames() {
		if nameHolds(heritage.NormalizeName(a.Name), words) {
			return true
		}
	}
	return false
}

// nameHolds reports whether the normalised name holds every word.
func nameHolds(name string, words []string) bool {
	parts := strings.Fields(name)
	for _, w := range words {
		w = heritage.NormalizeName(w)
		found := false
		for _, part := range parts {
			found = found || part == w || part == w+"s" || part == w+"es" || len(w) >= 5 && strings.Contains(part, w)
		}
		if !found {
			return false
		}
	}
	return true
}
