package llm

import (
	"embed"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/internal/textfold"
)

// The check's word lists are data (words/README.md says what each holds).
//
//go:embed words/*.txt
var wordFiles embed.FS

// language is a bit set of the languages a stop word belongs to.
type language uint8

const (
	langEN language = 1 << iota
	langDE
	langNL
)

// lexicon holds the word lists, folded for matching.
type lexicon struct {
	stop             map[string]language
	labels           map[string]bool
	institutionWords []string
	connectors       map[string]bool
	abbreviations    map[string]bool
	instructions     []string // folded phrases, each " a b " with spaces either side
	secrets          []string // the same
	roles            map[string]bool
	schemes          map[string]bool
}

// words is the lexicon, read from the embedded files on first use.
var words = sync.OnceValue(func() *lexicon {
	lx := &lexicon{stop: map[string]language{}}
	for file, lang := range map[string]language{"stopwords-en.txt": langEN, "stopwords-de.txt": langDE, "stopwords-nl.txt": langNL} {
		for _, w := range entries(file, textfold.Words) {
			lx.stop[w] |= lang
		}
	}
	lx.labels = set(entries("labels.txt", textfold.Words))
	lx.institutionWords = entries("institution-words.txt", textfold.Words)
	lx.connectors = set(entries("name-connectors.txt", textfold.Fold))
	lx.abbreviations = set(entries("abbreviations.txt", strings.ToLower))
	lx.instructions = phrases(entries("instructions.txt", textfold.Words))
	lx.secrets = phrases(entries("secrets.txt", textfold.Words))
	lx.roles = set(entries("roles.txt", textfold.Words))
	lx.schemes = set(entries("schemes.txt", strings.ToLower))
	return lx
})

// entries reads one word list: a line is an entry, "#" starts a comment.
// norm folds each entry; empty ones are left out. A missing file is a
// build error, so reading cannot fail at run time.
func entries(file string, norm func(string) string) []string {
	b, err := wordFiles.ReadFile("words/" + file)
	if err != nil {
		panic("llm: word list " + file + ": " + err.Error())
	}
	var out []string
	for line := range strings.Lines(string(b)) {
		line, _, _ = strings.Cut(line, "#")
		if e := norm(strings.TrimSpace(line)); e != "" {
			out = append(out, e)
		}
	}
	return out
}

func set(ws []string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func phrases(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = " " + w + " "
	}
	return out
}
