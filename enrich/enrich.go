package enrich

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/sparql"
)

// Linker resolves a reference to candidate institutions, best first.
// *linking.Linker implements it.
type Linker interface {
	Link(ctx context.Context, q linking.Query, limit int) ([]linking.Candidate, error)
}

// Enricher fetches what a Wikidata SPARQL endpoint states about items,
// keyed by QID (Q123); *sparql.Client implements it. Items it does not know
// are absent. An error with a non-nil map is a partial failure: the rows of
// the missing items carry a warning.
type Enricher interface {
	Enrich(ctx context.Context, qids []string) (map[string]sparql.Entity, error)
}

// EnricherFunc adapts a function to Enricher.
type EnricherFunc func(ctx context.Context, qids []string) (map[string]sparql.Entity, error)

// Enrich calls f.
func (f EnricherFunc) Enrich(ctx context.Context, qids []string) (map[string]sparql.Entity, error) {
	return f(ctx, qids)
}

var _ Enricher = (*sparql.Client)(nil)

// Defaults.
const (
	DefaultCheckpointEvery = 500
	// MaxEnrichBatch is the most QIDs passed to one Enricher call.
	MaxEnrichBatch = 200
	// DefaultProgressEvery is the interval of the plain progress lines
	// written when the progress writer is not a terminal.
	DefaultProgressEvery = 2 * time.Second
)

// Config describes one enrichment run.
type Config struct {
	In, Out   string
	Format    Format // FormatAuto: from the extension, then the content
	Delimiter rune   // CSV delimiter; 0 detects ',', ';', tab or '|' from the header
	Mapping   Mapping
	// OutFormat is the output's format: FormatAuto follows Out's
	// extension (OutputFormat); CSV or JSON Lines asked for must agree
	// with an extension that names a format (.csv, .tsv, .jsonl, .ndjson,
	// .json).
	OutFormat Format
	// Workers link rows concurrently (GOMAXPROCS when ≤ 0). The output
	// keeps the input order whatever the number.
	Workers int
	// CheckpointEvery is the number of rows between checkpoints
	// (DefaultCheckpointEvery when ≤ 0).
	CheckpointEvery int
	// Restart ignores an existing checkpoint and starts from the first row.
	Restart bool

	// Enricher adds Wikidata fields to matched rows (optional).
	Enricher Enricher
	// EnrichBatch is the most QIDs per Enricher call (MaxEnrichBatch when
	// ≤ 0 or larger).
	EnrichBatch int
	// Rate limits Enricher calls per second (0: unlimited).
	Rate float64

	// Progress receives the progress display (nil: none). Terminal selects
	// a redrawn bar (at most 5 redraws a second) over plain lines written
	// every ProgressEvery (see internal/progress).
	Progress      io.Writer
	Terminal      bool
	ProgressEvery time.Duration

	Logger *slog.Logger

	// RowDelay delays every row by this much. It exists for tests that
	// interrupt a run; it does not change the output.
	RowDelay time.Duration
}

// Plan is what New found out about the input and the resume state.
type Plan struct {
	Format    Format
	OutFormat Format
	Delimiter rune // CSV only
	Columns   []string
	Mapping   Mapping
	// ResumeRow is the number of rows a checkpoint says are done; 0 when
	// the run starts from the first row.
	ResumeRow int
	// EstimatedRows counts the input's lines (less the CSV header): exact
	// for files without blank lines or multi-line fields.
	EstimatedRows int
	// Warnings are notes for the user, e.g. a checkpoint that no longer
	// matches the input.
	Warnings []string
}

// Summary reports a finished (or interrupted) run.
type Summary struct {
	Counts
	// Rows is the number of rows in the output, including those of
	// earlier, interrupted runs.
	Rows int
	// Resumed is the number of rows done by earlier runs.
	Resumed int
	// Processed is the number of rows done by this run.
	Processed int
	Elapsed   time.Duration
	// RowsPerSecond is Processed over Elapsed.
	RowsPerSecond float64
	// ErrorsFile is the path of the errors file; empty when no row failed.
	ErrorsFile string
}

// CheckpointPath is the checkpoint file of an output path.
func CheckpointPath(out string) string { return out + ".checkpoint" }

// ErrorsPath is the errors file of an output path.
func ErrorsPath(out string) string { return strings.TrimSuffix(out, ".jsonl") + ".errors.jsonl" }
