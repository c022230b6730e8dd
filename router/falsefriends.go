package router

// langCues are function words that mark a question as German or Dutch.
var langCues = map[string]map[string]bool{
	"de": setOf("der", "die", "das", "des", "dem", "ist", "sind", "welche", "welcher", "welches", "wann", "wo",
		"wie", "wer", "gibt", "ein", "eine", "einen", "und", "zu", "zum", "zur", "von", "mit", "im", "auf", "fur",
		"uber", "nach", "seit", "wurde", "wurden", "haben", "museen", "sammlungen", "zeige", "nenne"),
	"nl": setOf("het", "een", "welke", "welk", "zijn", "hebben", "heeft", "wanneer", "waar", "wat", "hoe", "er",
		"voor", "met", "naar", "musea", "toon", "geef", "noem", "ook", "collecties", "sinds", "bij", "uit", "werd"),
}

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// falseFriendsOf returns the words not to read as subjects in this
// question: those of a language two or more free words of it show.
func falseFriendsOf(s *scan) map[string]bool {
	skip := map[string]bool{}
	for lang, cues := range langCues {
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
