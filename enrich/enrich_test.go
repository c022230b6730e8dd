package enrich

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/sparql"
)

func TestGuessMapping(t *testing.T) {
	cases := []struct {
		name    string
		columns []string
		want    Mapping
	}{
		{"english", []string{"Name", "City", "Country", "ISIL", "Wikidata"},
			Mapping{Name: "Name", City: "City", Country: "Country", ISIL: "ISIL", QID: "Wikidata"}},
		{"dutch", []string{"Naam", "Plaats", "Land", "Postcode"},
			Mapping{Name: "Naam", City: "Plaats", Country: "Land", Postcode: "Postcode"}},
		{"german", []string{"Einrichtung", "Stadt", "PLZ", "ISIL-Code"},
			Mapping{Name: "Einrichtung", City: "Stadt", Postcode: "PLZ", ISIL: "ISIL-Code"}},
		{"punctuation and case", []string{"institution_name", "Town", "wikidata id", "GHCID", "Type"},
			Mapping{Name: "institution_name", City: "Town", QID: "wikidata id", GHCID: "GHCID", Type: "Type"}},
		{"name preferred over label", []string{"label", "name"}, Mapping{Name: "name"}},
		{"identifier column", []string{"identifier", "title"}, Mapping{ID: "identifier", Name: "title"}},
		{"nothing known", []string{"foo", "bar"}, Mapping{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, GuessMapping(c.columns))
		})
	}
}

func TestResolveMapping(t *testing.T) {
	cols := []string{"Naam", "Plaats", "code"}
	m, err := resolveMapping(cols, Mapping{ISIL: "CODE", City: "-"})
	require.NoError(t, err)
	require.Equal(t, Mapping{Name: "Naam", ISIL: "code"}, m)

	_, err = resolveMapping(cols, Mapping{City: "Stad"})
	require.ErrorIs(t, err, ErrInput)
	require.ErrorContains(t, err, `--city: no column "Stad"`)

	_, err = resolveMapping([]string{"a", "b"}, Mapping{})
	require.ErrorIs(t, err, ErrInput)

	// An explicit column moves from the role that guessed it.
	m, err = resolveMapping([]string{"name", "city"}, Mapping{Name: "city"})
	require.NoError(t, err)
	require.Equal(t, Mapping{Name: "city"}, m)
}

func TestDelimiters(t *testing.T) {
	cases := []struct {
		head string
		want rune
	}{
		{"name,city,isil\n", ','},
		{"naam;plaats;isil\nA, B;C;D\n", ';'},
		{"name\tcity\n", '\t'},
		{"name|city\n", '|'},
		{`"a;b",c` + "\n", ','},
		{"name\n", ','},
	}
	for _, c := range cases {
		require.Equal(t, c.want, detectDelimiter([]byte(c.head)), c.head)
	}
	for in, want := range map[string]rune{"": 0, ";": ';', "tab": '\t', `\t`: '\t', "comma": ',', "pipe": '|'} {
		got, err := ParseDelimiter(in)
		require.NoError(t, err)
		require.Equal(t, want, got, in)
	}
	for _, bad := range []string{`"`, ";;", "\n"} {
		_, err := ParseDelimiter(bad)
		require.Error(t, err, bad)
	}
}

func TestEnrichLinksRowsInOrder(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	rows := generateRows(ds, 400, genIDOnly, 11)
	in := writeGen(t, dir, rows)
	out := filepath.Join(dir, "out.jsonl")
	sum := runJob(t, ds, l, Config{In: in, Out: out, Workers: 8})
	outs := readOutputs(t, out)
	require.Len(t, outs, len(rows))
	require.Equal(t, len(rows), sum.Rows)
	for i, o := range outs {
		require.Equal(t, i+1, o.Row)
		require.Equal(t, i+2, o.Line) // after the header
		if o.Status != StatusMatched {
			// A shared identifier is ambiguous; the record must be a candidate.
			require.Equal(t, StatusAmbiguous, o.Status, "row %d", o.Row)
			var ids []string
			for _, c := range o.Candidates {
				ids = append(ids, c.ID)
			}
			require.Contains(t, ids, rows[i].Want)
			continue
		}
		require.Equal(t, rows[i].Want, o.Match.ID, "row %d", o.Row)
		in, ok := ds.Get(o.Match.ID)
		require.True(t, ok)
		require.Equal(t, in.Name, o.Match.Name)
		require.Equal(t, in.ISIL, o.Match.ISIL)
		require.Equal(t, in.License, o.Provenance.License)
		require.Contains(t, []string{linking.ViaISIL, linking.ViaWikidata}, o.Provenance.Via)
		require.Equal(t, ds.Version, o.Provenance.DatasetVersion)
		require.Nil(t, o.Wikidata, "no enricher configured")
	}
	require.Equal(t, len(rows), sum.Matched+sum.Ambiguous)
	require.NoFileExists(t, CheckpointPath(out), "removed on success")
	require.NoFileExists(t, ErrorsPath(out), "no row failed")
}

func TestEnrichNameRows(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	in := writeFile(t, dir, "in.csv", "Naam;Plaats;Land\n"+
		"Riverside Museum at Blakes Lock;Reading;GB\n"+
		"WHITBY ABBEY;;\n"+
		"Stadtarchiv Giessen;Giessen;DE\n"+
		"Qwxzv Nonexistent Plkjh;;\n"+
		"ARNO-SCHMIDT-MUSEUM;;DE\n")
	out := filepath.Join(dir, "out.jsonl")
	runJob(t, ds, l, Config{In: in, Out: out})
	outs := readOutputs(t, out)
	require.Len(t, outs, 5)
	want := []string{"mm:mm.domus.SE097", "mm:mm.ace.1227", "wd:Q28720277"}
	for i, id := range want {
		require.Equal(t, StatusMatched, outs[i].Status, "row %d", i+1)
		require.Equal(t, id, outs[i].Match.ID)
		require.Equal(t, outs[i].Match.ID, outs[i].Candidates[0].ID)
	}
	require.Equal(t, StatusUnmatched, outs[3].Status)
	require.Nil(t, outs[3].Match)
	require.Empty(t, outs[3].Candidates)
	require.JSONEq(t, `{"Naam":"WHITBY ABBEY","Plaats":"","Land":""}`, string(outs[1].Input))
	// A one-word name that looks like an ISIL is still a name.
	require.Equal(t, StatusMatched, outs[4].Status, "%+v", outs[4])
	require.Contains(t, outs[4].Match.Name, "Arno-Schmidt")
}

// orderLinker answers after a delay that varies by row, so results
// complete out of order.
type orderLinker struct{ calls atomic.Int64 }

func (f *orderLinker) Link(ctx context.Context, q linking.Query, limit int) ([]linking.Candidate, error) {
	f.calls.Add(1)
	h := fnv.New32a()
	h.Write([]byte(q.Text))
	time.Sleep(time.Duration(h.Sum32()%400) * time.Microsecond)
	return []linking.Candidate{{ID: "x:" + q.Text, Name: q.Text, Score: 0.5, Via: "name"}}, ctx.Err()
}

func TestEnrichPreservesOrderWithManyWorkers(t *testing.T) {
	ds, _ := realLinker(t)
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("name\n")
	const n = 3000
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "row %05d\n", i)
	}
	in := writeFile(t, dir, "in.csv", b.String())
	outMany := filepath.Join(dir, "many.jsonl")
	outOne := filepath.Join(dir, "one.jsonl")
	fl := &orderLinker{}
	runJob(t, ds, fl, Config{In: in, Out: outMany, Workers: 64, CheckpointEvery: 97})
	require.EqualValues(t, n, fl.calls.Load())
	outs := readOutputs(t, outMany)
	require.Len(t, outs, n)
	for i, o := range outs {
		require.Equal(t, i+1, o.Row)
		require.Equal(t, fmt.Sprintf("x:row %05d", i+1), o.Candidates[0].ID)
		require.Equal(t, StatusAmbiguous, o.Status)
	}
	runJob(t, ds, &orderLinker{}, Config{In: in, Out: outOne, Workers: 1})
	requireSameFile(t, outOne, outMany)
}

func requireSameFile(t *testing.T, want, got string) {
	t.Helper()
	a, err := os.ReadFile(want)
	require.NoError(t, err)
	b, err := os.ReadFile(got)
	require.NoError(t, err)
	require.True(t, bytes.Equal(a, b), "%s (%d bytes) differs from %s (%d bytes)", got, len(b), want, len(a))
}

func TestEnrichMalformedCSVRows(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	in := writeFile(t, dir, "in.csv", "name,city,isil\n"+
		"Whitby Abbey,Whitby,\n"+ // 1, line 2
		"Bad \"quote,x,\n"+ // 2, line 3: bare quote
		"too,many,fields,here\n"+ // 3, line 4
		",,\n"+ // 4, line 5: nothing to link
		",,DE-MUS-717713\n"+ // 5, line 6
		",,XX-???\n"+ // 6, line 7: malformed ISIL, no name
		"Mapperton,Beaminster,NOT-AN-ISIL!\n"+ // 7, line 8: malformed ISIL, linked by name
		"\"Multi\nline\",Beaminster,\n"+ // 8, lines 9-10
		"Mapperton,Beaminster,\n") // 9, line 11
	out := filepath.Join(dir, "out.jsonl")
	sum := runJob(t, ds, l, Config{In: in, Out: out, Workers: 3})
	outs := readOutputs(t, out)
	require.Len(t, outs, 9)
	type want struct {
		line   int
		status Status
		errSub string
	}
	wants := []want{
		{2, StatusMatched, ""},
		{3, StatusError, "bare"},
		{4, StatusError, "4 fields, the header has 3"},
		{5, StatusError, "empty name and no identifier"},
		{6, StatusMatched, ""},
		{7, StatusError, "malformed"},
		{8, StatusMatched, ""},
		{9, StatusUnmatched, ""},
		{11, StatusMatched, ""},
	}
	for i, w := range wants {
		o := outs[i]
		require.Equal(t, i+1, o.Row)
		require.Equal(t, w.line, o.Line, "row %d", o.Row)
		require.Equal(t, w.status, o.Status, "row %d: %+v", o.Row, o)
		require.Contains(t, o.Error, w.errSub, "row %d", o.Row)
	}
	require.NotEmpty(t, outs[6].Warnings, "malformed ISIL noted")
	require.Contains(t, outs[6].Warnings[0], "linked by name")
	require.Equal(t, "mm:mm.hha.047", outs[6].Match.ID)
	require.JSONEq(t, `{"name":"too","city":"many","isil":"fields","_extra_4":"here"}`, string(outs[2].Input))

	require.Equal(t, 4, sum.Errors)
	require.Equal(t, ErrorsPath(out), sum.ErrorsFile)
	errs := readErrorEntries(t, sum.ErrorsFile)
	require.Len(t, errs, 4)
	for k, row := range []int{2, 3, 4, 6} {
		require.Equal(t, row, errs[k].Row)
		require.Equal(t, wants[row-1].line, errs[k].Line)
		require.Equal(t, outs[row-1].Error, errs[k].Error)
	}
}

func TestEnrichMalformedJSONLRows(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	in := writeFile(t, dir, "in.jsonl", `{"name":"Whitby Abbey","city":"Whitby"}
{not json
[1,2]

{"name":"","isil":""}
{"isil":"DE-MUS-717713","n":5,"nested":{"a":[1]}}
"just a string"
{"name":"Mapperton","city":"Beaminster"}
`)
	out := filepath.Join(dir, "out.jsonl")
	sum := runJob(t, ds, l, Config{In: in, Out: out, Workers: 4})
	outs := readOutputs(t, out)
	require.Len(t, outs, 7)
	lines := []int{1, 2, 3, 5, 6, 7, 8}
	statuses := []Status{StatusMatched, StatusError, StatusError, StatusError, StatusMatched, StatusError, StatusMatched}
	for i, o := range outs {
		require.Equal(t, i+1, o.Row)
		require.Equal(t, lines[i], o.Line)
		require.Equal(t, statuses[i], o.Status, "row %d: %+v", o.Row, o)
	}
	require.Contains(t, outs[1].Error, "invalid JSON")
	require.Contains(t, outs[2].Error, "not a JSON object")
	require.Equal(t, "empty name and no identifier", outs[3].Error)
	require.JSONEq(t, `{"isil":"DE-MUS-717713","n":5,"nested":{"a":[1]}}`, string(outs[4].Input))
	require.Equal(t, "wd:Q1606092", outs[4].Match.ID)
	require.Equal(t, 4, sum.Errors)
	require.Len(t, readErrorEntries(t, sum.ErrorsFile), 4)
}

func readErrorEntries(t *testing.T, path string) []ErrorEntry {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []ErrorEntry
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var e ErrorEntry
		require.NoError(t, json.Unmarshal(line, &e))
		out = append(out, e)
	}
	return out
}

func TestEnrichRejectsUnusableInput(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	cases := []struct {
		name, file, content string
		cfg                 Config
		sub                 string
	}{
		{"binary", "logo.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", Config{}, "binary"},
		{"empty", "empty.csv", "", Config{}, "empty"},
		{"blank", "blank.jsonl", "\n\n  \n", Config{}, "empty"},
		{"latin1", "latin1.csv", "name\nM\xfcnster\nK\xf6ln\nD\xfcsseldorf\n", Config{}, "not UTF-8"},
		{"jsonl not objects", "rows.jsonl", "hello\nworld\n", Config{}, "not JSON Lines"},
		{"csv without usable column", "x.csv", "foo,bar\n1,2\n", Config{}, "no name or identifier column"},
		{"missing mapped column", "y.csv", "name,city\nA,B\n", Config{Mapping: Mapping{Postcode: "zip"}}, `no column "zip"`},
		{"bad format", "z.csv", "name\nA\n", Config{Format: "xml"}, "unknown format"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.In = writeFile(t, dir, c.file, c.content)
			cfg.Out = filepath.Join(dir, c.name+".out.jsonl")
			_, err := New(ds, l, cfg)
			require.ErrorIs(t, err, ErrInput)
			require.ErrorContains(t, err, c.sub)
		})
	}
	_, err := New(ds, l, Config{In: filepath.Join(dir, "missing.csv"), Out: filepath.Join(dir, "o.jsonl")})
	require.ErrorIs(t, err, ErrInput)
	same := writeFile(t, dir, "same.csv", "name\nA\n")
	_, err = New(ds, l, Config{In: same, Out: same})
	require.ErrorContains(t, err, "overwrite the input")
}

// cancelLinker cancels the run after a number of rows.
type cancelLinker struct {
	Linker
	after  int64
	calls  atomic.Int64
	cancel context.CancelFunc
}

func (c *cancelLinker) Link(ctx context.Context, q linking.Query, limit int) ([]linking.Candidate, error) {
	if c.calls.Add(1) == c.after {
		c.cancel()
	}
	return c.Linker.Link(ctx, q, limit)
}

func TestEnrichResumesAfterInterruption(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	in := writeGen(t, dir, generateRows(ds, 1500, genMixed, 5))
	ref := filepath.Join(dir, "ref.jsonl")
	runJob(t, ds, l, Config{In: in, Out: ref, Workers: 4})

	out := filepath.Join(dir, "out.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cl := &cancelLinker{Linker: l, after: 700, cancel: cancel}
	j, err := New(ds, cl, Config{In: in, Out: out, Workers: 4, CheckpointEvery: 100})
	require.NoError(t, err)
	sum, err := j.Run(ctx)
	require.ErrorIs(t, err, context.Canceled)
	require.Positive(t, sum.Rows)
	require.Less(t, sum.Rows, 1500)
	c, err := readCheckpoint(CheckpointPath(out))
	require.NoError(t, err)
	require.NotNil(t, c)
	require.Equal(t, sum.Rows, c.Rows, "the interrupted run checkpoints what it wrote")

	// Simulate bytes written after the checkpoint by a killed process.
	f, err := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"row":99999,"partial`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	j, err = New(ds, l, Config{In: in, Out: out, Workers: 2})
	require.NoError(t, err)
	require.Equal(t, c.Rows, j.Plan().ResumeRow)
	sum2, err := j.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, c.Rows, sum2.Resumed)
	require.Equal(t, 1500, sum2.Rows)
	require.Equal(t, 1500-c.Rows, sum2.Processed)
	require.Equal(t, 1500, sum2.Total(), "counts carry over from the checkpoint")
	requireSameFile(t, ref, out)
	require.NoFileExists(t, CheckpointPath(out))
}

func TestEnrichCheckpointMismatchStartsOver(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	rows := generateRows(ds, 600, genIDOnly, 9)
	in := writeGen(t, dir, rows)
	out := filepath.Join(dir, "out.jsonl")

	interrupt := func() int {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		j, err := New(ds, &cancelLinker{Linker: l, after: 300, cancel: cancel}, Config{In: in, Out: out, CheckpointEvery: 50})
		require.NoError(t, err)
		sum, err := j.Run(ctx)
		require.ErrorIs(t, err, context.Canceled)
		return sum.Rows
	}
	require.Positive(t, interrupt())

	// The input changes: the checkpoint no longer applies.
	rows[10], rows[20] = rows[20], rows[10]
	writeGen(t, dir, rows)
	j, err := New(ds, l, Config{In: in, Out: out})
	require.NoError(t, err)
	p := j.Plan()
	require.Zero(t, p.ResumeRow)
	require.Len(t, p.Warnings, 1)
	require.Contains(t, p.Warnings[0], "input changed")
	sum, err := j.Run(context.Background())
	require.NoError(t, err)
	require.Zero(t, sum.Resumed)
	ref := filepath.Join(dir, "ref.jsonl")
	runJob(t, ds, l, Config{In: in, Out: ref})
	requireSameFile(t, ref, out)

	// Other settings also start over; --restart ignores the checkpoint.
	require.Positive(t, interrupt())
	j, err = New(ds, l, Config{In: in, Out: out, Mapping: Mapping{Type: "-", Postcode: "-", Country: "-"}})
	require.NoError(t, err)
	require.Zero(t, j.Plan().ResumeRow)
	require.Contains(t, j.Plan().Warnings[0], "mapping")
	j, err = New(ds, l, Config{In: in, Out: out, Restart: true})
	require.NoError(t, err)
	require.Zero(t, j.Plan().ResumeRow)
	require.Contains(t, j.Plan().Warnings[0], "--restart")
	_, err = j.Run(context.Background())
	require.NoError(t, err)
	requireSameFile(t, ref, out)

	// A checkpoint beyond the end of the output is not trusted.
	require.Positive(t, interrupt())
	require.NoError(t, os.Truncate(out, 10))
	j, err = New(ds, l, Config{In: in, Out: out})
	require.NoError(t, err)
	require.Zero(t, j.Plan().ResumeRow)
	require.Contains(t, j.Plan().Warnings[0], "shorter")
}

// fakeEnricher is a contract test double for the SPARQL client: it
// answers every QID except those in missing, and fails batches holding a
// QID in failing (returning the rest).
type fakeEnricher struct {
	mu      sync.Mutex
	batches [][]string
	missing map[string]bool
	failing map[string]bool
}

func (f *fakeEnricher) Enrich(ctx context.Context, qids []string) (map[string]sparql.Entity, error) {
	f.mu.Lock()
	f.batches = append(f.batches, append([]string(nil), qids...))
	f.mu.Unlock()
	out := map[string]sparql.Entity{}
	var err error
	for _, q := range qids {
		switch {
		case f.failing[q]:
			err = errors.New("endpoint answered 503 for one batch")
		case !f.missing[q]:
			out[q] = sparql.Entity{QID: q, Label: "label of " + q}
		}
	}
	return out, err
}

func TestEnrichWikidataBatches(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	rows := generateRows(ds, 900, genIDOnly, 21)
	in := writeGen(t, dir, rows)
	out := filepath.Join(dir, "out.jsonl")

	var firstQID, failQID string
	for _, r := range rows {
		if in, ok := ds.Get(r.Want); ok && in.Wikidata != "" {
			if firstQID == "" {
				firstQID = in.Wikidata
			} else if in.Wikidata != firstQID {
				failQID = in.Wikidata
				break
			}
		}
	}
	fe := &fakeEnricher{missing: map[string]bool{firstQID: true}, failing: map[string]bool{failQID: true}}
	sum := runJob(t, ds, l, Config{In: in, Out: out, Workers: 4, Enricher: fe, Rate: 1000})
	require.Equal(t, 900, sum.Rows)

	asked := map[string]int{}
	for _, b := range fe.batches {
		require.LessOrEqual(t, len(b), MaxEnrichBatch)
		seen := map[string]bool{}
		for _, q := range b {
			require.False(t, seen[q], "QID %s twice in one batch", q)
			seen[q] = true
			asked[q]++
		}
	}
	require.Greater(t, len(fe.batches), 1)
	var withWD, warned int
	for _, o := range readOutputs(t, out) {
		require.NotNil(t, o.Wikidata, "row %d: configured enricher gives a wikidata key", o.Row)
		if o.Match == nil || o.Match.Wikidata == "" {
			require.Equal(t, "null", string(o.Wikidata))
			continue
		}
		q := o.Match.Wikidata
		require.Positive(t, asked[q], "QID %s never asked", q)
		var got map[string]any
		require.NoError(t, json.Unmarshal(o.Wikidata, &got))
		switch {
		case q == firstQID:
			require.Nil(t, got, "unknown item")
		case got == nil:
			// Missing from a failed batch: a warning says so.
			require.NotEmpty(t, o.Warnings)
			require.Contains(t, o.Warnings[len(o.Warnings)-1], "503")
			warned++
		default:
			require.Equal(t, q, got["qid"])
			withWD++
		}
	}
	require.Positive(t, withWD)
	require.Positive(t, warned)

	// The Enricher is configured: the wikidata key is part of the settings.
	j, err := New(ds, l, Config{In: in, Out: out, Enricher: EnricherFunc(fe.Enrich)})
	require.NoError(t, err)
	require.NotEqual(t, j.settings, mustJob(t, l, Config{In: in, Out: out}).settings)
}

func mustJob(t *testing.T, l Linker, cfg Config) *Job {
	t.Helper()
	ds, _ := realLinker(t)
	j, err := New(ds, l, cfg)
	require.NoError(t, err)
	return j
}

// TestEnrichReportsBadRowsAndKeepsTheRest: one invalid UTF-8 byte or an
// unterminated quote costs its own row, reported with its line in the
// errors file; every other row is linked.
func TestEnrichReportsBadRowsAndKeepsTheRest(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	in := writeFile(t, dir, "in.csv", "name,city,isil\n"+
		"Whitby Abbey,Whitby,\n"+ // 1, line 2
		"M\xfcnster Museum,M\xfcnster,\n"+ // 2, line 3: one latin1 byte
		"Mapperton,Beaminster,\n"+ // 3, line 4
		"\"Unterminated,Whitby,\n"+ // 4, line 5: the quote swallows line 6
		"Whitby Abbey,Whitby,\n"+
		"Mapperton\",Beaminster,\n"+
		"Whitby Abbey,Whitby,\n") // 5, line 8
	out := filepath.Join(dir, "out.jsonl")
	sum := runJob(t, ds, l, Config{In: in, Out: out, Workers: 2})
	outs := readOutputs(t, out)
	require.Len(t, outs, 5)
	for i, w := range []struct {
		line   int
		status Status
		errSub string
	}{
		{2, StatusMatched, ""},
		{3, StatusError, "invalid UTF-8 at byte 1"},
		{4, StatusMatched, ""},
		{5, StatusError, "closing quote missing on line 5"},
		{8, StatusMatched, ""},
	} {
		require.Equal(t, w.line, outs[i].Line, "row %d", i+1)
		require.Equal(t, w.status, outs[i].Status, "row %d: %+v", i+1, outs[i])
		require.Contains(t, outs[i].Error, w.errSub, "row %d", i+1)
	}
	require.Equal(t, 2, sum.Errors)
	errs := readErrorEntries(t, sum.ErrorsFile)
	require.Len(t, errs, 2)
	require.Equal(t, []int{3, 5}, []int{errs[0].Line, errs[1].Line})

	// JSON Lines: the same for a line with an invalid byte.
	in = writeFile(t, dir, "in.jsonl", `{"name":"Whitby Abbey","city":"Whitby"}`+"\n"+
		"{\"name\":\"M\xfcnster\"}\n"+
		`{"name":"Mapperton","city":"Beaminster"}`+"\n")
	out = filepath.Join(dir, "out2.jsonl")
	runJob(t, ds, l, Config{In: in, Out: out})
	outs = readOutputs(t, out)
	require.Len(t, outs, 3)
	require.Equal(t, StatusError, outs[1].Status)
	require.Equal(t, 2, outs[1].Line)
	require.Contains(t, outs[1].Error, "invalid UTF-8")
	require.Equal(t, StatusMatched, outs[2].Status)
}
