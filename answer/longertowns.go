package answer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// longerTown is a town of the data whose name begins with the name a
// question gives ("Newcastle upon Tyne" for "Newcastle") and the records
// there that the question's other conditions select.
type longerTown struct {
	name string
	ids  []string
}

// withLongerTowns answers a list in a town whose name is the short form
// of other towns of the data that hold what the question asks for
// ("Newcastle" of Newcastle upon Tyne, "Stratford" of
// Stratford-upon-Avon) when the town itself holds none of it. "Which
// museums are in Newcastle?" found the one closed museum whose city field
// is "Newcastle" and said, exactly, that none is open, though Newcastle
// upon Tyne has several. The short form may mean either town, so the
// answer is not exact and names the longer towns with their records, or,
// when the data has no town of the short name at all, lists their
// records as what the name most likely means.
func (p *Base) withLongerTowns(d Draft, pln plan.Plan) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	if d.render == nil || len(d.IDs) > 0 && d.Kind != KindRanked || d.Kind == KindYesNo || len(c.Places) != 1 ||
		c.Places[0].Level != plan.LevelCity || c.NearPlace || len(c.Names) > 0 || c.HasIDs() ||
		len(pln.Sides) > 1 || c.Order != nil || c.Group != nil || c.Field != "" {
		return d
	}
	towns := p.longerTowns(c)
	if len(towns) == 0 {
		return d
	}
	if !p.townInData(c.Places[0]) {
		return p.longerTownsDraft(pln, towns)
	}
	if d.Kind == KindRanked {
		return d
	}
	d.Exact = false
	return d.rewritten(pr, func(text string, cite func(string) string) string {
		var b strings.Builder
		b.WriteString(strings.TrimSuffix(strings.TrimRight(text, " "), "."))
		writeNotes(pr, &b, cite, LongerTowns{Name: c.Places[0].Name, Words: c.Places[0].Text, Towns: p.townCounts(pr, towns, c)})
		return b.String() + "."
	})
}

// longerTownsDraft lists the records of the longer towns a short name
// stands for, when the data has no town of that name: not exact, since
// the name may mean a place the data does not hold.
func (p *Base) longerTownsDraft(pln plan.Plan, towns []longerTown) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	var ids []string
	for _, t := range towns {
		ids = append(ids, t.ids...)
	}
	a := Answer{Kind: KindSet, IDs: ids, Count: len(ids)}
	if pln.Frame == plan.FrameCount {
		a.Value = fmt.Sprint(len(ids))
	}
	noun := TypeNoun(pr, c.TypeCodes)
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "The data has no town called %s; it has towns whose names begin with it: %s. Not an exact answer: “%s” is read as these towns. The %d %s: ",
			c.Places[0].Name, p.townCounts(pr, towns, c), c.Places[0].Text, len(ids), pr.Plural(noun, len(ids)))
		p.writeList(pr, &b, ids, c, cite)
		writeNotes(pr, &b, nil, p.unreadNotes(pln.Unused(plan.UnusedUnread))...)
		return b.String() + "."
	}}
}

// townCounts names the longer towns with the number of records each
// holds: "9 museums in Newcastle upon Tyne; 2 in Newcastle-under-Lyme".
func (p *Base) townCounts(pr *locale.Printer, towns []longerTown, c plan.Constraints) string {
	noun := TypeNoun(pr, c.TypeCodes)
	parts := make([]string, len(towns))
	for i, t := range towns {
		parts[i] = pr.Sprintf("%d %s in %s", len(t.ids), pr.Plural(noun, len(t.ids)), t.name)
	}
	return strings.Join(parts, "; ")
}

// townInData reports whether a record's city field names the town.
func (p *Base) townInData(pl plan.Place) bool {
	for _, name := range append([]string{pl.Name}, heritage.TownNames(pl.Name)...) {
		if p.lookups.statesPlace(heritage.NormalizeName(name)) {
			return true
		}
	}
	return false
}

// longerTowns lists the towns of the data whose names begin with the
// question's town and a word break ("Stratford" → "Stratford-upon-Avon",
// "Stratford St Mary") and hold records the question's other conditions
// select, most records first.
func (p *Base) longerTowns(c plan.Constraints) []longerTown {
	prefix := heritage.NormalizeName(c.Places[0].Name) + " "
	others := c
	others.Places = nil
	keep := conditionsKeep(others)
	// each town in the order of its first record, then most records first
	type found struct {
		town  longerTown
		first int32
	}
	var towns []found
	for _, k := range p.lookups.citiesAfter(prefix) {
		var t found
		for _, i := range p.lookups.cityRecords(k) {
			in := &p.data.Institutions[i]
			if !keep(in) {
				continue
			}
			if t.town.ids == nil {
				t.town.name, t.first = in.City, i
			}
			t.town.ids = append(t.town.ids, in.ID)
		}
		if t.town.ids != nil {
			towns = append(towns, t)
		}
	}
	slices.SortFunc(towns, func(a, b found) int { return int(a.first - b.first) })
	out := make([]longerTown, len(towns))
	for i, t := range towns {
		out[i] = t.town
	}
	slices.SortStableFunc(out, func(a, b longerTown) int { return len(b.ids) - len(a.ids) })
	return out
}
