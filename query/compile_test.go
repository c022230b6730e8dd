package query_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
)

// Subjects asked all at once compile to one predicate each, joined by
// and; otherwise to one choice among them.
func TestCompileSubjectsAll(t *testing.T) {
	c := plan.Constraints{Subjects: []string{"Archaeology / Roman", "War and conflict / Military"}}
	require.IsType(t, query.Or{}, query.Compile(c, 0))
	c.SubjectsAll = true
	and, ok := query.Compile(c, 0).(query.And)
	require.True(t, ok)
	require.Len(t, and, 2)
}

// Groups of subjects asked all at once compile to one choice a group,
// joined by and; groups that do not cover the subjects are ignored.
func TestCompileSubjectGroups(t *testing.T) {
	c := plan.Constraints{Subjects: []string{"Archaeology / Roman", "War and conflict / Military", "War and conflict / Regiment"}, SubjectsAll: true,
		SubjectGroups: [][]string{{"Archaeology / Roman"}, {"War and conflict / Military", "War and conflict / Regiment"}}}
	and, ok := query.Compile(c, 0).(query.And)
	require.True(t, ok)
	require.Len(t, and, 2)
	require.IsType(t, query.Or{}, and[1])
	c.SubjectGroups = c.SubjectGroups[:1]
	and, ok = query.Compile(c, 0).(query.And)
	require.True(t, ok)
	require.Len(t, and, 3)
}
