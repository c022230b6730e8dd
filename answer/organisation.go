package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// unknownOrganisation answers a list of an organisation's members when
// the question names no organisation (nor institution, nor kind of
// governance) the data holds: the organisation is none the data knows, so
// nothing is recorded as related to it. Neither the records whose text
// matches nor the set the other words select are its members (the arts
// museums, for "… the Thornbury Fells Arts Council"; the church museums in
// Scotland, for "… run by the Church of Scotland", whose words were read
// as a topic and a place). When words no rule read name it, the answer
// quotes them; otherwise it offers the closest matches by text.
func (p *Base) unknownOrganisation(pln plan.Plan, fused []fusion.Fused) (Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	// "How many museums does the Imaginary Heritage Trust run?": a name
	// of several words the data does not hold is an organisation's name,
	// even when a word of it ("Trust") was also read as a kind of
	// governance
	named := pln.UnusedPhrase(plan.UnusedName) != "" && strings.Contains(pln.UnusedPhrase(plan.UnusedName), " ") && len(pln.Unused(plan.UnusedUnknown)) > 0
	governed := len(c.GovernanceCodes) > 0 || c.Not != nil && len(c.Not.GovernanceCodes) > 0 // "not run by the council" too
	if !c.List || c.Relation == "" || len(c.Bodies)+len(c.Names) > 0 || governed && !named {
		return Draft{}, false
	}
	rel := relationPhrase(pr, c.Relation)
	if len(pln.Unused(plan.UnusedUnknown)) > 0 {
		return noneDraft(pr.Sprintf("No organisation called %s is in the data, so no institution is recorded as %s it.",
			quoteWords(pr, unknownName(pln)), rel)), true
	}
	text := pr.Sprintf("The data holds no organisation by the name in the question, so no institution is recorded as %s it.", rel)
	n := min(len(fused), 5)
	if n == 0 {
		return noneDraft(text), true
	}
	ids := make([]string, n)
	for i := range n {
		ids[i] = fused[i].ID
	}
	return Draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
		var b strings.Builder
		b.WriteString(text)
		b.WriteString(pr.Text(" The closest matches by text are: "))
		p.writeNames(&b, ids, cite)
		return b.String()
	}}, true
}
