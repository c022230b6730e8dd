// Command vecrecall measures the embedded vector index's default search
// against its exact (exhaustive) search over a data file: the share of
// the exact top k that the default search finds (recall@k: a result
// counts when its score reaches the exact k-th score), how often it finds
// all of it, and the CPU time of a search of each kind. It also
// reports the live heap the index adds per record. Run it from the
// module root over a data file (tools/scaledata writes them):
//
//	go run ./tools/vecrecall --data data-10.jsonl
//
// The questions are those of the public gold set and the generated set,
// embedded with the default hashing embedder and searched unfiltered. An
// index under the pruning threshold (see vector.Index.Search) searches
// exactly, and its recall is 1 by construction.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "vecrecall:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("vecrecall", flag.ContinueOnError)
	data := fs.String("data", "", "the data file (JSON Lines, .gz or not); default the bundled dataset")
	questions := fs.String("questions", "testdata/questions.jsonl,testdata/generated/questions.jsonl",
		"comma-separated question files (JSON Lines with a question field)")
	k := fs.Int("k", 10, "how many results a search returns")
	limit := fs.Int("limit", 0, "use at most this many questions (0: all)")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the default searches to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *k <= 0 || *k > 1000 {
		return fmt.Errorf("--k %d: want 1 to 1000", *k)
	}
	var qs []string
	for _, path := range strings.Split(*questions, ",") {
		gs, err := gold.Load(strings.TrimSpace(path))
		if err != nil {
			return err
		}
		for _, g := range gs {
			qs = append(qs, g.Question)
		}
	}
	if *limit > 0 && len(qs) > *limit {
		qs = qs[:*limit]
	}
	var ds *heritage.Dataset
	var err error
	if *data == "" {
		ds, err = heritage.Embedded()
	} else {
		ds, err = heritage.LoadFile(*data, heritage.LoadOptions{})
	}
	if err != nil {
		return err
	}
	before := liveHeap()
	x, err := vector.New(ds, embed.NewHashing(engines.HashingDim), vector.WithBuildContext(ctx))
	if err != nil {
		return err
	}
	after := liveHeap()
	perRecord := float64(after-min(before, after)) / float64(ds.Len())

	vecs, err := x.Embedder().Embed(ctx, qs)
	if err != nil {
		return err
	}
	// The questions without content words embed to zero and are not
	// searched (the retriever returns no hits for them).
	vecs = slices.DeleteFunc(vecs, func(v []float32) bool { return !slices.ContainsFunc(v, func(c float32) bool { return c != 0 }) })
	var m measure
	if *profile != "" {
		stop, err := startProfile(*profile)
		if err != nil {
			return err
		}
		defer stop()
	}
	for _, q := range vecs {
		t, c := time.Now(), testfixture.CPUTime()
		var got []vector.Scored
		pprof.Do(ctx, pprof.Labels("search", "default"), func(ctx context.Context) {
			got, err = x.Search(ctx, q, *k, nil)
		})
		if err != nil {
			return err
		}
		m.wall[0] += time.Since(t)
		m.cpu[0] += testfixture.CPUTime() - c
		t, c = time.Now(), testfixture.CPUTime()
		var want []vector.Scored
		pprof.Do(ctx, pprof.Labels("search", "exact"), func(ctx context.Context) {
			want, err = x.SearchExact(ctx, q, *k, nil)
		})
		if err != nil {
			return err
		}
		m.wall[1] += time.Since(t)
		m.cpu[1] += testfixture.CPUTime() - c
		m.add(got, want)
	}
	n := float64(len(vecs))
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / n }
	fmt.Fprintf(stdout, "| records | questions | recall@%d | all %d found | default search CPU / wall | exact search CPU / wall | index heap per record |\n", *k, *k)
	fmt.Fprintln(stdout, "|---|---|---|---|---|---|---|")
	fmt.Fprintf(stdout, "| %d | %d | %.4f | %.3f | %.3f / %.3f ms | %.3f / %.3f ms | %.0f B |\n",
		ds.Len(), len(vecs), m.recall(), float64(m.whole)/n,
		ms(m.cpu[0]), ms(m.wall[0]), ms(m.cpu[1]), ms(m.wall[1]), perRecord)
	runtime.KeepAlive(x)
	return nil
}

// measure sums the searches' overlap with the exact results and their
// times (index 0 the default search, 1 the exact one).
type measure struct {
	found, wanted, whole int
	wall, cpu            [2]time.Duration
}

// add counts the results of got that reach the exact k-th score (records
// whose vectors are the same tie there, and either one counts).
func (m *measure) add(got, want []vector.Scored) {
	if len(want) == 0 {
		return
	}
	kth := want[len(want)-1].Score
	f := 0
	for _, s := range got {
		if s.Score >= kth {
			f++
		}
	}
	f = min(f, len(want))
	m.found += f
	m.wanted += len(want)
	if f == len(want) {
		m.whole++
	}
}

// recall is the share of the exact results found.
func (m *measure) recall() float64 {
	if m.wanted == 0 {
		return 1
	}
	return float64(m.found) / float64(m.wanted)
}

// startProfile starts a CPU profile into the file at path; stop ends it.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "vecrecall:", err)
		}
	}, nil
}

// liveHeap is the live heap after a full collection.
func liveHeap() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
