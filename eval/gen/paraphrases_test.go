package gen

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
)

// Needs of each kind in the checked-in paraphrase sets.
const (
	nParaphraseNeeds = 20
	nHeldOutNeeds    = 10
)

var (
	paraphrasesFile = filepath.Join("..", "..", "testdata", "generated", "paraphrases.jsonl")
	heldOutFile     = filepath.Join("..", "..", "testdata", "generated", "paraphrases_heldout.jsonl")
)

// checkParaphrases checks the shape of a paraphrase set: every need is
// asked in the six English styles, once in Dutch and once in German,
// with one gold answer; every kind has at least min needs.
func checkParaphrases(t *testing.T, qs []eval.Question, min int) {
	t.Helper()
	type needShape struct {
		frame, answer string
		styles        map[string]bool
		langs         map[string]int
	}
	needs := map[string]*needShape{}
	for _, q := range qs {
		require.NotContains(t, q.Question, "{", q.ID)
		require.NotEmpty(t, q.Need, q.ID)
		n := needs[q.Need]
		if n == nil {
			n = &needShape{frame: q.Frame, answer: q.Answer, styles: map[string]bool{}, langs: map[string]int{}}
			needs[q.Need] = n
		}
		require.Equal(t, n.frame, q.Frame, q.ID)
		require.Equal(t, n.answer, q.Answer, q.ID)
		if q.Lang == LangEN {
			n.styles[q.Style] = true
		}
		n.langs[q.Lang]++
	}
	kinds := map[string]int{}
	for id, n := range needs {
		require.Len(t, n.styles, len(englishStyles), id)
		require.Equal(t, map[string]int{LangEN: len(englishStyles), LangNL: 1, LangDE: 1}, n.langs, id)
		kinds[n.frame]++
	}
	for _, k := range NeedKinds() {
		require.GreaterOrEqual(t, kinds[k], min, k)
	}
}

func TestGeneratedParaphrases(t *testing.T) {
	ds := embedded(t)
	qs, err := Paraphrases(ds, seed, nParaphraseNeeds)
	require.NoError(t, err)
	checkGenerated(t, paraphrasesFile, qs, eval.ReadQuestions, ds)
	checkParaphrases(t, qs, 10)
	require.GreaterOrEqual(t, len(qs)/8, 300, "needs")

	held, err := HeldOutParaphrases(ds, seed, nHeldOutNeeds)
	require.NoError(t, err)
	checkGenerated(t, heldOutFile, held, eval.ReadQuestions, ds)
	checkParaphrases(t, held, 5)
}

func TestParaphrasesDeterministic(t *testing.T) {
	ds := embedded(t)
	a, err := Paraphrases(ds, 7, 3)
	require.NoError(t, err)
	b, err := Paraphrases(ds, 7, 3)
	require.NoError(t, err)
	require.Equal(t, jsonl(t, a), jsonl(t, b), "same seed, same paraphrases")
	c, err := Paraphrases(ds, 8, 3)
	require.NoError(t, err)
	require.NotEqual(t, jsonl(t, a), jsonl(t, c), "another seed, other paraphrases")
}

// The held-out templates share no wording with the main ones, and no
// other code reads their file.
func TestHeldOutTemplatesApart(t *testing.T) {
	main, err := mainWordings()
	require.NoError(t, err)
	held, err := heldOutWordings()
	require.NoError(t, err)
	used := map[string]bool{}
	for _, ts := range main {
		for _, s := range ts {
			used[strings.ToLower(s)] = true
		}
	}
	for k, ts := range held {
		for _, s := range ts {
			require.False(t, used[strings.ToLower(s)], "%v: %q is also a main template", k, s)
		}
	}

	root := filepath.Join("..", "..")
	var readers []string
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || filepath.Ext(path) != ".go" || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		// Code reads the file through an embed directive or a path in a
		// string; comments may name it.
		for _, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, "heldout.tsv") && (strings.Contains(line, "go:embed") || strings.Contains(line, `"`)) {
				rel, _ := filepath.Rel(root, path)
				readers = append(readers, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	}))
	require.Equal(t, []string{"eval/gen/paraphrases.go"}, readers)
}

func TestReadWordingsRejectsBadLines(t *testing.T) {
	for _, tc := range []struct{ name, text, lang string }{
		{"fields", "field_isil\tquestion", LangEN},
		{"style", "field_isil\tshouting\tISIL OF {name}!", LangEN},
		{"language", "fr\tfield_isil\tquestion\tQuel est l'ISIL de {name} ?", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Error(t, readWordings(wordings{}, tc.text, tc.lang))
		})
	}
	w := wordings{}
	require.NoError(t, readWordings(w, "# comment\n\nfield_isil\tquestion\tISIL of {name}?\n", LangEN))
	require.Equal(t, wordings{{LangEN, "field_isil", StyleQuestion}: {"ISIL of {name}?"}}, w)
}
