package router

// bodyRelation infers the relation from a verb when a body was named but no
// relation cue matched.
func bodyRelation(s *scan) string {
	// a request that opens the question ("run through") is no verb of it
	for _, t := range s.toks[requestPhraseEnd(s):] {
		if s.lex.operateVerbs[t.norm] {
			return "operated_by"
		}
	}
	if s.hasAny(s.lex.partOfVerbs...) {
		return "part_of"
	}
	return ""
}

// requestPhraseEnd returns the token after a phrase of requestWords of
// two words or more that opens the question ("run through"), or 0.
func requestPhraseEnd(s *scan) int {
	end := 0
	for p := range s.lex.requestWords {
		if n, ok := s.matchAt(0, p); ok && n >= 2 && n > end {
			end = n
		}
	}
	return end
}
