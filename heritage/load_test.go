package heritage

import (
	"bytes"
	"compress/gzip"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEmbedded(t *testing.T) {
	ds := embedded(t)
	require.Equal(t, 16286, ds.Len())
	require.Empty(t, ds.Skipped)
	require.NotEmpty(t, ds.Version)
	in, ok := ds.Get("mm:domus.NE043")
	require.True(t, ok)
	require.Equal(t, "Morpeth Chantry Bagpipe Museum", in.Name)
	require.Equal(t, []AdminUnit{{"England", ""}, {"North East", "English Region"}, {"North East", "English CA"}, {"Northumberland", "English District or Borough"}}, in.AdminAreas())
	from, to, ok := in.Opened()
	require.True(t, ok)
	require.Equal(t, [2]int{1987, 1987}, [2]int{from, to})
	_, _, closed := in.Closed()
	require.False(t, closed, "9999 means still open")
	require.Len(t, in.FormerNames(), 1)
	require.Contains(t, Notice(), "Mapping Museums")
}

func TestLoadReportsTheBadLine(t *testing.T) {
	_, err := LoadFile("testdata/broken.bad.jsonl", LoadOptions{})
	require.ErrorIs(t, err, ErrInvalidRecord)
	require.Contains(t, err.Error(), "line 2")

	ds, err := LoadFile("testdata/broken.bad.jsonl", LoadOptions{SkipInvalid: true})
	require.NoError(t, err)
	require.Equal(t, 2, ds.Len())
	require.Len(t, ds.Skipped, 2)
	require.Equal(t, 2, ds.Skipped[0].Line)
	require.Equal(t, 4, ds.Skipped[1].Line)
	require.Contains(t, ds.Skipped[1].Error(), "field name: is required")
}

func TestLoadGzipAndPlainAgree(t *testing.T) {
	plain, err := os.ReadFile("testdata/three.good.jsonl")
	require.NoError(t, err)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err = zw.Write(plain)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	a, err := LoadBytes(plain, LoadOptions{})
	require.NoError(t, err)
	b, err := LoadBytes(gz.Bytes(), LoadOptions{})
	require.NoError(t, err)
	require.Equal(t, a.Institutions, b.Institutions)
	require.Equal(t, 3, a.Len())
}

func TestLoadRejectsDuplicatesAndEmpty(t *testing.T) {
	plain, err := os.ReadFile("testdata/three.good.jsonl")
	require.NoError(t, err)
	first := bytes.SplitN(plain, []byte("\n"), 2)[0]
	_, err = LoadBytes(append(append(append([]byte{}, first...), '\n'), first...), LoadOptions{})
	require.ErrorContains(t, err, "duplicate id")
	_, err = LoadBytes([]byte("\n\n"), LoadOptions{})
	require.ErrorIs(t, err, ErrInvalidRecord)
}

func TestParseYearsAndTiers(t *testing.T) {
	from, to, ok := parseYearRange("1960:2017")
	require.True(t, ok)
	require.Equal(t, [2]int{1960, 2017}, [2]int{from, to})
	from, to, ok = parseEDTFYears("2019-07-25")
	require.True(t, ok)
	require.Equal(t, [2]int{2019, 2019}, [2]int{from, to})
	from, to, ok = parseEDTFYears("1980/1989")
	require.True(t, ok)
	require.Equal(t, [2]int{1980, 1989}, [2]int{from, to})
	_, _, ok = parseEDTFYears("")
	require.False(t, ok)
	require.Equal(t, "1987", YearsText(1987, 1987, true))
	require.Equal(t, "between 1960 and 2017", YearsText(1960, 2017, true))
	require.Equal(t, "", YearsText(0, 0, false))
	require.Less(t, TierAuthoritative.Rank(), TierVerified.Rank())
	require.Less(t, TierVerified.Rank(), TierCrowdSourced.Rank())
	require.Equal(t, 4, Tier("other").Rank())
}

// BenchmarkEmbedded loads all 16,286 bundled records (decompress, parse,
// validate).
func BenchmarkEmbedded(b *testing.B) {
	for b.Loop() {
		if _, err := Embedded(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSubset(t *testing.T) {
	skipUnderRace(t)
	ds := embedded(t)
	ch, err := ds.Subset(func(in *Institution) bool { return in.Country == "CH" })
	require.NoError(t, err)
	require.Positive(t, ch.Len())
	require.Less(t, ch.Len(), ds.Len())
	require.NotEqual(t, ds.Version, ch.Version)
	for i := range ch.Institutions {
		in := &ch.Institutions[i]
		require.Equal(t, "CH", in.Country)
		got, ok := ch.Get(in.ID)
		require.True(t, ok)
		require.Same(t, in, got)
	}
	_, ok := ch.Get("mm:domus.NE043") // a museum in England
	require.False(t, ok)

	again, err := ds.Subset(func(in *Institution) bool { return in.Country == "CH" })
	require.NoError(t, err)
	require.Equal(t, ch.Version, again.Version)

	_, err = ds.Subset(func(*Institution) bool { return false })
	require.ErrorIs(t, err, ErrInvalidRecord)
}
