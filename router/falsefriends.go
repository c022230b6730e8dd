package router

// falseFriendsOf returns the words not to read as subjects in this
// question: those of a language two or more free words of it show.
func falseFriendsOf(s *scan) map[string]bool {
	skip := map[string]bool{}
	for lang, cues := range s.lex.langCues {
		n := 0
		for i, t := range s.toks {
			if !s.used[i] && cues[t.norm] {
				n++
			}
		}
		if n >= 2 {
			for _, w := range s.lex.falseFriends[lang] {
				skip[w] = true
			}
		}
	}
	return skip
}
