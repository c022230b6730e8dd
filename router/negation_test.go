package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A negation governs the value read right after it, in English, German
// and Dutch: the value goes to Constraints.Not (or, for "not closed", to
// the open status), the question stays a list with nothing unread, and
// a value the negation does not govern stays wanted.
func TestNegatedConditions(t *testing.T) {
	r := newTestRouter(t)
	for _, tc := range []struct {
		q    string
		want func(Constraints) bool
	}{
		{"Which museums in Bath are not closed?", func(c Constraints) bool { return c.Status == "open" && c.Not == nil }},
		{"Which museums in York are not small?", func(c Constraints) bool { return c.Not != nil && c.Not.Sizes[0] == "small" && len(c.Sizes) == 0 }},
		{"Welche Museen in Bremen sind nicht klein?", func(c Constraints) bool { return c.Not != nil && len(c.Not.Sizes) == 1 }},
		{"How many museums in Cornwall have no accreditation?", func(c Constraints) bool {
			return c.Not != nil && c.Not.Accreditation == "Accredited" && c.Accreditation == "" && c.Field == ""
		}},
		{"Which museums in Kent are not accredited?", func(c Constraints) bool { return c.Not != nil && c.Not.Accreditation == "Accredited" }},
		{"Which unaccredited museums are in Kent?", func(c Constraints) bool { return c.Not == nil && c.Accreditation == "Unaccredited" }},
		{"Which museums in Cornwall are neither National Trust nor English Heritage?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Bodies) == 2 && len(c.Bodies) == 0 && c.Relation == ""
		}},
		{"Which museums in Glasgow are not run by Glasgow Life?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Bodies) == 1 && len(c.Bodies) == 0
		}},
		{"Which museums in Hampshire are not part of Hampshire Cultural Trust?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Bodies) == 1 && len(c.Bodies) == 0
		}},
		{"Which museums in Kent are run by the National Trust?", func(c Constraints) bool { return c.Not == nil && len(c.Bodies) == 1 }},
		{"Which museums in York are not about railways?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Subjects) == 1 && len(c.Subjects) == 0
		}},
		{"Which museums in York are about railways?", func(c Constraints) bool { return c.Not == nil && len(c.Subjects) == 1 }},
		{"Welche Museen in Kent gehören nicht zum National Trust?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Bodies) == 1 && len(c.Bodies) == 0
		}},
		{"Welke musea in Kent zijn niet van de National Trust?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Bodies) == 1 && len(c.Bodies) == 0
		}},
		{"Which museums in Kent other than National Trust ones are open?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Bodies) == 1 && len(c.Bodies) == 0
		}},
		{"Which museums in Kent are not small or medium?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Sizes) == 2 && len(c.Sizes) == 0
		}},
		{"Which museums not run by the National Trust are small?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.Sizes) == 0 && len(c.Sizes) == 1 && len(c.Not.Bodies) == 1
		}},
		{"Which museums in Kent are not independent?", func(c Constraints) bool {
			return c.Not != nil && len(c.Not.GovernanceCodes) > 0 && len(c.GovernanceCodes) == 0
		}},
		{"Which large museums in York are not accredited?", func(c Constraints) bool {
			return len(c.Sizes) > 0 && c.Not != nil && c.Not.Accreditation != "" && len(c.Not.Sizes) == 0
		}},
	} {
		p := r.Route(tc.q)
		require.True(t, tc.want(p.Constraints), "%s: %+v", tc.q, p.Constraints)
		require.True(t, p.Constraints.List, tc.q)
		require.Empty(t, p.Unused(UnusedUnread), tc.q)
		require.Empty(t, p.Unused(UnusedUnknown), tc.q)
	}
}

// A yes/no question with a negation asks whether the institution does
// not have the value: the test is of the value, turned (Test.Negated).
func TestNegatedYesNo(t *testing.T) {
	r := newTestRouter(t)
	for q, property := range map[string]string{
		"Is the Yorkshire Museum not small?":                 "size",
		"Is the Holburne Museum not accredited?":             "accreditation",
		"Is Scotney Castle not run by the National Trust?":   "member_of",
		"Is the Yorkshire Museum not closed?":                "status",
		"Is the Yorkshire Museum no longer open?":            "status",
		"Is the National Railway Museum not about railways?": "subjects",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.Equal(t, property, p.Test.Property, q)
		require.True(t, p.Test.Negated, q)
		require.Empty(t, p.Unused(UnusedUnread), q)
	}
	p := r.Route("Is the Yorkshire Museum small?")
	require.False(t, p.Test.Negated)
}

// A negated span of years open at one end is the rest of time; one
// bounded at both ends is a value the members must not have (Not.Years),
// of every status: "did not open" is then no "closed".
func TestNegatedYears(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which museums in Kent were not opened before 1900?")
	require.Equal(t, &YearRange{Field: "opened", From: 1900}, p.Constraints.Years)
	require.Empty(t, p.Unused(UnusedUnread))
	p = r.Route("Which museums in Kent did not open after 1990?")
	require.Equal(t, &YearRange{Field: "opened", To: 1990}, p.Constraints.Years)
	p = r.Route("Which museums not in Kent opened before 1900?")
	require.Equal(t, &YearRange{Field: "opened", To: 1899}, p.Constraints.Years, "the negation is of the place")
	p = r.Route("Which museums in Kent did not open in the 1980s?")
	require.Nil(t, p.Constraints.Years)
	require.Empty(t, p.Unused(UnusedUnread))
	require.NotNil(t, p.Constraints.Not)
	require.Equal(t, &YearRange{Field: "opened", From: 1980, To: 1989}, p.Constraints.Not.Years)
	require.Empty(t, p.Constraints.Status)
}
