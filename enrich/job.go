package enrich

import (
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
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/progress"
)

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
	out, err := outputFormat(cfg)
	if err != nil {
		return nil, err
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
	j.plan.OutFormat = out
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
		OutFormat Format `json:",omitempty"`
	}{j.plan.Format, j.plan.Delimiter, j.mapping, j.cfg.Enricher != nil, j.ds.Version, topCandidates, csvOnly(j.plan.OutFormat)})
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:8])
}

// csvOnly is f when it is CSV: a JSON Lines output leaves the settings'
// fingerprint as it was before outputs had a format, so that the
// checkpoints of earlier runs still resume.
func csvOnly(f Format) Format {
	if f == FormatCSV {
		return f
	}
	return ""
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
	if j.cfg.Progress != nil {
		w.prog = progress.New(j.cfg.Progress, progress.Options{Terminal: j.cfg.Terminal, Every: j.cfg.ProgressEvery, Unit: "rows"})
		w.prog.Stage("enrich", j.plan.EstimatedRows, skip)
	}

	runErr := j.pipeline(ctx, src, skip, w)
	if w.prog != nil {
		w.prog.Finish()
	}

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
