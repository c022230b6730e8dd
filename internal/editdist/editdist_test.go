package editdist

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOSA(t *testing.T) {
	for _, c := range []struct {
		a, b      string
		max, want int
	}{
		{"museum", "museum", 2, 0},
		{"museum", "musuem", 2, 1}, // transposition
		{"museum", "museu", 2, 1},
		{"museum", "muxeum", 2, 1},
		{"archiv", "archive", 1, 1},
		{"münster", "munster", 1, 1}, // one rune, not two bytes
		{"bagpipe", "bagpuize", 2, 2},
		{"museum", "library", 2, 3}, // stopped once beyond max
		{"a", "abcdef", 2, 3},
		{"", "ab", 2, 2},
		{"hennebergmuseummunnerstadtbibliothekarchivdepot", "hennebergmuseummunnerstadtbibliothekarchivdepto", 2, 1},
	} {
		require.Equal(t, c.want, OSA(c.a, c.b, c.max), "%s/%s", c.a, c.b)
	}
}
