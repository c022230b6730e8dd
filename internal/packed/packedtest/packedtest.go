// Package packedtest checks a decoder of the packed form against damaged
// input.
package packedtest

import (
	"testing"

	"github.com/hybridrag/hybridrag/internal/packed"
)

// Damage encodes a structure with encode and checks decode against
// damaged copies: it decodes every truncation (a sample of them when the
// encoding is long), which must fail, and copies with a sample of bytes
// changed, which may fail or decode but must not panic; use, when not
// nil, is called on what a changed copy decoded to, to show that it can
// be used without a panic.
func Damage[T any](t testing.TB, encode func(*packed.Writer), decode func(*packed.Reader) (T, error), use func(T)) {
	t.Helper()
	var w packed.Writer
	encode(&w)
	b := w.Bytes()
	for n := 0; n < len(b); n += max(1, len(b)/500) {
		if _, err := decode(packed.NewReader(b[:n])); err == nil {
			t.Fatalf("truncated at %d of %d bytes: decoded", n, len(b))
		}
	}
	for i := 0; i < len(b); i += max(1, len(b)/300) {
		c := append([]byte(nil), b...)
		c[i] ^= 0xa5
		if x, err := decode(packed.NewReader(c)); err == nil && use != nil {
			use(x)
		}
	}
}

// Reader returns a Reader of what encode writes.
func Reader(encode func(*packed.Writer)) *packed.Reader {
	var w packed.Writer
	encode(&w)
	return packed.NewReader(w.Bytes())
}
