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
	// wordNames are the records' names as words (see words), padded with
	// spaces; ambiguous are the ambiguous names (both built on first use).
	wordNames []string
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

// kindWords end the leading words of a name that users name an
// institution by ("Worthing Museum" for "Worthing Museum & Art Gallery").
var kindWords = map[string]bool{
	"museum": true, "museums": true, "library": true, "archive": true, "archives": true, "gallery": true,
	"bibliothek": true, "archiv": true, "bibliotheek": true, "archief": true, "galerie": true,
}

// leadingWords returns a record's name up to its first word of a kind of
// institution, when more follows and the name does not open with "The";
// ok is false otherwise.
func leadingWords(name string) (string, bool) {
	fields := strings.Fields(name)
	for k := 1; k < len(fields)-1; k++ {
		if kindWords[strings.ToLower(strings.Trim(fields[k], ",;:"))] {
			if strings.EqualFold(fields[0], "the") {
				return "", false
			}
			return strings.Trim(strings.Join(fields[:k+1], " "), " ,;:-–"), true
		}
	}
	return "", false
}

// refLeadingWords gives a record's name up to its first word of a kind
// of institution (leadingWords), when no other record's names hold those
// words as a phrase; a third of them with the town as a hint.
func refLeadingWords(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		text, ok := leadingWords(in.Name)
		if !ok || !g.x.soleHolder(text, in) {
			return false
		}
		q := linking.Query{Text: text}
		note := fmt.Sprintf("%q up to its kind; the only record whose names hold those words.", in.Name)
		if in.City != "" && g.r.IntN(3) == 0 {
			q.City = in.City
			note = fmt.Sprintf("%q up to its kind, the town as a hint; the only record whose names hold those words.", in.Name)
		}
		return g.add(q, in.ID, nil, note)
	})
}

// refNameWithTown gives a record's name followed by its town, after a
// comma or not ("British Museum, London", "Tate Modern London"), as the
// rows of a catalogue often hold them; one in four is a name no record
// has followed by a town of the data, which nothing should match.
func refNameWithTown(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if g.r.IntN(4) == 0 {
			town := g.x.recs[g.r.IntN(len(g.x.recs))].City
			if town == "" {
				return false
			}
			text := g.x.absentName(g.r) + ", " + town
			return g.add(linking.Query{Text: text}, "", nil, "A plausible name no record has, with a town of the data.")
		}
		if in.City == "" || !g.x.unique(in) || strings.Contains(fold(in.Name), fold(in.City)) {
			return false
		}
		text, how := in.Name+", "+in.City, "after a comma"
		if g.r.IntN(3) == 0 {
			text, how = in.Name+" "+in.City, "after a space"
		}
		return g.add(linking.Query{Text: text}, in.ID, nil, fmt.Sprintf("The record's name and its town %s.", how))
	})
}

// abbreviated are words of the data's names with the abbreviations
// catalogues and spreadsheets write for them, English, German and Dutch.
var abbreviated = map[string][]string{
	"national": {"Natl.", "Nat."}, "museum": {"Mus."}, "academy": {"Acad."}, "university": {"Univ."},
	"library": {"Lib."}, "institute": {"Inst."}, "society": {"Soc."}, "gallery": {"Gall."},
	"railway": {"Rly."}, "gardens": {"Gdns."}, "memorial": {"Mem."}, "international": {"Intl."},
	"regiment": {"Regt."}, "saint": {"St."}, "bibliothek": {"Bibl."}, "bibliotheek": {"Bibl."},
	"stadtbibliothek": {"Stadtbibl."}, "landesbibliothek": {"Landesbibl."}, "staatliche": {"Staatl."},
	"staatliches": {"Staatl."}, "gemeentearchief": {"Gem. Archief"}, "rijksmuseum": {"Rijksmus."},
	"historisches": {"Hist."}, "and": {"&"}, "&": {"and"},
}

// abbreviate writes the words of name that have an abbreviation
// (abbreviated) abbreviated, each with even odds, at least one; ok is
// false when none has one.
func abbreviate(r *rand.Rand, name string) (string, bool) {
	f := strings.Fields(name)
	var at []int
	word := false // a word other than "and" or "&" is abbreviated
	for k, w := range f {
		if _, ok := abbreviated[strings.ToLower(w)]; ok {
			at = append(at, k)
			word = word || !conjunction(w)
		}
	}
	if !word {
		return "", false
	}
	done := false
	for _, k := range shuffled(r, at) {
		if !done && !conjunction(f[k]) || r.IntN(2) == 0 {
			done = done || !conjunction(f[k])
			f[k] = pick(r, abbreviated[strings.ToLower(f[k])])
		}
	}
	return strings.Join(f, " "), true
}

// conjunction reports "and" or "&".
func conjunction(w string) bool { return w == "&" || strings.EqualFold(w, "and") }

// refAbbreviated gives a record's name with words abbreviated ("Natl.
// Museum of Scotland", "Stadtbibl. Mainz"); one in four is a made-up
// name abbreviated, which nothing should match.
func refAbbreviated(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if g.r.IntN(4) == 0 {
			text, ok := abbreviate(g.r, g.x.absentName(g.r))
			return ok && g.add(linking.Query{Text: text}, "", nil, "A made-up name, abbreviated.")
		}
		if !g.x.unique(in) {
			return false
		}
		text, ok := abbreviate(g.r, in.Name)
		if !ok || !g.sole(text, in) {
			return false
		}
		return g.add(linking.Query{Text: text}, in.ID, nil, fmt.Sprintf("The record's name with words abbreviated: %q.", in.Name))
	})
}

// refNameWithAddress gives a record's name followed by its address or
// part of it, as a mailing list holds it: the town and postcode ("Horniman
// Museum, London SE23 3PQ"), the whole address, the postcode alone, or,
// where the data states no postcode, a German ("45128 Essen") or Dutch
// ("1071 AB Amsterdam") one before the town. One in four is a made-up
// name with a real address, which nothing should match.
func refNameWithAddress(g *rgen, quota int) {
	refNameFollowed(g, quota, ", ", "address", addressOf)
}

// refNameFollowed gives a record's unique name followed by sep and what
// after writes of the record (a what: "address", "place"), or for one in
// four a made-up name followed by it.
func refNameFollowed(g *rgen, quota int, sep, what string, after func(r *rand.Rand, in *heritage.Institution) (string, bool)) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		text, ok := after(g.r, in)
		if !ok {
			return false
		}
		if g.r.IntN(4) == 0 {
			return g.add(linking.Query{Text: g.x.absentName(g.r) + sep + text}, "", nil, "A made-up name with a real "+what+".")
		}
		if !g.x.unique(in) {
			return false
		}
		return g.add(linking.Query{Text: in.Name + sep + text}, in.ID, nil, fmt.Sprintf("The record's name and its %s %q.", what, text))
	})
}

// addressOf writes an address of in the ways mailing lists do; ok is
// false when the record has no postcode and no town.
func addressOf(r *rand.Rand, in *heritage.Institution) (string, bool) {
	switch {
	case in.Postcode != "" && in.City != "":
		switch r.IntN(3) {
		case 0:
			return in.City + " " + in.Postcode, true
		case 1:
			if in.Address != "" {
				return in.Address, true
			}
		}
		return in.Postcode, true
	case in.City != "" && in.Country == "DE":
		return fmt.Sprintf("%05d %s", 1000+r.IntN(98000), in.City), true
	case in.City != "" && in.Country == "NL":
		return fmt.Sprintf("%04d %c%c %s", 1000+r.IntN(9000), 'A'+rune(r.IntN(26)), 'A'+rune(r.IntN(26)), in.City), true
	}
	return "", false
}

// refSpreadsheetNoise gives a record's name with what a spreadsheet cell
// adds to it: quotes, a leading "The", a legal form (Ltd, e.V., gGmbH), a
// leading "Stichting", "(closed)" after a closed one, its Wikidata id in
// parentheses, or another of its names after a slash. One in four is a
// made-up name with such noise, which nothing should match.
func refSpreadsheetNoise(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if g.r.IntN(4) == 0 {
			name := g.x.absentName(g.r)
			text := pick(g.r, []string{`"` + name + `"`, "The " + name, name + " Ltd", name + " e.V.", "Stichting " + name, name + " (closed)"})
			return g.add(linking.Query{Text: text}, "", nil, "A made-up name with spreadsheet noise.")
		}
		if !g.x.unique(in) {
			return false
		}
		forms := []string{`"` + in.Name + `"`, "“" + in.Name + "”"}
		if !strings.HasPrefix(strings.ToLower(in.Name), "the ") && in.Country == "GB" {
			forms = append(forms, "The "+in.Name)
		}
		switch in.Country {
		case "GB":
			forms = append(forms, in.Name+" Ltd")
		case "DE":
			forms = append(forms, in.Name+" e.V.", in.Name+" gGmbH")
		case "NL":
			forms = append(forms, "Stichting "+in.Name)
		}
		if in.Status == "closed" {
			forms = append(forms, in.Name+" (closed)")
		}
		if in.Wikidata != "" && g.x.qids[strings.ToUpper(in.Wikidata)] == 1 {
			forms = append(forms, in.Name+" ("+in.Wikidata+")")
		}
		for _, a := range in.AltNames {
			if len([]rune(a.Name)) >= 6 && fold(a.Name) != fold(in.Name) && g.sole(a.Name, in) && !strings.Contains(a.Name, "/") {
				forms = append(forms, in.Name+" / "+a.Name)
				break
			}
		}
		text := pick(g.r, forms)
		if strings.Contains(in.Name, "/") || !g.sole(text, in) {
			return false
		}
		return g.add(linking.Query{Text: text}, in.ID, nil, fmt.Sprintf("The record's name with spreadsheet noise: %q.", in.Name))
	})
}

// refNameWithPlace gives a record's name with its place after it, as
// catalogues and mailing lists write it: its country after a comma, in
// parentheses or after its town with no comma, its postal address ending
// with the country, or its town and then its district ("Co. Durham").
// One in four is a made-up name placed the same way, which nothing
// should match.
func refNameWithPlace(g *rgen, quota int) {
	refNameFollowed(g, quota, "", "place", placeOf)
}

// countryWords are ways of writing the countries of most records.
var countryWords = map[string][]string{
	"GB": {"United Kingdom", "UK", "Great Britain"},
	"DE": {"Germany", "Deutschland", "DE"},
	"NL": {"Netherlands", "The Netherlands", "Nederland", "NL"},
	"US": {"USA", "United States"},
	"AT": {"Austria", "Österreich"},
	"CH": {"Switzerland", "Schweiz"},
	"FR": {"France"},
	"PT": {"Portugal"},
}

// placeOf writes where in is after its name (see refNameWithPlace); ok
// is false when the data gives no way to.
func placeOf(r *rand.Rand, in *heritage.Institution) (string, bool) {
	words, ok := countryWords[in.Country]
	if !ok {
		return "", false
	}
	if in.Country == "GB" && slices.Contains([]string{"England", "Scotland", "Wales", "Northern Ireland"}, in.Region) {
		words = append(slices.Clone(words), in.Region)
	}
	country := pick(r, words)
	forms := []string{", " + country, " (" + in.Country + ")"}
	if in.City != "" {
		forms = append(forms, " "+in.City+" "+country, ", "+in.City+", "+country)
	}
	if in.Address != "" {
		forms = append(forms, ", "+in.Address+", "+country)
	}
	if in.City != "" && in.District != "" && in.District != in.City {
		district := in.District
		if rest, ok := strings.CutPrefix(district, "County "); ok {
			district = "Co. " + rest
		}
		forms = append(forms, ", "+in.City+", "+district)
	}
	return pick(r, forms), true
}

// refCatalogueForm gives a record's name as a catalogue files it: an
// article put after it ("Bowes Museum, The"), its town before it after a
// colon, a dash or a comma, or its town in brackets after it. One in four
// is a made-up name filed the same way, which nothing should match.
func refCatalogueForm(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		var forms []func(name string) string
		if strings.HasPrefix(in.Name, "The ") {
			forms = append(forms, func(name string) string { return strings.TrimPrefix(name, "The ") + ", The" })
		}
		if in.City != "" {
			for _, f := range []string{"%[1]s: %[2]s", "%[1]s - %[2]s", "%[1]s, %[2]s", "%[2]s (%[1]s)", "%[2]s [%[1]s]"} {
				forms = append(forms, func(name string) string { return fmt.Sprintf(f, in.City, name) })
			}
		}
		if len(forms) == 0 {
			return false
		}
		form := pick(g.r, forms)
		if g.r.IntN(4) == 0 {
			name := g.x.absentName(g.r)
			if strings.HasPrefix(in.Name, "The ") {
				name = "The " + name
			}
			return g.add(linking.Query{Text: form(name)}, "", nil, "A made-up name filed as a catalogue files it.")
		}
		if !g.x.unique(in) {
			return false
		}
		return g.add(linking.Query{Text: form(in.Name)}, in.ID, nil, "The record's name filed as a catalogue files it.")
	})
}
