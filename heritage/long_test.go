package heritage

import (
	"testing"

	"github.com/hybridrag/hybridrag/internal/textfold"
	"github.com/hybridrag/hybridrag/testtools/lineartest"
)

func TestNormalizeNameLinear(t *testing.T) {
	lineartest.Check(t, func(s string) {
		if got := NormalizeName("Museum " + s + " & Co"); len(got) != len("museum  and co")+textfold.MaxWord {
			t.Errorf("NormalizeName kept %d bytes", len(got))
		}
	})
}
