package pipeline

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/testfixture"
	"github.com/stretchr/testify/require"
)

// "Are there more libraries or archives in Germany?" compares the two
// kinds: it had listed both as one set, called exact ("4383
// institutions"). For each pair of kinds in each country and nation of
// the data, asked two ways, against the counts of the records.
func TestMoreOfAKindOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	kinds := [][2]string{{"museums", "libraries"}, {"libraries", "archives"}, {"archives", "museums"}}
	codes := map[string]string{"museums": "M", "libraries": "L", "archives": "A"}
	// open or closed: a comparison counts every record of the kind there
	places := map[string]func(*heritage.Institution) bool{
		"Germany":          func(in *heritage.Institution) bool { return in.Country == "DE" },
		"the Netherlands":  func(in *heritage.Institution) bool { return in.Country == "NL" },
		"England":          func(in *heritage.Institution) bool { return in.Region == "England" },
		"Scotland":         func(in *heritage.Institution) bool { return in.Region == "Scotland" },
		"Wales":            func(in *heritage.Institution) bool { return in.Region == "Wales" },
		"Northern Ireland": func(in *heritage.Institution) bool { return in.Region == "Northern Ireland" },
	}
	asked, right := 0, 0
	var wrong []string
	for _, place := range slices.Sorted(maps.Keys(places)) {
		for _, k := range kinds {
			count := map[string]int{}
			for i := range p.Data().Institutions {
				in := &p.Data().Institutions[i]
				for _, kind := range k {
					if in.TypeCode == codes[kind] && places[place](in) {
						count[kind]++
					}
				}
			}
			if count[k[0]]+count[k[1]] == 0 {
				continue
			}
			winner := k[0]
			if count[k[1]] > count[k[0]] {
				winner = k[1]
			}
			for _, q := range []string{
				fmt.Sprintf("Are there more %s or %s in %s?", k[0], k[1], place),
				fmt.Sprintf("Does %s have more %s than %s?", place, k[0], k[1]),
			} {
				asked++
				r := ask(t, p, q)
				ok := len(r.Answer.Groups) == 2 && r.Answer.Groups[0].Count == count[k[0]] && r.Answer.Groups[1].Count == count[k[1]] &&
					(count[k[0]] == count[k[1]] || r.Answer.Value == winner)
				if ok {
					right++
				} else if len(wrong) < 5 {
					wrong = append(wrong, fmt.Sprintf("%s → %.150s (counts %v)", q, r.Answer.Text, count))
				}
			}
		}
	}
	t.Logf("%d of %d comparisons of two kinds give each kind's count and the larger; wrong e.g. %q", right, asked, wrong)
	require.Greater(t, asked, 25)
	require.Equal(t, asked, right)
}
