package router

// falseFriendsOf returns the words not to read as subjects in this
// question: those of a language two or more free words of it show.
func falseFriendsOf(s *scan) map[string]bool {
	skip := map[string]bool{}
	for lang := range s.lex.langCues {
		if langCueCount(s, lang, true) >= minLangCues {
			for _, w := range s.lex.falseFriends[lang] {
				skip[w] = true
			}
		}
	}
	return skip
}

// minLangCues is the fewest function words of a language (langCues) that
// mark a question as written in it.
const minLangCues = 2

// langCueCount counts the function words of the language lang
// (langCues) in the question, only those no reader took when free.
func langCueCount(s *scan, lang string, free bool) int {
	n := 0
	for i, t := range s.toks {
		if s.lex.langCues[lang][t.norm] && !(free && s.used[i]) {
			n++
		}
	}
	return n
}
