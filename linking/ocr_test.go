package linking

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOCRConfusions(t *testing.T) {
	cs := ocrConfusions()
	require.NotEmpty(t, cs)
	for _, c := range cs {
		require.Greater(t, c.Cost, 0.0)
		require.Less(t, c.Cost, 1.0)
	}
}

// Letters misread by text recognition: the record is matched, a word one
// plain edit away from its name's is not read as misread.
func TestOCRReading(t *testing.T) {
	l := testLinker(t)
	cands, err := l.Link(context.Background(), Query{Text: "Stadtarchiv Memrningen"}, 5)
	require.NoError(t, err)
	require.True(t, cands[0].Match)
	require.Equal(t, "wd:Q28720044", cands[0].ID)
	_, ok := l.ocrReading("Museurn Stadtbibliotbek Heimatrnuseurn Muscum", cands[:1])
	require.False(t, ok, "no word of the candidate's name is near")
	got, _ := l.ocrReading("Stadtarchlv Mernmingen Archiv", cands[:1])
	require.Equal(t, "stadtarchiv memmingen archiv", got)
}
