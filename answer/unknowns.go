package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/editdist"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

func quoteWords(pr *locale.Printer, ws []string) string {
	if len(ws) == 0 {
		return pr.Text("the request")
	}
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = "“" + w + "”"
	}
	return strings.Join(q, ", ")
}

// unknownName is what to call the institution a question names that the
// data does not hold: the name-like phrase around its unknown words.
func unknownName(pln plan.Plan) []string {
	if pln.UnusedPhrase(plan.UnusedName) != "" {
		return []string{pln.UnusedPhrase(plan.UnusedName)}
	}
	return pln.Unused(plan.UnusedUnknown)
}

// covers reports whether an institution's names account for the unknown
// words of a question that names no recognised institution: a question
// about "Zentralbibliothek Fantasiestadt" is not about "Sorbische
// Zentralbibliothek".
// namedHit is the first institution of the ranking whose name the
// question writes whole.
func (p *Base) namedHit(question string, fused []fusion.Fused) (*heritage.Institution, bool) {
	for _, f := range fused {
		if in, ok := p.data.Get(f.ID); ok && namedIn(question, in) {
			return in, true
		}
	}
	return nil, false
}

// namedIn reports whether the question writes the institution's name
// whole ("Where is the Heimatmuseum?" of one of the records so called): a
// name several records carry is no name the data lacks.
func namedIn(question string, in *heritage.Institution) bool {
	name := kg.NormalizeName(in.Name)
	return name != "" && strings.Contains(" "+kg.NormalizeName(question)+" ", " "+name+" ")
}

func covers(in *heritage.Institution, unknown []string) bool {
	if len(unknown) == 0 {
		return true
	}
	words := map[string]bool{}
	addName := func(n string) {
		for _, w := range strings.Fields(kg.NormalizeName(n)) {
			words[w] = true
		}
	}
	addName(in.Name)
	for _, a := range in.AltNames() {
		addName(a.Name)
	}
	addName(in.City)
	hit, n := 0, 0
	for _, u := range unknown {
		for _, w := range strings.Fields(kg.NormalizeName(u)) {
			n++
			if words[w] || nearWord(words, w) {
				hit++
			}
		}
	}
	return float64(hit) >= 0.75*float64(n)
}

// nearWord accepts one edit (a swap of two letters counts as one) in a
// word of five letters or more: a typo.
func nearWord(words map[string]bool, w string) bool {
	if len(w) < 5 {
		return false
	}
	for x := range words {
		if len(x) >= 5 && editdist.OSA(x, w, 1) <= 1 {
			return true
		}
	}
	return false
}

// amongSet answers a list question with words the router did not
// understand: the set the understood constraints select, ranked by the
// retrievers (which read every word), and not called exact.
// Only institutions whose records mention those words are offered; when
// none does, the answer says the data has nothing on them.
// ids are the whole set, or with whole false the retrievers' best hits
// (the understood conditions select no set: "Are there any bagpipe
// museums?"), and the answer says which.
func (p *Base) amongSet(pln plan.Plan, ids []string, fused []fusion.Fused, whole bool) Draft {
	pr := locale.For(pln.Lang)
	rank := rankOf(fused)
	var sorted []string
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok && mentions(in, pln.Unused(plan.UnusedDropped)) {
			sorted = append(sorted, id)
		}
	}
	among := pr.Text("matching the rest of the question")
	if !whole {
		among = pr.Text("that match the question best")
	}
	if len(sorted) == 0 {
		if !whole {
			return noneDraft(pr.Sprintf("No field or subject of the data records %s, and none of the %d %s %s mentions it.",
				quoteWords(pr, pln.Unused(plan.UnusedDropped)), len(ids), pr.Plural(TypeNoun(pr, pln.Constraints.TypeCodes), len(ids)), among))
		}
		return noneDraft(pr.Sprintf("Nothing in the data is recorded as %s: none of the %d %s %s mentions it.",
			quoteWords(pr, pln.Unused(plan.UnusedDropped)), len(ids), pr.Plural(TypeNoun(pr, pln.Constraints.TypeCodes), len(ids)), among))
	}
	sortByRank(sorted, rank)
	if !whole {
		// the best matches in the place asked before any outside it
		sorted = p.inPlaceFirst(sorted, pln.Constraints.Places)
	}
	n := min(len(sorted), 5)
	top := sorted[:n]
	noun := TypeNoun(pr, pln.Constraints.TypeCodes)
	return Draft{Answer: Answer{Kind: KindRanked, IDs: top}, render: func(cite func(string) string) string {
		var b strings.Builder
		// the records offered mention the words: what the data lacks
		// is a field or subject that records them
		pr.Fprintf(&b, "No field or subject of the data records %s, so this is not an exact answer. Of the %d %s %s, these mention it, closest first: ",
			quoteWords(pr, pln.Unused(plan.UnusedDropped)), len(ids), pr.Plural(noun, len(ids)), among)
		p.writeNames(&b, top, cite)
		return b.String()
	}}
}

// mentions reports whether a record's names, description, subjects or
// collections contain one of the words (folded; a plural "s" ignored).
func mentions(in *heritage.Institution, phrases []string) bool {
	var words []string
	for _, ph := range phrases {
		for _, w := range strings.Fields(kg.NormalizeName(ph)) {
			if len(w) >= 3 {
				words = append(words, strings.TrimSuffix(w, "s"))
			}
		}
	}
	if len(words) == 0 {
		return false
	}
	texts := []string{in.Name, in.Description, strings.Join(in.Subjects, " ")}
	for _, a := range in.AltNames() {
		texts = append(texts, a.Name)
	}
	for _, c := range in.Collections {
		texts = append(texts, c.Name, c.Subject)
	}
	for _, t := range texts {
		folded := " " + kg.NormalizeName(t)
		for _, w := range words {
			if strings.Contains(folded, " "+w) {
				return true
			}
		}
	}
	return false
}
