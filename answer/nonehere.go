package answer

import (
	"cmp"
	"context"

	"slices"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// A list of one kind of institution in a place ("Which museums are in
// Amsterdam?", "Are there any libraries in Amsterdam?") may select none
// where the data places institutions of other kinds. The closest matches
// by text are then the wrong answer: records of the kind elsewhere, or
// named after the town and placed nowhere. The answer says that the data
// places none of the kind there and which kinds it has there; while
// records of the kind in the place's countries name no town, it is not
// exact and counts them, as a list is (see unplacedNote).

// oneKindInPlace reports whether the question lists one kind of
// institution in one place (or asks for the first of them in an order)
// and sets no other condition the answer could not name: a place it
// lies near, broader places, exceptions, names, relations, subjects,
// years and the like; a list of closed ones is none of the kind closed,
// not none of the kind.
func oneKindInPlace(pl plan.Plan) bool {
	c := pl.Constraints
	if !c.List || len(pl.Sides) > 1 || len(c.TypeCodes) != 1 || len(c.Places) != 1 || c.NearPlace || c.Status == "closed" ||
		len(c.Names) > 0 || c.HasIDs() || c.Relation != "" || len(c.Postcodes) > 0 || c.Share || len(pl.Unused(plan.UnusedDropped)) > 0 {
		return false
	}
	bare := c
	// an order of none is none ("the oldest library in Leiden")
	bare.TypeCodes, bare.Places, bare.Status, bare.Order = nil, nil, "", nil
	return !bare.Selective()
}

// selectOthers fills sel.Others for a list of one kind in a place that
// selects none, open or closed (see oneKindInPlace): the same conditions
// without the kind.
func (p *Base) selectOthers(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	if len(sel.Main)+len(sel.Closed) > 0 || !oneKindInPlace(*pl) {
		return nil
	}
	c := pl.Constraints.Clone()
	c.TypeCodes = nil
	ids, err := p.graph.Select(ctx, c, sel.AsOf)
	if err != nil {
		return err
	}
	sel.Others = ids
	return nil
}

// noneOfKind answers a list, count or existence question of one kind of
// institution in a place where the data places none of the kind but
// others (sel.Others): "The data places no museum in Amsterdam; it has 3
// other institutions there: 2 research centres, 1 archive". A yes/no
// (plan.Exists) says No, or that the data cannot tell while records of
// the kind name no town; a count says 0.
func (p *Base) noneOfKind(sel *kg.Selection, pl plan.Plan) Draft {
	pr := locale.For(pl.Lang)
	c := pl.Constraints
	unplaced := p.unplacedNote(sel, pl, nil)
	a := Answer{Kind: KindSet, Exact: unplaced == "" && len(pl.Unused(plan.UnusedUnread)) == 0}
	if pl.Frame == plan.FrameCount {
		a.Value = "0"
	}
	core := pr.Sprintf("places no %s in %s; it has %s", TypeNoun(pr, c.TypeCodes), placeShown(c.Places[0]), p.otherKinds(pr, sel.Others))
	namesakes := p.namesakes(c)
	absent := p.kindAbsent(c)
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		switch {
		case pl.Frame == plan.FrameCount:
			b.WriteString(pr.Text("None: the data ") + core)
		case pl.Exists && unplaced != "":
			b.WriteString(pr.Text("The data cannot tell: it ") + core)
		case pl.Exists:
			b.WriteString(pr.Text("No: the data ") + core)
		default:
			b.WriteString(pr.Text("The data ") + core)
		}
		if absent != "" {
			pr.Fprintf(&b, ". The data holds no %s in %s at all", TypeNoun(pr, c.TypeCodes), absent)
		}
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		writeNotes(pr, &b, nil, p.unreadNotes(pl.Unused(plan.UnusedUnread))...)
		writeNotes(pr, &b, nil, notExact(unplaced))
		p.writeNamesakes(pr, &b, namesakes, c.Places[0], cite)
		return b.String() + "."
	}}
}

// kindAbsent names the country of the place when the data holds no
// institution of the kind there at all ("the Netherlands", of
// galleries), or is "": a user then knows not to look in another town.
func (p *Base) kindAbsent(c plan.Constraints) string {
	a := p.areaOf(c.Places[0])
	if a == nil || len(a.countries) != 1 {
		return ""
	}
	if p.lookups.hasKind(a.countries[0], c.TypeCodes[0]) {
		return ""
	}
	return countryPhrase(a.countries[0])
}

// namesakes are the institutions of the kind asked for (and the status,
// when the question asks for open ones) whose names hold the place's
// name and which the data does not place there: "Verzetsmuseum
// Amsterdam", whose record names no town. They are no members of the
// list, but the answer names them so that none is taken for missing.
func (p *Base) namesakes(c plan.Constraints) []*heritage.Institution {
	pl := c.Places[0]
	words := strings.Fields(heritage.NormalizeName(pl.Name))
	if len(words) == 0 {
		return nil
	}
	// the names that hold the words are among those with a word that
	// nameHolds takes for the longest (the rarest, most likely)
	longest := slices.MaxFunc(words, func(a, b string) int { return len(a) - len(b) })
	var out []*heritage.Institution
	for _, i := range p.lookups.nameRecords(heritage.NormalizeName(longest)) {
		in := &p.data.Institutions[i]
		if in.TypeCode != c.TypeCodes[0] || c.Status == "open" && !in.IsOpen() {
			continue
		}
		// a name that holds the words holds each as a substring
		if name := heritage.NormalizeName(in.Name); !allContained(name, words) || !nameHolds(name, words) || placeMatches(in, c.Places) {
			continue
		}
		out = append(out, in)
	}
	return out
}

// writeNamesakes names the first namesakes of the place, those whose
// records name no town apart from those placed elsewhere: "Named after
// Amsterdam, with no town in their records: Verzetsmuseum Amsterdam".
func (p *Base) writeNamesakes(pr *locale.Printer, b *strings.Builder, namesakes []*heritage.Institution, pl plan.Place, cite func(string) string) {
	var nowhere, elsewhere []*heritage.Institution
	for _, in := range namesakes {
		if len(p.data.Towns(in)) == 0 {
			nowhere = append(nowhere, in)
		} else {
			elsewhere = append(elsewhere, in)
		}
	}
	place := placeShown(pl)
	if len(nowhere) > 0 {
		records := pr.Text("its record")
		if len(nowhere) > 1 {
			records = pr.Text("their records")
		}
		pr.Fprintf(b, ". Named after %s, with no town in %s: ", place, records)
		writeFirst(pr, b, nowhere, func(in *heritage.Institution) string { return in.Name + cite(in.ID) })
	}
	if len(elsewhere) > 0 {
		pr.Fprintf(b, ". Named after %s, placed elsewhere: ", place)
		writeFirst(pr, b, elsewhere, func(in *heritage.Institution) string {
			return pr.Sprintf("%s%s (%s)", in.Name, cite(in.ID), p.data.Towns(in)[0].Name)
		})
	}
}

// namesakesShown is how many namesakes of a place an answer names in
// each group before "and N more".
const namesakesShown = 3

// writeFirst writes the first namesakesShown institutions, as item
// writes them, and counts the rest.
func writeFirst(pr *locale.Printer, b *strings.Builder, ins []*heritage.Institution, item func(*heritage.Institution) string) {
	for i, in := range ins {
		if i == namesakesShown {
			pr.Fprintf(b, " and %d more", len(ins)-i)
			return
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(item(in))
	}
}

// otherKinds counts the institutions by kind, the most frequent first:
// "3 other institutions there: 2 research centres, 1 archive".
func (p *Base) otherKinds(pr *locale.Printer, ids []string) string {
	count := map[string]int{}
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok {
			count[in.TypeCode]++
		}
	}
	codes := make([]string, 0, len(count))
	for code := range count {
		codes = append(codes, code)
	}
	slices.SortFunc(codes, func(a, b string) int {
		return cmp.Or(count[b]-count[a], strings.Compare(kindName(a, 1), kindName(b, 1)))
	})
	parts := make([]string, len(codes))
	for i, code := range codes {
		parts[i] = pr.Sprintf("%d %s", count[code], pr.Text(kindName(code, count[code])))
	}
	return pr.Sprintf("%d other %s there: %s", len(ids), pr.Plural("institution", len(ids)), strings.Join(parts, ", "))
}

// kindNames are the nouns of the institution types, singular and plural,
// by type code.
var kindNames = map[string][2]string{
	"M": {"museum", "museums"},
	"L": {"library", "libraries"},
	"A": {"archive", "archives"},
	"G": {"gallery", "galleries"},
	"R": {"research centre", "research centres"},
	"B": {"botanical garden or zoo", "botanical gardens or zoos"},
	"E": {"education provider", "education providers"},
	"O": {"official institution", "official institutions"},
	"S": {"collecting society", "collecting societies"},
	"H": {"holy site", "holy sites"},
}

// kindName is the English noun of a type code for n institutions, for
// pr.Text to translate.
func kindName(code string, n int) string {
	names, ok := kindNames[code]
	if !ok {
		names = [2]string{"institution of unknown type", "institutions of unknown type"}
	}
	if n == 1 {
		return names[0]
	}
	return names[1]
}

// allContained reports whether s holds every word as a substring.
func allContained(s string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

// selectUnsubjected fills sel.Unsubjected for a list with a condition on
// subjects that selects nothing: the institutions meeting its other
// conditions, when none of them states a subject. "Which museums in
// Germany are about railways?" selects none because no German record
// states its subjects, not because none is about railways.
func (p *Base) selectUnsubjected(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	c := pl.Constraints
	if len(sel.Main)+len(sel.Closed) > 0 || len(c.Subjects) == 0 || !c.List {
		return nil
	}
	ids, broader, stated, err := p.withoutSubjects(ctx, c, sel.AsOf)
	if err != nil || len(ids) == 0 {
		return err
	}
	sel.BroaderSubject = broader
	if !stated {
		sel.Unsubjected, sel.BroaderSubject = ids, nil
	}
	return nil
}

// withoutSubjects selects what c selects without its subjects: ids; of
// those, the ones recorded under the broader subject of one asked
// (underBroader); and whether any of them states a subject.
func (p *Base) withoutSubjects(ctx context.Context, c plan.Constraints, asOf int) (ids, broader []string, stated bool, err error) {
	rest := c.Clone()
	rest.Subjects = nil
	ids, err = p.graph.Select(ctx, rest, asOf)
	if err != nil {
		return nil, nil, false, err
	}
	for _, id := range ids {
		in, ok := p.data.Get(id)
		if !ok || len(in.Subjects) == 0 {
			continue
		}
		stated = true
		if slices.ContainsFunc(in.Subjects, underBroader(c.Subjects)) {
			broader = append(broader, id)
		}
	}
	return ids, broader, stated, nil
}

// broaderSubject selects, for constraints with a subject that has a
// broader one, what they select under the broader subject instead; nil
// when no subject asked has a broader one.
func (p *Base) broaderSubject(ctx context.Context, c plan.Constraints, asOf int) ([]string, error) {
	if !slices.ContainsFunc(c.Subjects, func(s string) bool { return strings.Contains(s, " / ") }) {
		return nil, nil
	}
	_, broader, _, err := p.withoutSubjects(ctx, c, asOf)
	return broader, err
}

// underBroader returns whether a recorded subject lies under the broader
// subject of one of the subjects asked ("Natural world / Mixed" under
// "Natural world", for "Natural world / Dinosaurs"). A subject asked with
// no broader one has none.
func underBroader(asked []string) func(string) bool {
	return func(recorded string) bool {
		for _, a := range asked {
			top, _, narrow := strings.Cut(a, " / ")
			if narrow && strings.HasPrefix(recorded, top+" /") {
				return true
			}
		}
		return false
	}
}

// noneOfSubject answers a list by subject that selects none while some of
// the institutions meeting its other conditions are recorded under the
// subject's broader one (sel.BroaderSubject): "No museum the question
// selects is recorded under Natural world / Dinosaurs. Under Natural
// world it selects 4: Natural History Museum (Natural world / Mixed) …".
// The data gives each institution's subjects by category, so one recorded
// under another part of the broader subject may hold what was asked: the
// answer is not exact. Those recorded under the mixed part of the broader
// subject come first (they may hold any part of it), then in the order of
// the ranking (those it does not hold last, as the data has them).
func (p *Base) noneOfSubject(sel *kg.Selection, pl plan.Plan, fused []fusion.Fused) Draft {
	pr := locale.For(pl.Lang)
	c := pl.Constraints
	rank := rankOf(fused)
	ids := slices.Clone(sel.BroaderSubject)
	mixed := func(id string) bool {
		in, ok := p.data.Get(id)
		return ok && slices.ContainsFunc(in.Subjects, func(s string) bool { return strings.HasSuffix(s, " / Mixed") })
	}
	slices.SortStableFunc(ids, func(a, b string) int {
		if ma, mb := mixed(a), mixed(b); ma != mb {
			if ma {
				return -1
			}
			return 1
		}
		ra, rb := rank[a], rank[b]
		switch {
		case ra == rb:
			return 0
		case ra == 0:
			return 1
		case rb == 0:
			return -1
		}
		return ra - rb
	})
	noun := TypeNoun(pr, c.TypeCodes)
	var tops []string
	for _, s := range c.Subjects {
		if top, _, ok := strings.Cut(s, " / "); ok && !slices.Contains(tops, top) {
			tops = append(tops, top)
		}
	}
	shown := ids[:min(len(ids), 10)]
	a := Answer{Kind: KindSet, IDs: ids, Count: len(ids)}
	if pl.Frame == plan.FrameCount {
		a.Value = "0"
	}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "No %s the question selects is recorded under %s", noun, strings.Join(c.Subjects, pr.Text(" or ")))
		if c.Topic != "" {
			pr.Fprintf(&b, " (“%s”)", c.Topic)
		}
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		pr.Fprintf(&b, ". Under %s it selects %d: ", strings.Join(tops, pr.Text(" or ")), len(ids))
		for i, id := range shown {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(p.label(id))
			if in, ok := p.data.Get(id); ok {
				pr.Fprintf(&b, " (%s)", strings.Join(in.Subjects, "; "))
			}
			b.WriteString(cite(id))
		}
		if len(ids) > len(shown) {
			pr.Fprintf(&b, " and %d more", len(ids)-len(shown))
		}
		writeNotes(pr, &b, cite, append([]Note{SubjectCategories{Noun: noun, Parents: tops}}, p.unreadNotes(pl.Unused(plan.UnusedUnread))...)...)
		return b.String() + "."
	}}
}

// noSubjects answers a list or count by subject whose other conditions
// select institutions none of which states a subject (sel.Unsubjected):
// the data cannot tell which are about the subject, so the answer is not
// exact, and it names those whose names hold the question's word for it,
// or else the closest matches among them.
func (p *Base) noSubjects(sel *kg.Selection, pl plan.Plan, fused []fusion.Fused) Draft {
	pr := locale.For(pl.Lang)
	c := pl.Constraints
	noun := pr.Plural(TypeNoun(pr, c.TypeCodes), len(sel.Unsubjected))
	in := make(map[string]bool, len(sel.Unsubjected))
	for _, id := range sel.Unsubjected {
		in[id] = true
	}
	var named, closest []string
	words := p.lexicon.SubjectWords(c.Subjects)
	if w := topicStem(c.Topic); w != "" {
		words = append(words, w)
	}
	for _, id := range sel.Unsubjected {
		if r, ok := p.data.Get(id); ok && slices.ContainsFunc(words, nameCarries(r.Name)) {
			named = append(named, id)
		}
	}
	for _, f := range fused {
		if in[f.ID] && len(closest) < 5 {
			closest = append(closest, f.ID)
		}
	}
	ids := named
	if len(ids) == 0 {
		ids = closest
	}
	topic := cmp.Or(c.Topic, strings.Join(c.Subjects, ", "))
	return Draft{Answer: Answer{Kind: KindSet, IDs: ids, Count: len(named)}, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "The data records no subjects for the %d %s the question's other conditions select, so it cannot tell which are about %s.",
			len(sel.Unsubjected), noun, topic)
		switch {
		case len(named) > 0:
			pr.Fprintf(&b, " %d name it: ", len(named))
			p.writeNames(&b, named, cite)
		case len(closest) > 0:
			b.WriteString(pr.Text(" The closest matches among them: "))
			p.writeNames(&b, closest, cite)
		}
		return b.String()
	}}
}

// nameCarries returns whether a word of a subject stands in the name, as a
// word or at the start or end of a compound ("Eisenbahnmuseum",
// "Museumseisenbahn"), in lower case.
func nameCarries(name string) func(string) bool {
	lower := strings.ToLower(name)
	return func(w string) bool {
		for _, word := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if strings.HasPrefix(word, w) || strings.HasSuffix(word, w) {
				return true
			}
		}
		return false
	}
}

// topicStem is the question's word for a subject in lower case without a
// plural ending ("railways" → "railway"), for a search of names; "" when
// too short to search.
func topicStem(topic string) string {
	w := strings.ToLower(strings.TrimSpace(topic))
	for _, end := range []string{"ies", "en", "s"} {
		if t, ok := strings.CutSuffix(w, end); ok && len(t) >= 4 {
			w = t
			if end == "ies" {
				w += "y"
			}
			break
		}
	}
	if len(w) < 4 {
		return ""
	}
	return w
}
