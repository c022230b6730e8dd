package gen

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

var oldestParas = para{
	LangEN: {"What is the oldest museum in {place}?", "Which museum in {place} opened first?", "Which is the oldest museum in {place}?",
		"What was the first museum to open in {place}?", "~oldest museum {place}"},
	LangNL: {"Wat is het oudste museum in {place}?", "Welk museum in {place} is het oudst?"},
	LangDE: {"Welches ist das älteste Museum in {place}?", "Welches Museum in {place} wurde zuerst eröffnet?"},
}

var newestParas = para{
	LangEN: {"What is the newest museum in {place}?", "Which museum in {place} opened most recently?",
		"Which is the most recently opened museum in {place}?", "What was the last museum to open in {place}?"},
	LangNL: {"Wat is het nieuwste museum in {place}?", "Welk museum in {place} is het laatst geopend?"},
	LangDE: {"Welches ist das neueste Museum in {place}?", "Welches Museum in {place} wurde zuletzt eröffnet?"},
}

var oldestThreeParas = para{
	LangEN: {"What are the three oldest museums in {place}?", "Which three museums in {place} opened first?", "List the 3 oldest museums in {place}."},
	LangNL: {"Wat zijn de drie oudste musea in {place}?"},
	LangDE: {"Welche sind die drei ältesten Museen in {place}?"},
}

// orderFrame asks for the oldest or newest museum of an area, or its
// three oldest: areas whose museums are all open and all have a single
// opening year, so that the order is settled, with no tie at the cut.
func orderFrame(b *qbuilder, quota int) {
	offer(b, quota, b.areas(), func(a *area) (draft, bool) {
		if len(a.recs) < 3 || len(a.recs) > MaxSet {
			return draft{}, false
		}
		recs := slices.Clone(a.recs)
		for _, in := range recs {
			from, to, ok := in.Opened()
			if !ok || from != to || !in.IsOpen() {
				return draft{}, false
			}
		}
		year := func(in *heritage.Institution) int { y, _, _ := in.Opened(); return y }
		slices.SortStableFunc(recs, func(x, y *heritage.Institution) int { return year(x) - year(y) })
		lang := b.lang()
		d := draft{intent: plan.Exploratory, lang: lang, vars: []string{"{place}", b.placePhrase(a, lang)}}
		switch b.r.IntN(3) {
		case 0:
			if year(recs[0]) == year(recs[1]) {
				return draft{}, false
			}
			d.frame, d.paras, d.expected, d.answer = "order_oldest", oldestParas, []string{recs[0].ID}, recs[0].Name
		case 1:
			n := len(recs)
			if year(recs[n-1]) == year(recs[n-2]) {
				return draft{}, false
			}
			d.frame, d.paras, d.expected, d.answer = "order_newest", newestParas, []string{recs[n-1].ID}, recs[n-1].Name
		default:
			if len(recs) < 4 || year(recs[2]) == year(recs[3]) {
				return draft{}, false
			}
			d.frame, d.paras, d.expected, d.answer = "order_oldest_three", oldestThreeParas, ids(recs[:3]), listAnswer(recs[:3], "museums")
		}
		d.notes = fmt.Sprintf("Rule: admin_area has %s (%s); every museum there is open and has one opening year; ordered by year_opened.", a.name, a.level)
		return d, true
	})
}

var groupParas = para{
	LangEN: {"Which county in {place} has the most museums?", "In {place}, which county has the most museums?",
		"Which county of {place} has the largest number of museums?", "~county with most museums {place}"},
	LangNL: {"Welk graafschap in {place} heeft de meeste musea?"},
	LangDE: {"Welche Grafschaft in {place} hat die meisten Museen?"},
}

// groupFrame asks which county of a nation or English region holds the
// most open museums: areas whose open museums all state a county, with
// one county ahead of the others (answer = the county, expected = its
// open museums).
func groupFrame(b *qbuilder, quota int) {
	offer(b, quota, b.areas(), func(a *area) (draft, bool) {
		if a.level != "" && a.level != "English Region" {
			return draft{}, false
		}
		by := map[string][]*heritage.Institution{}
		for _, in := range a.recs {
			if !in.IsOpen() {
				continue // the question is in the present tense
			}
			if in.County() == "" {
				return draft{}, false
			}
			by[in.County()] = append(by[in.County()], in)
		}
		best, second := "", 0
		for _, c := range slices.Sorted(maps.Keys(by)) {
			switch n := len(by[c]); {
			case best == "" || n > len(by[best]):
				if best != "" {
					second = len(by[best])
				}
				best = c
			case n > second:
				second = n
			}
		}
		if best == "" || len(by[best]) == second || len(by) < 2 || len(by[best]) > MaxSet {
			return draft{}, false
		}
		lang := b.lang()
		return draft{
			frame: "group_most", intent: plan.Exploratory, paras: groupParas, lang: lang,
			vars:     []string{"{place}", b.placePhrase(a, lang)},
			expected: ids(by[best]), answer: best,
			notes: fmt.Sprintf("Rule: admin_area has %s (%s); every open museum there states a county; the county with the most open museums.", a.name, a.level),
		}, true
	})
}

var exceptParas = para{
	LangEN: {"Which museums are in {place} except those in {town}?", "List the museums in {place} that are not in {town}.",
		"Which museums in {place} are outside {town}?", "~museums {place} excluding {town}"},
	LangNL: {"Welke musea zijn er in {place} behalve in {town}?"},
	LangDE: {"Welche Museen gibt es in {place} außer in {town}?"},
}

// exceptFrame asks for the museums of a county-level area that lie
// outside one of its towns: the area's museums whose city is not the town
// and that lie in no administrative unit of that name (open ones
// expected, closed ones acceptable), asked of areas where the town holds
// at least two open ones.
func exceptFrame(b *qbuilder, quota int) {
	offer(b, quota, b.areas(), func(a *area) (draft, bool) {
		if !countyLevels[a.level] {
			return draft{}, false
		}
		open, closed := splitOpen(a.recs)
		towns := map[string]int{}
		for _, in := range open {
			if in.City != "" && !in.CityInferred {
				towns[in.City]++
			}
		}
		town := ""
		for _, t := range slices.Sorted(maps.Keys(towns)) {
			if towns[t] >= 2 && fold(t) != fold(a.name) && (town == "" || towns[t] > towns[town]) {
				town = t
			}
		}
		if town == "" {
			return draft{}, false
		}
		var rest []*heritage.Institution
		for _, in := range open {
			if !inTown(in, town) {
				rest = append(rest, in)
			}
		}
		if len(rest) < 2 || len(rest) > MaxSet {
			return draft{}, false
		}
		var closedRest []*heritage.Institution
		for _, in := range closed {
			if !inTown(in, town) {
				closedRest = append(closedRest, in)
			}
		}
		lang := b.lang()
		return draft{
			frame: "place_except", intent: plan.Exploratory, paras: exceptParas, lang: lang,
			vars:     []string{"{place}", b.placePhrase(a, lang), "{town}", town},
			protect:  []string{town},
			expected: ids(rest), acceptable: ids(closedRest), answer: listAnswer(rest, "museums"),
			notes: fmt.Sprintf("Rule: admin_area has %s (%s) AND NOT (city == %q OR an admin area or district named so); open ones expected, closed ones acceptable.", a.name, a.level, town),
		}, true
	})
}

// inTown reports whether the record's city, district or one of its
// administrative units is the town.
func inTown(in *heritage.Institution, town string) bool {
	if fold(in.City) == fold(town) || fold(in.District()) == fold(town) {
		return true
	}
	for _, u := range in.AdminAreas() {
		if fold(u.Name) == fold(town) {
			return true
		}
	}
	return false
}
