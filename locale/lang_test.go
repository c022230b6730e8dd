package locale

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"": "", "en": EN, "NL": NL, " de ": DE, "nl-BE": NL, "de-CH": DE, "en-GB": EN} {
		got, err := Parse(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for _, in := range []string{"fr", "english", "x", "nl_NL;", strings.Repeat("a", 600)} {
		_, err := Parse(in)
		require.ErrorIs(t, err, ErrUnknownLang, in)
	}
	require.True(t, NL.Valid())
	require.False(t, Lang("fr").Valid())
	require.False(t, Lang("").Valid())
	require.Equal(t, DE, Lang("").Or(DE))
	require.Equal(t, NL, NL.Or(DE))
}

func TestNegotiate(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   Lang
		ok     bool
	}{
		{"", "", false},
		{"nl-NL,nl;q=0.9,en;q=0.8", NL, true},
		{"en-US,en;q=0.9", EN, true},
		{"de-AT", DE, true},
		{"fr-FR,fr;q=0.9,de;q=0.5", DE, true},
		{"fr-FR,fr;q=0.9", "", false},
		{"en;q=0.2,nl;q=0.7", NL, true},
		{"de;q=0,en", EN, true},
		{"xx,de-AT;q=0.8", DE, true}, // an unknown tag is skipped
		{"garbage;;q=,nl", NL, true},
		{"*", "", false},
		{strings.Repeat("fr,", 400) + "nl", "", false}, // read only so far
	} {
		got, ok := Negotiate(tc.header)
		require.Equal(t, tc.ok, ok, tc.header)
		require.Equal(t, tc.want, got, tc.header)
	}
}
