package pipeline

import (
	"fmt"
	"testing"

	"github.com/hybridrag/hybridrag/internal/testfixture"
	"github.com/stretchr/testify/require"
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
	asked, right := 0, 0
	var wrong []string
	for k, county := range everyNth(counties, 3, func(_ string, n int) bool { return n >= 10 }) {
		from := []int{1990, 2000}[k%2]
		q := []string{"How has the number of museums in %s changed since %d?", "How many museums opened and closed in %s since %d?"}[k%2]
		q = fmt.Sprintf(q, county, from)
		r := ask(t, p, q)
		if pl := r.Plan.Constraints.Places; len(pl) != 1 || pl[0].Name != county || pl[0].Level != "admin" {
			continue // a county read otherwise (the region West Midlands) is not this test's
		}
		asked++
		opened, closed := 0, 0
		for i := range p.Data().Institutions {
			in := &p.Data().Institutions[i]
			if in.County != county || in.TypeCode != "M" {
				continue
			}
			if lo, hi, ok := in.Opened(); ok && lo >= from && hi <= p.opts.AsOf {
				opened++
			}
			if lo, hi, ok := in.Closed(); ok && in.Status == "closed" && lo >= from && hi <= p.opts.AsOf {
				closed++
			}
		}
		g := r.Answer.Groups
		if r.Plan.Constraints.Change && len(g) == 2 && g[0].Count == opened && g[1].Count == closed &&
			r.Answer.Value == fmt.Sprintf("%+d", opened-closed) {
			right++
		} else if len(wrong) < 5 {
			wrong = append(wrong, fmt.Sprintf("%s → %.150s (want %d opened, %d closed)", q, r.Answer.Text, opened, closed))
		}
	}
	t.Logf("%d of %d questions of change count the openings and closings; wrong e.g. %q", right, asked, wrong)
	require.Greater(t, asked, 15)
	require.Equal(t, asked, right)
}
