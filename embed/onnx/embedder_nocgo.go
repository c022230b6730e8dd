//go:build !cgo

package onnx

import (
	"context"
	"errors"
	"fmt"
)

// Without cgo the ONNX Runtime binding cannot be built. This stub keeps the
// packages that import onnx building with CGO_ENABLED=0; New reports the
// embedder as unsupported so callers fall back to another one.

// Embedder is unavailable in builds without cgo.
type Embedder struct{}

// New fails with errors.ErrUnsupported in builds without cgo.
func New(Options) (*Embedder, error) {
	return nil, fmt.Errorf("onnx: built with CGO_ENABLED=0, ONNX Runtime needs cgo: %w", errors.ErrUnsupported)
}

// Embed fails with errors.ErrUnsupported.
func (*Embedder) Embed(context.Context, []string) ([][]float32, error) {
	return nil, errors.ErrUnsupported
}

// Dim is 0.
func (*Embedder) Dim() int { return 0 }

// ID is empty.
func (*Embedder) ID() string { return "" }

// Close does nothing.
func (*Embedder) Close() error { return nil }
