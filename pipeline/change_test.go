package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "How has the number of museums in Kent changed since 1990?" counts the
// museums of the county that opened and that closed in those years, of
// every status: it had listed those that opened, called it the count of
// museums. For every third British county with ten museums or more,
// from 1990 and from 2000 in turn, against a count over the county's
// records.
func TestChangeOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	counties := britishCounties(p)
	var tl tally
	for k, county := range everyNth(counties, 3, func(_ string, n int) bool { return n >= 10 }) {
		from := []int{1990, 2000}[k%2]
		q := []string{"How has the number of museums in %s changed since %d?", "How many museums opened and closed in %s since %d?"}[k%2]
		q = fmt.Sprintf(q, county, from)
		r := ask(t, p, q)
		if pl := r.Plan.Constraints.Places; len(pl) != 1 || pl[0].Name != county || pl[0].Level != "admin" {
			continue // a county read otherwise (the region West Midlands) is not this test's
		}
		opened, closed := 0, 0
		for i := range p.Data().Institutions {
			in := &p.Data().Institutions[i]
			if in.County() != county || in.TypeCode != "M" {
				continue
			}
			if lo, hi, ok := in.Opened(); ok && lo >= from && hi <= p.opts.AsOf {
				opened++
			}
			if lo, hi, ok := in.Closed(); ok && in.Status() == "closed" && lo >= from && hi <= p.opts.AsOf {
				closed++
			}
		}
		g := r.Answer.Groups
		tl.add(r.Plan.Constraints.Change && len(g) == 2 && g[0].Count == opened && g[1].Count == closed && r.Answer.Value == fmt.Sprintf("%+d", opened-closed), fmt.Sprintf("%s → %.150s (want %d opened, %d closed)", q, r.Answer.Text, opened, closed))
	}
	tl.require(t, "questions of change count the openings and closings", 15, 100)
}

// A list by years is not exact while institutions it may hold give no
// year: "Which museums in Berlin opened after 1950?" had listed the two
// whose records give a year, called exact, though most of Berlin's
// records give none. For every town with two museums or more, one of
// them without an opening year, the list is not exact and says why.
func TestUndatedLeaveAListOpenOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	undated := map[string]int{}
	towns := townCounts(p, func(in *heritage.Institution) bool {
		if in.TypeCode != "M" || strings.ContainsAny(in.City, "(),'") {
			return false
		}
		if _, _, ok := in.Opened(); !ok {
			undated[in.City]++
		}
		return true
	})
	var tl tally
	for _, town := range everyNth(towns, 1, func(town string, n int) bool { return n >= 2 && undated[town] > 0 }) {
		q := fmt.Sprintf("Which museums in %s opened after 1950?", town)
		r := ask(t, p, q)
		if len(r.Plan.Constraints.Places) != 1 || r.Plan.Constraints.Years == nil {
			continue // a town read otherwise is not this test's
		}
		tl.add(!r.Answer.Exact && strings.Contains(r.Answer.Text, "opening year"), fmt.Sprintf("%s → %.150s", q, r.Answer.Text))
	}
	tl.require(t, "lists by years with undated museums in the town are not called exact", 20, 100)
}
