//go:build !cgo

package onnx

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNoCgoUnsupported(t *testing.T) {
	e, err := FromDir("testdata", "libonnxruntime.so")
	require.ErrorIs(t, err, errors.ErrUnsupported)
	require.Nil(t, e)
	_, err = (&Embedder{}).Embed(context.Background(), []string{"museum"})
	require.ErrorIs(t, err, errors.ErrUnsupported)
}
