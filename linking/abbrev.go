package linking

import (
	"strings"

	"github.com/hybridrag/hybridrag/kg"
)

// abbreviations spell out the abbreviations of words of the data's names
// that catalogues and spreadsheets use, in English, German and Dutch,
// folded as kg.NormalizeName folds them ("Städt." is "stadt"). Where an
// abbreviation stands for several words or inflections, each is tried
// and the spelling that finds the better record is kept. "St." needs no
// entry: the name index reads St, St. and Saint alike, and "&" reads as
// "and", which counts as little as "und" and "en".
var abbreviations = map[string][]string{
	// English
	"natl": {"national"}, "nat": {"national", "natural"}, "mus": {"museum"}, "musm": {"museum"},
	"acad": {"academy"}, "univ": {"university", "universitat", "universiteit"},
	"lib": {"library"}, "libr": {"library"}, "inst": {"institute", "institut", "instituut"},
	"soc": {"society"}, "assoc": {"association"}, "hist": {"historical", "history", "historisches", "historisch"},
	"gall": {"gallery"}, "gal": {"gallery", "galerie"}, "ctr": {"centre"}, "cent": {"centre"},
	"arch": {"archive", "archives", "archiv", "archief"}, "bot": {"botanical", "botanischer"},
	"gdns": {"gardens"}, "gdn": {"garden"}, "mem": {"memorial"}, "intl": {"international"},
	"rly": {"railway"}, "rwy": {"railway"}, "coll": {"college", "collection"}, "ch": {"church"},
	"cath": {"cathedral"}, "sch": {"school"}, "hse": {"house"}, "regt": {"regiment"}, "mil": {"military"},
	"ctre": {"centre"}, "cntr": {"centre"}, "dept": {"department"}, "geol": {"geological"},
	"nav": {"naval"}, "roy": {"royal"},
	// German
	"bibl": {"bibliothek", "bibliotheek"}, "staatl": {"staatliche", "staatliches", "staatlicher", "staatlichen"},
	"stadt": {"stadtische", "stadtisches", "stadtischer", "stadtischen"},
	"ges":   {"gesellschaft"}, "ver": {"verein"}, "samml": {"sammlung"}, "kath": {"katholische"},
	"ev": {"evangelische", "evangelisches"}, "dt": {"deutsches", "deutsche"}, "dtsch": {"deutsches", "deutsche"},
	"techn": {"technische", "technisches", "technik"}, "wiss": {"wissenschaftliche", "wissenschaften"},
	"kr": {"kreis"}, "landesbibl": {"landesbibliothek"}, "kunstsamml": {"kunstsammlungen", "kunstsammlung"},
	// Dutch
	"gem": {"gemeente", "gemeentelijk", "gemeinde"}, "prov": {"provinciaal", "provinciale", "provincial"},
	"kon": {"koninklijk", "koninklijke"},
}

// undotted are the abbreviations read without their full stop ("Natl
// Museum"): none of them is also a word of the data's names.
var undotted = map[string]bool{"natl": true, "univ": true, "acad": true, "bibl": true, "staatl": true, "intl": true, "gdns": true, "rly": true, "regt": true}

// expansions returns the words an abbreviation in a name stands for, or
// nil. An abbreviation is a word ending in a full stop, or one of the
// undotted; the end of a compound may be one ("Stadtbibl." for
// Stadtbibliothek, "Rijksmus." for Rijksmuseum).
func expansions(word string) []string {
	dotted := strings.HasSuffix(strings.TrimRight(word, ",;:"), ".")
	key := kg.NormalizeName(word)
	if strings.Contains(key, " ") || key == "" {
		return nil
	}
	if !dotted && !undotted[key] {
		return nil
	}
	if xs := abbreviations[key]; len(xs) > 0 {
		return xs
	}
	if !dotted {
		return nil
	}
	// the longest abbreviation that ends the compound, the first of equals
	best := ""
	for ab := range abbreviations {
		if len(ab) >= 3 && len(key)-len(ab) >= 3 && strings.HasSuffix(key, ab) &&
			(len(ab) > len(best) || len(ab) == len(best) && ab < best) {
			best = ab
		}
	}
	if best == "" {
		return nil
	}
	xs := abbreviations[best]
	out := make([]string, len(xs))
	for k, x := range xs {
		out[k] = key[:len(key)-len(best)] + x
	}
	return out
}

// hasAbbreviation reports a word of s that expansions spells out.
func hasAbbreviation(s string) bool {
	for _, w := range strings.Fields(s) {
		if expansions(w) != nil {
			return true
		}
	}
	return false
}

// spellings returns s with its abbreviations spelt out, every way the
// table allows up to maxSpellings, or s alone when it has none.
func spellings(s string) []string {
	out := []string{""}
	abbreviated := false
	for _, w := range strings.Fields(s) {
		xs := expansions(w)
		if xs == nil {
			xs = []string{w}
		} else {
			abbreviated = true
		}
		next := make([]string, 0, min(len(out)*len(xs), maxSpellings))
		for _, o := range out {
			for _, x := range xs {
				if len(next) < maxSpellings {
					next = append(next, strings.TrimSpace(o+" "+x))
				}
			}
		}
		out = next
	}
	if !abbreviated {
		return []string{s}
	}
	return out
}
