package eval

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/linking"
)

func TestScoreLinks(t *testing.T) {
	refs := []Reference{
		{ID: "1", Kind: "exact", Query: linking.Query{Text: "A"}, Expected: "a"},                             // right match
		{ID: "2", Kind: "exact", Query: linking.Query{Text: "B"}, Expected: "b"},                             // a wrong match
		{ID: "3", Kind: "exact", Query: linking.Query{Text: "C"}, Expected: "c"},                             // no match, top-1 right
		{ID: "4", Kind: "absent", Query: linking.Query{Text: "D"}, Expected: ""},                             // false match
		{ID: "5", Kind: "absent", Query: linking.Query{Text: "E"}, Expected: "", Acceptable: []string{"e"}},  // no match: right
		{ID: "6", Kind: "exact", Query: linking.Query{Text: "F"}, Expected: "f", Acceptable: []string{"f2"}}, // acceptable match
		{ID: "7", Kind: "exact", Query: linking.Query{Text: "boom"}, Expected: "g"},                          // error
	}
	answers := map[string][]linking.Candidate{
		"A": {{ID: "a", Match: true}},
		"B": {{ID: "x", Match: true}, {ID: "b"}},
		"C": {{ID: "c"}, {ID: "y"}},
		"D": {{ID: "d", Match: true}},
		"E": {{ID: "e"}},
		"F": {{ID: "f2", Match: true}},
	}
	rep := ScoreLinks(refs, func(q linking.Query) ([]linking.Candidate, error) {
		if q.Text == "boom" {
			return nil, errors.New("boom")
		}
		return answers[q.Text], nil
	})
	o := rep.Overall
	require.Equal(t, 7, o.Refs)
	require.Equal(t, 5, o.WithExpected)
	require.Equal(t, 2, o.WantNone)
	require.Equal(t, 4, o.Matches, "a, x, d, f2")
	require.Equal(t, 2, o.CorrectMatches, "a and the acceptable f2")
	require.InDelta(t, 0.5, o.Precision, 1e-9)
	require.InDelta(t, 0.4, o.Recall, 1e-9)
	require.Equal(t, 1, o.FalseMatches)
	require.InDelta(t, 0.5, o.FalseMatchRate, 1e-9)
	require.InDelta(t, 0.6, o.Top1, 1e-9, "a, c, f2 are right at the top; x and the error are not")
	require.Equal(t, 1, o.Errors)
	require.Equal(t, []string{"exact", "absent"}, rep.Kinds)
	require.Equal(t, 5, rep.ByKind["exact"].Refs)
	require.InDelta(t, 0.5, rep.ByKind["absent"].FalseMatchRate, 1e-9)
	require.Equal(t, "x", rep.Results[1].Matched)
	require.Equal(t, "x", rep.Results[1].Top)

	var b strings.Builder
	require.NoError(t, rep.WriteTable(&b))
	require.Contains(t, b.String(), "Linking quality on 7 references (5 with a referent, 2 that want no match)")
	require.Contains(t, b.String(), "0.500 (1/2)")
	require.Regexp(t, `absent\s+2\s+0\.000\s+–\s+0\.500 \(1/2\)\s+–\s+1`, b.String(), "no referent: no recall, no top-1")
}

func TestReadReferences(t *testing.T) {
	in := strings.Join([]string{
		`{"id":"r1","kind":"exact_name","query":{"text":"Stadtarchiv","city":"Weinheim"},"expected_id":"a","acceptable_ids":[],"notes":""}`,
		`{"id":"r2","kind":"absent","query":{"text":"Nowhere Museum"},"expected_id":""}`,
		`{"id":"r3","kind":"absent","query":{"text":"X"}}`,
		`{"id":"r4","kind":"exact_name","query":{"text":""},"expected_id":"a"}`,
		`{"id":"r5","kind":"exact_name","query":{"text":"Y"},"expected_id":"zz"}`,
		`{"id":"r1","kind":"exact_name","query":{"text":"Z"},"expected_id":"a"}`,
		`not json`,
	}, "\n")
	refs, bad, err := ReadReferences(strings.NewReader(in), knownIDs("a"))
	require.NoError(t, err)
	require.Len(t, refs, 2)
	require.Equal(t, "Weinheim", refs[0].Query.City)
	require.Equal(t, "", refs[1].Expected)
	require.Equal(t, []string{}, refs[1].Acceptable)
	want := map[int]string{3: "missing or empty expected_id", 4: "missing or empty query", 5: "zz is not in the data", 6: "id repeats line 1", 7: "invalid JSON"}
	require.Len(t, bad, len(want))
	for _, le := range bad {
		require.Contains(t, le.Error(), want[le.Line], "line %d", le.Line)
	}
}

// TestLinkReliability bands the best candidates by score and counts the
// share of each band that is the referent.
func TestLinkReliability(t *testing.T) {
	refs := []Reference{
		{ID: "1", Kind: "k", Query: linking.Query{Text: "A"}, Expected: "a"},                             // 0.95, right
		{ID: "2", Kind: "k", Query: linking.Query{Text: "B"}, Expected: "b"},                             // 0.91, wrong
		{ID: "3", Kind: "k", Query: linking.Query{Text: "C"}, Expected: "c"},                             // 1, right: the last band holds 1
		{ID: "4", Kind: "k", Query: linking.Query{Text: "D"}, Expected: ""},                              // 0.05: wants none
		{ID: "5", Kind: "k", Query: linking.Query{Text: "E"}, Expected: "", Acceptable: []string{"e"}},   // 0.45: a namesake is not the referent
		{ID: "6", Kind: "k", Query: linking.Query{Text: "F"}, Expected: "f", Acceptable: []string{"f2"}}, // 0.45, acceptable
		{ID: "7", Kind: "k", Query: linking.Query{Text: "G"}, Expected: "g"},                             // no candidate
	}
	answers := map[string][]linking.Candidate{
		"A": {{ID: "a", Score: 0.95}}, "B": {{ID: "x", Score: 0.91}, {ID: "b", Score: 0.05}}, "C": {{ID: "c", Score: 1}},
		"D": {{ID: "d", Score: 0.05}}, "E": {{ID: "e", Score: 0.45}}, "F": {{ID: "f2", Score: 0.45}},
	}
	rep := ScoreLinks(refs, func(q linking.Query) ([]linking.Candidate, error) { return answers[q.Text], nil })
	require.Len(t, rep.Reliability, 10)
	top, mid, low := rep.Reliability[9], rep.Reliability[4], rep.Reliability[0]
	require.Equal(t, 3, top.N)
	require.Equal(t, 2, top.Right)
	require.InDelta(t, 2.0/3, top.Observed, 1e-9)
	require.InDelta(t, (0.95+0.91+1)/3, top.MeanScore, 1e-9)
	require.Equal(t, 2, mid.N)
	require.Equal(t, 1, mid.Right)
	require.Equal(t, 1, low.N)
	require.Zero(t, low.Right)
	n := 0
	for _, b := range rep.Reliability {
		n += b.N
	}
	require.Equal(t, 6, n, "a reference without a candidate is in no band")

	var b strings.Builder
	require.NoError(t, rep.WriteTable(&b))
	require.Regexp(t, `0\.9–1\.0\s+3\s+0\.953\s+0\.667`, b.String())
	require.Regexp(t, `0\.8–0\.9\s+0\s+–\s+–`, b.String())
}
