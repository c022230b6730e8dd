package gen

import (
	"fmt"
	"maps"
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
}

type rgen struct {
	x    *index
	r    *rand.Rand
	kind string
	out  []Reference
	seen map[string]bool
	// wordNames are the records' names as words (see words), padded with
	// spaces; ambiguous are the ambiguous names (both built on first use).
	wordNames []string
	ambiguous []ambiguity
}

// References generates up to n linking references from ds,
// deterministically for seed, shared evenly by the kinds (about n/21
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
			for _, a := range in.AltNames {
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
			if in.Identifiers.ROR == "" {
				return false
			}
			id := rorID(in.Identifiers.ROR)
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

// genericWords are generic institution names that pick a record only
// together with its town.
var genericWords = []string{
	"Stadtarchiv", "Stadtbibliothek", "Stadtmuseum", "Heimatmuseum", "Stadtbücherei", "Kreisarchiv", "Gemeindearchiv",
	"Universitätsbibliothek", "Kunsthalle", "Kunstmuseum", "Kreismuseum", "Stadtgeschichtliches Museum",
	"Museum", "Bibliothek", "Archiv", "Bibliotheek", "Openbare Bibliotheek", "Gemeentearchief", "Stadsarchief", "Regionaal Archief",
	"Library", "Town Museum", "Heritage Centre",
}

// refGenericWithCity gives a generic word and the city: the record is
// expected when it is the only one in that city whose name holds the word.
func refGenericWithCity(g *rgen, quota int) {
	byCity := map[string][]*heritage.Institution{}
	for _, in := range g.x.recs {
		if in.City != "" {
			byCity[fold(in.City)] = append(byCity[fold(in.City)], in)
		}
	}
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if in.City == "" {
			return false
		}
		var words []string
		for _, w := range genericWords {
			if containsWords(in.Name, w) {
				words = append(words, w)
			}
		}
		if len(words) == 0 {
			return false
		}
		w := pick(g.r, words)
		n := 0
		for _, other := range byCity[fold(in.City)] {
			if containsWords(other.Name, w) {
				n++
			}
		}
		if n != 1 || fold(w) == fold(in.Name) {
			return false
		}
		return g.add(linking.Query{Text: w, City: in.City}, in.ID, nil, fmt.Sprintf("The only record in %s whose name holds %q: %q.", in.City, w, in.Name))
	})
}

// containsWords reports whether name holds w as whole words (case and
// punctuation folded).
func containsWords(name, w string) bool {
	return strings.Contains(" "+words(name)+" ", " "+words(w)+" ")
}

// words lower-cases s and turns everything but letters and digits into
// single spaces.
func words(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ")
}

// partial drops the town (one word) from a record's name and the
// connecting words left at its ends: "Hennebergmuseum Münnerstadt" →
// "Hennebergmuseum"; ok is false when too little is left.
func partial(in *heritage.Institution) (string, bool) {
	if in.City == "" || strings.Contains(in.City, " ") || !containsWords(in.Name, in.City) {
		return "", false
	}
	var kept []string
	dropped := false
	for _, f := range strings.Fields(in.Name) {
		if !dropped && fold(f) == fold(in.City) {
			dropped = true
			continue
		}
		kept = append(kept, f)
	}
	connectors := map[string]bool{"de": true, "of": true, "in": true, "im": true, "am": true, "der": true, "van": true, "the": true, "da": true, "du": true, "zu": true, "für": true, "and": true, "&": true, "und": true, "-": true, "–": true}
	for len(kept) > 0 && connectors[strings.ToLower(strings.Trim(kept[len(kept)-1], ",;:"))] {
		kept = kept[:len(kept)-1]
	}
	rest := strings.Trim(strings.Join(kept, " "), " ,;:-–")
	if !dropped || len(rest) < 6 || genericName(rest) {
		return "", false
	}
	return rest, true
}

// holders lists the records whose name holds text as whole words, in the
// city when city is set.
func (g *rgen) holders(text, city string) []*heritage.Institution {
	if g.wordNames == nil {
		g.wordNames = make([]string, len(g.x.recs))
		for i, in := range g.x.recs {
			g.wordNames[i] = " " + words(in.Name) + " "
		}
	}
	w := " " + words(text) + " "
	var out []*heritage.Institution
	for i, in := range g.x.recs {
		if (city == "" || fold(in.City) == fold(city)) && strings.Contains(g.wordNames[i], w) {
			out = append(out, in)
		}
	}
	return out
}

// refPartialName gives a name without its town, with the town as a city
// hint half the time; the record is expected when it is the only one (in
// the town, with the hint) whose name holds the rest.
func refPartialName(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		rest, ok := partial(in)
		if !ok {
			return false
		}
		q := linking.Query{Text: rest}
		note := fmt.Sprintf("%q without its town; the only record whose name holds the rest.", in.Name)
		if g.r.IntN(2) == 0 {
			q.City = in.City
			note = fmt.Sprintf("%q without its town, the town as a hint; the only record there whose name holds the rest.", in.Name)
		}
		if h := g.holders(rest, q.City); len(h) != 1 || h[0] != in {
			return false
		}
		return g.add(q, in.ID, nil, note)
	})
}

func genericName(s string) bool {
	for _, w := range genericWords {
		if fold(w) == fold(s) {
			return true
		}
	}
	return false
}

// variant rewrites a name the way other sources spell it; ok is false
// when no rule applies.
func variant(r *rand.Rand, name string) (v, rule string, ok bool) {
	type rewrite struct {
		rule string
		f    func(string) (string, bool)
	}
	swapWord := func(from, to string) func(string) (string, bool) {
		return func(s string) (string, bool) {
			f := strings.Fields(s)
			for i, w := range f {
				if w == from {
					f[i] = to
					return strings.Join(f, " "), true
				}
			}
			return s, false
		}
	}
	rules := []rewrite{
		{"St → Saint", swapWord("St", "Saint")},
		{"St. → Saint", swapWord("St.", "Saint")},
		{"Saint → St", swapWord("Saint", "St")},
		{"St → St.", swapWord("St", "St.")},
		{"leading The dropped", func(s string) (string, bool) { return strings.CutPrefix(s, "The ") }},
		{"leading The added", func(s string) (string, bool) {
			if strings.HasPrefix(s, "The ") || !strings.HasSuffix(s, " Museum") && !strings.HasSuffix(s, " Gallery") {
				return s, false
			}
			return "The " + s, true
		}},
		{"suffix dropped", func(s string) (string, bool) {
			for _, suf := range []string{" Trust", " Society", " Ltd", " Limited"} {
				if t, ok := strings.CutSuffix(s, suf); ok && len(t) > 5 {
					return t, true
				}
			}
			return s, false
		}},
		{"suffix Trust added", func(s string) (string, bool) {
			if !strings.HasSuffix(s, "Museum") {
				return s, false
			}
			return s + " Trust", true
		}},
		{"X Museum → Museum of X", func(s string) (string, bool) {
			t, ok := strings.CutSuffix(s, " Museum")
			if !ok || strings.Contains(t, " of ") || len(strings.Fields(t)) > 3 {
				return s, false
			}
			return "Museum of " + t, true
		}},
		{"Museum of X → X Museum", func(s string) (string, bool) {
			t, ok := strings.CutPrefix(s, "Museum of ")
			if !ok {
				return s, false
			}
			return strings.TrimPrefix(t, "the ") + " Museum", true
		}},
		{"German compound split", func(s string) (string, bool) {
			for _, head := range []string{"Stadt", "Kreis", "Heimat", "Landes", "Gemeinde", "Universitäts", "Kunst"} {
				for _, tail := range []string{"bibliothek", "archiv", "museum", "bücherei", "halle"} {
					if strings.Contains(s, head+tail) {
						sep := pick(r, []string{" ", "-"})
						return strings.Replace(s, head+tail, head+sep+strings.ToUpper(tail[:1])+tail[1:], 1), true
					}
				}
			}
			return s, false
		}},
		{"German compound joined", func(s string) (string, bool) {
			for _, head := range []string{"Stadt", "Kreis", "Heimat", "Landes", "Gemeinde"} {
				for _, tail := range []string{"Bibliothek", "Archiv", "Museum", "Bücherei"} {
					for _, sep := range []string{" ", "-"} {
						if strings.Contains(s, head+sep+tail) {
							return strings.Replace(s, head+sep+tail, head+strings.ToLower(tail), 1), true
						}
					}
				}
			}
			return s, false
		}},
	}
	for _, i := range r.Perm(len(rules)) {
		if v, ok := rules[i].f(name); ok && v != name {
			return v, rules[i].rule, true
		}
	}
	return name, "", false
}

func refVariants(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if !g.x.unique(in) {
			return false
		}
		v, rule, ok := variant(g.r, in.Name)
		if !ok || !g.sole(v, in) {
			return false
		}
		return g.add(linking.Query{Text: v}, in.ID, nil, fmt.Sprintf("%q spelt another way (%s).", in.Name, rule))
	})
}

// ambiguity is a name several records answer to: a name they share, or
// a name without its town that several records' names hold.
type ambiguity struct {
	text string
	recs []*heritage.Institution
	how  string
}

// ambiguities lists shared names and shared partial names (2 to 20
// records each), in a fixed order.
func (g *rgen) ambiguities() []ambiguity {
	var out []ambiguity
	seen := map[string]bool{}
	for _, k := range slices.Sorted(maps.Keys(g.x.byName)) {
		if recs := g.x.byName[k]; len(recs) >= 2 && len(recs) <= 20 && len(g.x.anyName[k]) == len(recs) {
			seen[k] = true
			out = append(out, ambiguity{recs[0].Name, recs, fmt.Sprintf("%d records are named %q", len(recs), recs[0].Name)})
		}
	}
	for _, in := range g.x.recs {
		rest, ok := partial(in)
		if !ok || seen[fold(rest)] || len(g.x.anyName[fold(rest)]) > 0 {
			continue
		}
		seen[fold(rest)] = true
		if h := g.holders(rest, ""); len(h) >= 2 && len(h) <= 20 {
			out = append(out, ambiguity{rest, h, fmt.Sprintf("the names of %d records hold %q", len(h), rest)})
		}
	}
	return out
}

// refAmbiguous gives a name several records answer to: without a hint
// nothing should be matched (they are acceptable); with the city of one of
// them, when no other is in that city, that one is expected.
func refAmbiguous(withCity bool) func(*rgen, int) {
	return func(g *rgen, quota int) {
		if g.ambiguous == nil {
			g.ambiguous = g.ambiguities()
		}
		added := 0
		for _, a := range shuffled(g.r, g.ambiguous) {
			if added >= quota {
				return
			}
			if !withCity {
				if g.add(linking.Query{Text: a.text}, "", ids(a.recs), a.how+"; without a hint none should be a match.") {
					added++
				}
				continue
			}
			in := pick(g.r, a.recs)
			if in.City == "" {
				continue
			}
			n := 0
			for _, other := range a.recs {
				if fold(other.City) == fold(in.City) {
					n++
				}
			}
			if n == 1 && g.add(linking.Query{Text: a.text, City: in.City}, in.ID, nil, a.how+"; the city picks one.") {
				added++
			}
		}
	}
}

// refAbsent gives names and identifiers no record has.
func refAbsent(g *rgen, quota int) {
	for added, try := 0, 0; added < quota && try < quota*10; try++ {
		var q linking.Query
		var note string
		switch g.r.IntN(6) {
		case 0, 1:
			q, note = linking.Query{Text: g.x.absentName(g.r)}, "A plausible name no record has."
			if g.r.IntN(2) == 0 {
				q.City = pick(g.r, []string{"Kelsford", "Unterwaldbach", "Oosterwaarde", "York", "Berlin", "Leiden"})
			}
		case 2:
			q, note = linking.Query{Text: g.x.absentISIL(g.r)}, "An ISIL no record has."
		case 3:
			q, note = linking.Query{Text: "wd:" + g.x.absentQID(g.r)}, "A QID no record has."
		case 4:
			q, note = linking.Query{Text: "GND " + g.x.absentGND(g.r)}, "A GND id no record has."
		default:
			q, note = linking.Query{Text: "https://ror.org/" + g.x.absentROR(g.r)}, "A ROR id no record has."
		}
		if g.add(q, "", nil, note) {
			added++
		}
	}
}
