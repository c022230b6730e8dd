package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/pipeline"
)

// loadData loads the bundled dataset, or the file given with --data.
func loadData(df dataFlags, stderr io.Writer) (*heritage.Dataset, error) {
	if df.data == "" {
		return heritage.Embedded()
	}
	ds, err := heritage.LoadFile(df.data, heritage.LoadOptions{SkipInvalid: df.skipInvalid})
	if err != nil {
		return nil, usagef("--data: %v", err)
	}
	if n := len(ds.Skipped); n > 0 {
		fmt.Fprintf(stderr, "hybridrag: skipped %d invalid lines of %s (first: %v)\n", n, df.data, &ds.Skipped[0])
	}
	return ds, nil
}

// buildPipeline wires the embedded pipeline: no server, no model download.
func buildPipeline(ctx context.Context, df dataFlags, stderr io.Writer) (*pipeline.Pipeline, error) {
	ds, err := loadData(df, stderr)
	if err != nil {
		return nil, err
	}
	opts := pipeline.DefaultOptions()
	opts.LegTimeout = df.legTimeout
	opts.Logger = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	return pipeline.BuildEmbedded(ctx, ds, opts)
}

func noticeText() string {
	return heritage.Notice()
}
