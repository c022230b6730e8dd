package onnx_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/hybridrag/hybridrag/embed/onnx"
)

// Open the model that scripts/install-model.sh installed, or explain how to
// get it when it is missing.
func ExampleFromDir() {
	dir, lib := onnx.Locate(".", os.Getenv)
	e, err := onnx.FromDir(dir, lib)
	if errors.Is(err, onnx.ErrModelMissing) {
		fmt.Println("no embedding model; run scripts/install-model.sh:", err)
		return
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()

	vecs, err := e.Embed(context.Background(), []string{"Rijksmuseum Amsterdam", "Welche Museen gibt es in Köln?"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.ID(), len(vecs), len(vecs[0]))
}
