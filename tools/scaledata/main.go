// Command scaledata writes a dataset FACTOR times the size of the bundled
// one for the scale benchmarks (scripts/scale.sh): the real records, then
// FACTOR-1 synthetic copies of each, whose names, places, years,
// descriptions and identifiers vary as the real ones do, so that name
// indexes, BM25 statistics and the router's gazetteers meet realistic
// sizes. A copy keeps its real record's type, source, subjects and bodies;
// its name recombines the words of real names of its type and country
// around a town, its place is a real record's of its country (so towns,
// regions and countries keep their joint frequencies), its years a real
// record's of its type, and its ids (record id, ISIL, QID, GHCID) are
// synthetic and none is a real record's. The output is the same for the
// same seed, and streamed: FACTOR 60 (about a million records) needs no
// more memory than the real records. Run it from the module root:
//
//	go run ./tools/scaledata --factor 10 --out data-10.jsonl.gz
//
// An --out ending in .gz is gzip-compressed.
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
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "scaledata:", err)
		os.Exit(1)
	}
}

// maxFactor bounds --factor: at 61 the file would pass heritage.MaxRecords.
const maxFactor = 61

func run(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("scaledata", flag.ContinueOnError)
	fs.SetOutput(stderr)
	factor := fs.Int("factor", 10, "how many times the real records (1 writes them alone)")
	seed := fs.Uint64("seed", 1, "seed of the synthetic copies")
	out := fs.String("out", "", "the file to write (.gz: gzip-compressed)")
	data := fs.String("data", "", "the real records (JSON Lines); default the bundled dataset")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("--out is required")
	}
	if *factor < 1 || *factor > maxFactor {
		return fmt.Errorf("--factor must be 1 to %d", maxFactor)
	}
	ds, err := load(*data)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	werr := write(ctx, f, strings.HasSuffix(*out, ".gz"), newGenerator(ds.Institutions, *seed), *factor)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(*out)
		return werr
	}
	fmt.Fprintf(stderr, "scaledata: %d records to %s\n", *factor*ds.Len(), *out)
	return nil
}

func load(path string) (*heritage.Dataset, error) {
	if path == "" {
		return heritage.Embedded()
	}
	return heritage.LoadFile(path, heritage.LoadOptions{})
}

// write writes the real records and factor-1 copies of each to w, as JSON
// Lines, gzip-compressed if zip.
func write(ctx context.Context, w io.Writer, zip bool, g *generator, factor int) error {
	var zw *gzip.Writer
	if zip {
		zw, _ = gzip.NewWriterLevel(w, gzip.BestSpeed)
		w = zw
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	err := g.each(ctx, factor, func(rec *heritage.Institution) error { return enc.Encode(rec) })
	if err == nil {
		err = bw.Flush()
	}
	if zw != nil {
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// each calls fn with every record of a dataset factor times the real one,
// in order: the real records, then copy 1 of each, copy 2, …. Every copy
// is validated first.
func (g *generator) each(ctx context.Context, factor int, fn func(*heritage.Institution) error) error {
	for c := range factor {
		if err := ctx.Err(); err != nil {
			return err
		}
		for i := range g.real {
			rec := &g.real[i]
			if c > 0 {
				cp := g.copyOf(c, i)
				if err := cp.Validate(); err != nil {
					return fmt.Errorf("copy %d of %s: %w", c, g.real[i].ID, err)
				}
				rec = &cp
			}
			if err := fn(rec); err != nil {
				return err
			}
		}
	}
	return nil
}
