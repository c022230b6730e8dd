package textfold

import (
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/testtools/lineartest"
)

func TestWordsKeepMaxWordRunes(t *testing.T) {
	long := strings.Repeat("É", MaxWord+10)
	got := Words("Das " + long + " Museum")
	want := "das " + strings.Repeat("e", MaxWord) + " museum"
	if got != want {
		t.Errorf("Words kept %d bytes of the long word, want %q", len(got), want)
	}
	if got := Words(strings.Repeat("ß", MaxWord+1)); got != strings.Repeat("ss", MaxWord) {
		t.Errorf("a word of %d ß: %d bytes, want the spelling of the first %d runes", MaxWord+1, len(got), MaxWord)
	}
	if got := Words(strings.Repeat("a", MaxWord)); len(got) != MaxWord {
		t.Errorf("a word of MaxWord runes lost runes: %d", len(got))
	}
}

func TestWordsLinear(t *testing.T) {
	lineartest.Check(t, func(s string) { _ = Words(s) })
}
