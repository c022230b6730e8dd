package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// A yes/no asked of the institution after a field of it ("When did X
// open, and is it still running?", "Where is X and is it accredited?",
// "What is the website of X? Is it open?") is answered after the field,
// from the record: yes or no, or not recorded, which makes the answer
// not exact. Every twenty-fifth British record with a name of its own.
// Before, the second clause was dropped and the field answered alone.
func TestYesNoAfterAFieldOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	names := nameCounts(p)
	status := func(in *heritage.Institution) string {
		if in.IsOpen() {
			return " Yes: it is open according to the data."
		}
		return " No: it is closed"
	}
	accredited := func(in *heritage.Institution) string {
		switch in.Accreditation() {
		case "":
			return " The data does not record an accreditation for it."
		case "Accredited":
			return " Yes: it is recorded as accredited."
		}
		return " No: it is recorded as " + strings.ToLower(in.Accreditation()) + "."
	}
	shapes := []struct {
		question string
		want     func(*heritage.Institution) string
	}{
		{"When did %s open, and is it still running?", status},
		{"Where is %s and is it accredited?", accredited},
		{"What is the website of %s? Is it open?", status},
	}
	asked, right := 0, 0
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if i%25 != 0 || in.Country != "GB" || names[in.Name] != 1 || strings.ContainsAny(in.Name, "()?&,'") {
			continue
		}
		for _, sh := range shapes {
			q := fmt.Sprintf(sh.question, in.Name)
			r := ask(t, p, q)
			if r.Answer.Kind != KindField || !slices.Contains(r.Answer.IDs, in.ID) {
				continue // the name read otherwise: not this test's
			}
			asked++
			want := sh.want(in)
			if strings.Contains(r.Answer.Text, want) && (!r.Answer.Exact || !strings.Contains(want, "does not record")) {
				right++
			} else if right+5 > asked {
				t.Logf("wrong: %s (want %q): %.300s", q, want, r.Answer.Text)
			}
		}
	}
	t.Logf("%d of %d yes/no questions after a field answered", right, asked)
	require.Greater(t, asked, 100)
	require.GreaterOrEqual(t, float64(right), 0.95*float64(asked))
}
