package pipeline

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "Is X in A or B?" asks which of the places one institution is in. For
// a sample of British museums with a town and of Dutch and German
// institutions whose record names a town, it is asked with the
// institution's own town first or second beside a town of another
// region, with its town and its county (both hold), with its county
// beside another, and with two or three other towns (neither); of German
// records that name no town, with two towns (the data cannot tell). Each
// answer must name the places that hold, and only them. Before, each was
// read as a comparison of the places and answered with their lists.
func TestPlaceChoiceOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	names := nameCounts(p)
	// the towns of the data by country, with the regions (English
	// region or nation) their records lie in
	towns := map[string]map[string]map[string]bool{}
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if in.City == "" || strings.ContainsAny(in.City, "(),/.") || len(in.City) < 3 || aside(in.City) {
			continue
		}
		if towns[in.Country] == nil {
			towns[in.Country] = map[string]map[string]bool{}
		}
		if towns[in.Country][in.City] == nil {
			towns[in.Country][in.City] = map[string]bool{}
		}
		towns[in.Country][in.City][regionKey(in)] = true
	}
	sorted := map[string][]string{}
	for c, ts := range towns {
		sorted[c] = slices.Sorted(maps.Keys(ts))
	}
	// others returns n towns of the country after the k-th that lie in
	// no region of in and are not its town
	others := func(in *heritage.Institution, k, n int) []string {
		list := sorted[in.Country]
		var out []string
		for j := 0; j < len(list) && len(out) < n; j++ {
			town := list[(k*37+j*11)%len(list)]
			if town == in.City || slices.Contains(out, town) || in.Country == "GB" && towns["GB"][town][regionKey(in)] ||
				strings.Contains(in.Name, town) || in.City != "" && strings.Contains(town, in.City) {
				continue
			}
			out = append(out, town)
		}
		return out
	}
	byCountry := map[string]int{}
	type tally struct{ asked, right int }
	counts := map[string]*tally{}
	var wrong []string
	check := func(shape, q string, in *heritage.Institution, want func(Answer) bool) {
		r := ask(t, p, q)
		read := false
		for _, m := range r.Plan.Constraints.Names {
			read = read || slices.Contains(m.IDs, in.ID)
		}
		if !read || len(r.Plan.Constraints.Names) != 1 {
			return // the name read otherwise: not this test's
		}
		if counts[shape] == nil {
			counts[shape] = &tally{}
		}
		counts[shape].asked++
		byCountry[in.Country]++
		if r.Answer.Kind == KindYesNo && r.Answer.Field == "place" && slices.Equal(r.Answer.IDs, []string{in.ID}) && want(r.Answer) {
			counts[shape].right++
			return
		}
		wrong = append(wrong, fmt.Sprintf("%s → %s (%q, exact %v)", q, r.Answer.Text, r.Answer.Value, r.Answer.Exact))
	}
	names1 := func(in *heritage.Institution) bool {
		return names[in.Name] == 1 && !strings.ContainsAny(in.Name, "()?,")
	}
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if !names1(in) {
			continue
		}
		switch {
		case in.Country == "GB" && in.TypeCode == "M" && in.City != "" && i%18 == 0 && len(sorted["GB"]) > 0:
			o := others(in, i, 3)
			if len(o) < 3 || len(towns["GB"][in.City]) != 1 {
				continue // a town in two regions: not this test's
			}
			town := in.City
			check("own town first", fmt.Sprintf("Is %s in %s or %s?", in.Name, town, o[0]), in, holds(town, o[0]))
			check("own town second", fmt.Sprintf("Is %s located in %s or %s?", in.Name, o[1], town), in, holds(town, o[1]))
			check("two other towns", fmt.Sprintf("Is %s in %s or %s?", in.Name, o[0], o[1]), in, neither)
			check("three other towns", fmt.Sprintf("Is %s situated in %s, %s or %s?", in.Name, o[0], o[1], o[2]), in, neither)
			if county := bareCounty(in); county != "" && county != town && !strings.Contains(in.Name, county) {
				check("town and county", fmt.Sprintf("Is %s in %s or %s?", in.Name, town, county), in, both)
			}
		case (in.Country == "DE" || in.Country == "NL") && in.City != "" && i%14 == 0:
			o := others(in, i, 2)
			if len(o) < 2 || strings.Contains(in.Name, o[0]) {
				continue
			}
			or, verb := "oder", "Liegt"
			if in.Country == "NL" {
				or, verb = "of", "Ligt"
			}
			check("own town first", fmt.Sprintf("%s %s in %s %s %s?", verb, in.Name, in.City, or, o[0]), in, holds(in.City, o[0]))
			check("own town second", fmt.Sprintf("Is %s in %s or %s?", in.Name, o[1], in.City), in, holds(in.City, o[1]))
			check("two other towns", fmt.Sprintf("%s %s in %s %s %s?", verb, in.Name, o[0], or, o[1]), in, neither)
		case in.Country == "DE" && in.City == "" && in.AdminArea() == "" && i%41 == 0:
			o := others(in, i, 2)
			if len(o) < 2 {
				continue
			}
			check("no town recorded", fmt.Sprintf("Ist %s in %s oder %s?", in.Name, o[0], o[1]), in, cannotTell)
		}
	}
	asked, right := 0, 0
	for shape, c := range counts {
		t.Logf("%s: %d of %d right", shape, c.right, c.asked)
		asked, right = asked+c.asked, right+c.right
	}
	for _, w := range wrong[:min(len(wrong), 15)] {
		t.Logf("wrong: %s", w)
	}
	t.Logf("%d of %d questions answered right (by country: %v)", right, asked, byCountry)
	require.Greater(t, asked, 750)
	require.GreaterOrEqual(t, float64(right), 0.95*float64(asked), "%d of %d right", right, asked)
	for _, shape := range []string{"own town first", "own town second", "two other towns", "three other towns", "town and county", "no town recorded"} {
		require.NotNil(t, counts[shape], shape)
		require.Greater(t, counts[shape].asked, 25, shape)
	}
}

// aside reports a record's town given as near another ("nr Bath", "by
// Oban"), which names no town of its own.
func aside(town string) bool {
	w := strings.ToLower(strings.Fields(town)[0])
	return w == "nr" || w == "near" || w == "by"
}

// regionKey is the region a record lies in, its English region if it has
// one, else its nation or country.
func regionKey(in *heritage.Institution) string {
	return in.Country + "/" + in.Region() + "/" + in.Subregion()
}

// bareCounty is a British record's county without the words of its kind
// ("Shetland" of the Shetland Islands); "" when it names none.
func bareCounty(in *heritage.Institution) string {
	county := answer.AdminUnitAt(in, "county")
	if i := strings.LastIndex(county, " ("); i > 0 {
		county = county[:i]
	}
	if strings.ContainsAny(county, ",()") {
		return ""
	}
	return county
}

// holds wants the answer that the institution is in town, not in the
// other place (which the answer may name as the gazetteer does: "London
// Borough of Camden" as Camden).
func holds(town, other string) func(Answer) bool {
	return func(a Answer) bool {
		return heritage.NormalizeName(a.Value) == heritage.NormalizeName(town) && a.Exact && strings.Contains(a.Text, ", not ")
	}
}

// neither wants the answer that the institution is in none of the places.
func neither(a Answer) bool {
	return a.Value == "no" && a.Exact && (strings.HasPrefix(a.Text, "Neither:") || strings.HasPrefix(a.Text, "None of them:"))
}

// both wants the answer that the institution is in both places.
func both(a Answer) bool {
	return strings.Contains(a.Value, " and ") && a.Exact && strings.Contains(a.Text, " is in both ")
}

// cannotTell wants the answer that the record does not say.
func cannotTell(a Answer) bool {
	return a.Value == "" && !a.Exact && strings.Contains(a.Text, "cannot tell")
}
