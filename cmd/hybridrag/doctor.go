package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/sources"
)

const doctorUsage = `Usage: hybridrag doctor [flags]

Checks the configuration and every configured backend — the data, the
embedder, Neo4j, Qdrant, the SPARQL endpoint and the language model — and
prints what works.
Backends come from --config-file, HYBRIDRAG_* variables and flags; an
unconfigured backend is reported as "not configured" (the embedded
component answers instead), and where the indexes are kept. Exits 1 when
a configured backend fails or the embedder asked for (--embedder minilm or
minilm-q) is not the one in use; the embedder's line names its model.

The store of your sources is checked too: a version that is damaged
(a file changed or cut short after it was written, a CURRENT that names
no version) is reported with the version that is read instead. With
--repair, that last whole version is made current again; a store with no
whole version left is moved aside to a directory beside it (nothing is
deleted) and an empty store takes its place.

Examples:
  hybridrag doctor
  hybridrag doctor --neo4j bolt://127.0.0.1:7687 --sparql http://127.0.0.1:7878/query
  hybridrag doctor --llm http://127.0.0.1:11434/v1 --llm-model llama3.2
  hybridrag doctor --repair
`

func runDoctor(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("doctor", doctorUsage, e.stdout)
	var df dataFlags
	df.register(fs)
	df.registerLLM(fs)
	repair := fs.Bool("repair", false, "make the store's last whole version current again (see above)")
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("doctor takes no arguments, got %q", pos[0])
	}
	cfg, err := df.resolve(e.getenv)
	if err != nil {
		return err
	}
	w := e.stdout
	fmt.Fprintln(w, "configuration: ok")
	failed := 0
	store, closeStore, err := e.openStore(cfg)
	if err != nil {
		return err
	}
	defer closeStore()
	if store != nil {
		if msg := e.notUploaded(cfg, store); msg != "" {
			failed++
			fmt.Fprintf(w, "store: NOT UPLOADED: %s\n", msg)
		}
	}
	switch ok, readable := checkStore(ctx, w, store, *repair); {
	case !readable:
		// The rest is checked without the store.
		failed++
		df.store = "off"
	case !ok:
		failed++
	}
	start := time.Now()
	st, err := e.stack(ctx, df)
	if err != nil {
		fmt.Fprintf(w, "data and indexes: FAILED: %v\n", err)
		return fmt.Errorf("start-up failed")
	}
	defer st.Close()
	fmt.Fprintf(w, "data: ok — %d institutions, version %s (start-up %s)\n", st.data.Len(), st.data.Version, time.Since(start).Round(time.Millisecond))
	if want := cfg.Embedder; want != "" && want != st.embedderName {
		failed++
		fmt.Fprintf(w, "embedder: FAILED: %s was asked for, %s is in use (%s)\n", want, st.embedderName, st.embedder.ID())
	} else {
		fmt.Fprintf(w, "embedder: %s (%s)\n", st.embedderName, st.embedder.ID())
	}
	switch x := st.indexes; {
	case x != nil:
		fmt.Fprintf(w, "indexes: %s — %s (built %s, %d records)\n", x.state, x.dir, x.Manifest.BuiltAt.Format(time.RFC3339), x.Manifest.Records)
	case cfg.Qdrant.URL != "":
		fmt.Fprintln(w, "indexes: BM25 built in memory at start (vectors in Qdrant)")
	default:
		fmt.Fprintln(w, "indexes: built in memory at start (cache off: --cache-dir off)")
	}
	switch {
	case store == nil:
		fmt.Fprintln(w, "sources: none (no store: --store off, or no home directory)")
	case df.store == "off":
	case st.composed != nil && !st.composed.State.Empty():
		s := st.composed.State
		fmt.Fprintf(w, "sources: %s, %s, %s hidden, version %s — %s\n", plural(len(s.Sources), "source"), plural(s.Len(), "record"), plural(len(s.Hidden), "bundled record"), s.Version, store)
	default:
		fmt.Fprintf(w, "sources: none added (hybridrag ingest --source NS --in FILE adds them to %s)\n", store)
	}
	if root := cacheRoot(cfg, nil); root != "" {
		fmt.Fprintf(w, "cache: %s (delete it to rebuild; --cache-dir or HYBRIDRAG_CACHE_DIR move it)\n", root)
	}

	// A backend that did not answer at start is among them, failing with
	// what its last attempt said.
	for _, b := range st.built.Backends {
		cctx, cancel := context.WithTimeout(ctx, cfg.StartupTimeout.Std())
		t := time.Now()
		err := b.Check(cctx)
		cancel()
		if err != nil {
			failed++
			fmt.Fprintf(w, "%s: FAILED: %v\n", b.Name, err)
			continue
		}
		fmt.Fprintf(w, "%s: ok (%s)\n", b.Name, time.Since(t).Round(time.Millisecond))
	}
	for _, c := range []struct{ name, value string }{
		{"neo4j", cfg.Neo4j.URI}, {"qdrant", cfg.Qdrant.URL}, {"sparql", cfg.SPARQL.Endpoint},
	} {
		if c.value == "" {
			fmt.Fprintf(w, "%s: not configured (embedded default in use)\n", c.name)
		}
	}

	// One question end to end shows the pipeline works with what is up.
	resp, err := st.pipeline.Ask(ctx, pipeline.Request{Question: "What is the ISIL code of Heimatstube im Elbtor?", NoCache: true})
	if err != nil {
		failed++
		fmt.Fprintf(w, "ask: FAILED: %v\n", err)
	} else {
		var srcs []string
		for s, n := range resp.BySource {
			srcs = append(srcs, fmt.Sprintf("%s %d", s, n))
		}
		slices.Sort(srcs)
		fmt.Fprintf(w, "ask: ok — %q in %.1f ms (hits by source: %s)\n", resp.Answer.Value, resp.Timings.TotalMS, strings.Join(srcs, ", "))
	}
	if cfg.LLM.BaseURL != "" && !checkWriter(ctx, w, st) {
		failed++
	}
	if failed > 0 {
		return errors.New(plural(failed, "check") + " failed")
	}
	return nil
}

// checkStore checks that the store of sources reads whole and, with
// repair, repairs it. It reports whether the store is whole, and whether
// it can be read at all (an earlier whole version, when it is not).
func checkStore(ctx context.Context, w io.Writer, store sources.Backend, repair bool) (ok, readable bool) {
	if store == nil {
		return true, true
	}
	if r, can := store.(sources.Repairer); repair && can {
		msg, err := r.Repair(ctx)
		if err != nil {
			fmt.Fprintf(w, "store: repair FAILED: %v\n", err)
			return false, false
		}
		fmt.Fprintf(w, "store: repaired: %s\n", msg)
	}
	s, err := store.Read(ctx)
	switch {
	case err != nil:
		fmt.Fprintf(w, "store: FAILED: %v\n", err)
		return false, false
	case s.Recovered != "":
		fmt.Fprintf(w, "store: DAMAGED: %s\n", s.Recovered)
		return false, true
	}
	fmt.Fprintf(w, "store: ok — version %s, whole (%s)\n", orNone(s.Version), store)
	return true, true
}

// checkWriter asks the configured language model for a written answer to
// one question and reports whether it answered; an answer the check
// rejected is reported, not failed.
func checkWriter(ctx context.Context, w io.Writer, st *stack) bool {
	p, err := st.answerer()
	if err != nil {
		fmt.Fprintf(w, "llm: FAILED: %v\n", err)
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, st.cfg.LLM.Timeout.Std()+time.Second)
	defer cancel()
	resp, err := p.Ask(ctx, pipeline.Request{Question: "When was Naturmuseum Solothurn founded?", NoCache: true, LLM: true})
	switch {
	case err != nil:
		fmt.Fprintf(w, "llm: FAILED: %v\n", err)
		return false
	case resp.Generated != nil:
		fmt.Fprintf(w, "llm: ok — %s wrote a checked answer in %.0f ms\n", resp.Generated.Model, resp.Timings.GenerateMS)
		return true
	}
	for _, e := range resp.Errors {
		if e.Source == pipeline.SourceLLM {
			fmt.Fprintf(w, "llm: FAILED: %s\n", e.Error)
			return false
		}
	}
	fmt.Fprintf(w, "llm: answers, but %s\n", strings.Join(resp.Warnings, "; "))
	return true
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
