package names

import (
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/internal/textfold"
	"github.com/hybridrag/hybridrag/testtools/lineartest"
)

func TestAnalyzeLinear(t *testing.T) {
	lineartest.Check(t, func(s string) {
		if k := Key("The " + s + " Trust"); len(k) > len("the trust ")+textfold.MaxWord {
			t.Errorf("Key kept %d bytes of a long word", len(k))
		}
		_ = Words(s)
		_ = wordSet(s)
		_ = allWords(strings.ToLower(s))
	})
}
