package embed

import (
	"slices"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/internal/textfold"
	"github.com/hybridrag/hybridrag/testtools/lineartest"
)

func TestHashingLinear(t *testing.T) {
	h := NewHashing(0)
	lineartest.Check(t, func(s string) { _ = h.EmbedOne("museum " + s) })
}

func TestHashingCutsLongWords(t *testing.T) {
	h := NewHashing(0)
	word := strings.Repeat("abc", 100)
	if !slices.Equal(h.EmbedOne(word), h.EmbedOne(word[:textfold.MaxWord])) {
		t.Error("a word past textfold.MaxWord runes embeds differently from its first MaxWord runes")
	}
}

func TestNormalizeLinear(t *testing.T) {
	lineartest.Check(t, func(s string) { _ = Normalize(s) })
}
