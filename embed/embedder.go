package embed

import "context"

// Embedder turns texts into vectors of Dim() dimensions. Vectors are
// L2-normalised, so a dot product is a cosine similarity. Embed returns one
// vector per text, in order.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	Dim() int
	// ID names the model and its settings; caches of vectors key on it.
	ID() string
}
