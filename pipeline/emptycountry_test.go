package pipeline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// A question about a country the data holds no record of says that the
// data places nothing there, exactly; "Are there any museums in
// Iceland?" answered with Ireland's records.
func TestCountryWithoutRecords(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	for _, tc := range []struct{ q, prefix, value string }{
		{"Are there any museums in Iceland?", "No: the data places no museum in Iceland", ""},
		{"Which libraries are in Latvia?", "The data places no library in Latvia", ""},
		{"How many archives are in Thailand?", "None: the data places no archive in Thailand", "0"},
	} {
		r := ask(t, p, tc.q)
		require.Empty(t, r.Answer.IDs, tc.q)
		require.True(t, r.Answer.Exact, tc.q)
		require.Contains(t, r.Answer.Text, tc.prefix, tc.q)
		require.Contains(t, r.Answer.Text, "no record of any institution there", tc.q)
		require.Equal(t, tc.value, r.Answer.Value, tc.q)
	}
}
