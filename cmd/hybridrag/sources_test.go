package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// ownFile writes records lo..hi-1 of source myorg in revision rev as
// JSON Lines or CSV; every tenth names the bundled Krameramtsstuben by
// its ISIL as the body it is part of.
func ownFile(t *testing.T, dir, name string, lo, hi, rev int) string {
	t.Helper()
	var recs []heritage.Institution
	for i := lo; i < hi; i++ {
		recs = append(recs, testfixture.OwnRecord("myorg", i, rev, "DE-MUS-165513"))
	}
	b := testfixture.OwnJSONL(t, recs)
	if strings.HasSuffix(name, ".csv") {
		b = testfixture.OwnCSV(t, recs)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// cliIn runs a command line in the test environment and fails the test
// when it does not exit with want.
func cliIn(t *testing.T, want int, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := runEnv(context.Background(), testEnv(t, &out, &errb), args); code != want {
		t.Fatalf("%v: exit %d, want %d\nstdout: %s\nstderr: %s", args, code, want, out.String(), errb.String())
	}
	return out.String()
}

func askOn(t *testing.T, st *stack, q string) *pipeline.Response {
	t.Helper()
	resp, err := st.pipeline.Ask(context.Background(), pipeline.Request{Question: q})
	if err != nil {
		t.Fatalf("%q: %v", q, err)
	}
	return resp
}

func hitIDs(r *pipeline.Response) []string {
	var ids []string
	for _, h := range r.Hits {
		ids = append(ids, h.ID)
	}
	return ids
}

// A user's source of 500 records, from CSV and JSON Lines, is answered
// from, linked to and cited with its own licence; then 20 records change,
// 5 are deleted and 10 added, and answers, links and the graph show
// exactly that, from a stack updated without a full rebuild that answers
// as a full build over the same data does.
func TestOwnSourceAddUpdateDelete(t *testing.T) {
	testfixture.SkipUnderRace(t)
	dir := t.TempDir()
	store, cache := filepath.Join(dir, "store"), filepath.Join(dir, "cache")
	common := []string{"--store", store, "--cache-dir", cache}
	ingest := func(file string, extra ...string) string {
		args := append([]string{"ingest", "--source", "myorg", "--in", file, "--license", "LicenseRef-MyOrg-1.0", "--attribution", "My Organisation"}, extra...)
		return cliIn(t, 0, append(args, common...)...)
	}
	out := ingest(ownFile(t, dir, "a.csv", 0, 250, 0), "--map", "Ref=id,Town=city,Body=member_of.name,Part of=member_of.id")
	if !strings.Contains(out, "250 added") {
		t.Fatalf("CSV ingest: %s", out)
	}
	if out = ingest(ownFile(t, dir, "b.jsonl", 250, 500, 0)); !strings.Contains(out, "250 added") {
		t.Fatalf("JSON Lines ingest: %s", out)
	}
	if out = ingest(filepath.Join(dir, "b.jsonl")); !strings.Contains(out, "0 added, 0 changed, 0 removed, 250 unchanged") {
		t.Fatalf("the same file again: %s", out)
	}
	// With --replace an invalid line stops everything: the source's
	// record on it would be removed.
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(`{"id":"myorg:1","name":"One","type":"MUSEUM"}`+"\n"+`{"id":"myorg:2","type":"MUSEUM"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cliIn(t, 1, append([]string{"ingest", "--source", "myorg", "--in", bad, "--replace"}, common...)...)

	e := testEnv(t, &bytes.Buffer{}, &bytes.Buffer{})
	cfg, err := dataFlags{store: store, cacheDir: cache}.resolve(e.getenv)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := e.buildStack(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	bundled := testfixture.Dataset(t)
	if st.data.Len() != bundled.Len()+500 || st.data.Version == bundled.Version {
		t.Fatalf("%d records, version %s; want %d and not the bundled version", st.data.Len(), st.data.Version, bundled.Len()+500)
	}

	name := func(i int) string { return testfixture.Word(i) + " Heritage House" }
	isil := askOn(t, st, "What is the ISIL code of "+name(73)+"?")
	if !strings.Contains(isil.Answer.Text, "XQ-MYORG-73") {
		t.Errorf("ISIL answer: %s", isil.Answer.Text)
	}
	cited := slices.IndexFunc(isil.Citations, func(c ragcontext.Citation) bool { return c.ID == "myorg:73" })
	if cited < 0 || isil.Citations[cited].License != "LicenseRef-MyOrg-1.0" || isil.Citations[cited].Attribution != "My Organisation" {
		t.Errorf("citations: %+v", isil.Citations)
	}
	year := "When did " + name(5) + " open?"
	if r := askOn(t, st, year); !strings.Contains(r.Answer.Text, "1905") {
		t.Errorf("%s: %s", year, r.Answer.Text)
	}
	if r := askOn(t, st, year); !r.Cached {
		t.Errorf("the same question again was not answered from the cache")
	}
	if out := cliIn(t, 0, append([]string{"link", "XQ-MYORG-73"}, common...)...); !strings.Contains(out, "[myorg:73]") {
		t.Errorf("link: %s", out)
	}
	// The relation given by ISIL reaches the bundled record.
	if !linksTo(st, "myorg:10", "wd:Q877252") {
		t.Errorf("myorg:10 is not linked to wd:Q877252 (ISIL DE-MUS-165513) in the graph")
	}

	// The on-disk index cache holds the bundled build only, and keeps it.
	builds := cacheBuilds(t, cache)
	if len(builds) != 1 {
		t.Fatalf("the index cache holds %v, want the bundled build alone", builds)
	}

	// 20 changed and 10 new records, 5 deleted.
	if out = ingest(ownFile(t, dir, "c.jsonl", 0, 20, 1)); !strings.Contains(out, "0 added, 20 changed") {
		t.Fatalf("update: %s", out)
	}
	// Without --license the source's licence stays.
	out = cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", ownFile(t, dir, "d.jsonl", 500, 510, 0)}, common...)...)
	if !strings.Contains(out, "10 added") {
		t.Fatalf("add: %s", out)
	}
	cliIn(t, 0, append([]string{"delete", "myorg:100", "myorg:101", "myorg:102", "myorg:103", "myorg:104"}, common...)...)
	cliIn(t, 1, append([]string{"delete", "myorg:100"}, common...)...)

	data, err := e.loadComposed(cfg)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	st2, err := e.buildStackOver(ctx, cfg, data, st, func() {})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("update of 20 changed, 10 added and 5 deleted records applied in %v", time.Since(start))
	defer st2.Close()
	if st2.data.Len() != bundled.Len()+505 || st2.data.Version == st.data.Version {
		t.Fatalf("after the update: %d records, version %s", st2.data.Len(), st2.data.Version)
	}
	r := askOn(t, st2, year)
	if r.Cached || !strings.Contains(r.Answer.Text, "1906") || r.DataVersion != st2.data.Version {
		t.Errorf("after the update, %s: %s (cached %v, data version %s)", year, r.Answer.Text, r.Cached, r.DataVersion)
	}
	gone := askOn(t, st2, "What is the ISIL code of "+name(100)+"?")
	if slices.Contains(hitIDs(gone), "myorg:100") || strings.Contains(gone.Answer.Text, "XQ-MYORG-100") {
		t.Errorf("a deleted record is still answered: %s %v", gone.Answer.Text, hitIDs(gone))
	}
	added := askOn(t, st2, "What is the ISIL code of "+name(505)+"?")
	if k := slices.IndexFunc(added.Citations, func(c ragcontext.Citation) bool { return c.ID == "myorg:505" }); k < 0 || added.Citations[k].License != "LicenseRef-MyOrg-1.0" {
		t.Errorf("a record added later is not cited with the source's licence: %+v", added.Citations)
	}
	l := linking.New(st2.data, st2.kg)
	for q, want := range map[string]string{"XQ-MYORG-505": "myorg:505", "XQ-MYORG-100": ""} {
		cands, err := l.Link(ctx, linking.Query{Text: q}, 3)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if len(cands) > 0 && cands[0].Score == 1 {
			got = cands[0].ID
		}
		if got != want {
			t.Errorf("link %s: %q, want %q", q, got, want)
		}
	}
	if linksTo(st2, "myorg:100", "wd:Q877252") || !linksTo(st2, "myorg:500", "wd:Q877252") {
		t.Errorf("the graph still links deleted myorg:100 or does not link new myorg:500")
	}

	if after := cacheBuilds(t, cache); !slices.Equal(after, builds) {
		t.Errorf("the index cache changed with the update: %v, then %v", builds, after)
	}

	// The updated stack answers as a full build over the same data.
	full, err := e.buildStack(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	for _, q := range []string{year, "What is the ISIL code of " + name(505) + "?", "Which museums are in Port " + testfixture.Word(2001) + "?", name(12) + " crafts"} {
		a, b := askOn(t, st2, q), askOn(t, full, q)
		if a.Answer.Text != b.Answer.Text || !slices.Equal(hitIDs(a), hitIDs(b)) {
			t.Errorf("%q: the updated stack answers %q %v, a full build %q %v", q, a.Answer.Text, hitIDs(a), b.Answer.Text, hitIDs(b))
		}
	}
}

// cacheBuilds lists the index builds under a cache root, each with the
// time its manifest was written.
func cacheBuilds(t *testing.T, root string) []string {
	t.Helper()
	manifests, err := filepath.Glob(filepath.Join(root, "*", "*", index.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range manifests {
		st, err := os.Stat(m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m+" "+st.ModTime().String())
	}
	return out
}

// linksTo reports whether the graph has an edge from one record to another.
func linksTo(st *stack, from, to string) bool {
	for _, e := range st.kg.Neighbourhood(from, 1, nil) {
		if e.From == from && e.To == to {
			return true
		}
	}
	return false
}

// BenchmarkSourceUpdate20 is what serve does when 20 records of a
// 500-record source change: the store updated, the data composed again
// and a stack made from the serving one (the embedded default): vectors
// and BM25 derived from its indexes, the graph and the router made anew,
// and the HTTP API (with its linker) over it.
func BenchmarkSourceUpdate20(b *testing.B) {
	dir := b.TempDir()
	store, cache := filepath.Join(dir, "store"), filepath.Join(dir, "cache")
	e := testEnv(b, &bytes.Buffer{}, &bytes.Buffer{})
	cfg, err := dataFlags{store: store, cacheDir: cache}.resolve(e.getenv)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	meta := sources.Meta{Namespace: "myorg", Tier: heritage.TierVerified}
	put := func(lo, hi, rev int) *sources.State {
		var recs []heritage.Institution
		for i := lo; i < hi; i++ {
			recs = append(recs, testfixture.OwnRecord("myorg", i, rev, ""))
		}
		in, err := sources.Read(bytes.NewReader(testfixture.OwnJSONL(b, recs)), meta, sources.ReadOptions{Format: sources.FormatJSONL})
		if err != nil {
			b.Fatal(err)
		}
		_, after, err := sources.Open(store).Update(ctx, func(s *sources.State) error { _, err := s.Put(meta, in.Records, false); return err })
		if err != nil {
			b.Fatal(err)
		}
		return after
	}
	log := slog.New(slog.DiscardHandler)
	sc, err := serveSettings(cfg.Serve, serveFlags{}, log)
	if err != nil {
		b.Fatal(err)
	}
	put(0, 500, 0)
	st, err := e.buildStack(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	cpu0 := cpuTime(b)
	b.ResetTimer()
	for i := range b.N {
		state := put(0, 20, i+1)
		data, err := sources.Overlay(st.composed.Base, state)
		if err != nil {
			b.Fatal(err)
		}
		next, err := e.buildStackOver(ctx, cfg, data, st, func() {})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := newAPI(next, cfg, sc, "", log); err != nil {
			b.Fatal(err)
		}
		st.Close()
		st = next
	}
	b.StopTimer()
	// The machine is shared: the process's CPU time says what an update
	// costs better than the wall time does.
	b.ReportMetric(float64((cpuTime(b)-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	st.Close()
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
