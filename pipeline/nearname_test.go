package pipeline

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
)

// What lies near a named institution comes from the records'
// coordinates: within the radius asked (10 km when none), nearest first,
// the institution itself left out, counted for "how many"; the same town
// as an institution is its town; an institution with no coordinates is
// said to have none.
func TestNearAndSamePlaceAsAnInstitution(t *testing.T) {
	p := testPipeline(t)
	holburne, ok := p.data.Get("mm:mm.domus.SW031")
	require.True(t, ok)

	resp := ask(t, p, "How many museums are within 5 miles of the Holburne Museum?")
	a := resp.Answer
	require.True(t, a.Exact, a.Text)
	require.Contains(t, a.Text, "within 8.0 km of Holburne Museum, nearest first")
	require.Equal(t, strconv.Itoa(len(a.IDs)), a.Value)
	require.NotContains(t, a.IDs, holburne.ID)
	last := 0.0
	for _, id := range a.IDs {
		in, _ := p.data.Get(id)
		require.Equal(t, "M", in.TypeCode)
		d := heritage.DistanceKm(*holburne.Lat, *holburne.Lon, *in.Lat, *in.Lon)
		require.LessOrEqual(t, d, 5*1.609344)
		require.GreaterOrEqual(t, d, last)
		last = d
	}

	resp = ask(t, p, "Which museums are near Stonehenge?")
	require.Contains(t, resp.Answer.Text, "within 10 km of Stonehenge")

	resp = ask(t, p, "Which museums are in the same town as the Holburne Museum?")
	require.True(t, resp.Answer.Exact, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "is read as Bath")
	require.Contains(t, resp.Answer.IDs, holburne.ID)

	// the Rijksmuseum's record has no coordinates, nor a town
	resp = ask(t, p, "Which museums are near the Rijksmuseum?")
	require.False(t, resp.Answer.Exact, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "no coordinates for Rijksmuseum")
	resp = ask(t, p, "Which museums are in the same town as the Rijksmuseum?")
	require.False(t, resp.Answer.Exact, resp.Answer.Text)
}

// When no institution near a named one meets the question's other
// conditions, the answer says how many of the kind lie near it and that
// none meets them all (not that none lies near it); a list of a kind
// with a name it does not select by is not exact.
func TestNoneNearMeetsTheConditions(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "Which museums near Lacock Abbey are about photography?").Answer
	require.Empty(t, a.IDs)
	require.Contains(t, a.Text, "None of the 7 museums within 10 km of Lacock Abbey meets every condition of the question")
	// "bij" is also "belong to" ("horen … bij"): no word of nearness
	a = ask(t, p, "Welke instellingen horen allemaal als lid bij National Museum of Asian Art?").Answer
	require.Len(t, a.IDs, 2, a.Text)
	a = ask(t, p, "list the manchester museum collections about egypt").Answer
	require.False(t, a.Exact, a.Text)
}

// A list of closed institutions of a kind that selects none does not say
// the data places none of the kind there: it has them, open or of no
// recorded status.
func TestNoneClosedIsNoNoneOfTheKind(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "Are there any closed archives in Germany?").Answer
	require.NotContains(t, a.Text, "places no archive")
}

// Open institutions asked for in so many words, among records that state
// no status, are taken as open but not called exact; asked by the tense
// alone they are the default list.
func TestOpenAskedOfRecordsWithNoStatus(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "How many archives in Germany are still open?").Answer
	require.False(t, a.Exact)
	require.Contains(t, a.Text, "no status in the data")
	a = ask(t, p, "How many archives are there in Germany?").Answer
	require.NotContains(t, a.Text, "no status in the data")
}

// A count that finds none says how a misspelt place was read, as a count
// that finds some does.
func TestZeroCountSaysHowThePlaceWasRead(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "How many museums about trams are there in Reding?").Answer
	require.Equal(t, "0", a.Value)
	require.Contains(t, a.Text, "is read as Reading")
}

// Whether an institution with no status and no closing recorded is open
// is not recorded: no yes, no no; one recorded open is.
func TestOpenOrClosedOfARecordWithNoStatus(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{"Is the Rijksmuseum closed?", "Is het Rijksmuseum nog open?"} {
		r := ask(t, p, q)
		require.Equal(t, "", r.Answer.Value, r.Answer.Text)
		require.False(t, r.Answer.Exact, r.Answer.Text)
	}
	r := ask(t, p, "Is the British Museum still open?")
	require.Equal(t, "yes", r.Answer.Value, r.Answer.Text)
}

// A count of none whose quality condition the other conditions' records
// do not state is no sure none.
func TestNoneCountedOfAQualityUnstated(t *testing.T) {
	p := testPipeline(t)
	r := ask(t, p, "How many independent museums are in Germany?")
	require.Equal(t, "0", r.Answer.Value, r.Answer.Text)
	require.False(t, r.Answer.Exact, r.Answer.Text)
	require.Contains(t, r.Answer.Text, "state no governance")
}

// A list of a kind by its years alone is read against every record of
// the kind: those whose years are a span over the years asked may
// belong, so it is not exact.
func TestAKindByYearsAloneNamesTheSpans(t *testing.T) {
	p := testPipeline(t)
	r := ask(t, p, "Which museums closed in 2015?")
	require.False(t, r.Answer.Exact, r.Answer.Text)
	require.Contains(t, r.Answer.Text, "only as a span")
	r = ask(t, p, "Which museum was housed in Clandon Park until it closed in 2015?")
	require.True(t, r.Answer.Exact, r.Answer.Text)
}

// Lists by postcode and by distance of the open institutions, asked by
// tense alone, say how many closed ones they leave out, as lists by
// place do.
func TestListsByPostcodeAndDistanceSayTheClosedLeftOut(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{
		"museums in the EH1 postcode district",
		"Which museums are within 5 km of Keswick?",
		"Which museums are within 2 km of the Holburne Museum?",
	} {
		r := ask(t, p, q)
		require.Contains(t, r.Answer.Text, "more are recorded as closed", q)
	}
}

// How long an institution has been open says the reopening its record
// holds: it was not open all those years.
func TestHowLongOpenSaysAReopening(t *testing.T) {
	p := testPipeline(t)
	r := ask(t, p, "How long has Queen Street Mill Textile Museum been open?")
	require.Contains(t, r.Answer.Text, "reopened in 2018", r.Answer.Text)
}

// An identifier several records hold names every one of them.
func TestAnIdentifierSeveralRecordsHold(t *testing.T) {
	p := testPipeline(t)
	r := ask(t, p, "Which institution has ISIL DE-2556?")
	require.Len(t, r.Answer.IDs, 2, r.Answer.Text)
	r = ask(t, p, "Which institution has ISIL DE-2237?")
	require.Len(t, r.Answer.IDs, 1, r.Answer.Text)
}

// A list by a town whose name towns far apart bear says so and is not
// exact; a town with the area it lies in, or a town that lies across
// two areas, is no such list.
func TestTownsOfOneNameFarApart(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{"How many museums are in St Ives?", "Which museums are in Bangor?"} {
		r := ask(t, p, q)
		require.False(t, r.Answer.Exact, r.Answer.Text)
		require.Contains(t, r.Answer.Text, "lie far apart", q)
	}
	for _, q := range []string{"How many museums are in St Ives, Cornwall?", "How many museums are in Bath?", "Which museums are in the same town as Barbara Hepworth Museum?"} {
		r := ask(t, p, q)
		require.NotContains(t, r.Answer.Text, "lie far apart", q)
	}
}
