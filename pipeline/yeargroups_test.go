package pipeline

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "In what year did the most museums open in Wales?" counts the set's
// members by the year they state: the year given is the one with the most
// of them, by a count over the records, and the answer is not exact while
// some members state no year (or a span of years). Closing counts only
// the institutions that have closed. "When did the most …" asks the same,
// and "Which decade …" counts by the decade a member's year or span lies
// in.
func TestYearWithTheMost(t *testing.T) {
	p := testPipeline(t)
	for q, level := range map[string]string{
		"In what year did the most museums open in Wales?":            "opened",
		"In which year did the most museums close?":                   "closed",
		"When did the most museums open in Wales?":                    "opened",
		"In which decade did the most museums open in Wales?":         "opened_decade",
		"Which decade saw the most museums close?":                    "closed_decade",
		"In welk decennium gingen de meeste musea dicht?":             "closed_decade",
		"In welchem Jahrzehnt wurden die meisten Museen geschlossen?": "closed_decade",
	} {
		opened := strings.HasPrefix(level, "opened")
		resp := ask(t, p, q)
		require.NotNil(t, resp.Plan.Constraints.Group, q)
		require.Equal(t, level, resp.Plan.Constraints.Group.Level, q)
		a := resp.Answer
		require.NotEmpty(t, a.Value, a.Text)
		// the count over the records agrees
		counts := map[string]int{}
		missing := 0
		for _, g := range a.Groups {
			counts[g.Label] = g.Count
		}
		best := 0
		for i := range p.data.Institutions {
			in := &p.data.Institutions[i]
			if in.TypeCode != "M" || !opened && in.IsOpen() {
				continue
			}
			if opened && in.Region() != "Wales" {
				continue
			}
			y := answer.PlaceOf(in, level)
			if y == "" {
				missing++
				continue
			}
			counts[y+"*"]++
			best = max(best, counts[y+"*"])
		}
		require.Equal(t, best, counts[a.Value+"*"], "%s: %s is not a year with the most", q, a.Value)
		require.Equal(t, best, counts[a.Value], a.Text)
		require.Positive(t, missing)
		require.False(t, a.Exact, a.Text)
		require.Contains(t, a.Text, strconv.Itoa(missing)+" of the")
	}
	// the group is of years only with a cue of most or fewest
	r := ask(t, p, "Which museums in Wales opened in the year 1986?")
	require.Nil(t, r.Plan.Constraints.Group)
	require.Equal(t, plan.FrameSet, r.Plan.Frame)
}

// "Which organisation runs the most museums?" and "Who runs the most
// museums in Cornwall?" count the set by the organisation the data has
// running each member: they had answered with best matches or "the data
// holds no organisation by the name in the question". In the whole data
// and each nation, two phrasings, against a count over the records.
func TestOrganisationWithTheMost(t *testing.T) {
	p := testPipeline(t)
	for _, area := range []string{"", "England", "Scotland", "Wales", "Northern Ireland"} {
		for _, q := range []string{"Which organisation runs the most museums%s?", "Who runs the most museums%s?"} {
			in := ""
			if area != "" {
				in = " in " + area
			}
			q = fmt.Sprintf(q, in)
			r := ask(t, p, q)
			require.NotNil(t, r.Plan.Constraints.Group, q)
			require.Equal(t, "operator", r.Plan.Constraints.Group.Level, q)
			counts := map[string]int{}
			for i := range p.data.Institutions {
				rec := &p.data.Institutions[i]
				if rec.TypeCode != "M" || area != "" && rec.Region() != area || r.Plan.Constraints.Status == "open" && !rec.IsOpen() {
					continue
				}
				if o := answer.PlaceOf(rec, "operator"); o != "" {
					counts[o]++
				}
			}
			best := 0
			for _, n := range counts {
				best = max(best, n)
			}
			require.NotEmpty(t, r.Answer.Groups, "%s: %s", q, r.Answer.Text)
			require.Equal(t, best, counts[r.Answer.Groups[0].Label], "%s: %s", q, r.Answer.Text)
			require.Equal(t, best, r.Answer.Groups[0].Count, "%s: %s", q, r.Answer.Text)
			require.False(t, r.Answer.Exact, "members state no organisation: %s", r.Answer.Text)
		}
	}
}

// "What subjects do the museums in Cornwall cover?" counts the set's
// museums by subject, and "What is the most common subject of museums in
// Kent?" names the subject with the most; the first had listed the 110
// museums, the second answered "Nothing in the data matches “common”".
// For every third British county with ten museums or more, in turn,
// against counts of the museums "Which museums are in X?" lists by the
// first part of their subject.
func TestSubjectGroupsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	var tl tally
	for k, county := range everyNth(britishCounties(p), 3, func(_ string, n int) bool { return n >= 10 }) {
		want := map[string]int{}
		for _, id := range ask(t, p, fmt.Sprintf("Which museums are in %s?", county)).Answer.IDs {
			if in, ok := p.Data().Get(id); ok && len(in.Subjects) > 0 {
				top, _, _ := strings.Cut(in.Subjects[0], " / ")
				want[strings.TrimSpace(top)]++
			}
		}
		best := 0
		for _, n := range want {
			best = max(best, n)
		}
		each := k%2 == 0
		q := fmt.Sprintf("What is the most common subject of museums in %s?", county)
		if each {
			q = fmt.Sprintf("What subjects do the museums in %s cover?", county)
		}
		r := ask(t, p, q)
		if pl := r.Plan.Constraints.Places; len(pl) != 1 || pl[0].Name != county {
			continue // a county read otherwise is not this test's
		}
		ok := len(r.Answer.Groups) > 0
		for _, g := range r.Answer.Groups {
			ok = ok && want[g.Label] == g.Count && (each || g.Count == best)
		}
		if each {
			ok = ok && len(r.Answer.Groups) == len(want)
		}
		tl.add(ok, fmt.Sprintf("%s → %.160s (want %v)", q, r.Answer.Text, want))
	}
	tl.require(t, "subjects of a county's museums counted", 15, 100)
}
