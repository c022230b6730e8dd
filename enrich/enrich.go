package enrich

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// Linker resolves a reference to candidate institutions, best first.
// *linking.Linker implements it.
type Linker interface {
	Link(ctx context.Context, q linking.Query, limit int) ([]linking.Candidate, error)
}

// Enricher fetches what a remote source (a Wikidata SPARQL endpoint) states
// about items, keyed by QID (Q123). Items it does not know are absent. The
// values are copied into the output as they are. An error with a non-nil
// map is a partial failure: the rows of the missing items carry a warning.
type Enricher interface {
	EnrichQIDs(ctx context.Context, qids []string) (map[string]map[string]any, error)
}

// EnricherFunc adapts a function to Enricher.
type EnricherFunc func(ctx context.Context, qids []string) (map[string]map[string]any, error)

// EnrichQIDs calls f.
func (f EnricherFunc) EnrichQIDs(ctx context.Context, qids []string) (map[string]map[string]any, error) {
	return f(ctx, qids)
}

// Defaults.
const (
	DefaultCheckpointEvery = 500
	// MaxEnrichBatch is the most QIDs passed to one EnrichQIDs call.
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
	// every ProgressEvery.
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

// Job is a prepared run. Build it with New and call Run once.
type Job struct {
	cfg      Config
	ds       *heritage.Dataset
	linker   Linker
	plan     Plan
	mapping  Mapping
	identity InputIdentity
	settings string
	resume   *Checkpoint
	log      *slog.Logger
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

// New checks the configuration, reads the input's header (or first JSON
// objects), resolves the column mapping and decides whether to resume.
// Errors wrapping ErrInput mean the input or the mapping is unusable.
func New(ds *heritage.Dataset, l Linker, cfg Config) (*Job, error) {
	switch {
	case ds == nil || l == nil:
		return nil, errors.New("enrich: dataset and linker are required")
	case cfg.In == "":
		return nil, inputErrorf("no input file")
	case cfg.Out == "":
		return nil, inputErrorf("no output file")
	case cfg.Rate < 0:
		return nil, inputErrorf("the rate must not be negative")
	}
	if same, _ := sameFile(cfg.In, cfg.Out); same {
		return nil, inputErrorf("the output would overwrite the input")
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.CheckpointEvery <= 0 {
		cfg.CheckpointEvery = DefaultCheckpointEvery
	}
	if cfg.EnrichBatch <= 0 || cfg.EnrichBatch > MaxEnrichBatch {
		cfg.EnrichBatch = MaxEnrichBatch
	}
	if cfg.ProgressEvery <= 0 {
		cfg.ProgressEvery = DefaultProgressEvery
	}
	j := &Job{cfg: cfg, ds: ds, linker: l, log: cfg.Logger}
	if j.log == nil {
		j.log = slog.New(slog.DiscardHandler)
	}
	id, lines, err := identify(cfg.In)
	if err != nil {
		if errors.Is(err, ErrInput) {
			return nil, err
		}
		return nil, inputErrorf("%v", err)
	}
	j.identity = id
	if err := j.inspect(lines); err != nil {
		return nil, err
	}
	j.settings = j.fingerprint()
	j.decideResume()
	return j, nil
}

func sameFile(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}

// inspect detects the format, delimiter, columns and mapping.
func (j *Job) inspect(lines int) error {
	f, err := os.Open(j.cfg.In)
	if err != nil {
		return inputErrorf("%v", err)
	}
	defer f.Close()
	head := make([]byte, sniffBytes)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return inputErrorf("read %s: %v", j.cfg.In, err)
	}
	head = head[:n]
	if len(bytes.TrimSpace(bytes.TrimPrefix(head, bom))) == 0 {
		return inputErrorf("%s is empty", j.cfg.In)
	}
	if err := checkText(head); err != nil {
		return err
	}
	p := &j.plan
	p.Format = j.cfg.Format
	if p.Format == FormatAuto {
		p.Format = detectFormat(j.cfg.In, head)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	switch p.Format {
	case FormatCSV:
		p.Delimiter = j.cfg.Delimiter
		if p.Delimiter == 0 {
			p.Delimiter = detectDelimiter(head)
		}
		src, err := newCSVSource(f, p.Delimiter)
		if err != nil {
			return err
		}
		p.Columns = src.columns()
		p.EstimatedRows = max(0, lines-1)
	case FormatJSONL:
		cols, err := jsonlColumns(f, 100)
		if err != nil {
			return err
		}
		p.Columns = cols
		p.EstimatedRows = lines
	default:
		return inputErrorf("unknown format %q (csv or jsonl)", p.Format)
	}
	m, err := resolveMapping(p.Columns, j.cfg.Mapping)
	if err != nil {
		return err
	}
	p.Mapping, j.mapping = m, m
	return nil
}

// fingerprint hashes the settings that shape the output.
func (j *Job) fingerprint() string {
	b, _ := json.Marshal(struct {
		Format    Format
		Delimiter rune
		Mapping   Mapping
		Enricher  bool
		Dataset   string
		Top       int
	}{j.plan.Format, j.plan.Delimiter, j.mapping, j.cfg.Enricher != nil, j.ds.Version, topCandidates})
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:8])
}

// decideResume reads the checkpoint and keeps it when it matches the
// input, the settings and the files on disk.
func (j *Job) decideResume() {
	path := CheckpointPath(j.cfg.Out)
	if j.cfg.Restart {
		if _, err := os.Stat(path); err == nil {
			j.warn("--restart: ignoring the checkpoint " + path)
		}
		return
	}
	c, err := readCheckpoint(path)
	if err != nil {
		j.warn(fmt.Sprintf("unreadable checkpoint, starting over: %v", err))
		return
	}
	if c == nil {
		return
	}
	var why string
	switch {
	case c.Version != checkpointVersion:
		why = fmt.Sprintf("checkpoint version %d", c.Version)
	case c.Input.Size != j.identity.Size || c.Input.SHA256 != j.identity.SHA256:
		why = fmt.Sprintf("the input changed since the checkpoint (%d bytes then, %d now)", c.Input.Size, j.identity.Size)
	case c.Settings != j.settings:
		why = "the format, mapping, enricher or dataset changed since the checkpoint"
	case c.Rows < 0 || c.OutputOffset < 0 || c.ErrorsOffset < 0:
		why = "the checkpoint is invalid"
	case fileSize(j.cfg.Out) < c.OutputOffset:
		why = "the output is shorter than the checkpoint says"
	case c.ErrorsOffset > 0 && fileSize(ErrorsPath(j.cfg.Out)) < c.ErrorsOffset:
		why = "the errors file is shorter than the checkpoint says"
	}
	if why != "" {
		j.warn(why + "; starting over")
		return
	}
	j.resume = c
	j.plan.ResumeRow = c.Rows
}

func (j *Job) warn(msg string) {
	j.plan.Warnings = append(j.plan.Warnings, msg)
	j.log.Warn(msg)
}

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return -1
	}
	return st.Size()
}

// Plan returns the detected format, mapping and resume state.
func (j *Job) Plan() Plan {
	p := j.plan
	p.Columns = slices.Clone(p.Columns)
	p.Warnings = slices.Clone(p.Warnings)
	return p
}

// Run links every remaining row and writes the output. When ctx ends, the
// rows written so far are synced and checkpointed, and the error wraps
// ctx.Err(): running the same job again continues where this one stopped.
func (j *Job) Run(ctx context.Context) (Summary, error) {
	start := time.Now()
	w, err := j.openWriter()
	if err != nil {
		return Summary{}, err
	}
	src, closeSrc, err := j.openSource()
	if err != nil {
		w.close()
		return Summary{}, err
	}
	defer closeSrc()

	skip := 0
	if j.resume != nil {
		skip = j.resume.Rows
	}
	prog := newProgress(j.cfg, j.plan.EstimatedRows, skip, start)
	prog.start()
	w.prog = prog

	runErr := j.pipeline(ctx, src, skip, w)
	prog.stop()

	sum := Summary{
		Counts: w.counts, Rows: w.rows, Resumed: skip, Processed: w.rows - skip,
		Elapsed: time.Since(start),
	}
	if s := sum.Elapsed.Seconds(); s > 0 {
		sum.RowsPerSecond = float64(sum.Processed) / s
	}
	if runErr != nil {
		if w.healthy {
			if err := w.checkpoint(); err != nil {
				runErr = errors.Join(runErr, err)
			}
		}
		w.close()
		if ctx.Err() != nil {
			return sum, fmt.Errorf("enrich: stopped after row %d: %w", w.rows, ctx.Err())
		}
		return sum, fmt.Errorf("enrich: %w", runErr)
	}
	if err := w.finish(); err != nil {
		return sum, fmt.Errorf("enrich: %w", err)
	}
	if w.errOff > 0 {
		sum.ErrorsFile = w.errPath
	}
	return sum, nil
}

func (j *Job) openSource() (source, func(), error) {
	f, err := os.Open(j.cfg.In)
	if err != nil {
		return nil, nil, err
	}
	var src source
	switch j.plan.Format {
	case FormatCSV:
		s, err := newCSVSource(f, j.plan.Delimiter)
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		src = s
	default:
		src = newJSONLSource(f)
	}
	return src, func() { f.Close() }, nil
}

// pipeline runs the reader, the workers and the ordered writer. At most
// window rows are in flight, which bounds the reorder buffer.
func (j *Job) pipeline(ctx context.Context, src source, skip int, w *writer) error {
	g, gctx := errgroup.WithContext(ctx)
	workers := j.cfg.Workers
	window := max(64, 8*workers)
	slots := make(chan struct{}, window)
	jobs := make(chan record, workers)
	results := make(chan Output, window)

	g.Go(func() error {
		defer close(jobs)
		for {
			rec, err := src.next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if rec.row <= skip {
				continue
			}
			select {
			case slots <- struct{}{}:
			case <-gctx.Done():
				return gctx.Err()
			}
			select {
			case jobs <- rec:
			case <-gctx.Done():
				return gctx.Err()
			}
		}
	})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		g.Go(func() error {
			defer wg.Done()
			for rec := range jobs {
				if d := j.cfg.RowDelay; d > 0 {
					t := time.NewTimer(d)
					select {
					case <-t.C:
					case <-gctx.Done():
						t.Stop()
						return gctx.Err()
					}
				}
				out, err := j.linkRow(gctx, rec)
				if err != nil {
					return err
				}
				select {
				case results <- out:
				case <-gctx.Done():
					return gctx.Err()
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		wg.Wait()
		close(results)
		return nil
	})
	g.Go(func() error {
		pending := make([]*Output, window)
		next := skip + 1
		for {
			select {
			case out, ok := <-results:
				if !ok {
					return w.flushBlock(gctx)
				}
				pending[out.Row%window] = &out
				for pending[next%window] != nil {
					o := pending[next%window]
					pending[next%window] = nil
					<-slots
					next++
					if err := w.add(gctx, *o); err != nil {
						return err
					}
				}
			case <-gctx.Done():
				return gctx.Err()
			}
		}
	})
	return g.Wait()
}

// writer writes rows in order, batches Wikidata look-ups and checkpoints.
type writer struct {
	j         *Job
	out, errf *os.File
	bw, ebw   *bufio.Writer
	errPath   string
	outOff    int64 // bytes of complete rows handed to bw
	errOff    int64
	rows      int // last row written
	counts    Counts
	since     int // rows since the last checkpoint
	healthy   bool
	buf       bytes.Buffer
	block     []Output
	qids      []string
	seenQID   map[string]bool
	limiter   *limiter
	prog      *progress
}

func (j *Job) openWriter() (*writer, error) {
	w := &writer{j: j, errPath: ErrorsPath(j.cfg.Out), seenQID: map[string]bool{}}
	if j.cfg.Rate > 0 {
		w.limiter = newLimiter(j.cfg.Rate)
	}
	var outOff, errOff int64
	if c := j.resume; c != nil {
		outOff, errOff = c.OutputOffset, c.ErrorsOffset
		w.rows, w.counts = c.Rows, c.Counts
	}
	var err error
	if w.out, err = openAt(j.cfg.Out, outOff); err != nil {
		return nil, fmt.Errorf("enrich: output: %w", err)
	}
	if w.errf, err = openAt(w.errPath, errOff); err != nil {
		w.out.Close()
		return nil, fmt.Errorf("enrich: errors file: %w", err)
	}
	w.outOff, w.errOff = outOff, errOff
	w.bw = bufio.NewWriterSize(w.out, 256<<10)
	w.ebw = bufio.NewWriterSize(w.errf, 16<<10)
	w.healthy = true
	return w, nil
}

// openAt opens path for writing, truncated to off bytes, positioned at off.
func openAt(path string, off int64) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(off); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(off, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// add takes the next row in input order.
func (w *writer) add(ctx context.Context, o Output) error {
	if w.j.cfg.Enricher == nil {
		if err := w.write(o); err != nil {
			return err
		}
		return w.maybeCheckpoint()
	}
	w.block = append(w.block, o)
	if o.Match != nil && o.Match.Wikidata != "" && !w.seenQID[o.Match.Wikidata] {
		w.seenQID[o.Match.Wikidata] = true
		w.qids = append(w.qids, o.Match.Wikidata)
	}
	if len(w.qids) >= w.j.cfg.EnrichBatch || len(w.block) >= 4*w.j.cfg.EnrichBatch {
		return w.flushBlock(ctx)
	}
	return nil
}

// flushBlock asks the Enricher for the block's QIDs and writes its rows.
func (w *writer) flushBlock(ctx context.Context) error {
	if len(w.block) == 0 {
		return nil
	}
	var items map[string]map[string]any
	var enrichErr error
	if len(w.qids) > 0 {
		if w.limiter != nil {
			if err := w.limiter.wait(ctx); err != nil {
				return err
			}
		}
		items, enrichErr = w.j.cfg.Enricher.EnrichQIDs(ctx, w.qids)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	for _, o := range w.block {
		o.Wikidata = json.RawMessage("null")
		if o.Match != nil && o.Match.Wikidata != "" {
			if v, ok := items[o.Match.Wikidata]; ok && v != nil {
				b, err := marshal(v)
				if err != nil {
					return fmt.Errorf("wikidata %s: %w", o.Match.Wikidata, err)
				}
				o.Wikidata = b
			} else if enrichErr != nil {
				o.Warnings = append(slices.Clip(o.Warnings), "wikidata: "+oneLine(enrichErr.Error()))
			}
		}
		if err := w.write(o); err != nil {
			return err
		}
	}
	w.block = w.block[:0]
	w.qids = w.qids[:0]
	clear(w.seenQID)
	return w.maybeCheckpoint()
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// marshal encodes v as compact JSON without HTML escaping.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func (w *writer) write(o Output) error {
	w.buf.Reset()
	enc := json.NewEncoder(&w.buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(o); err != nil {
		return fmt.Errorf("encode row %d: %w", o.Row, err)
	}
	if o.Status == StatusError {
		line, err := marshal(ErrorEntry{Row: o.Row, Line: o.Line, Error: o.Error, Input: o.Input})
		if err != nil {
			return fmt.Errorf("encode row %d: %w", o.Row, err)
		}
		n, err := w.ebw.Write(append(line, '\n'))
		if err != nil {
			w.healthy = false
			return fmt.Errorf("write errors file: %w", err)
		}
		w.errOff += int64(n)
	}
	n, err := w.bw.Write(w.buf.Bytes())
	if err != nil {
		w.healthy = false
		return fmt.Errorf("write output: %w", err)
	}
	w.outOff += int64(n)
	w.rows = o.Row
	w.counts.add(o.Status)
	if w.prog != nil {
		w.prog.set(w.rows)
	}
	w.since++
	return nil
}

func (w *writer) maybeCheckpoint() error {
	if w.since < w.j.cfg.CheckpointEvery {
		return nil
	}
	return w.checkpoint()
}

// sync flushes and fsyncs the output and errors files.
func (w *writer) sync() error {
	for _, s := range []struct {
		bw *bufio.Writer
		f  *os.File
	}{{w.bw, w.out}, {w.ebw, w.errf}} {
		if err := s.bw.Flush(); err != nil {
			w.healthy = false
			return fmt.Errorf("write %s: %w", s.f.Name(), err)
		}
		if err := s.f.Sync(); err != nil {
			w.healthy = false
			return fmt.Errorf("sync %s: %w", s.f.Name(), err)
		}
	}
	return nil
}

// checkpoint syncs the files, then records their offsets.
func (w *writer) checkpoint() error {
	if err := w.sync(); err != nil {
		return err
	}
	c := &Checkpoint{
		Version: checkpointVersion, Input: w.j.identity, Settings: w.j.settings,
		Rows: w.rows, OutputOffset: w.outOff, ErrorsOffset: w.errOff, Counts: w.counts,
		Updated: time.Now().UTC(),
	}
	if err := writeCheckpoint(CheckpointPath(w.j.cfg.Out), c); err != nil {
		return err
	}
	w.since = 0
	return nil
}

// finish syncs and closes the files and removes the checkpoint (and the
// errors file when no row failed).
func (w *writer) finish() error {
	if err := w.sync(); err != nil {
		w.close()
		return err
	}
	if err := w.close(); err != nil {
		return err
	}
	if w.errOff == 0 {
		_ = os.Remove(w.errPath)
	}
	if err := os.Remove(CheckpointPath(w.j.cfg.Out)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

func (w *writer) close() error {
	return errors.Join(w.out.Close(), w.errf.Close())
}

// limiter spaces calls at least 1/rate apart.
type limiter struct {
	mu    sync.Mutex
	every time.Duration
	next  time.Time
}

func newLimiter(rate float64) *limiter {
	return &limiter{every: time.Duration(float64(time.Second) / rate)}
}

func (l *limiter) wait(ctx context.Context) error {
	l.mu.Lock()
	now := time.Now()
	at := l.next
	if at.Before(now) {
		at = now
	}
	l.next = at.Add(l.every)
	l.mu.Unlock()
	d := time.Until(at)
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
