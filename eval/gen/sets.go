package gen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

// sizeRank orders sizes: small < medium < large < huge; 0 for unknown.
func sizeRank(s string) int {
	switch s {
	case "small":
		return 1
	case "medium":
		return 2
	case "large":
		return 3
	case "huge":
		return 4
	}
	return 0
}

func ids(recs []*heritage.Institution) []string {
	out := make([]string, len(recs))
	for i, in := range recs {
		out[i] = in.ID
	}
	return out
}

func names(recs []*heritage.Institution) string {
	out := make([]string, len(recs))
	for i, in := range recs {
		out[i] = in.Name
	}
	return strings.Join(out, "; ")
}

// listAnswer writes a set answer the way the public set does: "3
// museums: A; B; C".
func listAnswer(recs []*heritage.Institution, noun string) string {
	if len(recs) == 1 {
		noun = strings.TrimSuffix(noun, "s")
	}
	return fmt.Sprintf("%d %s: %s", len(recs), noun, names(recs))
}

// splitOpen splits records into open and closed ones.
func splitOpen(recs []*heritage.Institution) (open, closed []*heritage.Institution) {
	for _, in := range recs {
		if in.IsOpen() {
			open = append(open, in)
		} else {
			closed = append(closed, in)
		}
	}
	return open, closed
}

// area is one administrative unit of the Mapping Museums records.
type area struct {
	name, level string
	recs        []*heritage.Institution
}

// countyLevels are the admin_area levels asked as a county-like place.
var countyLevels = map[string]bool{
	"English County": true, "English UA": true, "Scottish Council Area": true, "Welsh UA": true,
	"London Borough": true, "NI Loc Gov District": true,
}

// areas groups the records by administrative unit, sorted by level and
// name.
func (b *qbuilder) areas() []*area {
	var out []*area
	groupBy(b.x.recs, func(in *heritage.Institution) []string {
		if in.Source != "mapping_museums" {
			return nil
		}
		var keys []string
		for _, u := range in.AdminAreas() {
			keys = append(keys, u.Level+"|"+u.Name)
		}
		return keys
	}, func(key string, recs []*heritage.Institution) {
		level, name, _ := strings.Cut(key, "|")
		out = append(out, &area{name: name, level: level, recs: recs})
	})
	return out
}

// groupBy puts each record under every key keys gives it and calls each
// with the groups in key order.
func groupBy(recs []*heritage.Institution, keys func(*heritage.Institution) []string, each func(key string, recs []*heritage.Institution)) {
	by := map[string][]*heritage.Institution{}
	for _, in := range recs {
		for _, k := range keys(in) {
			by[k] = append(by[k], in)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(by)) {
		each(k, by[k])
	}
}

// placePhrase names an area the way people do, with a qualifier for
// some levels.
func (b *qbuilder) placePhrase(a *area, lang string) string {
	n := a.name
	var opts []string
	switch lang {
	case LangEN:
		switch a.level {
		case "English County":
			opts = []string{n, "the county of " + n, "the English county " + n}
		case "English UA":
			opts = []string{n, "the " + n + " unitary authority area"}
		case "Scottish Council Area":
			opts = []string{n, "the " + n + " council area", "council area " + n}
		case "Welsh UA":
			opts = []string{n, "the " + n + " principal area"}
		case "London Borough":
			opts = []string{"the London Borough of " + n, n}
		case "NI Loc Gov District":
			opts = []string{"the " + n + " local government district", n}
		case "English Region":
			opts = []string{"the " + n + " region of England", "the English region " + n}
		}
	case LangNL:
		switch a.level {
		case "English County":
			opts = []string{n, "het graafschap " + n}
		case "English Region":
			opts = []string{"de Engelse regio " + n}
		}
	case LangDE:
		switch a.level {
		case "English County":
			opts = []string{n, "der Grafschaft " + n}
		case "English Region":
			opts = []string{"der englischen Region " + n}
		}
	}
	if len(opts) == 0 {
		return n
	}
	return pick(b.r, opts)
}

// attr is a museum attribute a list question may add.
type attr struct {
	key        string
	en, nl, de string // plural noun phrases
	keep       func(*heritage.Institution) bool
}

var attrs = []attr{
	{"", "museums", "musea", "Museen", func(*heritage.Institution) bool { return true }},
	{"accredited", "accredited museums", "geaccrediteerde musea", "akkreditierte Museen", func(in *heritage.Institution) bool { return in.Accreditation == "Accredited" }},
	{"small", "small museums", "kleine musea", "kleine Museen", func(in *heritage.Institution) bool { return in.Size == "small" }},
	{"large", "large museums", "grote musea", "große Museen", func(in *heritage.Institution) bool { return in.Size == "large" || in.Size == "huge" }},
	{"local_authority", "local-authority museums", "gemeentelijke musea", "kommunale Museen", func(in *heritage.Institution) bool { return in.GovernanceCode == "Government-Local_Authority" }},
	{"not_for_profit", "independent not-for-profit museums", "onafhankelijke non-profitmusea", "unabhängige gemeinnützige Museen", func(in *heritage.Institution) bool { return in.GovernanceCode == "Independent-Not_for_profit" }},
}

func (a attr) noun(lang string) string {
	switch lang {
	case LangNL:
		return a.nl
	case LangDE:
		return a.de
	}
	return a.en
}

func filter(recs []*heritage.Institution, keep func(*heritage.Institution) bool) []*heritage.Institution {
	var out []*heritage.Institution
	for _, in := range recs {
		if keep(in) {
			out = append(out, in)
		}
	}
	return out
}

var listParas = para{
	LangEN: {"Which {what} are in {place}?", "List the {what} in {place}.", "What {what} are there in {place}?", "Show me {what} in {place}", "~{what} {place}"},
	LangNL: {"Welke {what} zijn er in {place}?", "Geef een overzicht van {what} in {place}."},
	LangDE: {"Welche {what} gibt es in {place}?", "Zeig mir {what} in {place}."},
}

// placeArea asks for the museums (optionally of one kind) in a county,
// council area, region or nation; closed museums are acceptable.
func placeArea(b *qbuilder, quota int) {
	offer(b, quota, b.areas(), func(a *area) (draft, bool) {
		at := pick(b.r, attrs)
		open, closed := splitOpen(filter(a.recs, at.keep))
		if len(open) < 2 || len(open) > MaxSet {
			return draft{}, false
		}
		lang := b.lang()
		return draft{
			frame: "place_area", intent: plan.Exploratory, paras: listParas, lang: lang,
			vars:     []string{"{what}", at.noun(lang), "{place}", b.placePhrase(a, lang)},
			expected: ids(open), acceptable: ids(closed), answer: listAnswer(open, "museums"),
			notes: fmt.Sprintf("Rule: admin_area has %s (%s)%s; open museums expected, closed ones acceptable.", a.name, a.level, attrRule(at)),
		}, true
	})
}

func attrRule(at attr) string {
	if at.key == "" {
		return ""
	}
	return " AND " + at.key
}

// cityGroup is the records of one type in one city.
type cityGroup struct {
	city, typ string
	recs      []*heritage.Institution
}

func (b *qbuilder) cityGroups() []*cityGroup {
	var out []*cityGroup
	groupBy(b.x.recs, func(in *heritage.Institution) []string {
		if in.City == "" || typeNouns[in.Type] == [3]string{} || in.CityInferred && strings.Contains(in.Name, "(") {
			// A city guessed from a name with a parenthesis is often the
			// parenthesis ("Stadtarchiv Verden (Aller)" → "Aller").
			return nil
		}
		return []string{in.Type + "|" + in.Country + "|" + in.City}
	}, func(_ string, recs []*heritage.Institution) {
		out = append(out, &cityGroup{city: recs[0].City, typ: recs[0].Type, recs: recs})
	})
	return out
}

var typeNouns = map[string][3]string{
	"MUSEUM":  {"museums", "musea", "Museen"},
	"LIBRARY": {"libraries", "bibliotheken", "Bibliotheken"},
	"ARCHIVE": {"archives", "archieven", "Archive"},
}

func typeNoun(typ, lang string) string {
	n := typeNouns[typ]
	switch lang {
	case LangNL:
		return n[1]
	case LangDE:
		return n[2]
	}
	return n[0]
}

// looseCity lists the records of the group's type elsewhere whose address
// names the town.
func (b *qbuilder) looseCity(g *cityGroup) []*heritage.Institution {
	var out []*heritage.Institution
	want := fold(g.city)
	for _, in := range b.x.recs {
		if in.Type != g.typ || fold(in.City) == want {
			continue
		}
		for _, part := range strings.Split(in.Address, ",") {
			if fold(part) == want {
				out = append(out, in)
				break
			}
		}
	}
	return out
}

func (b *qbuilder) cityDraft(frame string, g *cityGroup, lang, place string, ps para) (draft, bool) {
	open, closed := splitOpen(g.recs)
	if len(open) == 0 || len(open) > MaxSet {
		return draft{}, false
	}
	acc := append(ids(closed), ids(b.looseCity(g))...)
	return draft{
		frame: frame, intent: plan.Exploratory, paras: ps, lang: lang,
		vars:     []string{"{what}", typeNoun(g.typ, lang), "{place}", place},
		expected: ids(open), acceptable: acc, answer: listAnswer(open, typeNoun(g.typ, LangEN)),
		notes: fmt.Sprintf("Rule: type == %s AND city == %q; open ones expected; closed ones and records whose address names the town acceptable.", g.typ, g.city),
	}, true
}

func placeCity(b *qbuilder, quota int) {
	offer(b, quota, b.cityGroups(), func(g *cityGroup) (draft, bool) {
		return b.cityDraft("place_city", g, b.lang(), g.city, listParas)
	})
}

// placeTypo is placeCity with the place misspelt.
func placeTypo(b *qbuilder, quota int) {
	offer(b, quota, b.cityGroups(), func(g *cityGroup) (draft, bool) {
		place, ok := typo(b.r, g.city, nil)
		if !ok {
			return draft{}, false
		}
		d, ok := b.cityDraft("place_typo", g, b.lang(), place, listParas)
		d.noise = NoiseTypo
		d.notes += fmt.Sprintf(" The place is misspelt (%q).", place)
		return d, ok
	})
}

// placeNear asks for museums "in or near" / "around" a town: the town's
// own museums are expected, the others of its county acceptable.
func placeNear(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Which {what} are in or near {place}?", "{what} around {place}?", "Are there any {what} near {place}?", "What {what} can I find around {place}?"},
		LangNL: {"Welke {what} zijn er in of bij {place}?", "{what} in de buurt van {place}?"},
		LangDE: {"Welche {what} gibt es in oder bei {place}?", "{what} in der Nähe von {place}?"},
	}
	offer(b, quota, b.cityGroups(), func(g *cityGroup) (draft, bool) {
		if g.typ != "MUSEUM" || g.recs[0].Source != "mapping_museums" {
			return draft{}, false
		}
		d, ok := b.cityDraft("place_near", g, b.lang(), g.city, ps)
		if !ok {
			return draft{}, false
		}
		county := g.recs[0].County
		if county != "" {
			// add drops the ones already expected or acceptable.
			for _, in := range b.x.recs {
				if in.County == county && in.Type == "MUSEUM" {
					d.acceptable = append(d.acceptable, in.ID)
				}
			}
			d.notes += " Museums elsewhere in " + county + " acceptable."
		}
		return d, true
	})
}

// placeTrip asks which museums of a county are open, as a day out.
func placeTrip(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"A day out in {place}: which museums are open?", "Planning a trip to {place} - which museums can I still visit?", "I'm visiting {place} next week, what museums are open there?", "Which museums in {place} are open to visitors?"},
		LangNL: {"Dagje uit in {place}: welke musea zijn open?", "Welke musea in {place} kan ik nog bezoeken?"},
		LangDE: {"Ausflug nach {place}: welche Museen haben geöffnet?", "Welche Museen in {place} kann man noch besuchen?"},
	}
	offer(b, quota, b.areas(), func(a *area) (draft, bool) {
		open, closed := splitOpen(a.recs)
		if len(open) < 2 || len(open) > MaxSet || len(closed) == 0 {
			return draft{}, false
		}
		lang := b.lang()
		return draft{
			frame: "place_trip", intent: plan.Exploratory, paras: ps, lang: lang,
			vars:     []string{"{place}", b.placePhrase(a, lang)},
			expected: ids(open), answer: listAnswer(open, "museums"),
			notes: fmt.Sprintf("Rule: admin_area has %s (%s) AND open; closed museums are wrong here.", a.name, a.level),
		}, true
	})
}

// attrSet is the museums of one kind in one area.
type attrSet struct {
	a    *area
	at   attr
	recs []*heritage.Institution
}

// countSets lists, per county-level area and attribute, the sets whose
// members are all open (so that a count is unambiguous).
func (b *qbuilder) countSets() []attrSet {
	var out []attrSet
	for _, a := range b.areas() {
		if !countyLevels[a.level] {
			continue
		}
		for _, at := range attrs[1:] {
			recs := filter(a.recs, at.keep)
			open, closed := splitOpen(recs)
			if len(open) >= 1 && len(open) <= MaxSet && len(closed) == 0 {
				out = append(out, attrSet{a, at, open})
			}
		}
	}
	return out
}

func countFrame(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"How many {what} are in {place}?", "How many {what} are there in {place}?", "Number of {what} in {place}?", "Count the {what} in {place}."},
		LangNL: {"Hoeveel {what} zijn er in {place}?", "Hoeveel {what} telt {place}?"},
		LangDE: {"Wie viele {what} gibt es in {place}?", "Anzahl der {what} in {place}?"},
	}
	offer(b, quota, b.countSets(), func(s attrSet) (draft, bool) {
		lang := b.lang()
		n := strconv.Itoa(len(s.recs))
		return draft{
			frame: "count_" + s.at.key, intent: plan.Exploratory, paras: ps, lang: lang,
			vars:     []string{"{what}", s.at.noun(lang), "{place}", b.placePhrase(s.a, lang)},
			expected: ids(s.recs), answer: n,
			notes: fmt.Sprintf("Rule: admin_area has %s (%s) AND %s; all matches open; answer = the count.", s.a.name, s.a.level, s.at.key),
		}, true
	})
}

func moreFrame(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Are there more {what} in {a} or in {b}?", "Which has more {what}, {a} or {b}?", "{a} or {b}: where are there more {what}?", "Where are there more {what}: {a} or {b}?"},
		LangNL: {"Zijn er meer {what} in {a} of in {b}?", "Waar zijn meer {what}, in {a} of {b}?"},
		LangDE: {"Gibt es mehr {what} in {a} oder in {b}?", "Wo gibt es mehr {what}, in {a} oder {b}?"},
	}
	sets := b.countSets()
	byAttr := map[string][]attrSet{}
	for _, s := range sets {
		byAttr[s.at.key] = append(byAttr[s.at.key], s)
	}
	keys := slices.Sorted(maps.Keys(byAttr))
	b.attempt(quota, quota*30, func() (draft, bool) {
		group := byAttr[pick(b.r, keys)]
		x, y := pick(b.r, group), pick(b.r, group)
		if x.a == y.a || x.a.level != y.a.level || len(x.recs) == len(y.recs) || len(x.recs)+len(y.recs) > MaxSet || x.a.name == y.a.name {
			return draft{}, false
		}
		win := x
		if len(y.recs) > len(x.recs) {
			win = y
		}
		lang := b.lang()
		return draft{
			frame: "more_" + x.at.key, intent: plan.Comparative, paras: ps, lang: lang,
			vars:     []string{"{what}", x.at.noun(lang), "{a}", x.a.name, "{b}", y.a.name},
			expected: slices.Concat(ids(x.recs), ids(y.recs)), answer: win.a.name,
			notes: fmt.Sprintf("Rule: %s: %d in %s, %d in %s (all open); answer = the place with more; equal counts are not asked.", x.at.key, len(x.recs), x.a.name, len(y.recs), y.a.name),
		}, true
	})
}

// sameTown asks for the institutions of a kind in the same town as
// another institution of that town, named (a name one record bears): the
// town's own are expected, as for place_city; the named one is among them
// when it is of that kind.
func sameTown(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Which {what} are in the same town as {anchor}?", "What {what} are there in the same city as {anchor}?", "{what} in the same town as {anchor}?"},
		LangNL: {"Welke {what} zijn er in dezelfde stad als {anchor}?", "Welke {what} liggen in dezelfde plaats als {anchor}?"},
		LangDE: {"Welche {what} gibt es in derselben Stadt wie {anchor}?", "Welche {what} liegen im selben Ort wie {anchor}?"},
	}
	anchors := map[string][]*heritage.Institution{} // folded town → records with a stated town and a name of their own
	for _, in := range b.x.recs {
		if in.City != "" && !in.CityInferred && b.x.unique(in) {
			anchors[fold(in.City)] = append(anchors[fold(in.City)], in)
		}
	}
	offer(b, quota, b.cityGroups(), func(g *cityGroup) (draft, bool) {
		there := anchors[fold(g.city)]
		if len(there) == 0 {
			return draft{}, false
		}
		anchor := there[b.r.IntN(len(there))]
		d, ok := b.cityDraft("same_town", g, b.lang(), g.city, ps)
		if !ok {
			return draft{}, false
		}
		d.vars = append(d.vars, "{anchor}", anchor.Name)
		d.protect = append(d.protect, anchor.Name)
		d.notes += fmt.Sprintf(" The town is named by an institution there (%s).", anchor.ID)
		return d, true
	})
}

// leadingName asks when an institution opened, naming it by its name up
// to its first word of a kind of institution where more follows ("the
// Worthing Museum" for Worthing Museum & Art Gallery), when no other
// record's names hold those words as a phrase and the opening year is
// recorded.
func leadingName(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"When did the {short} open?", "In which year was the {short} founded?", "What year did the {short} open its doors?"},
		LangNL: {"Wanneer werd het {short} geopend?", "In welk jaar is het {short} opgericht?"},
		LangDE: {"Wann wurde das {short} eröffnet?", "In welchem Jahr wurde das {short} gegründet?"},
	}
	offer(b, quota, b.x.recs, func(in *heritage.Institution) (draft, bool) {
		year := heritage.YearsText(in.Opened())
		short, ok := leadingWords(in.Name)
		if year == "" || !ok || !b.x.soleHolder(short, in) {
			return draft{}, false
		}
		return draft{
			frame: "leading_name", intent: plan.Temporal, paras: ps, vars: []string{"{short}", short},
			expected: []string{in.ID}, answer: year,
			notes: fmt.Sprintf("Rule: %q named by its words up to its kind, which no other record's names hold; answer = its opening year (%s).", in.Name, in.ID),
		}, true
	})
}

// soleHolder reports whether no record but in has a name, current or
// other, that holds text as whole words.
func (x *index) soleHolder(text string, in *heritage.Institution) bool {
	w := " " + words(text) + " "
	for _, o := range x.recs {
		if o == in {
			continue
		}
		if strings.Contains(" "+words(o.Name)+" ", w) {
			return false
		}
		for _, a := range o.AltNames {
			if strings.Contains(" "+words(a.Name)+" ", w) {
				return false
			}
		}
	}
	return true
}
