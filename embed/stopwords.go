package embed

// isStopWord reports whether a normalised word carries no topic: English
// function and question words, plus the commonest German and Dutch
// articles and prepositions found in institution names.
func isStopWord(w []byte) bool {
	switch len(w) {
	case 1:
		return w[0] == 'a' || w[0] == 'i' || w[0] == 's'
	case 2, 3, 4, 5, 6, 7, 8:
		_, ok := stopWords[string(w)] // no allocation: the compiler reuses the bytes
		return ok
	}
	return false
}

var stopWords = func() map[string]struct{} {
	words := []string{
		// English
		"an", "the", "and", "or", "of", "in", "on", "at", "to", "for", "by", "with", "from", "into",
		"is", "are", "was", "were", "be", "been", "it", "its", "as", "this", "that", "these", "those",
		"which", "what", "who", "whom", "whose", "where", "when", "how", "why", "there", "their",
		"do", "does", "did", "has", "have", "had", "can", "could", "would", "should", "any", "all",
		"me", "my", "i", "you", "we", "our", "tell", "list", "show", "give", "find", "about", "some",
		"near", "than", "then", "also", "not", "no", "yes",
		// German
		"der", "die", "das", "des", "dem", "den", "und", "fur", "von", "vom", "zu", "zum", "zur", "im", "am", "ein", "eine",
		// Dutch
		"de", "het", "een", "van", "en", "voor", "te",
	}
	m := make(map[string]struct{}, len(words))
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}()
