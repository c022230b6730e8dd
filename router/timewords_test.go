package router

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// A list of a town's museums by years written in words ("after WWII",
// "after the war", "before the First World War") reads the town and no
// institution, for every town of the data that has a museum named after
// it ("Museum Of Cambridge"): the years had been taken for the second
// institution of a comparison, and "museums in Cambridge" for the Museum
// Of Cambridge, so that every institution of the data opened after 1945
// was listed, called exact.
func TestTimeInWordsIsNoSecondInstitution(t *testing.T) {
	r := newTestRouter(t)
	ds := testfixture.Dataset(t)
	asked, right := 0, 0
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		town, ok := strings.CutPrefix(strings.ToLower(in.Name), "museum of ")
		if !ok || in.City == "" || strings.ToLower(in.City) != town || strings.ContainsAny(in.City, "(),'") {
			continue
		}
		for _, q := range []string{"Which museums in %s opened after WWII?", "Which museums in %s opened after the war?",
			"How many museums in %s opened before the First World War?", "Which museums in %s opened after the Second World War?"} {
			q = fmt.Sprintf(q, in.City)
			c := r.Route(q).Constraints
			asked++
			if len(c.Names) == 0 && len(c.Places) == 1 && c.Places[0].Name == in.City {
				right++
			} else if asked-right <= 5 {
				t.Logf("wrong: %s read names %v, places %v", q, c.Names, placeNamesOf(c.Places))
			}
		}
	}
	t.Logf("%d of %d questions read the town and no institution", right, asked)
	require.Greater(t, asked, 20)
	require.Equal(t, asked, right)
}
