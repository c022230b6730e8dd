package kg

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// subjectMatchByFolding is SubjectsMatch written plainly: fold both sides
// with normSubject and compare the leading levels.
func subjectMatchByFolding(want, have []string) bool {
	for _, w := range want {
		ws := normSubject(strings.TrimSuffix(strings.TrimSpace(w), "*"))
		if len(ws) > 0 && ws[len(ws)-1] == "" {
			ws = ws[:len(ws)-1]
		}
		if len(ws) == 0 {
			continue
		}
		for _, h := range have {
			hs := normSubject(h)
			if len(hs) >= len(ws) && slices.Equal(hs[:len(ws)], ws) {
				return true
			}
		}
	}
	return false
}

// TestSubjectMatchAsByFolding holds the level-by-level comparison
// (query.Subject, through SubjectsMatch) to the folding one on a sample of the records, for every subject code in the
// data at each of its levels, and for spellings that differ in case,
// spaces and non-ASCII letters.
func TestSubjectMatchAsByFolding(t *testing.T) {
	codes := subjectCodes(t)
	sample := testfixture.Sample(t, 7)
	for code := range codes {
		want := []string{code}
		for i := range sample.Institutions {
			have := sample.Institutions[i].Subjects
			if SubjectsMatch(want, have) != subjectMatchByFolding(want, have) {
				t.Fatalf("subject %q against %q", code, have)
			}
		}
	}
	require.True(t, SubjectsMatch([]string{"transport"}, []string{"Transport / Trains and railways"}))
	require.False(t, SubjectsMatch([]string{"transport / trains"}, []string{"Transport"}))
}

// subjectCodes is every subject code of the bundled data at each of its
// levels, upper-cased too, and spellings that differ in case, spaces and
// non-ASCII letters.
func subjectCodes(t *testing.T) map[string]bool {
	codes := map[string]bool{"": true, "/": true, "*": true, " transport / ": true, "TRANSPORT/trains and railways*": true,
		"Kunst und Kultur": true, "ÖSTERREICH / wien": true, "Σ / ς": true}
	ds := testfixture.Dataset(t)
	for i := range ds.Institutions {
		for _, s := range ds.Institutions[i].Subjects {
			for k := range len(s) {
				if s[k] == '/' {
					codes[s[:k]] = true
				}
			}
			codes[s] = true
			codes[strings.ToUpper(s)] = true
		}
	}
	return codes
}

// TestSubjectRecordsAsScan holds the subject index to the predicate it
// translates (query.Subject with Narrower) over every record, for every
// code of subjectCodes.
func TestSubjectRecordsAsScan(t *testing.T) {
	ds := testfixture.Dataset(t)
	g := New(ds)
	found := 0
	for code := range subjectCodes(t) {
		s := query.Subject{Levels: query.SubjectLevels(code), Narrower: true}
		var want []int32
		for i := range ds.Institutions {
			if s.MatchSubjects(ds.Institutions[i].Subjects) {
				want = append(want, int32(i))
			}
		}
		var got []int32
		if k, ok := s.Key(); ok {
			got = append(got, g.subjectRecords(k)...)
		}
		slices.Sort(got)
		got = slices.Compact(got)
		require.Equal(t, want, got, "subject %q", code)
		found += len(got)
	}
	require.Positive(t, found)
}
