package linking

import (
	"strings"
	"unicode"

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

// translations returns s with the first English name of a kind of
// institution in it (the longest at a word) written the German or Dutch
// ways, or nil when it has none.
func translations(s string) []string {
	f := strings.Fields(s)
	for k := range f {
		for n := min(maxPhrase, len(f)-k); n >= 2; n-- {
			words := make([]string, n)
			for j := range n {
				words[j] = kg.NormalizeName(f[k+j])
			}
			xs := kindTranslations[strings.Join(words, " ")]
			if xs == nil {
				continue
			}
			last := f[k+n-1]
			tail := last[len(strings.TrimRightFunc(last, func(r rune) bool { return !unicode.IsLetter(r) })):]
			out := make([]string, 0, len(xs))
			for _, x := range xs {
				g := append(append(append([]string(nil), f[:k]...), x+tail), f[k+n:]...)
				out = append(out, strings.Join(g, " "))
			}
			return out
		}
	}
	return nil
}
