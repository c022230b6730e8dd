package gen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

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
	case in.Postcode() != "" && in.City != "":
		switch r.IntN(3) {
		case 0:
			return in.City + " " + in.Postcode(), true
		case 1:
			if in.Address() != "" {
				return in.Address(), true
			}
		}
		return in.Postcode(), true
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
		if in.Status() == "closed" {
			forms = append(forms, in.Name+" (closed)")
		}
		if in.Wikidata != "" && g.x.qids[strings.ToUpper(in.Wikidata)] == 1 {
			forms = append(forms, in.Name+" ("+in.Wikidata+")")
		}
		for _, a := range in.AltNames() {
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
	if in.Country == "GB" && slices.Contains([]string{"England", "Scotland", "Wales", "Northern Ireland"}, in.Region()) {
		words = append(slices.Clone(words), in.Region())
	}
	country := pick(r, words)
	forms := []string{", " + country, " (" + in.Country + ")"}
	if in.City != "" {
		forms = append(forms, " "+in.City+" "+country, ", "+in.City+", "+country)
	}
	if in.Address() != "" {
		forms = append(forms, ", "+in.Address()+", "+country)
	}
	if in.City != "" && in.District() != "" && in.District() != in.City {
		district := in.District()
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
