package router

// bodyRelation infers the relation from a verb when a body was named but no
// relation cue matched.
func bodyRelation(s *scan) string {
	for _, t := range s.toks {
		if s.lex.operateVerbs[t.norm] {
			return "operated_by"
		}
	}
	if s.hasAny(s.lex.partOfVerbs...) {
		return "part_of"
	}
	return ""
}
