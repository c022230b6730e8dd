package bm25

import (
	"bytes"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"

	"github.com/hybridrag/hybridrag/internal/textfold"
)

// analyzer turns text into index terms: words folded by textfold (lower
// case, diacritics and ligatures spelled out, split at everything but
// letters and digits), stop words and one-letter words dropped, the rest
// reduced by the Snowball English stemmer ("museums" → "museum"). A word
// keeps its first textfold.MaxWord runes, cut before it is stemmed: the
// stemmer's work grows with the square of a word's length ("yyyy…").
// Identifiers split at their punctuation ("DE-MUS-165711" → "de", "mus",
// "165711"), on the record's side and the question's alike.
//
// An analyzer reuses its buffer; it is not safe for concurrent use.
type analyzer struct {
	buf []byte
}

// eachWord calls f with each folded word of s, in text order with
// repeats; w is valid only during the call.
func (a *analyzer) eachWord(s string, f func(w []byte)) {
	a.buf = textfold.AppendWords(a.buf[:0], s)
	for w := range bytes.SplitSeq(a.buf, []byte{' '}) {
		f(w)
	}
}

// appendTerms appends the terms of s to dst, in text order with repeats.
func (a *analyzer) appendTerms(dst []string, s string) []string {
	a.eachWord(s, func(w []byte) {
		if t, ok := term(string(w)); ok {
			dst = append(dst, t)
		}
	})
	return dst
}

// term is the index term of one folded word; ok is false for a word that
// is not indexed.
func term(w string) (string, bool) {
	if len(w) < 2 || stopWords[w] {
		return "", false
	}
	return stem(w), true
}

// stem is the Snowball English stem of a folded word.
func stem(w string) string {
	env := snowballstem.NewEnv(w)
	english.Stem(env)
	return env.Current()
}

// stopWords are words too common to say anything about a record or a
// question: English ones (englishStopWords), and the German and Dutch function
// and question words of foreignStopWords.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range foreignStopWords {
		m[w] = true
	}
	for _, w := range englishStopWords {
		m[w] = true
	}
	return m
}()

// englishStopWords are Lucene's English stop words and English question
// words.
var englishStopWords = []string{
	"a", "an", "and", "are", "as", "at", "be",
	"but", "by", "for", "if", "in", "into", "is",
	"it", "no", "not", "of", "on", "or", "such",
	"that", "the", "their", "then", "there", "these",
	"they", "this", "to", "was", "will", "with",
	// and the words questions are asked with
	"which", "what", "who", "whom", "whose", "where", "when", "how", "many", "much",
	"do", "does", "did", "have", "has", "had", "been", "were", "from", "its", "can",
	"you", "your", "my", "we", "our", "about", "any", "some", "all",
}

// foreignStopWords are German and Dutch function and question words: a
// fifth of the questions each is German or Dutch, and the records' German
// and Dutch names hold these words too ("Museum der Stadt").
var foreignStopWords = []string{
	// German
	"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer",
	"und", "oder", "ist", "sind", "gibt", "es", "im", "zu", "zum", "zur", "von", "vom",
	"mit", "bei", "welche", "welcher", "welches", "wo", "wie", "viele", "haben", "hat",
	"wann", "was", "wer", "mir", "zeig", "zeige", "nenne", "liegt", "befindet", "sich",
	// Dutch
	"de", "het", "een", "en", "van", "op", "te", "er", "zijn", "welke", "welk", "waar",
	"hoeveel", "heeft", "hebben", "dat", "wat", "wie", "met", "voor", "bij", "naar",
	"geef", "toon", "noem", "ligt", "staat", "mij", "overzicht",
}
