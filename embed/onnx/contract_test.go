package onnx_test

import (
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/embed/onnx"
)

// The embedder satisfies the contract the vector retriever consumes.
var _ embed.Embedder = (*onnx.Embedder)(nil)
