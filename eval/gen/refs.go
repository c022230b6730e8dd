package gen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// Reference is one generated linking reference (see eval.Reference).
type Reference = eval.Reference

// Reference kinds, in generation order.
var refKinds = []struct {
	kind string
	make func(g *rgen, quota int)
}{
	{"exact_name", refExactName},
	{"noisy_name", refNoisyName},
	{"former_name", refAltName("former_name", true)},
	{"alias", refAltName("alias", false)},
	{"isil_spaced", refISIL("isil_spaced", func(r *rand.Rand, s string) string { return strings.ReplaceAll(s, "-", " ") })},
	{"isil_case", refISIL("isil_case", func(r *rand.Rand, s string) string { return strings.ToLower(s) })},
	{"isil_padded", refISIL("isil_padded", func(r *rand.Rand, s string) string { return " " + strings.ReplaceAll(s, "-", " - ") + " " })},
	{"gnd_prefixed", refGND("gnd_prefixed", func(in *heritage.Institution, s string) string { return "GND " + s })},
	{"gnd_dnb", refGND("gnd_dnb", func(in *heritage.Institution, s string) string { return "(DE-588)" + s })},
	{"gnd_url", refGND("gnd_url", func(in *heritage.Institution, s string) string { return "https://d-nb.info/gnd/" + s })},
	{"gnd_in_name", refGND("gnd_in_name", func(in *heritage.Institution, s string) string { return in.Name + ", GND " + s })},
	{"ror_url", refROR("ror_url", []string{"ror.org/%s", "https://ror.org/%s"})},
	{"ror_prefixed", refROR("ror_prefixed", []string{"ROR: %s", "ROR %s", "ror:%s"})},
	{"qid_url", refQID("qid_url", []string{"https://www.wikidata.org/wiki/%s", "http://www.wikidata.org/entity/%s", "www.wikidata.org/wiki/%s"})},
	{"qid_wd", refQID("qid_wd", []string{"wd:%s"})},
	{"generic_with_city", refGenericWithCity},
	{"partial_name", refPartialName},
	{"variants", refVariants},
	{"ambiguous_no_hint", refAmbiguous(false)},
	{"ambiguous_with_city", refAmbiguous(true)},
	{"absent", refAbsent},
	{"leading_words", refLeadingWords},
	{"name_with_town", refNameWithTown},
	{"abbreviated_name", refAbbreviated},
	{"name_with_address", refNameWithAddress},
	{"spreadsheet_noise", refSpreadsheetNoise},
	{"name_with_place", refNameWithPlace},
	{"catalogue_form", refCatalogueForm},
}

type rgen struct {
	x    *index
	r    *rand.Rand
	kind string
	out  []Reference
	seen map[string]bool
	// ambiguous are the ambiguous names (built on first use).
	ambiguous []ambiguity
}

// References generates up to n linking references from ds,
// deterministically for seed, shared evenly by the kinds (about n/23
// each; a kind with fewer qualifying records yields fewer).
//
// expected_id is "" when nothing should be matched: a name or identifier
// absent from the data, or a name several records share given without a
// hint that picks one (those records are then acceptable_ids).
func References(ds *heritage.Dataset, seed int64, n int) []Reference {
	g := &rgen{x: newIndex(ds), r: newRand(seed, 2), seen: map[string]bool{}}
	quota := (n + len(refKinds) - 1) / len(refKinds)
	for _, k := range refKinds {
		g.kind = k.kind
		capped(&g.out, quota, func(quota int) { k.make(g, quota) })
	}
	number(g.out, "ref", func(r *Reference) *string { return &r.ID })
	return g.out
}

// add appends a reference unless the same query was generated before.
func (g *rgen) add(q linking.Query, expected string, acceptable []string, notes string) bool {
	key := fmt.Sprintf("%q", []string{q.Text, q.City, q.Country, q.Type, q.ISIL, q.QID, q.GHCID, q.Postcode})
	if g.seen[key] || strings.TrimSpace(q.Text) == "" {
		return false
	}
	g.seen[key] = true
	if acceptable == nil {
		acceptable = []string{}
	}
	g.out = append(g.out, Reference{Kind: g.kind, Query: q, Expected: expected, Acceptable: acceptable, Notes: notes})
	return true
}

// each offers the records in random order to mk until quota references
// were added.
func (g *rgen) each(quota int, recs []*heritage.Institution, mk func(in *heritage.Institution) bool) {
	added := 0
	for _, in := range shuffled(g.r, recs) {
		if added >= quota {
			return
		}
		if mk(in) {
			added++
		}
	}
}

// sole reports whether the folded text names no record other than in,
// by any of their names.
func (g *rgen) sole(text string, in *heritage.Institution) bool {
	recs := g.x.anyName[fold(text)]
	return len(recs) == 0 || len(recs) == 1 && recs[0] == in
}

func refExactName(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		return g.x.unique(in) && g.add(linking.Query{Text: in.Name}, in.ID, nil, "The record's name, as is.")
	})
}

// punctuate changes only punctuation and spacing.
func punctuate(r *rand.Rand, s string) string {
	switch r.IntN(3) {
	case 0:
		return strings.Map(func(c rune) rune {
			if unicode.IsPunct(c) && c != '\'' {
				return ' '
			}
			return c
		}, s)
	case 1:
		return strings.Join(strings.Fields(strings.NewReplacer(".", "", ",", "", "&", "and").Replace(s)), " ")
	}
	return s + "."
}

func refNoisyName(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if !g.x.unique(in) {
			return false
		}
		var text, how string
		switch g.r.IntN(4) {
		case 0, 1:
			t, ok := typo(g.r, in.Name, nil)
			if !ok {
				return false
			}
			text, how = t, "one-letter typo"
		case 2:
			text, how = strings.ToLower(in.Name), "lower case"
			if g.r.IntN(2) == 0 {
				text, how = strings.ToUpper(in.Name), "upper case"
			}
		default:
			text, how = punctuate(g.r, in.Name), "punctuation"
		}
		if text == in.Name || !g.sole(text, in) {
			return false
		}
		return g.add(linking.Query{Text: text}, in.ID, nil, fmt.Sprintf("The name with noise (%s): %q.", how, in.Name))
	})
}

// refAltName links by another name of the record: former names (former)
// or aliases, labels and acronyms of three or more letters.
func refAltName(kind string, former bool) func(*rgen, int) {
	return func(g *rgen, quota int) {
		type alt struct {
			in   *heritage.Institution
			name heritage.AltName
		}
		var alts []alt
		for _, in := range g.x.recs {
			for _, a := range in.AltNames() {
				if (a.Kind == heritage.KindFormerName) != former || len([]rune(a.Name)) < 3 || fold(a.Name) == fold(in.Name) {
					continue
				}
				alts = append(alts, alt{in, a})
			}
		}
		added := 0
		for _, a := range shuffled(g.r, alts) {
			if added >= quota {
				return
			}
			if g.sole(a.name.Name, a.in) && g.add(linking.Query{Text: a.name.Name}, a.in.ID, nil,
				fmt.Sprintf("An alt_names entry of kind %s of %q.", a.name.Kind, a.in.Name)) {
				added++
			}
		}
	}
}

// refISIL links by a record's ISIL written another way; ISILs shared by
// several records are left out.
func refISIL(kind string, form func(*rand.Rand, string) string) func(*rgen, int) {
	return func(g *rgen, quota int) {
		g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
			isils := slices.DeleteFunc(append([]string{in.ISIL}, in.Identifiers.ISILAll...), func(s string) bool { return s == "" })
			if len(isils) == 0 {
				return false
			}
			s := pick(g.r, isils)
			if g.x.isils[strings.ToUpper(s)] != 1 {
				return false
			}
			return g.add(linking.Query{Text: form(g.r, s)}, in.ID, nil, fmt.Sprintf("ISIL %s written another way.", s))
		})
	}
}

func refGND(kind string, form func(*heritage.Institution, string) string) func(*rgen, int) {
	return func(g *rgen, quota int) {
		g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
			if len(in.Identifiers.GND) == 0 {
				return false
			}
			s := pick(g.r, in.Identifiers.GND)
			if g.x.gnds[strings.ToUpper(s)] != 1 || (kind == "gnd_in_name" && !g.x.unique(in)) {
				return false
			}
			return g.add(linking.Query{Text: form(in, s)}, in.ID, nil, fmt.Sprintf("GND %s written another way.", s))
		})
	}
}

func refROR(kind string, forms []string) func(*rgen, int) {
	return func(g *rgen, quota int) {
		g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
			if in.ROR() == "" {
				return false
			}
			id := rorID(in.ROR())
			return g.add(linking.Query{Text: fmt.Sprintf(pick(g.r, forms), id)}, in.ID, nil, fmt.Sprintf("ROR %s written another way.", id))
		})
	}
}

func refQID(kind string, forms []string) func(*rgen, int) {
	return func(g *rgen, quota int) {
		g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
			if in.Wikidata == "" {
				return false
			}
			return g.add(linking.Query{Text: fmt.Sprintf(pick(g.r, forms), in.Wikidata)}, in.ID, nil, fmt.Sprintf("Wikidata %s written another way.", in.Wikidata))
		})
	}
}
