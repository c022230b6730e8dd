package pipeline

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/router"
)

// nearNameAnswer answers a list of what lies near one named institution
// ("Which museums are near Stonehenge?", "museums within 5 miles of the
// Holburne Museum"): the records within the radius the question gives
// (DefaultRadiusKM when it gives none) of the institution's coordinates
// that pass its type, status and accreditation, nearest first, the
// institution itself left out. Only some records have coordinates: the
// answer is exact only when every record that passes those conditions in
// the institution's country has them, and otherwise says how many have
// none. A question with other conditions (places, subjects, years, …) is
// not answered here, nor one whose name several records bear.
func (p *Pipeline) nearNameAnswer(plan router.Plan) (draft, bool) {
	c := plan.Constraints
	if !c.NearPlace || len(c.Names) != 1 || len(c.Names[0].IDs) != 1 || len(c.Postcodes) > 0 || c.Field != "" ||
		len(c.Places)+len(c.Except)+len(c.Subjects)+len(c.Bodies)+len(c.GovernanceCodes)+len(c.Sizes)+
			len(c.Has)+len(c.Lacks)+len(c.NameHas) > 0 || c.Years != nil || c.Order != nil || c.Group != nil {
		return draft{}, false
	}
	x, ok := p.data.Get(c.Names[0].IDs[0])
	if !ok {
		return draft{}, false
	}
	noun := typeNoun(c.TypeCodes)
	if x.Lat == nil || x.Lon == nil {
		return noneDraft(fmt.Sprintf("The data has no coordinates for %s, so it cannot say which %s lie near it.",
			x.Name, plural(noun, 2))), true
	}
	keep := kindKeep(c)
	radius := cmp.Or(c.RadiusKM, DefaultRadiusKM)
	ids := p.within(*x.Lat, *x.Lon, radius, func(in *heritage.Institution) bool { return in.ID != x.ID && keep(in) })
	unplaced := p.withoutCoordinates(x.Country, keep)
	a := Answer{Kind: KindSet, IDs: ids, Exact: unplaced == 0 && len(plan.Unread) == 0, Count: len(ids)}
	if plan.Frame == router.FrameCount {
		a.Value = strconv.Itoa(len(ids))
	}
	return draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		if len(ids) == 0 {
			fmt.Fprintf(&b, "No %s in the data with coordinates lies within %s of %s", noun, kmText(radius), x.Name)
		} else {
			if plan.Frame == router.FrameCount {
				are := "There are"
				if len(ids) == 1 {
					are = "There is"
				}
				b.WriteString(are + " ")
			}
			fmt.Fprintf(&b, "%d %s within %s of %s, nearest first: ", len(ids), plural(noun, len(ids)), kmText(radius), x.Name)
			p.writeList(&b, ids, c, cite)
		}
		writeUnread(&b, plan.Unread)
		writeWithoutCoordinates(&b, unplaced, noun, x.Country)
		return b.String() + "."
	}}, true
}
