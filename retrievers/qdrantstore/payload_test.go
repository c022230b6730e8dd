package qdrantstore

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/qdrant/go-client/qdrant"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
)

// uuidV5 computes a name-based SHA-1 UUID by RFC 9562 §5.5, independently
// of the uuid package.
func uuidV5(namespace, name string) string {
	ns, err := hex.DecodeString(strings.ReplaceAll(namespace, "-", ""))
	if err != nil {
		panic(err)
	}
	h := sha1.New()
	h.Write(ns)
	h.Write([]byte(name))
	b := h.Sum(nil)[:16]
	b[6] = b[6]&0x0f | 0x50 // version 5
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	x := hex.EncodeToString(b)
	return x[:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:]
}

func TestPointID(t *testing.T) {
	// The namespace is the UUIDv5 of its name in the URL namespace.
	require.Equal(t, uuidV5("6ba7b811-9dad-11d1-80b4-00c04fd430c8", "github.com/hybridrag/hybridrag/heritage#institution"), PointNamespace)

	ids := []string{"mm:mm.domus.SC277", "ror:000ksaf46", "wd:Q107352668", "", "mm:domus.NE043"}
	seen := map[string]string{}
	for _, id := range ids {
		got := PointID(id).String()
		require.Equal(t, uuidV5(PointNamespace, id), got, id)
		require.Equal(t, got, PointID(id).String(), "stable")
		require.Equal(t, byte(5), byte(PointID(id).Version()))
		require.NotContains(t, seen, got, "distinct ids give distinct points")
		seen[got] = id
	}
	// Pinned: a change here orphans every point already ingested.
	require.Equal(t, uuidV5("88912d5e-b7ba-5e66-809d-ea1f2f03a476", "mm:mm.domus.SC277"), PointID("mm:mm.domus.SC277").String())
}

func TestFoldIsEqualFold(t *testing.T) {
	words := []string{"", "GB", "gb", "Gb", "York", "YORK", "Göttingen", "GÖTTINGEN", "göttingen", "straße", "STRASSE",
		"STRAẞE", "ſ", "s", "S", "K", "k", "K", "İ", "i", "I", "ı", "Σ", "σ", "ς", "Ǆ", "ǅ", "ǆ", "µ", "μ", "Μ", "a\xffb", "A\xffB", "ﬀ", "FF"}
	for _, a := range words {
		for _, b := range words {
			require.Equal(t, strings.EqualFold(a, b), Fold(a) == Fold(b), "%q %q", a, b)
		}
	}
	require.Equal(t, "göttingen", Fold("GÖTTINGEN"))
	require.Equal(t, "national trust", Fold("National Trust"))
}

func museum() *heritage.Institution {
	return new(heritage.Record{
		ID: "mm:domus.NE043", GHCID: "GB-ENG-MOR-M-MCBM", Name: "Morpeth Chantry Bagpipe Museum",
		Type: "MUSEUM", TypeCode: "M", Country: "GB", Region: "England", RegionCode: "GB-ENG",
		Subregion: "North East", County: "North East", District: "Northumberland", City: "Morpeth",
		AdminArea:  "/England/North East (English Region)/Northumberland (English District or Borough)",
		Governance: "local authority", GovernanceCode: "Government-Local_Authority",
		Accreditation: "Accredited", Size: "large", Status: "open",
		YearOpened: "1960:2017", YearClosed: "9999:9999",
		Subjects: []string{"Arts / Music", "Transport / Trains and railways"},
		MemberOf: []heritage.Membership{{Name: "Woodhorn Charitable Trust", NameInSource: "the Woodhorn Charitable Trust", Relation: "operated_by"}},
		Source:   "mapping_museums", Tier: heritage.TierVerified,
		Description: strings.Repeat("A museum of bagpipes in a chantry. ", 20),
	}.Institution())
}

func strs(v *qdrant.Value) []string {
	var out []string
	for _, x := range v.GetListValue().GetValues() {
		out = append(out, x.GetStringValue())
	}
	return out
}

func TestPayload(t *testing.T) {
	m := museum()
	p := payload(m)
	require.Equal(t, "mm:domus.NE043", p["id"].GetStringValue())
	require.Equal(t, "Morpeth Chantry Bagpipe Museum", p["name"].GetStringValue())
	require.Equal(t, "MUSEUM", p["type"].GetStringValue())
	require.Equal(t, "TIER_2_VERIFIED", p["tier"].GetStringValue())
	require.Equal(t, m.AdminArea(), p["admin_area"].GetStringValue())
	require.Equal(t, []string{"Arts / Music", "Transport / Trains and railways"}, strs(p["subjects"]))
	require.Equal(t, []string{"Woodhorn Charitable Trust"}, strs(p["member_of"]))
	require.Equal(t, int64(1960), p["year_opened"].GetIntegerValue())
	require.NotContains(t, p, "year_closed", "still open: no closing year")
	require.NotContains(t, p, "isil", "empty values are left out")
	require.Equal(t, retrieval.Snippet(m.Description, retrieval.SnippetMax), p["snippet"].GetStringValue())
	require.LessOrEqual(t, len([]rune(p["snippet"].GetStringValue())), retrieval.SnippetMax)
	require.NotContains(t, p, "description", "the payload is thin")

	fold := p["fold"].GetStructValue().GetFields()
	require.Equal(t, "gb", fold["country"].GetStringValue())
	require.Equal(t, "tier_2_verified", fold["tier"].GetStringValue())
	require.Equal(t, "mm:domus.ne043", fold["id"].GetStringValue())
	require.Equal(t, []string{
		"/england/north east (english region)/northumberland (english district or borough)",
		"england/north east (english region)/northumberland (english district or borough)",
		"england", "north east (english region)", "north east",
		"northumberland (english district or borough)", "northumberland",
	}, strs(fold["admin_area"]))
	require.Equal(t, []string{"arts / music", "arts", "transport / trains and railways", "transport"}, strs(fold["subjects"]))
	require.Equal(t, []string{"woodhorn charitable trust", "the woodhorn charitable trust"}, strs(fold["member_of"]))
	require.NotContains(t, fold, "name", "name is not a filter key")
	require.NotContains(t, fold, "year_opened", "years are matched at the top level")

	closed := museum()
	closed.SetText(heritage.FieldStatus, "closed")
	closed.SetText(heritage.FieldYearClosed, "2005:2010")
	require.Equal(t, int64(2005), payload(closed)["year_closed"].GetIntegerValue())

	ror := &heritage.Institution{ID: "ror:x", Name: "R", Events: []heritage.Event{{Type: "founded", Date: "1901"}}}
	require.Equal(t, int64(1901), payload(ror)["year_opened"].GetIntegerValue(), "founded event is the fallback")
}
