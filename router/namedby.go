package router

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/names"
)

// offTopic reports a question with nothing a heritage dataset can answer:
// no institution, identifier, body, type, topic, field or time, only words
// the rules do not know (and perhaps a place: "the weather in Amsterdam").
func offTopic(c Constraints) bool {
	return len(c.Names)+len(c.Bodies)+len(c.TypeCodes)+len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes)+
		len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) == 0 &&
		c.Field == "" && c.Years == nil && c.Accreditation == "" && c.Relation == ""
}

// namedByLimit is the most records namedBy returns.
const namedByLimit = 5

// namedBy returns the records (at most namedByLimit) whose names hold
// every unknown word of four letters or more, as written or as its
// singular, best first: a question whose only content word is a word of
// institutions' names is about them, not off-topic, and one whose words
// no name holds stays off-topic.
func (g *gazetteer) namedBy(phrases []string) []string {
	var ws []string
	for _, p := range phrases {
		for _, w := range strings.Fields(normalize(p)) {
			if len(w) >= 4 && !g.lex.nameStop[w] {
				ws = append(ws, w)
			}
		}
	}
	if len(ws) == 0 {
		return nil
	}
	var out []string
	for _, h := range g.nameIx.get().Search(strings.Join(ws, " "), names.Options{Limit: 2 * namedByLimit}) {
		if len(out) == namedByLimit || !g.docHoldsAll(h.Doc, ws) {
			continue
		}
		if id := g.nameIx.ds.Institutions[h.Doc].ID; !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// docHoldsAll reports whether one of a record's names has every word, as
// written or as its singular ("bagpipes" in "Bagpipe Museum"): a word one
// edit from another ("morgen", "Morgan") is a different word.
func (g *gazetteer) docHoldsAll(doc int32, ws []string) bool {
	for _, e := range g.nameIx.byDoc(doc) {
		key := " " + g.key(e) + " "
		all := true
		for _, w := range ws {
			all = all && (strings.Contains(key, " "+w+" ") || strings.Contains(key, " "+strings.TrimSuffix(w, "s")+" "))
		}
		if all {
			return true
		}
	}
	return false
}
