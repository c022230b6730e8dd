package router

// plainWord reports a common word of the languages read: the readers
// that allow a typo leave it as typed, whatever row it lies within a typo
// of. A common word is far likelier meant as written than as a slip for
// a cue or topic word ("morgen" is no misspelt "zorgen"). The common
// words are those of commonWords, fillerWords and typoStop; the
// lexicon's tests find the frequent words of each language within a
// typo of a row that a reader would read as that row.
func (lex *Lexicon) plainWord(w string) bool {
	return lex.typoStop[w] || lex.commonWords[w] || lex.fillerSet[w]
}
