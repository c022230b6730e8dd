package answer

import (
	"cmp"

	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// nearNameAnswer answers a list of what lies near one named institution
// ("Which museums are near Stonehenge?", "museums within 5 miles of the
// Holburne Museum"): the records within the radius the question gives
// (DefaultRadiusKM when it gives none) of the institution's coordinates
// that pass its type, status and accreditation, nearest first, the
// institution itself left out. Only some records have coordinates: the
// answer is exact only when every record that passes those conditions in
// the institution's country has them, and otherwise says how many have
// none. The question's other conditions on the records (places, subjects,
// governance, sizes, years, fields had or lacked) apply too (see
// conditionsKeep); one about a group, an order or the places that hold
// the most is not answered here, nor one whose name several records bear.
func (p *Base) nearNameAnswer(pln plan.Plan) (Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	if !c.NearPlace || len(c.Names) != 1 || len(c.Names[0].IDs) != 1 || len(c.Postcodes) > 0 || c.Field != "" ||
		len(c.Bodies) > 0 || c.Order != nil || c.Group != nil {
		return Draft{}, false
	}
	x, ok := p.data.Get(c.Names[0].IDs[0])
	if !ok {
		return Draft{}, false
	}
	noun := TypeNoun(pr, c.TypeCodes)
	if x.Lat == nil || x.Lon == nil {
		return noneDraft(pr.Sprintf("The data has no coordinates for %s, so it cannot say which %s lie near it.",
			x.Name, pr.Plural(noun, 2))), true
	}
	keep := conditionsKeep(c)
	radius := cmp.Or(c.RadiusKM, DefaultRadiusKM)
	ids := p.within(*x.Lat, *x.Lon, radius, func(in *heritage.Institution) bool { return in.ID != x.ID && keep(in) })
	unplaced := p.withoutCoordinates(x.Country, c.TypeCodes, keep)
	closed := p.closedWithin(c, conditionsKeep, *x.Lat, *x.Lon, radius, x.ID)
	nearby := 0 // of the kind, whatever the other conditions, when none meets them
	if len(ids) == 0 {
		kind := kindKeep(c)
		nearby = len(p.within(*x.Lat, *x.Lon, radius, func(in *heritage.Institution) bool { return in.ID != x.ID && kind(in) }))
	}
	a := Answer{Kind: KindSet, IDs: ids, Exact: unplaced == 0 && len(pln.Unused(plan.UnusedUnread)) == 0, Count: len(ids)}
	if pln.Frame == plan.FrameCount {
		a.Value = strconv.Itoa(len(ids))
	}
	return Draft{Answer: a, nearestFirst: true, render: func(cite func(string) string) string {
		var b strings.Builder
		switch {
		case len(ids) == 0 && nearby > 0:
			pr.Fprintf(&b, "None of the %d %s within %s of %s meets every condition of the question", nearby, pr.Plural(noun, nearby), kmText(pr, radius), x.Name)
		case len(ids) == 0:
			pr.Fprintf(&b, "No %s in the data with coordinates lies within %s of %s", noun, kmText(pr, radius), x.Name)
		default:
			if pln.Frame == plan.FrameCount {
				are := pr.Text("There are")
				if len(ids) == 1 {
					are = pr.Text("There is")
				}
				b.WriteString(are + " ")
			}
			pr.Fprintf(&b, "%d %s within %s of %s, nearest first: ", len(ids), pr.Plural(noun, len(ids)), kmText(pr, radius), x.Name)
			p.writeList(pr, &b, ids, c, cite)
		}
		writeNotes(pr, &b, nil, p.unreadNotes(pln.Unused(plan.UnusedUnread))...)
		writeNotes(pr, &b, nil, closedLeftOutNote(closed, noun, listedOrCounted(pr, pln)), withoutCoordinatesNote(unplaced, noun, x.Country))
		return b.String() + "."
	}}, true
}

// conditionsKeep is kindKeep with the question's other conditions on a
// record: its places, subjects, governance, size, years and the fields it
// has or lacks (recordConditions).
func conditionsKeep(c plan.Constraints) func(*heritage.Institution) bool {
	kind, rest, places := kindKeep(c), recordConditions(c), newPlaceMatcher(c.Places, false)
	return func(in *heritage.Institution) bool {
		return kind(in) && (rest == nil || rest(in)) &&
			(len(c.Places) == 0 || places.match(in)) &&
			(len(c.Subjects) == 0 || kg.SubjectsMatch(c.Subjects, in.Subjects)) &&
			(len(c.GovernanceCodes) == 0 || slices.Contains(c.GovernanceCodes, in.GovernanceCode())) &&
			(len(c.Sizes) == 0 || slices.Contains(c.Sizes, in.Size())) &&
			(c.Years == nil || inYears(in, c.Years))
	}
}

// inYears reports whether a record's opening (or closing) years lie in
// the range; a record that states none does not.
func inYears(in *heritage.Institution, y *plan.YearRange) bool {
	from, to, ok := in.Opened()
	if y.Field == "closed" {
		from, to, ok = in.Closed()
	}
	return ok && withinYears(from, to, y)
}

// withinYears reports whether the years from to to lie in the range.
func withinYears(from, to int, y *plan.YearRange) bool {
	return (y.From == 0 || from >= y.From) && (y.To == 0 || to <= y.To)
}
