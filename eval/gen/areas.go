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
// name, once per builder; callers read the areas and never change them.
func (b *qbuilder) areas() []*area {
	if b.areaList == nil {
		b.areaList = b.groupAreas()
	}
	return b.areaList
}

func (b *qbuilder) groupAreas() []*area {
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
	{"accredited", "accredited museums", "geaccrediteerde musea", "akkreditierte Museen", func(in *heritage.Institution) bool { return in.Accreditation() == "Accredited" }},
	{"small", "small museums", "kleine musea", "kleine Museen", func(in *heritage.Institution) bool { return in.Size() == "small" }},
	{"large", "large museums", "grote musea", "große Museen", func(in *heritage.Institution) bool { return in.Size() == "large" || in.Size() == "huge" }},
	{"local_authority", "local-authority museums", "gemeentelijke musea", "kommunale Museen", func(in *heritage.Institution) bool { return in.GovernanceCode() == "Government-Local_Authority" }},
	{"not_for_profit", "independent not-for-profit museums", "onafhankelijke non-profitmusea", "unabhängige gemeinnützige Museen", func(in *heritage.Institution) bool { return in.GovernanceCode() == "Independent-Not_for_profit" }},
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
