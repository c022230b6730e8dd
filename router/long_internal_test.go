package router

import (
	"testing"

	"github.com/hybridrag/hybridrag/internal/textfold"
	"github.com/hybridrag/hybridrag/testtools/lineartest"
)

func TestTokenizeLinear(t *testing.T) {
	lineartest.Check(t, func(s string) {
		toks := tokenize("Museum "+s+" Kent", true)
		if len(toks) != 3 || len(toks[1].norm) != textfold.MaxWord {
			t.Errorf("tokens of a long word: %d, the long one %d bytes", len(toks), len(toks[1].norm))
		}
		_ = DefaultLexicon().nameKeys(s)
	})
}
