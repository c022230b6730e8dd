package linking

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/names"
)

func TestLinkIdentifiers(t *testing.T) {
	l := testLinker(t)
	ds := l.ds
	// pick real records for each scheme
	var isil, qid, ghcid, gnd, mm string
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		if isil == "" && in.ISIL != "" && len(l.g.Lookup("isil", in.ISIL)) == 1 {
			isil = in.ID
		}
		if qid == "" && in.Wikidata != "" && len(l.g.Lookup("wikidata", in.Wikidata)) == 1 {
			qid = in.ID
		}
		if ghcid == "" && in.GHCID != "" && len(l.g.Lookup("ghcid", in.GHCID)) == 1 {
			ghcid = in.ID
		}
		if gnd == "" && len(in.Identifiers.GND) > 0 && len(l.g.Lookup("gnd", in.Identifiers.GND[0])) == 1 {
			gnd = in.ID
		}
		if mm == "" && in.Source == "mapping_museums" {
			mm = in.ID
		}
	}
	rec := func(id string) (isilV, qidV, ghcidV, gndV string) {
		in, ok := ds.Get(id)
		require.True(t, ok)
		if len(in.Identifiers.GND) > 0 {
			gndV = in.Identifiers.GND[0]
		}
		return in.ISIL, in.Wikidata, in.GHCID, gndV
	}
	i1, _, _, _ := rec(isil)
	_, q2, _, _ := rec(qid)
	_, _, g3, _ := rec(ghcid)
	_, _, _, d4 := rec(gnd)
	cases := []struct {
		name string
		q    Query
		want string
		via  string
	}{
		{"isil", Query{Text: i1}, isil, ViaISIL},
		{"isil lower prefix", Query{Text: "isil:" + i1}, isil, ViaISIL},
		{"isil field", Query{Text: "ignored name", ISIL: i1}, isil, ViaISIL},
		{"isil url", Query{Text: "https://ld.zdb-services.de/resource/organisations/" + i1}, isil, ViaISIL},
		{"qid", Query{Text: q2}, qid, ViaWikidata},
		{"qid url", Query{Text: "https://www.wikidata.org/wiki/" + q2}, qid, ViaWikidata},
		{"qid field", Query{QID: "wd:" + q2}, qid, ViaWikidata},
		{"ghcid", Query{Text: g3}, ghcid, ViaGHCID},
		{"gnd", Query{Text: d4}, gnd, ViaGND},
		{"gnd url", Query{Text: "https://d-nb.info/gnd/" + d4}, gnd, ViaGND},
		{"record id", Query{Text: mm}, mm, ViaID},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := l.Link(context.Background(), c.q, 3)
			require.NoError(t, err)
			require.NotEmpty(t, got)
			require.Equal(t, c.want, got[0].ID)
			require.Equal(t, c.via, got[0].Via)
			require.True(t, got[0].Match)
			require.Equal(t, 1.0, got[0].Score)
		})
	}
}

func TestLinkErrorsAndEmpty(t *testing.T) {
	l := testLinker(t)
	_, err := l.Link(context.Background(), Query{Text: "Q12x"}, 3)
	require.True(t, errors.Is(err, ident.ErrMalformed), "%v", err)
	_, err = l.Link(context.Background(), Query{Text: "x", QID: "nope"}, 3)
	require.True(t, errors.Is(err, ident.ErrMalformed))
	got, err := l.Link(context.Background(), Query{Text: "Q999999999999"}, 3)
	require.NoError(t, err)
	require.Empty(t, got)
	got, err = l.Link(context.Background(), Query{Text: "  "}, 3)
	require.NoError(t, err)
	require.Empty(t, got)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = l.Link(ctx, Query{Text: "museum"}, 3)
	require.ErrorIs(t, err, context.Canceled)
}

// TestLinkHints checks that a city hint settles a name shared by several
// institutions, and that scores stay in [0,1] with sorted order.
func TestLinkHints(t *testing.T) {
	l := testLinker(t)
	// find a name borne by several institutions in distinct, known cities
	var name string
	var ids []int32
	for d := range l.ds.Institutions {
		k, is := names.Key(l.ds.Institutions[d].Name), l.names.Lookup(l.ds.Institutions[d].Name)
		if len(is) < 3 {
			continue
		}
		cities := map[string]bool{}
		ok := true
		for _, i := range is {
			c := l.city.at(i)
			if c == "" || cities[c] || l.ds.Institutions[i].CityInferred {
				ok = false
				break
			}
			cities[c] = true
		}
		if ok && (name == "" || k < name) {
			name, ids = k, is
		}
	}
	require.NotEmpty(t, name)
	got, err := l.Link(context.Background(), Query{Text: name}, 10)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(got), len(ids))
	for k, c := range got {
		require.False(t, c.Match, "an ambiguous name is not a match")
		require.GreaterOrEqual(t, c.Score, 0.0)
		require.LessOrEqual(t, c.Score, 1.0)
		if k > 0 {
			require.GreaterOrEqual(t, got[k-1].Score, c.Score)
		}
	}
	target := &l.ds.Institutions[ids[1]]
	got, err = l.Link(context.Background(), Query{Text: name, City: target.City}, 10)
	require.NoError(t, err)
	require.Equal(t, target.ID, got[0].ID)
	require.True(t, got[0].Match)
	feats := map[string]float64{}
	for _, f := range got[0].Features {
		feats[f.ID] = f.Value
	}
	require.Equal(t, 1.0, feats[FeatureCity])
	require.Equal(t, 1.0, feats[FeatureNameSim])
	// a contradicting type hint lowers the score
	other := "L"
	if target.TypeCode == "L" {
		other = "M"
	}
	got2, err := l.Link(context.Background(), Query{Text: name, City: target.City, Type: other}, 10)
	require.NoError(t, err)
	require.Less(t, got2[0].Score, got[0].Score)
}

func TestNormalizeHints(t *testing.T) {
	for in, want := range map[string]string{"museum": "M", "MUSEUM": "M", "L": "L", "Q166118": "A",
		"http://www.wikidata.org/entity/Q33506": "M", "Research centre": "R", "spaceship": ""} {
		require.Equal(t, want, NormalizeType(in), in)
	}
	for in, want := range map[string]string{"de": "DE", "Germany": "DE", "United Kingdom": "GB", "UK": "GB", "uk": "GB", "Atlantis": ""} {
		require.Equal(t, want, NormalizeCountry(in), in)
	}
}

func BenchmarkLinkIdentifier(b *testing.B) {
	l := testLinker(b)
	var qs []Query
	for i := 0; i < len(l.ds.Institutions) && len(qs) < 1000; i += 7 {
		in := &l.ds.Institutions[i]
		switch {
		case in.ISIL != "":
			qs = append(qs, Query{Text: in.ISIL})
		case in.Wikidata != "":
			qs = append(qs, Query{Text: "https://www.wikidata.org/wiki/" + in.Wikidata})
		default:
			qs = append(qs, Query{Text: in.GHCID})
		}
	}
	benchLink(b, l, qs)
}

func BenchmarkLinkName(b *testing.B) {
	l := testLinker(b)
	benchLink(b, l, queries(evalSet(l.ds)))
}

// benchLink links the queries in turn.
func benchLink(b *testing.B, l *Linker, qs []Query) {
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := l.Link(ctx, qs[i%len(qs)], 5); err != nil {
			b.Fatal(err)
		}
	}
}

func queries(cs []evalCase) []Query {
	qs := make([]Query, len(cs))
	for i, c := range cs {
		qs[i] = c.Query
	}
	return qs
}

// BenchmarkLinkNameParallel measures name-query throughput on all cores.
func BenchmarkLinkNameParallel(b *testing.B) {
	l := testLinker(b)
	cases := evalSet(l.ds)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			if _, err := l.Link(ctx, cases[i%len(cases)].Query, 5); err != nil {
				b.Error(err)
				return
			}
			i += 7
		}
	})
}

// TestLinkNames pins name references that need the name index: partial
// names, generic names settled by the town, spelling variants, and names
// that must stay unmatched.
func TestLinkNames(t *testing.T) {
	l := testLinker(t)
	cases := []struct {
		name  string
		q     Query
		want  string // "" when no candidate may be a match
		match bool
	}{
		{"README example: partial name with its town", Query{Text: "bagpipe museum", City: "Morpeth"}, "mm:domus.NE043", true},
		{"first word of a two-word name", Query{Text: "Hennebergmuseum"}, "wd:Q76628668", true},
		{"generic name, town in the name", Query{Text: "Stadtarchiv", City: "Weinheim"}, "wd:Q28720201", true},
		{"generic name, hyphenated town", Query{Text: "Heimatmuseum", City: "Bobenheim-Roxheim"}, "wd:Q21035599", true},
		{"article and suffix", Query{Text: "The Morpeth Chantry Bagpipe Museum Trust Ltd"}, "mm:domus.NE043", true},
		{"word order", Query{Text: "Museum of the Morpeth Chantry Bagpipes"}, "mm:domus.NE043", true},
		{"compound split", Query{Text: "Stadt Archiv Weinheim"}, "wd:Q28720201", true},
		{"one-letter typo", Query{Text: "Morpeth Chantry Bagpipe Musuem"}, "mm:domus.NE043", true},
		{"first words of a name, up to its kind", Query{Text: "Neath Museum"}, "mm:mm.domus.WA051", true},
		{"first words, not a misspelling of another name", Query{Text: "Marton Museum"}, "mm:mm.aim.0589", true},
		{"first words, not the same words apart", Query{Text: "Durham Museum"}, "mm:mm.domus.NE020", true},
		{"first words that two names hold", Query{Text: "Ashmolean Museum"}, "", false},
		{"absent", Query{Text: "Zzyzx Dragon Museum"}, "", false},
		{"absent with a real town", Query{Text: "Museum of Imaginary Dragons", City: "Morpeth"}, "", false},
		{"generic name without a town", Query{Text: "Heimatmuseum"}, "", false},
		{"generic name in a town without one", Query{Text: "Stadtarchiv", City: "Morpeth"}, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := l.Link(context.Background(), c.q, 5)
			require.NoError(t, err)
			if c.want == "" {
				for _, g := range got {
					require.False(t, g.Match, "%s %q", g.ID, g.Name)
				}
				return
			}
			require.NotEmpty(t, got)
			require.Equal(t, c.want, got[0].ID, "%+v", got[0])
			require.Equal(t, c.match, got[0].Match, "%+v", got[0])
		})
	}
}

// BenchmarkLinkReference measures partial names, generic names with a
// town, variants and ambiguous names (referenceSet).
func BenchmarkLinkReference(b *testing.B) {
	l := testLinker(b)
	benchLink(b, l, queries(referenceSet(l, 100)))
}

// TestWithNameIndex: a linker given a name index searches it, and links
// as one that built its own.
func TestWithNameIndex(t *testing.T) {
	own := testLinker(t)
	shared := New(own.ds, own.g, WithNameIndex(own.names))
	require.Same(t, own.names, shared.names)
	for _, q := range []Query{{Text: "Bagpipe Museum", City: "Morpeth"}, {Text: "Stadtarchiv", City: "Weinheim"}} {
		want, err := own.Link(context.Background(), q, 5)
		require.NoError(t, err)
		got, err := shared.Link(context.Background(), q, 5)
		require.NoError(t, err)
		require.NotEmpty(t, got)
		require.Equal(t, want, got, q.Text)
	}
}

// A name followed by a town, of a record that states no town (most
// German and Dutch records): the name is linked as alone when the town
// is one of the record's country, for every fifth such record that its
// name alone links as a match; never with a town of another country.
func TestNameWithAnUnstatedTown(t *testing.T) {
	l := testLinker(t)
	ctx := context.Background()
	townOf := map[string]string{} // a town of each country the data has
	for i := range l.ds.Institutions {
		in := &l.ds.Institutions[i]
		if in.City != "" && townOf[in.Country] == "" && NormalizeType(in.City) == "" && !strings.ContainsAny(in.City, "(),") {
			townOf[in.Country] = in.City
		}
	}
	linked, refused, tried := 0, 0, 0
	for i := range l.ds.Institutions {
		in := &l.ds.Institutions[i]
		if i%5 != 0 || in.City != "" || (in.Country != "DE" && in.Country != "NL") || strings.ContainsAny(in.Name, "(),") {
			continue
		}
		alone, err := l.Link(ctx, Query{Text: in.Name}, 2)
		require.NoError(t, err)
		if len(alone) == 0 || alone[0].ID != in.ID || !alone[0].Match {
			continue
		}
		tried++
		for _, sep := range []string{", ", " "} {
			q := in.Name + sep + townOf[in.Country]
			got, err := l.Link(ctx, Query{Text: q}, 2)
			require.NoError(t, err)
			if len(got) > 0 && got[0].ID == in.ID && got[0].Match {
				linked++
			}
		}
		q := in.Name + ", " + townOf["GB"]
		got, err := l.Link(ctx, Query{Text: q}, 2)
		require.NoError(t, err)
		for _, g := range got {
			require.False(t, g.Match && g.ID == in.ID, "%s: %+v", q, g)
		}
		refused++
	}
	require.Greater(t, tried, 300)
	require.GreaterOrEqual(t, float64(linked), 0.95*float64(2*tried), "%d of %d", linked, 2*tried)
	t.Logf("%d records: %d of %d references with a town of their country linked as matches; %d with a British town not", tried, linked, 2*tried, refused)
}
