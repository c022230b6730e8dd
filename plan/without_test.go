package plan

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWithout(t *testing.T) {
	c := Constraints{
		Names:     []NameMatch{{Name: "Goddards"}, {Name: "Linen Hall Library"}},
		Places:    []Place{{Name: "Cornwall", Level: LevelCounty}},
		NearPlace: true,
		TypeCodes: []string{"M", "L"},
		Subjects:  []string{"Transport / Trains and railways"},
		Topic:     "railway",
		Years:     &YearRange{Field: "opened", From: 1900},
		Status:    "open",
	}
	got := c.Without([]string{"name:goddards", "place:Cornwall", "type:M", "subject:Transport / Trains and railways", "years", "status:x"})
	require.Equal(t, []NameMatch{{Name: "Linen Hall Library"}}, got.Names)
	require.Empty(t, got.Places)
	require.False(t, got.NearPlace, "near a place needs a place")
	require.Equal(t, []string{"L"}, got.TypeCodes)
	require.Nil(t, got.Subjects)
	require.Empty(t, got.Topic)
	require.Nil(t, got.Years)
	require.Equal(t, "open", got.Status, "status:x is not the bare key")
	// the input is unchanged
	require.Len(t, c.Names, 2)
	require.Equal(t, []string{"M", "L"}, c.TypeCodes)
	require.NotNil(t, c.Years)

	p := Plan{Constraints: c, Sides: []Constraints{{Places: []Place{{Name: "Devon"}}}, {Places: []Place{{Name: "Cornwall"}}}}}
	q := p.Without([]string{"place:cornwall"})
	require.Empty(t, q.Sides[1].Places)
	require.Len(t, q.Sides[0].Places, 1)
	require.Len(t, p.Sides[1].Places, 1, "the plan's sides are not modified")
}

func TestValidConstraintKey(t *testing.T) {
	for _, k := range []string{"name:Goddards", "place:Cornwall", "years", "type:M", "near"} {
		require.NoError(t, ValidConstraintKey(k), k)
	}
	for _, k := range []string{"", "colour:red", "years:1900", "place:", "name: ", "intent"} {
		require.Error(t, ValidConstraintKey(k), k)
	}
}
