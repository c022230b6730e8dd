package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/enrich"
	"github.com/hybridrag/hybridrag/internal/progress"
	"github.com/hybridrag/hybridrag/linking"
)

const enrichUsage = `Usage: hybridrag enrich --in FILE --out FILE.jsonl|FILE.csv [flags]

Links every row of a CSV file (with a header row) or a JSON Lines file to
the institutions of the dataset and writes one output row per input row, in
input order: the original columns, the status (matched, ambiguous,
unmatched, error), the best match's fields (id, name, type, ISIL,
Wikidata, GHCID, website, place, coordinates, opening year, governance,
groups, source, licence), the top 3 candidates and the provenance.

The output's format follows its extension: .csv (or .tsv) writes CSV with
a header row (the input's columns, then row, status, score, match_id,
match_name, …, candidates, warnings, error), anything else JSON Lines (one
object per row). --out-format csv or jsonl sets it for another extension,
and is refused when the extension names the other format.

Identifier columns (ISIL, QID, GHCID, any identifier) are resolved first,
then the name with the city, country, type and postcode columns as hints.
Columns are guessed from the header (name/institution/naam, city/stadt/
plaats/town, country/land, isil, wikidata/qid, ghcid, type, postcode/zip);
name them with the column flags, or disable a guessed one with "-".

The run is resumable: OUT.checkpoint records the progress every
--checkpoint-every rows; running the same command again after an
interruption (even kill -9) continues with the next row, without losing
or repeating one. Unreadable rows get status "error" and are listed in
OUT.errors.jsonl with their line numbers.

With --wikidata ENDPOINT (a SPARQL endpoint such as the Wikidata Query
Service or $HYBRIDRAG_SPARQL_ENDPOINT), the Wikidata
items of matched records are fetched in batches of up to 200 QIDs, at
most --rate requests a second, and added as "wikidata".

Examples:
  hybridrag enrich --in testdata/enrich-sample.csv --out /tmp/out.jsonl
  hybridrag enrich --in testdata/enrich-sample.csv --out /tmp/out.csv
  hybridrag enrich --in museums.csv --out out.jsonl --name Naam --city Plaats --delimiter ';'
  hybridrag enrich --in refs.jsonl --out out.jsonl --workers 4 --wikidata http://127.0.0.1:7878/query
`

func runEnrich(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("enrich", enrichUsage, e.stdout)
	var (
		df       dataFlags
		m        enrich.Mapping
		in       = fs.String("in", "", "input file: CSV with a header row, or JSON Lines (required)")
		out      = fs.String("out", "", "output file (required): CSV when it ends in .csv or .tsv, else JSON Lines")
		format   = fs.String("format", "auto", "input format: auto, csv or jsonl")
		outFmt   = fs.String("out-format", "auto", "output format: auto (from the --out extension), csv or jsonl")
		delim    = fs.String("delimiter", "", "CSV delimiter: one character, or comma, semicolon, tab, pipe (default: detected)")
		workers  = fs.Int("workers", 0, "rows linked concurrently (default GOMAXPROCS)")
		every    = fs.Int("checkpoint-every", enrich.DefaultCheckpointEvery, "rows between checkpoints")
		restart  = fs.Bool("restart", false, "ignore an existing checkpoint and start from the first row")
		wikidata = fs.String("wikidata", "", "SPARQL endpoint for Wikidata fields, e.g. $HYBRIDRAG_SPARQL_ENDPOINT (default: none)")
		rate     = fs.Float64("rate", 5, "most Wikidata requests per second (0: unlimited)")
		quiet    = fs.Bool("quiet", false, "no progress display")
		rowDelay = fs.Duration("row-delay", 0, "for testing: delay every row by this much (does not change the output)")
	)
	fs.StringVar(&m.Name, "name", "", "name column")
	fs.StringVar(&m.City, "city", "", "city column")
	fs.StringVar(&m.Country, "country", "", "country column (ISO code or English name)")
	fs.StringVar(&m.ISIL, "isil", "", "ISIL column")
	fs.StringVar(&m.QID, "qid", "", "Wikidata QID column")
	fs.StringVar(&m.GHCID, "ghcid", "", "GHCID column")
	fs.StringVar(&m.Type, "type", "", "type column (museum, library, archive, … or M, L, A, …)")
	fs.StringVar(&m.Postcode, "postcode", "", "postcode column")
	fs.StringVar(&m.ID, "id-column", "", "column with any identifier (ISIL, QID, GHCID, GND, ROR, dataset id or URL)")
	df.register(fs)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("unexpected argument %q; give the input with --in", pos[0])
	case *in == "" || *out == "":
		return usagef("--in and --out are required, e.g. hybridrag enrich --in rows.csv --out rows.enriched.jsonl")
	case *workers < 0 || *workers > 256:
		return usagef("--workers must be between 1 and 256")
	case *every < 1:
		return usagef("--checkpoint-every must be at least 1")
	case *rate < 0 || math.IsNaN(*rate) || math.IsInf(*rate, 0):
		return usagef("--rate must be a number of requests per second, 0 or more")
	case *rowDelay < 0:
		return usagef("--row-delay must not be negative")
	}
	cfg := enrich.Config{
		In: *in, Out: *out, Mapping: m, Workers: *workers, CheckpointEvery: *every, Restart: *restart,
		Rate: *rate, RowDelay: *rowDelay,
	}
	switch strings.ToLower(*format) {
	case "auto", "":
	case "csv", "tsv":
		cfg.Format = enrich.FormatCSV
	case "jsonl", "ndjson":
		cfg.Format = enrich.FormatJSONL
	default:
		return usagef("--format must be auto, csv or jsonl")
	}
	switch strings.ToLower(*outFmt) {
	case "auto", "":
	case "csv":
		cfg.OutFormat = enrich.FormatCSV
	case "jsonl", "ndjson", "json":
		cfg.OutFormat = enrich.FormatJSONL
	default:
		return usagef("--out-format must be auto, csv or jsonl")
	}
	if cfg.Delimiter, err = enrich.ParseDelimiter(*delim); err != nil {
		return usagef("--delimiter: %v", err)
	}
	if !*quiet {
		cfg.Progress = e.stderr
		cfg.Terminal = progress.IsTerminal(e.stderr)
	}
	if *wikidata != "" {
		c, err := compose.OpenWikidata(*wikidata)
		if err != nil {
			return usagef("--wikidata: %v", err)
		}
		defer c.Close()
		cfg.Enricher = c
	}

	ds, err := e.data(df)
	if err != nil {
		return err
	}
	linker := e.linker(ds)
	job, err := enrich.New(ds, linker, cfg)
	if err != nil {
		if errors.Is(err, enrich.ErrInput) {
			return usagef("%v", err)
		}
		return err
	}
	plan := job.Plan()
	fmt.Fprintf(e.stderr, "enrich: %s", plan.Format)
	if plan.Format == enrich.FormatCSV {
		fmt.Fprintf(e.stderr, " (delimiter %q)", plan.Delimiter)
	}
	fmt.Fprintf(e.stderr, ", %d columns; mapping: %s; output %s\n", len(plan.Columns), plan.Mapping, plan.OutFormat)
	for _, w := range plan.Warnings {
		fmt.Fprintf(e.stderr, "enrich: warning: %s\n", w)
	}
	if plan.ResumeRow > 0 {
		fmt.Fprintf(e.stderr, "enrich: resuming after row %d (checkpoint %s)\n", plan.ResumeRow, enrich.CheckpointPath(*out))
	}
	sum, err := job.Run(ctx)
	printEnrichSummary(e.stderr, *out, sum)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted after row %d (%v); run the same command again to resume", sum.Rows, ctx.Err())
		}
		return err
	}
	return nil
}

func printEnrichSummary(w io.Writer, out string, s enrich.Summary) {
	fmt.Fprintf(w, "enrich: %d rows: %d matched, %d ambiguous, %d unmatched, %d errors; %d rows in %s (%.0f rows/s)",
		s.Rows, s.Matched, s.Ambiguous, s.Unmatched, s.Errors, s.Processed, s.Elapsed.Round(time.Millisecond), s.RowsPerSecond)
	if s.Resumed > 0 {
		fmt.Fprintf(w, " after %d resumed", s.Resumed)
	}
	fmt.Fprintf(w, "\nenrich: output %s", out)
	if s.ErrorsFile != "" {
		fmt.Fprintf(w, ", errors %s", s.ErrorsFile)
	}
	fmt.Fprintln(w)
}

var _ enrich.Linker = (*linking.Linker)(nil)
