package router

import (
	"slices"
	"strings"
)

// remarkTailAt returns the token where a clause of the asker's closes
// a question or request: after a comma, semicolon or dash, a word of the
// asker (remarkSubjects) or a phrase of remarkTails opens it, it holds
// no question word and it is no longer than a remark ("…, we have guests
// from abroad"); no tag question closes it. It says why the asker asks,
// and asks nothing; Route reads it whole again when it adds a condition
// (refines). It returns 0 when there is none.
func (r *Router) remarkTailAt(question string, toks []token) int {
	if len(toks) < 4 || r.tagStart(question, toks) < len(toks) {
		return 0
	}
	for k := 2; k+1 < len(toks); k++ {
		gap := question[toks[k-1].end:toks[k].start]
		// after a semicolon, any statement that names no kind ("…; the
		// carpool group wants a figure"): Route reads it whole again when
		// it adds a condition
		statement := strings.Contains(gap, ";") && !r.asksAKind(toks[k:]) && !r.opensQuestion(question, toks, k)
		if !strings.ContainsAny(gap, ",;–—") || !statement && !r.remarkOpensAt(question, toks, k) {
			continue
		}
		if len(toks)-k > maxRemark || slices.ContainsFunc(toks[k:], func(t token) bool { return r.lex.whWords[t.norm] }) {
			return 0
		}
		if !r.opensQuestion(question, toks, 0) && r.reread(question[:toks[k-1].end]).Constraints.Empty() {
			return 0 // no question or request before it
		}
		return k
	}
	return 0
}

// remarkOpensAt reports a word of the asker (remarkSubjects) or a phrase
// of remarkTails ("it's for", "het is voor") at token k, a short phrase
// from k to the end that a plain noun closes ("…, allotment society
// newsletter"), or a clause that a word referring back to the answer
// closes ("…; the form needs it"): what the answer is for.
func (r *Router) remarkOpensAt(question string, toks []token, k int) bool {
	last := toks[len(toks)-1].norm
	return r.lex.remarkSubjects[pronounOf(question, toks[k])] ||
		slices.ContainsFunc(r.lex.remarkTails, func(p string) bool { return wordsAt(toks, k, strings.Fields(p)) }) ||
		len(toks)-k <= maxPlainTail && r.lex.plainNouns[last] ||
		len(toks)-k > 2 && r.lex.anaphora[last] && !r.lex.existentialWords[last] && !r.lex.remarkJoins[toks[k].norm] && !r.asksAKind(toks[k:])
}

// maxPlainTail is the most words of a phrase after a question that a
// plain noun closes (remarkOpensAt).
const maxPlainTail = 4
