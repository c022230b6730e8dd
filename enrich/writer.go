package enrich

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/internal/progress"
	"github.com/hybridrag/hybridrag/sparql"

	"golang.org/x/time/rate"
)

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
	limiter   *rate.Limiter
	prog      *progress.Bar // nil: no display
	csv       *csvOutput    // nil: JSON Lines
}

func (j *Job) openWriter() (*writer, error) {
	w := &writer{j: j, errPath: ErrorsPath(j.cfg.Out), seenQID: map[string]bool{}}
	if j.cfg.Rate > 0 {
		w.limiter = rate.NewLimiter(rate.Limit(j.cfg.Rate), 1)
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
	if j.plan.OutFormat == FormatCSV {
		w.csv = newCSVOutput(j.plan.Columns, j.cfg.Enricher != nil)
		if outOff == 0 {
			line, err := w.csv.headerLine()
			if err == nil {
				_, err = w.bw.Write(line)
			}
			if err != nil {
				w.close()
				return nil, fmt.Errorf("enrich: output: %w", err)
			}
			w.outOff += int64(len(line))
		}
	}
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
	var items map[string]sparql.Entity
	var enrichErr error
	if len(w.qids) > 0 {
		if w.limiter != nil {
			if err := w.limiter.Wait(ctx); err != nil {
				return err
			}
		}
		items, enrichErr = w.j.cfg.Enricher.Enrich(ctx, w.qids)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	for _, o := range w.block {
		o.Wikidata = json.RawMessage("null")
		if o.Match != nil && o.Match.Wikidata != "" {
			if v, ok := items[o.Match.Wikidata]; ok {
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
	if w.csv != nil {
		line, err := w.csv.line(o)
		if err != nil {
			return fmt.Errorf("encode row %d: %w", o.Row, err)
		}
		w.buf.Write(line)
	} else {
		enc := json.NewEncoder(&w.buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(o); err != nil {
			return fmt.Errorf("encode row %d: %w", o.Row, err)
		}
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
		w.prog.Set(w.rows)
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
