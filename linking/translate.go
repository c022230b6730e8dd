package linking

import (
	"slices"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
)

// kindTranslations are the English names of kinds of institution that
// German and Dutch names write as one word: a reference in English names
// "Stadtmuseum Bocholt" "City Museum Bocholt", "Kreisarchiv Verden"
// "District Archive Verden". Keys are folded as kg.NormalizeName folds
// them; each translation is tried, and the one that finds a match kept.
var kindTranslations = map[string][]string{
	"city museum":            {"stadtmuseum", "stadsmuseum"},
	"town museum":            {"stadtmuseum", "stadsmuseum"},
	"municipal museum":       {"gemeentemuseum", "stadtmuseum", "stadtisches museum"},
	"city archive":           {"stadtarchiv", "stadsarchief"},
	"city archives":          {"stadtarchiv", "stadsarchief"},
	"town archive":           {"stadtarchiv", "stadsarchief"},
	"town archives":          {"stadtarchiv", "stadsarchief"},
	"municipal archive":      {"stadtarchiv", "gemeentearchief", "stadsarchief"},
	"municipal archives":     {"stadtarchiv", "gemeentearchief", "stadsarchief"},
	"city library":           {"stadtbibliothek", "stadtbucherei", "stadsbibliotheek"},
	"town library":           {"stadtbibliothek", "stadtbucherei", "stadsbibliotheek"},
	"municipal library":      {"stadtbibliothek", "stadtbucherei", "gemeentebibliotheek"},
	"district archive":       {"kreisarchiv"},
	"district archives":      {"kreisarchiv"},
	"district museum":        {"kreismuseum"},
	"district library":       {"kreisbibliothek"},
	"county archive":         {"kreisarchiv"},
	"county archives":        {"kreisarchiv"},
	"county museum":          {"kreismuseum"},
	"state museum":           {"landesmuseum"},
	"state archive":          {"landesarchiv", "staatsarchiv"},
	"state archives":         {"landesarchiv", "staatsarchiv"},
	"state library":          {"landesbibliothek", "staatsbibliothek"},
	"regional museum":        {"regionalmuseum", "streekmuseum", "landesmuseum"},
	"art museum":             {"kunstmuseum"},
	"art gallery":            {"kunsthalle", "kunstgalerie"},
	"art collection":         {"kunstsammlung"},
	"art collections":        {"kunstsammlungen"},
	"local history museum":   {"heimatmuseum"},
	"local museum":           {"heimatmuseum"},
	"open air museum":        {"freilichtmuseum", "openluchtmuseum"},
	"university library":     {"universitatsbibliothek", "universiteitsbibliotheek"},
	"university archive":     {"universitatsarchiv"},
	"university archives":    {"universitatsarchiv"},
	"diocesan archive":       {"diozesanarchiv", "bistumsarchiv"},
	"diocesan archives":      {"diozesanarchiv", "bistumsarchiv"},
	"diocesan museum":        {"diozesanmuseum"},
	"cathedral museum":       {"dommuseum"},
	"cathedral library":      {"dombibliothek"},
	"natural history museum": {"naturkundemuseum"},
	"toy museum":             {"spielzeugmuseum"},
	"farm museum":            {"bauernhofmuseum", "landwirtschaftsmuseum"},
	"mining museum":          {"bergbaumuseum"},
	"castle museum":          {"schlossmuseum", "burgmuseum"},
}

// maxPhrase is the number of words of the longest key of kindTranslations.
const maxPhrase = 3

// otherLanguages returns s written as the records of another language
// write it: with an English name of a kind in German or Dutch
// (translations), with a town in the language of its country
// (townSpellings: "Stadtarchiv Munich" is the Stadtarchiv München), or
// both ("Toy Museum Nuremberg" is the Spielzeugmuseum Nürnberg).
func otherLanguages(s string) []string {
	out := translations(s)
	for _, t := range append([]string{s}, out...) {
		out = append(out, townSpellings(t)...)
	}
	return out
}

// maxTownWords is the number of words of the longest town name of
// heritage.TownNames ("Aix la Chapelle" folded).
const maxTownWords = 3

// townSpellings returns s with the first town in it that has names in
// other languages (heritage.TownNames, the longest at a word) written
// each other way, or nil when it names no such town.
func townSpellings(s string) []string {
	return rewriteFirst(s, 1, maxTownWords, heritage.TownNames)
}

// translations returns s with the first English name of a kind of
// institution in it (the longest at a word) written the German or Dutch
// ways, or nil when it has none.
func translations(s string) []string {
	return rewriteFirst(s, 2, maxPhrase, func(phrase string) []string {
		return kindTranslations[kg.NormalizeName(phrase)]
	})
}

// rewriteFirst returns s with its first run of lo to hi words (the
// longest at a word, punctuation after it kept) that others rewrites
// written each way others gives, or nil when no run is rewritten.
func rewriteFirst(s string, lo, hi int, others func(phrase string) []string) []string {
	f := strings.Fields(s)
	for k := range f {
		for n := min(hi, len(f)-k); n >= lo; n-- {
			last := f[k+n-1]
			word := strings.TrimRightFunc(last, func(r rune) bool { return !unicode.IsLetter(r) })
			xs := others(strings.Join(append(slices.Clone(f[k:k+n-1]), word), " "))
			if len(xs) == 0 {
				continue
			}
			out := make([]string, 0, len(xs))
			for _, x := range xs {
				out = append(out, strings.Join(slices.Concat(f[:k], []string{x + last[len(word):]}, f[k+n:]), " "))
			}
			return out
		}
	}
	return nil
}
