package answer

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
)

// broadened makes an exact answer that rests on a subject the question
// names only a part of ("coal mining", read as Mining and quarrying) not
// exact, and says how the words were read.
func broadened(d Draft, pln plan.Plan) Draft {
	c := pln.Constraints
	if !d.Exact || len(c.Broader) == 0 || len(c.Subjects) == 0 || d.render == nil {
		return d
	}
	var leaves []string
	for _, t := range c.Subjects {
		leaf := strings.TrimSpace(t[strings.LastIndex(t, "/")+1:])
		if !slices.Contains(leaves, leaf) {
			leaves = append(leaves, leaf)
		}
	}
	d.Exact = false
	d.notes = append(slices.Clip(d.notes), Broadened{Words: c.Broader, Subjects: leaves})
	return d
}

func (p *Base) rankedAnswer(pln plan.Plan, fused []fusion.Fused) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	if len(fused) > 0 && (!c.List || !c.Selective()) && len(pln.Unused(plan.UnusedUnknown)) > 0 && len(c.Names) == 0 && len(c.Bodies) == 0 {
		// The question names something no recognised institution is
		// called, and none of the best matches carries those words either
		// (a place in the question can rank its museums above the one
		// named: "Is the Horniman Museum in Manchester?"). A list that
		// sets no condition but those words ("Where can I see bagpipes?")
		// asks for the institutions whose names hold them, whatever the
		// best matches hold.
		covered := p.anyCovers(fused[:min(len(fused), 10)], pln.Unused(plan.UnusedUnknown))
		if len(pln.NamedBy) > 0 && (!covered || c.List && len(c.TypeCodes) == 0) {
			return p.namedByDraft(pln)
		}
		if !covered {
			if pln.UnusedPhrase(plan.UnusedName) != "" && !p.anyHolds(fused[:min(len(fused), 10)], pln.UnusedPhrase(plan.UnusedName)) {
				return noneDraft(pr.Sprintf("No institution called %s is in the data.", quoteWords(pr, []string{pln.UnusedPhrase(plan.UnusedName)})))
			}
			// No name, or a name that is part of some institution's
			// while other words were not read ("How far is the Ashmolean
			// from …"): not a claim that the name is not in the data.
			return noneDraft(pr.Sprintf("Nothing in the data matches %s.", quoteWords(pr, pln.Unused(plan.UnusedUnknown))))
		}
	}
	if c.List && len(pln.Unused(plan.UnusedDropped)) > 0 {
		// A list about something no rule understood: offer only the
		// matches whose records mention it.
		var ids []string
		for _, f := range fused {
			// of the kinds asked for ("museums"), when the question names any
			if in, ok := p.data.Get(f.ID); ok && (len(c.TypeCodes) == 0 || slices.Contains(c.TypeCodes, in.TypeCode)) {
				ids = append(ids, f.ID)
			}
		}
		return p.amongSet(pln, ids, fused, false)
	}
	if len(fused) == 0 {
		return Draft{Answer: Answer{Kind: KindNone}, render: func(func(string) string) string {
			return pr.Text("No institution in the data matches the question.")
		}}
	}
	n := min(len(fused), 5)
	ids := make([]string, n)
	for i := range n {
		ids[i] = fused[i].ID
	}
	note := ""
	if c.List && c.Selective() {
		note = pr.Text("No institution matches every condition of the question exactly; the closest matches are: ")
		if len(c.Places) > 0 {
			// the closest in the place asked before any outside it
			all := make([]string, len(fused))
			for i, f := range fused {
				all[i] = f.ID
			}
			ids = p.inPlaceFirst(all, c.Places)[:n]
		}
	}
	if u := pln.Unstated; u != nil {
		// "the same town as the Museum Folkwang", whose record names none
		note = pr.Sprintf("The data states no %s for %s, so the question's condition on it cannot be read; the closest matches are: ", u.Level, u.Name)
	}
	return Draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
		var b strings.Builder
		if note == "" {
			b.WriteString(pr.Text("Best matches: "))
		} else {
			b.WriteString(note)
		}
		p.writeNames(&b, ids, cite)
		return b.String()
	}}
}

// writeNames writes "A [1]; B [2]." for the institutions.
func (p *Base) writeNames(b *strings.Builder, ids []string, cite func(string) string) {
	for i, id := range ids {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.label(id))
		b.WriteString(cite(id))
	}
	b.WriteString(".")
}

// identifierLook is the identifiers of one scheme a question gives.
type identifierLook struct {
	scheme string
	values []string
}

// identifiersAsked are the question's identifiers by scheme, in the order
// a look-up tries them.
func identifiersAsked(c plan.Constraints) []identifierLook {
	return []identifierLook{{"isil", c.ISILs}, {"wikidata", c.QIDs}, {"ghcid", c.GHCIDs}, {"gnd", c.GNDs}, {"ror", c.RORs}}
}

// target resolves the one institution a question is about: by identifier,
// then by name (disambiguated by place and by the fused ranking), then the
// top fused hit when the question names nothing recognisable.
func (p *Base) target(sel *kg.Selection, pln plan.Plan, fused []fusion.Fused) (id, via string) {
	c := pln.Constraints
	for _, look := range identifiersAsked(c) {
		for _, v := range look.values {
			if ids := sel.Lookup(look.scheme, v); len(ids) > 0 {
				return ids[0], look.scheme
			}
		}
	}
	rank := make(map[string]int, len(fused))
	for i, f := range fused {
		rank[f.ID] = i + 1
	}
	best := -1.0
	for _, m := range c.Names {
		if m.Score <= best || len(m.IDs) == 0 {
			continue
		}
		cand := slices.Clone(m.IDs)
		sortByRank(cand, rank)
		if len(c.Places) > 0 {
			for _, x := range cand {
				if in, ok := p.data.Get(x); ok && placeMatches(in, c.Places) {
					cand = []string{x}
					break
				}
			}
		}
		id, via, best = cand[0], "name", m.Score
	}
	if id != "" {
		return id, via
	}
	if len(fused) > 0 && !c.List {
		return fused[0].ID, "ranking"
	}
	return "", ""
}

// sortByRank sorts ids in place by their rank in rank, stably, those
// without a rank last in their order. Most ids of a large set have none
// (rank holds the fused hits), so it looks each id up once and sorts the
// ranked alone, rather than looking two up at each comparison.
func sortByRank(ids []string, rank map[string]int) {
	type ranked struct {
		rank int
		id   string
	}
	var first []ranked
	rest := 0 // ids[:rest] are those without a rank, in their order
	for _, id := range ids {
		if r, ok := rank[id]; ok {
			first = append(first, ranked{r, id})
		} else {
			ids[rest] = id
			rest++
		}
	}
	slices.SortStableFunc(first, func(a, b ranked) int { return a.rank - b.rank })
	copy(ids[len(first):], ids[:rest])
	for i, r := range first {
		ids[i] = r.id
	}
}

// placeMatches reports whether the record lies in one of the places, by
// any of a town's names ("München" is Munich).
func placeMatches(in *heritage.Institution, places []plan.Place) bool {
	return newPlaceMatcher(places, false).match(in)
}

// placeNamed is placeMatches for a yes/no question about where the
// institution is: an area may also be named without the words of its
// kind ("Is Auld Skoll in Shetland?" of the Shetland Islands). A list's
// places are not read so loosely: "… in the City of Edinburgh except
// Edinburgh" leaves out the town, not its council area.
func placeNamed(in *heritage.Institution, places []plan.Place) bool {
	return newPlaceMatcher(places, true).match(in)
}

// placeMatcher compares a record's places with the places of a question
// as the graph's place index does, after heritage.NormalizeName: "St.
// Austell" is the town a record calls "St Austell", "Boness" is
// "Bo'ness". It is made once for the places; each record's fields are
// normalised once, whatever the number of names the places have.
type placeMatcher struct {
	keys []string // the places' names and their towns' other names, normalised
	// cores are the areaCore of each of those names, when an area may be
	// named without the words of its kind (placeNamed); nil otherwise.
	cores []string
}

func newPlaceMatcher(places []plan.Place, loose bool) placeMatcher {
	var m placeMatcher
	for _, pl := range places {
		for _, name := range append([]string{pl.Name}, heritage.TownNames(pl.Name)...) {
			m.keys = append(m.keys, heritage.NormalizeName(name))
			if loose {
				if core := areaCore(name); core != "" {
					m.cores = append(m.cores, core)
				}
			}
		}
	}
	return m
}

// match reports whether the record lies in one of the places.
func (m placeMatcher) match(in *heritage.Institution) bool {
	if len(m.keys) == 0 {
		return false
	}
	for _, v := range [...]string{in.City, in.County(), in.District(), in.Region(), in.Subregion(), in.Country} {
		if v != "" && slices.Contains(m.keys, heritage.NormalizeName(v)) {
			return true
		}
	}
	for _, u := range in.AdminAreas() {
		if slices.Contains(m.keys, heritage.NormalizeName(u.Name)) {
			return true
		}
		if m.cores != nil {
			if core := areaCore(u.Name); core != "" && slices.Contains(m.cores, core) {
				return true
			}
		}
	}
	return false
}

// areaCore is an area's name without the words that say what kind of
// area it is ("Shetland Islands", "County Durham", "Bristol, City of"
// are Shetland, Durham and Bristol), lower case; "" when nothing else is
// left.
func areaCore(name string) string {
	var core []string
	for _, w := range strings.Fields(strings.ToLower(strings.ReplaceAll(name, ",", " "))) {
		if !areaKindWords[w] {
			core = append(core, w)
		}
	}
	return strings.Join(core, " ")
}

// AreaKindWord reports whether w (lower case) names a kind of area in an
// area's name ("islands", "county").
func AreaKindWord(w string) bool { return areaKindWords[w] }

// areaKindWords name a kind of area in an area's name.
var areaKindWords = map[string]bool{
	"islands": true, "isles": true, "isle": true, "county": true, "city": true, "borough": true, "of": true, "the": true,
}

// relationPhrase is how an answer names a relation to an organisation.
func relationPhrase(pr *locale.Printer, rel string) string {
	switch rel {
	case heritage.RelOperatedBy:
		return pr.Text("run by")
	case heritage.RelPartOf:
		return pr.Text("part of")
	}
	return pr.Text("related to")
}

// anyCovers reports whether one of the ranked institutions' names accounts
// for the unknown words (see covers).
func (p *Base) anyCovers(fused []fusion.Fused, unknown []string) bool {
	for _, f := range fused {
		if in, ok := p.data.Get(f.ID); ok && covers(in, unknown) {
			return true
		}
	}
	return false
}

// namedByDraft offers the institutions whose names hold the words the
// question's best matches lack ("bagpipes" in "Where can I see
// bagpipes?"), not as an exact answer.
func (p *Base) namedByDraft(pln plan.Plan) Draft {
	pr := locale.For(pln.Lang)
	ids := pln.NamedBy
	return Draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "No institution matches the question as a whole; these have %s in their names: ", quoteWords(pr, pln.Unused(plan.UnusedUnknown)))
		p.writeNames(&b, ids, cite)
		return b.String()
	}}
}
