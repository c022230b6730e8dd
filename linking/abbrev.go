package linking

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/kg"
)

// abbreviationsTSV is the table of abbreviations by language (see the
// file's header for its format).
//
//go:embed data/abbreviations.tsv
var abbreviationsTSV string

// abbrevTable is the abbreviation table: what each abbreviation, folded
// as kg.NormalizeName folds it ("Städt." is "stadt"), stands for in every
// language of the table (in the order of its rows), and which are read
// without their full stop.
type abbrevTable struct {
	words    map[string][]string
	undotted map[string]bool
}

// abbreviations is the table read from data/abbreviations.tsv, on first use.
var abbreviations = sync.OnceValue(func() abbrevTable {
	t, err := parseAbbreviations(abbreviationsTSV)
	if err != nil {
		panic(err) // the embedded table is checked by TestAbbreviationTable
	}
	return t
})

// parseAbbreviations reads an abbreviation table: one row a line,
// language, abbreviation, expansions separated by "|", and the optional
// flag "undotted"; "#" starts a comment line.
func parseAbbreviations(src string) (abbrevTable, error) {
	t := abbrevTable{words: map[string][]string{}, undotted: map[string]bool{}}
	for n, line := range strings.Split(src, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 3 || len(f) > 4 {
			return t, fmt.Errorf("linking: abbreviations line %d: want language, abbreviation, expansions[, flag]", n+1)
		}
		ab := kg.NormalizeName(f[1])
		if ab == "" || strings.Contains(ab, " ") {
			return t, fmt.Errorf("linking: abbreviations line %d: %q is not one word", n+1, f[1])
		}
		for _, x := range strings.Split(f[2], "|") {
			if x = kg.NormalizeName(x); x != "" && !slices.Contains(t.words[ab], x) {
				t.words[ab] = append(t.words[ab], x)
			}
		}
		switch {
		case len(f) == 4 && f[3] == "undotted":
			t.undotted[ab] = true
		case len(f) == 4 && f[3] != "":
			return t, fmt.Errorf("linking: abbreviations line %d: unknown flag %q", n+1, f[3])
		}
	}
	return t, nil
}

// expansions returns the words an abbreviation in a name stands for, or
// nil. An abbreviation is a word ending in a full stop, or one of the
// undotted; the end of a compound may be one ("Stadtbibl." for
// Stadtbibliothek, "Rijksmus." for Rijksmuseum).
func expansions(word string) []string {
	dotted := strings.HasSuffix(strings.TrimRight(word, ",;:"), ".")
	key := kg.NormalizeName(word)
	if at := strings.LastIndexByte(word, '-'); at > 0 && at < len(word)-1 && strings.Contains(key, " ") {
		// the end of a hyphenated compound ("Philipp-Reis-Mus.")
		xs := expansions(word[at+1:])
		if xs == nil {
			return nil
		}
		out := make([]string, len(xs))
		for k, x := range xs {
			out[k] = word[:at+1] + x
		}
		return out
	}
	if strings.Contains(key, " ") || key == "" {
		return nil
	}
	table := abbreviations()
	if !dotted && !table.undotted[key] {
		return nil
	}
	if xs := table.words[key]; len(xs) > 0 {
		return xs
	}
	if !dotted {
		return nil
	}
	// the longest abbreviation that ends the compound, the first of equals
	best := ""
	for ab := range table.words {
		if len(ab) >= 3 && len(key)-len(ab) >= 3 && strings.HasSuffix(key, ab) &&
			(len(ab) > len(best) || len(ab) == len(best) && ab < best) {
			best = ab
		}
	}
	if best == "" {
		return nil
	}
	xs := table.words[best]
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
