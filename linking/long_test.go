package linking

import (
	"context"
	"testing"

	"github.com/hybridrag/hybridrag/testtools/lineartest"
)

// A name of one very long word (an enrich row's cell) is linked in time
// linear in its length.
func TestLinkLongWordLinear(t *testing.T) {
	l := testLinker(t)
	lineartest.Check(t, func(s string) {
		if _, err := l.Link(context.Background(), Query{Text: s, City: s}, 5); err != nil {
			t.Error(err)
		}
	})
}
