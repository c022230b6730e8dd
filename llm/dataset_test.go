package llm_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/llm"
)

// TestCheckOnRecordDescriptions checks the sentences of every 40th
// record's description, each citing its own record, then citing another
// record: a sentence true of its record should be kept, and one cited
// for a record that does not say it should be rejected or removed.
func TestCheckOnRecordDescriptions(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the bundled dataset")
	}
	ds, err := dataset()
	require.NoError(t, err)
	var sentences, kept, caught, other int
	for i := 0; i < len(ds.Institutions); i += 40 {
		in := ds.Institutions[i]
		alt := ds.Institutions[(i+len(ds.Institutions)/2)%len(ds.Institutions)]
		own := recordSources(t, in.ID, alt.ID)
		swapped := []llm.Source{{N: 1, Names: own[1].Names, Text: own[1].Text}, {N: 2, Names: own[0].Names, Text: own[0].Text}}
		for _, s := range llm.Sentences(in.Description) {
			if len([]rune(s)) < 12 {
				continue
			}
			sentences++
			answer := s + " [1]"
			if res, err := llm.Check(answer, own); err == nil && len(res.Removed) == 0 {
				kept++
			} else if testing.Verbose() && kept+40 > sentences { // the first misses only
				t.Logf("not kept: %s: %v %v", in.ID, err, res.Removed)
			}
			if res, err := llm.Check(answer, swapped); err != nil || len(res.Removed) > 0 {
				caught++
			}
			other++
		}
	}
	t.Logf("%d description sentences: %d kept citing their record (%.1f%%), %d of %d caught citing another (%.1f%%)",
		sentences, kept, 100*float64(kept)/float64(sentences), caught, other, 100*float64(caught)/float64(other))
	require.GreaterOrEqual(t, float64(kept), 0.98*float64(sentences))
	require.GreaterOrEqual(t, float64(caught), 0.90*float64(other))
}

// TestCheckOnWrittenSentences writes the sentences a model would from
// every 40th record's fields (name, kind, place, country, year, ISIL,
// GHCID, QID), in English and German, and checks each citing its own
// record, then another record.
func TestCheckOnWrittenSentences(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the bundled dataset")
	}
	ds, err := dataset()
	require.NoError(t, err)
	var sentences, kept, caught int
	for i := 0; i < len(ds.Institutions); i += 40 {
		in := ds.Institutions[i]
		alt := ds.Institutions[(i+len(ds.Institutions)/2)%len(ds.Institutions)]
		own := recordSources(t, in.ID, alt.ID)
		swapped := []llm.Source{{N: 1, Names: own[1].Names, Text: own[1].Text}, {N: 2, Names: own[0].Names, Text: own[0].Text}}
		for _, s := range writtenSentences(&in) {
			sentences++
			if res, err := llm.Check(s, own); err == nil && len(res.Removed) == 0 {
				kept++
			} else if testing.Verbose() && kept+20 > sentences {
				t.Logf("not kept: %s: %v %v", in.ID, err, res.Removed)
			}
			if res, err := llm.Check(s, swapped); err != nil || len(res.Removed) > 0 {
				caught++
			}
		}
	}
	t.Logf("%d written sentences: %d kept citing their record (%.1f%%), %d caught citing another (%.1f%%)",
		sentences, kept, 100*float64(kept)/float64(sentences), caught, 100*float64(caught)/float64(sentences))
	require.GreaterOrEqual(t, float64(kept), 0.95*float64(sentences))
	require.GreaterOrEqual(t, float64(caught), 0.90*float64(sentences))
}

// writtenSentences are sentences about in that its record supports.
func writtenSentences(in *heritage.Institution) []string {
	kind := strings.ToLower(in.Type)
	country := heritage.CountryName(in.Country)
	var out []string
	add := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)+" [1].") }
	if in.City != "" {
		add("%s is a %s in %s, %s", in.Name, kind, in.City, country)
		add("%s ist ein %s in %s", in.Name, strings.ToUpper(kind[:1])+kind[1:], in.City)
	} else {
		add("%s is a %s in %s", in.Name, kind, country)
	}
	if in.YearOpened() != "" {
		add("%s opened in %s", in.Name, in.YearOpened())
		add("Het %s werd in %s geopend", in.Name, in.YearOpened())
	}
	if in.ISIL != "" {
		add("The ISIL of %s is %s", in.Name, in.ISIL)
	}
	if in.GHCID != "" {
		add("Its GHCID is %s", in.GHCID)
	}
	if in.Wikidata != "" {
		add("%s has the Wikidata QID %s", in.Name, in.Wikidata)
	}
	return out
}
