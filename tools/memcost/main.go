// Command memcost measures what each record costs in memory: the live Go
// heap (runtime.MemStats.HeapAlloc after runtime.GC) once the dataset is
// loaded (with the towns it derives on first use), then after each
// embedded index is built over it, one by one —
// the vector index (hashing embedder), BM25, the knowledge graph, the name
// index, the router's tables (gazetteer), the router around them, and the
// pipeline composed of them all after its first ask — and the bytes of
// text each record field holds (the sum of its string lengths). Run it
// from the module root over a data file (scripts/scale.sh and
// tools/scaledata write them):
//
//	go run ./tools/memcost --data .tools/scale/data-10.jsonl
//
// It reads the file line by line, so a file over heritage.MaxFileBytes
// loads too. It prints two Markdown tables. --heapprofile FILE also writes
// a heap profile of what is live at the end, by allocation site.
package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"

	"github.com/hybridrag/hybridrag/compose"
	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/router"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "memcost:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("memcost", flag.ContinueOnError)
	data := fs.String("data", "", "the data file (JSON Lines, .gz or not); default the bundled dataset")
	heapProfile := fs.String("heapprofile", "", "also write a heap profile of what is live at the end to this file (go tool pprof -sample_index=inuse_space)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	base := heap()
	ds, err := load(*data)
	if err != nil {
		return err
	}
	n := ds.Len()
	fmt.Fprintf(stdout, "%d records\n\n| component | live heap | bytes per record |\n|---|---|---|\n", n)
	last := base
	step := func(what string) {
		h := heap()
		fmt.Fprintf(stdout, "| %s | %.1f MB | %d |\n", what, float64(h-last)/1e6, (h-last)/uint64(n))
		last = h
	}
	// The towns and near towns of every record are derived on first use
	// (the graph's build asks for them): part of the dataset.
	ds.Towns(&ds.Institutions[0])
	step("dataset (records, id table, towns)")
	vec, err := vector.New(ds, embed.NewHashing(engines.HashingDim), vector.WithBuildContext(ctx))
	if err != nil {
		return err
	}
	step("vector index (hashing, 1024 dims)")
	bm, err := bm25.New(ds)
	if err != nil {
		return err
	}
	step("BM25 index")
	g := kg.New(ds)
	step("knowledge graph")
	ni := names.New(ds)
	step("name index")
	tables := router.NewTables(ds)
	step("router tables (gazetteer)")
	rt := router.New(ds, router.WithNameIndex(func(*heritage.Dataset) *names.Index { return ni }),
		router.WithTables(func(*heritage.Dataset) *router.Tables { return tables }))
	if rt.NameIndex() != ni {
		return errors.New("the router built its own name index")
	}
	step("router (the rest)")
	tok, err := ragcontext.NewTokenizer()
	if err != nil {
		return err
	}
	e := &engines.Engines{Data: ds, Router: rt, KG: g, Vector: vec, BM25: bm, Embedder: vec.Embedder(),
		Context:    ragcontext.NewBuilder(tok),
		Retrievers: map[string]retrieval.Retriever{plan.RetrieverBM25: bm, plan.RetrieverKG: kg.NewRetriever(g), plan.RetrieverVector: vec}}
	p, err := pipeline.New(compose.Components(e), pipeline.Options{})
	if err != nil {
		return err
	}
	if _, err := p.Ask(ctx, pipeline.Request{Question: "Which museums in Leeds are about music?"}); err != nil {
		return err
	}
	step("pipeline, tokenizer, after one ask")
	fmt.Fprintf(stdout, "| **total** | %.1f MB | %d |\n", float64(last-base)/1e6, (last-base)/uint64(n))
	if *heapProfile != "" {
		if err := writeHeapProfile(*heapProfile); err != nil {
			return err
		}
	}
	runtime.KeepAlive(p)
	runtime.KeepAlive(g)

	fields := fieldBytes(ds.Institutions)
	keys := make([]string, 0, len(fields))
	total := 0
	for k, v := range fields {
		keys = append(keys, k)
		total += v
	}
	sort.Slice(keys, func(i, j int) bool { return fields[keys[i]] > fields[keys[j]] })
	fmt.Fprintf(stdout, "\n| field | text bytes | bytes per record |\n|---|---|---|\n")
	for _, k := range keys {
		fmt.Fprintf(stdout, "| %s | %.1f MB | %d |\n", k, float64(fields[k])/1e6, fields[k]/n)
	}
	fmt.Fprintf(stdout, "| **all text** | %.1f MB | %d |\n", float64(total)/1e6, total/n)
	return nil
}

// writeHeapProfile writes the heap profile after a full collection.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// heap is the live heap after a full collection.
func heap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// load reads the records of path line by line (or the bundled dataset).
func load(path string) (*heritage.Dataset, error) {
	if path == "" {
		return heritage.Embedded()
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = bufio.NewReaderSize(f, 1<<20)
	if strings.HasSuffix(path, ".gz") {
		if r, err = gzip.NewReader(r); err != nil {
			return nil, err
		}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), heritage.MaxRecordBytes+1)
	var recs []heritage.Institution
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var rec heritage.Institution
		if err := heritage.Decode(sc.Bytes(), &rec); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if err := rec.Validate(); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		rec.Normalize()
		recs = append(recs, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	// The slack of append's doubling is not the records' cost.
	recs = append([]heritage.Institution(nil), recs...)
	// As the loader keeps them.
	heritage.CompactRecords(recs)
	return heritage.FromRecords(recs, path)
}

// fieldBytes sums the string lengths under each top-level JSON field of
// the records.
func fieldBytes(recs []heritage.Institution) map[string]int {
	out := map[string]int{}
	for i := range recs {
		b, err := json.Marshal(&recs[i])
		if err != nil {
			continue
		}
		var fields map[string]any
		if json.Unmarshal(b, &fields) != nil {
			continue
		}
		for name, v := range fields {
			out[name] += textBytes(v)
		}
	}
	return out
}

func textBytes(v any) int {
	switch v := v.(type) {
	case string:
		return len(v)
	case []any:
		n := 0
		for _, e := range v {
			n += textBytes(e)
		}
		return n
	case map[string]any:
		n := 0
		for _, e := range v {
			n += textBytes(e)
		}
		return n
	}
	return 0
}
