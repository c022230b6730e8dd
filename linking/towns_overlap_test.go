package linking

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/kg"
)

// TestOverlappingTownsOverTheData takes every pair of records named
// alike after their towns ("Stadtbibliothek Bad Blankenburg" and
// "Stadtbibliothek Blankenburg", "Stadtarchiv Neu-Ulm" and "Stadtarchiv
// Ulm"), where one town's name holds the other's: the shared words with
// one town as the city hint rank the record in that town first and
// never match the one in the other.
func TestOverlappingTownsOverTheData(t *testing.T) {
	l := testLinker(t)
	type named struct {
		k    int
		town string // as the record gives it
	}
	byBase := map[string][]named{}
	for k := range l.ds.Institutions {
		in := &l.ds.Institutions[k]
		city := l.city.at(int32(k))
		name := kg.NormalizeName(in.Name)
		if city == "" || !strings.HasSuffix(name, " "+city) {
			continue
		}
		base := strings.TrimSuffix(name, " "+city)
		byBase[base] = append(byBase[base], named{k, in.City})
	}
	tried, matched := 0, 0
	for _, recs := range byBase {
		for _, a := range recs {
			for _, b := range recs {
				ca, cb := l.city.at(int32(a.k)), l.city.at(int32(b.k))
				if ca == cb || !containsWords(ca, cb) && !containsWords(cb, ca) {
					continue
				}
				in, other := &l.ds.Institutions[a.k], &l.ds.Institutions[b.k]
				text := strings.TrimSpace(strings.TrimSuffix(in.Name, a.town))
				got, err := l.Link(context.Background(), Query{Text: text, City: a.town}, 5)
				require.NoError(t, err)
				tried++
				for _, c := range got {
					require.False(t, c.Match && c.ID == other.ID, "%q in %q matched %q", text, a.town, other.Name)
				}
				require.True(t, len(got) > 0 && got[0].ID == in.ID, "%q in %q: want %q first, got %v", text, a.town, in.Name, got)
				if got[0].Match {
					matched++
				}
			}
		}
	}
	require.GreaterOrEqual(t, tried, 4, "records named alike in towns whose names overlap")
	t.Logf("%d references in one of two towns whose names overlap, %d matched", tried, matched)
}
