package kg

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// testGraph is the graph of the bundled dataset, built once per test binary.
var testGraph = testfixture.Shared(func(ds *heritage.Dataset) (*Graph, error) { return New(ds), nil })

func TestLookup(t *testing.T) {
	g := testGraph(t)
	tests := []struct {
		name, scheme, value string
		want                []string
	}{
		{"isil", "isil", "DE-MUS-165513", []string{"wd:Q877252"}},
		{"isil lower case", "isil", "de-mus-165513", []string{"wd:Q877252"}},
		{"isil scheme upper case", "ISIL", "DE-MUS-165513", []string{"wd:Q877252"}},
		{"qid alias", "qid", "Q877252", []string{"wd:Q877252"}},
		{"wikidata url", "wikidata", "http://www.wikidata.org/entity/Q877252", []string{"wd:Q877252"}},
		{"ror url", "ror", "https://ror.org/05x9p3f75", []string{"ror:05x9p3f75"}},
		{"ror bare", "ror", "05x9p3f75", []string{"ror:05x9p3f75"}},
		{"mapping museums", "mapping_museums", "domus.NE043", []string{"mm:domus.NE043"}},
		{"gnd", "gnd", "2116645-6", []string{"wd:Q10000136"}},
		{"unknown value", "isil", "XX-NOPE-1", nil},
		{"unknown scheme", "doi", "10.1/x", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, g.Lookup(tc.scheme, tc.value))
		})
	}
	in, ok := g.Dataset().Get("wd:Q877252")
	require.True(t, ok)
	require.Equal(t, "Krameramtsstuben", in.Name)
	require.Equal(t, []string{"wd:Q877252"}, g.Lookup("ghcid", strings.ToLower(in.GHCID)))
}

func TestByName(t *testing.T) {
	g := testGraph(t)
	tests := []struct {
		name string
		want []string
	}{
		{"National Museum Of Scotland", []string{"mm:mm.domus.SC277"}},
		{"national museum of scotland", []string{"mm:mm.domus.SC277"}},
		{"Sunderland Museum and Winter Gardens", []string{"mm:mm.domus.NE032"}},             // & read as "and"
		{"Narodni pedagogicke muzeum a knihovna J A Komenskeho", []string{"ror:02fh5m162"}}, // diacritics, punctuation
		{"NPMK", []string{"ror:02fh5m162"}},                                                 // alt name (acronym)
		{"No Such Museum Anywhere", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, g.ByName(tc.name))
		})
	}
	// A shared name returns every bearer, by name or alternative name.
	require.Equal(t, []string{"mm:mm.domus.SE566", "ror:032wd5c37", "ror:039zvsn29", "ror:05hkycn11"},
		g.ByName("Natural History Museum"))
}

func memberIDs(ms []Member) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

func TestMembers(t *testing.T) {
	g := testGraph(t)
	tests := []struct {
		name           string
		body, relation string
		asOf           int
		want           []string
	}{
		{"NMS part_of", "National Museums Scotland", "part_of", 0,
			[]string{"mm:mm.domus.SC277", "mm:mm.domus.SC280", "mm:mm.domus.SC281"}},
		{"NMS operated_by is empty", "National Museums Scotland", "operated_by", 0, nil},
		{"name folding", "national museums scotland", "", 0,
			[]string{"mm:mm.domus.SC277", "mm:mm.domus.SC280", "mm:mm.domus.SC281"}},
		// "Tate Group" is how two records spell the group "Tate": it
		// resolves to the whole group.
		{"name_in_source", "Tate Group", "", 0,
			[]string{"mm:mm.ace.1136", "mm:mm.domus.NW099", "mm:mm.domus.SE017", "mm:mm.domus.SW170", "mm:mm.domus.SW178"}},
		{"ROR parent by id", "ror:05x9p3f75", "", 0, []string{"ror:00mjny636", "ror:0261smd61"}},
		{"ROR parent by name", "Museum Nord", "part_of", 0, []string{"ror:00mjny636", "ror:0261smd61"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, memberIDs(g.Members(tc.body, tc.relation, tc.asOf)))
		})
	}

	t.Run("until drops ended links", func(t *testing.T) {
		const body = "Sheffield Galleries and Museums Trust"
		require.Contains(t, memberIDs(g.Members(body, "operated_by", 2010)), "mm:mm.domus.YH022")
		require.NotContains(t, memberIDs(g.Members(body, "operated_by", 2011)), "mm:mm.domus.YH022")
		require.Contains(t, memberIDs(g.Members(body, "operated_by", 0)), "mm:mm.domus.YH022")
	})
	t.Run("member carries relation and source", func(t *testing.T) {
		ms := g.Members("National Museums Scotland", "", 0)
		require.Equal(t, Member{ID: "mm:mm.domus.SC277", Body: "National Museums Scotland", Relation: "part_of", SourceField: "Notes"}, ms[0])
		ror := g.Members("ror:05x9p3f75", "", 0)
		require.Equal(t, "relationships", ror[0].SourceField)
	})
}

func TestEvents(t *testing.T) {
	g := testGraph(t)
	type ev struct{ date, typ string }
	pick := func(es []heritage.Event) []ev {
		var out []ev
		for _, e := range es {
			out = append(out, ev{e.Date, e.Type})
		}
		return out
	}
	// The record lists founded 1978, closed 2006/2010, relocated 2006.
	require.Equal(t, []ev{{"1978", "founded"}, {"2006", "relocated"}, {"2006/2010", "closed"}},
		pick(g.Events("mm:mm.New.27")))
	// Undated events come last, in record order.
	require.Equal(t, []ev{{"1927", "founded"}, {"1980", "closed"}, {"", "renamed"}, {"", "renamed"}},
		pick(g.Events("mm:mm.Mus70Cal.018")))
	evs := g.Events("mm:mm.Mus70Cal.018")
	require.Equal(t, "Safety, Health and Welfare Museum", evs[2].FormerName)
	require.Nil(t, g.Events("wd:Q877252"))
	require.Nil(t, g.Events("mm:no-such-record"))

	in, _ := g.Dataset().Get("mm:mm.New.27")
	require.Equal(t, "closed", in.Events[1].Type, "Events must not reorder the record")
}

func TestNeighbourhood(t *testing.T) {
	g := testGraph(t)
	const derby, lancers = "mm:mm.domus.EM034", "mm:mm.domus.EM048"
	got := g.Neighbourhood(derby, 1, []string{"houses", "located_in"})
	require.Equal(t, []Edge{
		{From: derby, To: lancers, Relation: "houses", Kind: EdgeRelation, Source: "Notes of mm:mm.domus.EM048 (inverse)"},
		{From: lancers, To: derby, Relation: "located_in", Kind: EdgeRelation, Source: "Notes"},
	}, got)

	t.Run("filter excludes other relations", func(t *testing.T) {
		for _, e := range g.Neighbourhood(derby, 2, []string{"in_place"}) {
			require.Equal(t, RelInPlace, e.Relation)
		}
		require.Empty(t, g.Neighbourhood(derby, 1, []string{"succeeded_by"}))
	})
	t.Run("two hops through a body reach the other members", func(t *testing.T) {
		es := g.Neighbourhood("mm:mm.domus.SC277", 2, []string{"part_of"})
		var from []string
		for _, e := range es {
			require.Equal(t, "body:national museums scotland", e.To)
			from = append(from, e.From)
		}
		require.Equal(t, []string{"mm:mm.domus.SC277", "mm:mm.domus.SC280", "mm:mm.domus.SC281"}, from)
	})
	t.Run("places are not expanded", func(t *testing.T) {
		es := g.Neighbourhood(derby, 3, nil)
		require.Less(t, len(es), 200)
		var kinds []EdgeKind
		for _, e := range es {
			kinds = append(kinds, e.Kind)
		}
		require.Contains(t, kinds, EdgeIdentifier)
		require.Contains(t, kinds, EdgePlace)
	})
	require.Nil(t, g.Neighbourhood("mm:no-such-record", 2, nil))
	require.Nil(t, g.Neighbourhood(derby, 0, nil))
}

func TestShortestPath(t *testing.T) {
	g := testGraph(t)
	t.Run("through a shared body", func(t *testing.T) {
		// Museum of Scotland (Edinburgh) and Museum of Flight (North
		// Berwick) share their group, not a town.
		got := g.ShortestPath("mm:mm.domus.SC277", "mm:mm.domus.SC280")
		require.Equal(t, []Edge{
			{From: "mm:mm.domus.SC277", To: "body:national museums scotland", Relation: "part_of", Kind: EdgeMembership, Source: "Notes"},
			{From: "mm:mm.domus.SC280", To: "body:national museums scotland", Relation: "part_of", Kind: EdgeMembership, Source: "Notes"},
		}, got)
	})
	t.Run("direct relation", func(t *testing.T) {
		got := g.ShortestPath("mm:mm.aim.0126", "mm:mm.misc.234")
		require.Len(t, got, 1)
		require.Equal(t, "succeeded_by", got[0].Relation)
	})
	t.Run("through a parent record", func(t *testing.T) {
		got := g.ShortestPath("ror:00mjny636", "ror:0261smd61")
		require.Len(t, got, 2)
		for _, e := range got {
			require.Contains(t, []string{"part_of", "has_part"}, e.Relation)
		}
	})
	t.Run("through places when nothing else links", func(t *testing.T) {
		// Two Edinburgh museums without relations meet in their town.
		got := g.ShortestPath("mm:mm.domus.SC277", "mm:mm.aim82NM.047")
		require.Equal(t, []string{"place:city:GB/Edinburgh", "place:city:GB/Edinburgh"}, []string{got[0].To, got[1].To})
	})
	t.Run("path is contiguous", func(t *testing.T) {
		got := g.ShortestPath("mm:mm.domus.SC277", "mm:mm.domus.SC038")
		require.NotEmpty(t, got)
		at := "mm:mm.domus.SC277"
		for _, e := range got {
			require.NotEqual(t, EdgeIdentifier, e.Kind)
			switch at {
			case e.From:
				at = e.To
			case e.To:
				at = e.From
			default:
				t.Fatalf("edge %+v does not continue from %s", e, at)
			}
		}
		require.Equal(t, "mm:mm.domus.SC038", at)
	})
	t.Run("no path across countries without links", func(t *testing.T) {
		require.Nil(t, g.ShortestPath("mm:mm.domus.SC277", "wd:Q877252"))
	})
	require.Equal(t, []Edge{}, g.ShortestPath("wd:Q877252", "wd:Q877252"))
	require.Nil(t, g.ShortestPath("wd:Q877252", "mm:no-such-record"))
}

func TestSelect(t *testing.T) {
	g := testGraph(t)
	tests := []struct {
		name string
		c    plan.Constraints
		want []string
	}{
		{"accredited regimental museums in Scotland", plan.Constraints{
			TypeCodes: []string{"M"}, Accreditation: "Accredited", Status: "open",
			Subjects: []string{"War and conflict / Regiment"},
			Places:   []plan.Place{{Name: "Scotland", Level: plan.LevelRegion}},
		}, []string{"mm:mm.domus.SC038", "mm:mm.domus.SC069", "mm:mm.domus.SC116", "mm:mm.domus.SC177",
			"mm:mm.domus.SC178", "mm:mm.domus.SC180", "mm:mm.domus.SC183"}},
		{"museums in Edinburgh closed before 2000", plan.Constraints{
			TypeCodes: []string{"M"}, Places: []plan.Place{{Name: "Edinburgh", Level: plan.LevelCity}},
			Years: &plan.YearRange{Field: "closed", To: 1999},
		}, []string{"mm:mm.aim82NM.047"}}, // two 1945:2017 ranges straddle the cut-off
		{"places are ORed", plan.Constraints{
			Places: []plan.Place{{Name: "Edinburgh", Level: plan.LevelCity}, {Name: "Harwich", Level: plan.LevelCity}},
			Years:  &plan.YearRange{Field: "closed", To: 1999},
		}, []string{"mm:mm.aim82NM.047"}},
		{"houses", plan.Constraints{Names: []plan.NameMatch{{Name: "Derby Museum and Art Gallery"}}, Relation: "houses"},
			[]string{"mm:mm.domus.EM048"}},
		{"only a type is not selective", plan.Constraints{TypeCodes: []string{"M"}}, nil},
		{"a name without relation is not selective", plan.Constraints{Names: []plan.NameMatch{{Name: "Alnwick Castle"}}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, g.Select(tc.c, 0))
		})
	}

	t.Run("open drops ended memberships", func(t *testing.T) {
		c := plan.Constraints{Bodies: []plan.Body{{Name: "Sheffield Galleries and Museums Trust", Relation: "operated_by"}}}
		require.Contains(t, g.Select(c, 0), "mm:mm.domus.YH022")
		c.Status = "open"
		require.NotContains(t, g.Select(c, 0), "mm:mm.domus.YH022")
	})
	t.Run("admin level narrows the unit", func(t *testing.T) {
		any := g.Select(plan.Constraints{Places: []plan.Place{{Name: "Newport", Level: plan.LevelAdmin}}, Status: "open"}, 0)
		welsh := g.Select(plan.Constraints{Places: []plan.Place{{Name: "Newport", Level: plan.LevelAdmin, AdminLevel: "Welsh UA"}}, Status: "open"}, 0)
		require.NotEmpty(t, welsh)
		require.Subset(t, any, welsh)
		for _, id := range welsh {
			in, _ := g.Dataset().Get(id)
			require.Contains(t, in.AdminArea(), "Newport (Welsh UA)")
		}
	})
	t.Run("every result satisfies the constraints", func(t *testing.T) {
		c := plan.Constraints{Places: []plan.Place{{Name: "Kent", Level: plan.LevelAdmin, AdminLevel: "English County"}},
			Years: &plan.YearRange{Field: "opened", From: 1950, To: 1969}}
		got := g.Select(c, 0)
		require.NotEmpty(t, got)
		for _, id := range got {
			in, _ := g.Dataset().Get(id)
			from, to, ok := in.Opened()
			require.True(t, ok)
			require.GreaterOrEqual(t, from, 1950)
			require.LessOrEqual(t, to, 1969)
			require.Contains(t, in.AdminArea(), "/Kent (English County)")
		}
	})
}

func TestNode(t *testing.T) {
	g := testGraph(t)
	tests := []struct {
		id   string
		want Node
	}{
		{"wd:Q877252", Node{ID: "wd:Q877252", Kind: KindInstitution, Label: "Krameramtsstuben"}},
		{"ident:isil:DE-MUS-165513", Node{ID: "ident:isil:DE-MUS-165513", Kind: KindIdentifier, Label: "DE-MUS-165513"}},
		{"body:national museums scotland", Node{ID: "body:national museums scotland", Kind: KindBody, Label: "National Museums Scotland"}},
		{"place:admin:Kent (English County)", Node{ID: "place:admin:Kent (English County)", Kind: KindPlace, Label: "Kent (English County)"}},
		{"place:city:GB/Edinburgh", Node{ID: "place:city:GB/Edinburgh", Kind: KindPlace, Label: "Edinburgh"}},
	}
	for _, tc := range tests {
		got, ok := g.Node(tc.id)
		require.True(t, ok, tc.id)
		require.Equal(t, tc.want, got)
	}
	_, ok := g.Node("body:no such body")
	require.False(t, ok)
	// An identifier node leads back to its institution.
	require.Equal(t, []Edge{{From: "wd:Q877252", To: "ident:isil:DE-MUS-165513", Relation: RelHasIdentifier, Kind: EdgeIdentifier, Source: "isil"}},
		g.Neighbourhood("ident:isil:DE-MUS-165513", 1, nil))
}

func TestCompareEvents(t *testing.T) {
	tests := []struct {
		a, b string // dates
		want int
	}{
		{"1900", "1950", -1},
		{"1950-05-01", "1950-01-01", 1},
		{"1950", "1950", 0},
		{"", "1800", 1},
		{"1800", "", -1},
		{"", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.a+" vs "+tc.b, func(t *testing.T) {
			got := CompareEvents(heritage.Event{Date: tc.a}, heritage.Event{Date: tc.b})
			require.Equal(t, tc.want, max(-1, min(1, got)))
		})
	}
}
