package router

import (
	"slices"
	"strings"
)

// thenTest reads a yes/no question asked of the one institution whose
// field a first clause asks for (a field question, "and", then a yes/no
// question with a pronoun): the second clause, its pronoun replaced by
// the institution's name, is read as a question of its own, and its test
// becomes the plan's Then. Before, the second clause was dropped and the
// field answered alone.
func (r *Router) thenTest(plan *Plan) {
	c := plan.Constraints
	if plan.Frame != FrameField && plan.Frame != FrameRelation || c.Field == "" || c.List || len(c.Names) != 1 || len(c.Names[0].IDs) == 0 {
		return
	}
	if c.Field == "successor" || c.Field == "predecessor" {
		// a relation to another institution in the first clause: "it"
		// may be the answer, another institution
		return
	}
	s := newScan(plan.Question, r.lex)
	k := yesNoClause(s)
	if k == 0 {
		return
	}
	pronoun := s.toks[k+1]
	second := plan.Question[s.toks[k].start:pronoun.start] + c.Names[0].Name + plan.Question[pronoun.end:]
	then := r.reread(second)
	tc := then.Constraints
	if then.Frame != FrameYesNo || then.Test == nil || len(tc.Names) != 1 || !slices.Equal(tc.Names[0].IDs, c.Names[0].IDs) {
		return
	}
	plan.Then = &Then{Test: *then.Test, Places: tc.Places}
	plan.Then.NotUsed.Set(UnusedUnread, then.Unused(UnusedUnread)...)
}

// yesNoClause returns the token at which a yes/no question about "it"
// starts after a first clause (after "and", a comma or a question mark),
// or 0.
func yesNoClause(s *scan) int {
	for k := 2; k+2 < len(s.toks); k++ {
		if !s.lex.yesNoStarts[s.toks[k].norm] || !s.lex.clausePronouns[s.toks[k+1].norm] {
			continue
		}
		prev := s.toks[k-1]
		between := s.text[prev.end:s.toks[k].start]
		if s.lex.clauseJoiners[prev.norm] || strings.ContainsAny(between, ",;?") {
			return k
		}
	}
	return 0
}
