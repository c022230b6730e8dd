package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// yearShape is a list question by years of the museums of a town, and
// the years and status it asks for, so that the test can compute its
// answer from the records.
type yearShape struct {
	question string // with %s for the town
	closed   bool   // the years are of closing
	from, to int    // inclusive, 0 when open-ended
	open     bool   // "… and are still open"
}

var yearShapes = []yearShape{
	{question: "Which museums in %s opened after WWII?", from: 1946},
	{question: "Which museums opened after the Second World War in %s?", from: 1946},
	{question: "Which museums in %s opened before the First World War?", to: 1913},
	{question: "Which museums were founded in the 19th century in %s?", from: 1800, to: 1899},
	{question: "Which museums in %s opened in the twentieth century?", from: 1900, to: 1999},
	{question: "Which museums in %s opened in the 1800s?", from: 1800, to: 1899},
	{question: "Which museums opened in the eighties in %s?", from: 1980, to: 1989},
	{question: "Which museums in %s opened in the '70s?", from: 1970, to: 1979},
	{question: "Which museums in %s opened in the 1990s and are still open?", from: 1990, to: 1999, open: true},
	{question: "Which museums in %s closed in the 2000s?", closed: true, from: 2000, to: 2009},
}

// The years of a town's museums asked in words ("after WWII", "the 19th
// century", "the eighties"), with a status ("… and are still open") or
// of closing, give the records whose years lie in them, name those whose
// years the data gives only as a span reaching into them, and are exact
// only when there are none such. The set of the town's museums is that
// of "opened (closed) between 1000 and 2100"; the answer is computed from
// its records. Every third British town with five museums or more.
func TestYearsInWordsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	museums := townCounts(p, func(in *heritage.Institution) bool {
		return in.Country == "GB" && in.TypeCode == "M"
	})
	towns := everyNth(museums, 3, func(town string, n int) bool {
		return n >= 5 && !strings.ContainsAny(town, "(),'")
	})
	asked, right := 0, 0
	var wrong []string
	for _, town := range towns {
		for _, closed := range []bool{false, true} {
			verb := "opened"
			if closed {
				verb = "closed"
			}
			base := ask(t, p, fmt.Sprintf("Which museums in %s %s between 1000 and 2100?", town, verb))
			c := base.Plan.Constraints
			if !base.Answer.Exact || len(base.Answer.IDs) == 0 || len(c.Places) != 1 || c.Places[0].Name != town {
				continue // the town read otherwise: not this test's
			}
			for _, shape := range yearShapes {
				if shape.closed != closed {
					continue
				}
				q := fmt.Sprintf(shape.question, town)
				r := ask(t, p, q)
				if !slices.Equal(r.Plan.Constraints.Places, c.Places) {
					continue // the town read otherwise here
				}
				asked++
				if msg := checkYearsAnswer(p, shape, base.Answer.IDs, r); msg != "" {
					wrong = append(wrong, q+": "+msg)
					continue
				}
				right++
			}
		}
	}
	t.Logf("%d of %d questions of %d sampled towns answered right", right, asked, len(towns))
	for i, w := range wrong {
		if i < 10 {
			t.Log(w)
		}
	}
	require.Greater(t, asked, 300)
	require.GreaterOrEqual(t, float64(right), 0.97*float64(asked))
}

// checkYearsAnswer compares an answer to a yearShape with the set and
// the possible members computed from the records of the town's museums;
// it returns what is wrong, or "".
func checkYearsAnswer(p *Pipeline, shape yearShape, town []string, r *Response) string {
	var want, maybe []string
	for _, id := range town {
		in, ok := p.Data().Get(id)
		if !ok || shape.open && in.Status() == "closed" {
			continue
		}
		from, to, known := in.Opened()
		if shape.closed {
			from, to, known = in.Closed()
		}
		switch {
		case !known:
		case (shape.from == 0 || from >= shape.from) && (shape.to == 0 || to <= shape.to):
			want = append(want, id)
		case (shape.from == 0 || to >= shape.from) && (shape.to == 0 || from <= shape.to):
			maybe = append(maybe, in.Name)
		}
	}
	if len(want)+len(maybe) == 0 {
		// none: no set, or an empty one, and never an exact list
		if r.Answer.Kind == KindSet && len(r.Answer.IDs) > 0 || r.Answer.Exact && r.Answer.Kind != KindSet {
			return "none in the records: " + r.Answer.Text
		}
		return ""
	}
	got := slices.Sorted(slices.Values(r.Answer.IDs))
	slices.Sort(want)
	switch {
	case !slices.Equal(got, want):
		return fmt.Sprintf("%d listed, %d from the records: %s", len(got), len(want), r.Answer.Text)
	case r.Answer.Exact != (len(maybe) == 0):
		return fmt.Sprintf("exact %v with %d possibly in the years: %s", r.Answer.Exact, len(maybe), r.Answer.Text)
	}
	for _, name := range maybe {
		if len(maybe) <= answer.ListShown+2 && !strings.Contains(r.Answer.Text, name) {
			return fmt.Sprintf("%s possibly in the years, not named: %s", name, r.Answer.Text)
		}
	}
	return ""
}

// A list or count by a war the question does not name ("after the war",
// "before the war", "since the war", "nach dem Krieg") is not exact and
// says that the question does not say which war; before, it said only
// that the words were not read. Every tenth British town with two
// museums or more.
func TestUnnamedWarOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	museums := townCounts(p, func(in *heritage.Institution) bool { return in.Country == "GB" && in.TypeCode == "M" })
	towns := everyNth(museums, 10, func(town string, n int) bool { return n >= 2 && !strings.ContainsAny(town, "(),'") })
	asked, right := 0, 0
	for _, town := range towns {
		for _, q := range []string{"Which museums in %s opened after the war?", "How many museums in %s opened before the war?",
			"Which museums opened in %s since the war?", "Welche Museen in %s wurden nach dem Krieg eröffnet?"} {
			q = fmt.Sprintf(q, town)
			r := ask(t, p, q)
			asked++
			if !r.Answer.Exact && strings.Contains(r.Answer.Text, "does not say which war") {
				right++
			} else if asked-right <= 5 {
				t.Logf("wrong: %s: %.300s", q, r.Answer.Text)
			}
		}
	}
	t.Logf("%d of %d questions by an unnamed war say it is not named and are not exact", right, asked)
	require.Greater(t, asked, 100)
	require.Equal(t, asked, right)
}
