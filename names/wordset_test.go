package names

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestSameWordSet: for every fifth Key of the index, sameWordSet agrees with
// comparing keyWordSet's string, on the Key's own word set, on it less a
// word, with a word more, and on a set of stop words; and a form's word
// set is held apart (fWords) only where it is not its Key's.
func TestSameWordSet(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ix, _ := testIndex(t)
	for k := 0; k < ix.keys.Len(); k += 5 {
		key := ix.keys.At(int32(k))
		own := strings.Fields(keyWordSet(key))
		sets := [][]string{own, {"of", "the"}, {}}
		if len(own) > 1 {
			sets = append(sets, own[1:], own[:len(own)-1])
		}
		sets = append(sets, append(append([]string{}, own...), "zzzz"))
		for _, set := range sets {
			want := keyWordSet(key) == strings.Join(set, " ")
			require.Equal(t, want, sameWordSet(key, set), "%q against %q", key, set)
		}
	}
	for f := range ix.fDoc {
		if w := ix.fWords[f]; w >= 0 {
			require.NotEqual(t, keyWordSet(ix.keys.At(ix.fKey[f])), ix.texts.At(w), "form %d", f)
		}
	}
}
