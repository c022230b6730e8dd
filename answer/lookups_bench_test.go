package answer

import (
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// The answers below look records up by country, town, kind, name,
// postcode or coordinates. Each benchmark drafts and renders one of them
// over the bundled data, or over the records of the file
// HYBRIDRAG_BENCH_DATA names (ten copies of the data, as scripts/scale.sh
// writes them): a lookup's cost should not grow with the records, only
// with those it finds.

// lookupSetup is the answerers' base over the benchmark's data with only what the
// answers below read (the records and the router), and the router's plan
// of each question, made once per process.
type lookupSetup struct {
	once   sync.Once
	p      *Base
	router *router.Router
	err    error
}

var lookups lookupSetup

// lookupPipeline returns the answerers' base over the benchmark's data and a
// function that routes a question.
func lookupPipeline(b *testing.B) (*Base, func(q string) plan.Plan) {
	b.Helper()
	var ds *heritage.Dataset
	path := os.Getenv("HYBRIDRAG_BENCH_DATA")
	if path == "" {
		ds = testfixture.Dataset(b)
	}
	lookups.once.Do(func() {
		if path != "" {
			ds, lookups.err = heritage.LoadFile(path, heritage.LoadOptions{})
			if lookups.err != nil {
				return
			}
		}
		lookups.p = New(ds, nil, nil, 0)
		lookups.router = router.New(ds)
	})
	if lookups.err != nil {
		b.Fatal(lookups.err)
	}
	b.ReportMetric(float64(lookups.p.data.Len()), "records")
	return lookups.p, func(q string) plan.Plan {
		return lookups.router.Route(q)
	}
}

// benchDraft drafts and renders an answer b.N times, once before the
// timer starts (lazy indexes are built then).
func benchDraft(b *testing.B, draftOf func() (Draft, bool)) {
	b.Helper()
	cite := func(string) string { return "" }
	run := func() {
		d, ok := draftOf()
		if !ok || d.render == nil {
			b.Fatal("no answer drafted")
		}
		_ = d.Render(locale.For(locale.EN), cite)
	}
	run()
	b.ResetTimer()
	for b.Loop() {
		run()
	}
}

// BenchmarkNoneOfKind: "Which museums are in Amsterdam?" — the data
// places none there: the country's kinds and the namesakes.
func BenchmarkNoneOfKind(b *testing.B) {
	p, route := lookupPipeline(b)
	pl := route("Which museums are in Amsterdam?")
	sel := &kg.Selection{}
	benchDraft(b, func() (Draft, bool) { return p.noneOfKind(sel, pl), true })
}

// BenchmarkNearTown: "Which museums are within 10 km of Rye?" — the
// records around the town's centre, those of the country without
// coordinates, and those in the town without them.
func BenchmarkNearTown(b *testing.B) {
	p, route := lookupPipeline(b)
	pl := route("Which museums are within 10 km of Rye?")
	benchDraft(b, func() (Draft, bool) { return p.nearTownAnswer(pl) })
}

// BenchmarkNearTownUnmeasured: "Which museums are within 10 km of
// Mainz?" — no record in Mainz has coordinates: the town's own records.
func BenchmarkNearTownUnmeasured(b *testing.B) {
	p, route := lookupPipeline(b)
	pl := route("Which museums are within 10 km of Mainz?")
	benchDraft(b, func() (Draft, bool) { return p.nearTownAnswer(pl) })
}

// BenchmarkLongerTowns: "Which museums are in Newcastle?" — the towns
// whose names begin with Newcastle, and whether a record names the town.
func BenchmarkLongerTowns(b *testing.B) {
	p, route := lookupPipeline(b)
	pl := route("Which museums are in Newcastle?")
	benchDraft(b, func() (Draft, bool) {
		d := Draft{Answer: Answer{Kind: KindSet}, render: func(func(string) string) string { return "None." }}
		return p.withLongerTowns(d, pl), true
	})
}

// BenchmarkEmptyCountry: "How many archives are in Iceland?", a country
// the data holds no record of, and the test every question with a
// country makes ("Which museums in Germany are about railways?").
func BenchmarkEmptyCountry(b *testing.B) {
	p, route := lookupPipeline(b)
	empty, full := route("How many archives are in Iceland?"), route("Which museums in Germany are about railways?")
	benchDraft(b, func() (Draft, bool) {
		if _, ok := p.emptyCountryAnswer(full); ok {
			b.Fatal("Germany has records")
		}
		return p.emptyCountryAnswer(empty)
	})
}

// BenchmarkPostcodeNear: "museums near NE61 1PJ" — the records at the
// postcode, those around them, and those of the country without
// coordinates.
func BenchmarkPostcodeNear(b *testing.B) {
	p, route := lookupPipeline(b)
	pl := route("museums near NE61 1PJ")
	benchDraft(b, func() (Draft, bool) { return p.postcodeAnswer(pl) })
}

// BenchmarkLookupsBuild builds each table of recordLookups over the
// benchmark's data, as the first question that needs it does: ns/op is
// that question's extra time, kept-B the heap the table holds (after a
// collection, the dataset's derived towns already in place).
func BenchmarkLookupsBuild(b *testing.B) {
	p, _ := lookupPipeline(b)
	ds := p.data
	ds.Towns(&ds.Institutions[0])
	for _, table := range []struct {
		name  string
		build func(l *recordLookups)
	}{
		{"countries", func(l *recordLookups) { l.countryRecords("") }},
		{"places", func(l *recordLookups) { l.cityRecords("") }},
		{"towns", func(l *recordLookups) { l.townRecords(nil) }},
		{"coordinates", func(l *recordLookups) { l.around(0, 0, 1) }},
		{"postcodes", func(l *recordLookups) { l.postcodeRecords(nil) }},
		{"words", func(l *recordLookups) { l.nameRecords("") }},
	} {
		b.Run(table.name, func(b *testing.B) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			kept := newRecordLookups(ds)
			table.build(kept)
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				table.build(newRecordLookups(ds))
			}
			b.StopTimer()
			b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "kept-B")
			runtime.KeepAlive(kept)
		})
	}
}
