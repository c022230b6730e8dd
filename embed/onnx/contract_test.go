package onnx_test

import (
	"github.com/hybridrag/hybridrag/embed/onnx"
	"github.com/hybridrag/hybridrag/retrievers"
)

// The embedder satisfies the contract the vector retriever consumes.
var _ retrievers.Embedder = (*onnx.Embedder)(nil)
