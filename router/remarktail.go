package router

import (
	"slices"
	"strings"
)

// remarkTailAt returns the token where a clause of the asker's closes
// a question or request: after a comma, semicolon or dash, a word of the
// asker (remarkSubjects) opens it, it holds no question word and it is
// no longer than a remark ("…, we have guests from abroad"); no tag
// question closes it. It says why the asker asks, and asks nothing;
// Route reads it whole again when it adds a condition (refines). It
// returns 0 when there is none.
func (r *Router) remarkTailAt(question string, toks []token) int {
	if len(toks) < 4 || !r.opensQuestion(question, toks, 0) || r.tagStart(question, toks) < len(toks) {
		return 0
	}
	for k := 2; k+1 < len(toks); k++ {
		if !strings.ContainsAny(question[toks[k-1].end:toks[k].start], ",;–—") || !r.lex.remarkSubjects[pronounOf(question, toks[k])] {
			continue
		}
		if len(toks)-k > maxRemark || slices.ContainsFunc(toks[k:], func(t token) bool { return r.lex.whWords[t.norm] }) {
			return 0
		}
		return k
	}
	return 0
}
