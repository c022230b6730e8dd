package answer

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
)

// setAnswer selects the exact set of institutions a list question's
// constraints describe, per compared side for comparative questions.
func (p *Base) setAnswer(sel *kg.Selection, pln plan.Plan, fused []fusion.Fused) (Draft, bool, error) {

	if !asksSet(pln) {
		return Draft{}, false, nil
	}
	if pln.Intent == plan.Comparative && len(pln.Sides) > 1 {
		return p.sidesAnswer(sel, pln)
	}
	if sel == nil {
		return Draft{}, false, errNoSelection
	}
	if pln.Constraints.Change {
		return p.changeAnswer(sel, pln), true, nil
	}
	s := p.setRecordsOf(sel, pln.Constraints)
	if d, ok := p.noneLeft(sel, pln, s); ok {
		return d, true, nil
	}
	if len(pln.Unused(plan.UnusedDropped)) > 0 && len(s.ids) > 0 {
		return p.amongSet(pln, s.ids, fused, true), true, nil
	}
	s.spanning = sel.Spanning
	if s.keep != nil {
		s.spanning = p.filter(s.spanning, s.keep)
	}
	if len(s.ids) == 0 {
		d, ok := p.emptySetAnswer(sel, pln, fused, s)
		return d, ok, nil
	}
	return p.foundSetAnswer(sel, pln, s), true, nil
}

// asksSet reports whether the question asks for a set: a list, a
// comparison or a body's members with conditions that select, or what a
// named institution houses or is part of.
func asksSet(pln plan.Plan) bool {
	c := pln.Constraints
	houses := (c.Relation == "houses" || c.Relation == "located_in") && len(c.Names) > 0 ||
		c.List && len(c.Names) == 1 && (c.Relation == "part_of" || c.Relation == "operated_by")
	compare := pln.Intent == plan.Comparative && len(pln.Sides) > 1
	// A question about a body's members wants the members, whether or not
	// it is phrased as a list ("museums run by York Museums Trust").
	members := len(c.Bodies) > 0 && c.Field == ""
	return houses || (c.List || compare || members) && c.Selective()
}

// sidesAnswer is the set of each compared side.
func (p *Base) sidesAnswer(sel *kg.Selection, pln plan.Plan) (Draft, bool, error) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	groups, all, unstated, err := p.sideGroups(pr, sel, pln.Sides, pln.SideLabels)
	if err != nil {
		return Draft{}, false, err
	}
	if len(all) == 0 {
		return Draft{}, false, nil
	}
	unplaced := p.sidesUnplacedNote(pr, sel, pln.Sides)
	broader := sidesBroaderNote(pr, sel, pln.Sides, groups)
	return Draft{Answer: Answer{Kind: KindSet, IDs: all, Exact: unstated == 0 && unplaced == "" && broader == "", Count: len(all), Groups: groups},
		render: func(cite func(string) string) string {
			var b strings.Builder
			counted := noun
			if labelsNameKinds(pln.Sides, pln.SideLabels) {
				counted = "" // "libraries: 3", "accredited museums: 2"
			}
			p.writeGroups(pr, &b, groups, counted, c, cite)
			return b.String()
		},
		notes: append(placeReadings(pr, c.Places), closedIncludedNote(p.closedAmong(c, all), noun, pr.Text("listed")),
			unstatedNegated(pr, unstated, noun, c), notExact(unplaced), notExact(broader)),
	}, true, nil
}

// setRecords are the records a set answer is made of: the selection's
// that pass the record conditions, those whose place is stated, the
// condition itself, the records that state no value of a negated
// condition, and those whose years may lie in the years asked.
type setRecords struct {
	ids, stated []string
	keep        func(*heritage.Institution) bool
	unknown     int
	spanning    []string
}

// setRecordsOf applies the question's record conditions to the
// selection. "Which museums in York are not small?": the records that
// state no size are not known to be left out; they are counted apart.
func (p *Base) setRecordsOf(sel *kg.Selection, c plan.Constraints) setRecords {
	s := setRecords{ids: sel.Main, stated: sel.Stated, keep: recordConditions(c)}
	lacks, unstated := negatedConditions(c, sel.NotMembers)
	if unstated != nil {
		s.unknown = len(p.filter(s.ids, andKeep(s.keep, unstated)))
	}
	s.keep = andKeep(s.keep, lacks)
	if s.keep != nil {
		s.ids, s.stated = p.filter(s.ids, s.keep), p.filter(s.stated, s.keep)
	}
	return s
}

// noneLeft answers a list whose selection the record conditions leave
// empty: "Which museums in Bath have a website?", none of them; "Which
// museums in Scotland are in Leeds?".
func (p *Base) noneLeft(sel *kg.Selection, pln plan.Plan, s setRecords) (Draft, bool) {

	c := pln.Constraints
	if s.keep == nil || len(s.ids) > 0 || len(sel.Main) == 0 || len(pln.Unused(plan.UnusedDropped)) > 0 || len(c.NameHas)+len(c.Except) > 0 {
		return Draft{}, false
	}
	if len(c.Within) > 0 && p.anyPasses(sel.Main, recordConditions(plan.Constraints{Has: c.Has, Lacks: c.Lacks})) {
		return p.noneWithin(pln, len(sel.Main)), true
	}
	return p.noneHaving(pln, len(sel.Main), s.unknown), true
}

// emptySetAnswer answers a set the constraints leave empty, saying why
// when the data tells: all closed, only some that may span the years,
// none in the years, no subjects recorded, none of the subject or the
// kind; a count says 0.
func (p *Base) emptySetAnswer(sel *kg.Selection, pln plan.Plan, fused []fusion.Fused, s setRecords) (Draft, bool) {
	if d, ok := p.allClosedAnswer(sel, pln, s); ok {
		return d, true
	}
	dropped := len(pln.Unused(plan.UnusedDropped)) > 0
	if len(s.spanning) > 0 && !dropped {
		// "Which toy museums closed in 1985?": none surely, some may have
		return p.onlySpanning(pln, s.spanning), true
	}
	if !dropped {
		// "Which museums in York closed before 1990?": none, and when
		// the others did
		if d, ok := p.noneInYears(sel, pln, s.keep); ok {
			return d, true
		}
	}
	switch {
	case len(sel.Unsubjected) > 0 && s.keep == nil:
		// "Which museums in Germany are about railways?": no German
		// record states its subjects
		return p.noSubjects(sel, pln, fused), true
	case len(sel.BroaderSubject) > 0 && s.keep == nil && !dropped:
		// "Which museums in London have dinosaurs?": none recorded so,
		// and those under the natural world
		return p.noneOfSubject(sel, pln, fused), true
	case len(sel.Others) > 0 && s.keep == nil:
		// "Which museums are in Amsterdam?": none, and other kinds there
		return p.noneOfKind(sel, pln), true
	case pln.Frame == plan.FrameCount:
		return p.zeroCount(sel, pln, s.keep), true
	}
	c := pln.Constraints
	if c.List && !dropped && len(pln.Unused(plan.UnusedUnread)) == 0 && len(pln.Unused(plan.UnusedUnknown)) == 0 && len(c.Names) == 0 {
		// "Which museums in York are about football?": every
		// condition read, and none meets them all (a list related to
		// a named institution, "run by the same organisation as
		// Chartwell", may hold a relation the rules did not read)
		return p.noneOfAll(sel, pln, s.keep, fused), true
	}
	return Draft{}, false
}

// allClosedAnswer answers a list in a place whose institutions of the
// kind have all closed; "Which museums in Scotland are in Milton
// Abbas?": closed, and in England.
func (p *Base) allClosedAnswer(sel *kg.Selection, pln plan.Plan, s setRecords) (Draft, bool) {

	closed := sel.Closed
	if len(sel.Main) > 0 || len(closed) == 0 {
		return Draft{}, false
	}
	if s.keep != nil {
		closed = p.filter(closed, s.keep)
	}
	if len(closed) > 0 {
		return p.allClosed(pln, closed, s.spanning), true
	}
	c := pln.Constraints
	if len(c.Within) > 0 && p.anyPasses(sel.Closed, recordConditions(plan.Constraints{Has: c.Has, Lacks: c.Lacks})) {
		return p.noneWithin(pln, len(sel.Closed)), true
	}
	return Draft{}, false
}

// zeroCount answers a count that selects nothing.
func (p *Base) zeroCount(sel *kg.Selection, pln plan.Plan, keep func(*heritage.Institution) bool) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	unplaced := p.unplacedNote(sel, pln, keep)
	// how the places were read ("“Zwaanwijk” is read as Waalwijk"), as a
	// count that finds some says
	readings := slices.DeleteFunc(placeReadings(pr, c.Places), func(n Note) bool { return n == nil })
	// those that meet the other conditions and state no value of a
	// quality asked for may have it
	unstated, fields := p.qualitiesUnstated(pr, sel, keep)
	if unstated > 0 {
		readings = append(readings, QualitiesUnstated{N: unstated, Noun: noun, Fields: fields})
	}
	return Draft{Answer: Answer{Kind: KindSet, Value: "0", Exact: unplaced == "" && unstated == 0},
		render: func(func(string) string) string {
			if unplaced != "" {
				return pr.Sprintf("No %s in the data is placed in %s, but %s.", noun, c.Places[0].Name, unplaced)
			}
			text := pr.Sprintf("There are no %s in the data that match every condition of the question.", pr.Plural(noun, 2))
			if len(readings) > 0 {
				text = strings.TrimSuffix(text, ".") // the notes follow
			}
			return text
		},
		notes: readings}
}

// namesakeKm is how far apart the records of one town's name must lie,
// by area, to be towns of their own rather than one town across areas.
const namesakeKm = 40

// namesakeTowns is the NamesakeTowns note of a list by one town, named
// as the data names it (in a broader place or not), whose records, grouped by county (or district, or
// region), have centres more than namesakeKm apart; nil when they do not.
func (p *Base) namesakeTowns(pr *locale.Printer, c plan.Constraints, ids []string) Note {
	if len(c.Places) != 1 || len(ids) < 2 {
		return nil
	}
	if pl := c.Places[0]; pl.Level != plan.LevelCity || pl.Area != "" || !strings.EqualFold(pl.Text, pl.Name) {
		// a town and its area, or a town named otherwise ("the same
		// town as X", a misspelling): which one is meant is said
		return nil
	}
	type group struct {
		area     string
		n, m     int
		lat, lon float64
	}
	var groups []*group
	for _, id := range ids {
		in, ok := p.data.Get(id)
		if !ok {
			continue
		}
		area := cmp.Or(in.County(), in.District(), in.Region())
		i := slices.IndexFunc(groups, func(g *group) bool { return g.area == area })
		if i < 0 {
			groups = append(groups, &group{area: area})
			i = len(groups) - 1
		}
		g := groups[i]
		g.n++
		if in.Lat != nil && in.Lon != nil {
			g.m++
			g.lat += *in.Lat
			g.lon += *in.Lon
		}
	}
	far := false
	for i, a := range groups {
		for _, b := range groups[i+1:] {
			if a.m > 0 && b.m > 0 && a.area != "" && b.area != "" &&
				heritage.DistanceKm(a.lat/float64(a.m), a.lon/float64(a.m), b.lat/float64(b.m), b.lon/float64(b.m)) > namesakeKm {
				far = true
			}
		}
	}
	if !far {
		return nil
	}
	slices.SortStableFunc(groups, func(a, b *group) int { return b.n - a.n })
	parts := make([]string, len(groups))
	for i, g := range groups {
		parts[i] = fmt.Sprintf("%s (%d)", cmp.Or(g.area, pr.Text("no area stated")), g.n)
	}
	return NamesakeTowns{Town: c.Places[0].Name, Areas: strings.Join(parts, ", ")}
}

// qualityFields are the conditions of relaxations on a record's
// qualities, with the field each asks a value of.
var qualityFields = map[string]heritage.Field{
	"accreditation": heritage.FieldAccreditation,
	"size":          heritage.FieldSize,
	"governance":    heritage.FieldGovernance,
}

// qualitiesUnstated counts the records a count's conditions select with
// only its qualities relaxed (sel.Relaxed, see selectRelaxed) that pass
// keep and state no value (or "unknown") of a quality relaxed, and names
// those qualities; 0 when a condition other than a quality was relaxed.
func (p *Base) qualitiesUnstated(pr *locale.Printer, sel *kg.Selection, keep func(*heritage.Institution) bool) (int, string) {
	if len(sel.Relaxed) == 0 {
		return 0, ""
	}
	var fields []heritage.Field
	var names []string
	for _, c := range sel.RelaxedOf {
		f, ok := qualityFields[c]
		if !ok {
			return 0, ""
		}
		fields, names = append(fields, f), append(names, pr.Text(c))
	}
	n := 0
	for _, id := range sel.Relaxed {
		in, ok := p.data.Get(id)
		if !ok || keep != nil && !keep(in) {
			continue
		}
		for _, f := range fields {
			if v := in.Text(f); v == "" || strings.EqualFold(v, "unknown") {
				n++
				break
			}
		}
	}
	return n, strings.Join(names, pr.Text(" or "))
}

// foundSetAnswer answers a set that holds institutions: grouped, in
// order, or listed (counted), with what keeps it from being exact.
func (p *Base) foundSetAnswer(sel *kg.Selection, pln plan.Plan, s setRecords) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	// Words of a list question that no rule read and that stand nowhere
	// a condition would ("… free to enter") may still be conditions:
	// the set is not called exact, and the answer says which words it
	// did not apply.
	unread := pln.Unused(plan.UnusedUnread)
	if !c.List {
		unread = nil
	}
	// Towns read from records' names widen a place; the set is exact only
	// when every member's place is stated.
	inferred := 0
	if sel.HasStated && len(s.stated) < len(s.ids) {
		inferred = len(s.ids) - len(s.stated)
	}
	// only a record with a value can come first
	valued := func(in *heritage.Institution) bool {
		_, known, member := orderValue(in, c.Order.Attribute)
		return known && member && (s.keep == nil || s.keep(in))
	}
	count := pln.Frame == plan.FrameCount
	switch {
	case c.Group != nil && c.Group.Each && c.Order != nil:
		return p.orderedByPlace(pln, s.ids, unread, inferred, p.closedLeftOut(sel, pln, valued))
	case c.Group != nil && !count:
		return p.groupAnswer(pln, s.ids, unread, inferred, p.closedLeftOut(sel, pln, s.keep))
	case c.Order != nil && !count:
		return p.orderedAnswer(pln, s.ids, unread, inferred, p.unplacedNote(sel, pln, valued), p.closedLeftOut(sel, pln, valued))
	}
	unplaced, undated := p.unplacedNote(sel, pln, s.keep), p.undatedNote(pr, sel, c, s.keep)
	unsure, closed := p.unsureWithin(s.ids, c), p.closedLeftOut(sel, pln, s.keep)
	// a broader place that holds fewer of the town's records than it
	// leaves out is likelier another name of where the town lies than a
	// choice among towns of that name ("Bath, Somerset")
	outside := p.outsideWithin(sel.Main, c)
	unstatus := p.statusUnstated(c, s.ids)
	a := Answer{Kind: KindSet, IDs: s.ids, Count: len(s.ids),
		Exact: len(unread) == 0 && inferred == 0 && unplaced == "" && unsure == 0 && len(s.spanning) == 0 && s.unknown == 0 && undated == "" && outside <= len(s.ids) && unstatus == 0}
	verb := pr.Text("listed")
	if count {
		a.Value = strconv.Itoa(len(s.ids))
		verb = pr.Text("counted")
	}
	noun := TypeNoun(pr, c.TypeCodes)
	notes := append([]Note{yearsRead(c.Years)}, placeReadings(pr, c.Places)...)
	notes = append(notes, placeReadings(pr, c.Within)...)
	namesakes := p.namesakeTowns(pr, c, s.ids)
	if namesakes != nil {
		a.Exact = false
		notes = append(notes, namesakes)
	}
	notes = append(notes, bodyReadings(c.Bodies)...)
	notes = append(notes, p.spanningNote(pr, s.spanning, c.Years, true))
	if inferred > 0 {
		notes = append(notes, PlacedByName{Stated: len(s.ids) - inferred, Inferred: inferred})
	}
	notes = append(notes, closedLeftOutNote(closed, noun, verb), closedIncludedNote(p.closedIncluded(pln, s.ids), noun, verb))
	notes = append(notes, p.unreadNotes(unread)...)
	notes = append(notes, notExact(unplaced))
	if unsure > 0 {
		notes = append(notes, UnsureWithin{N: unsure, Places: placeNames(c.Within, pr.Text(" and "))})
	}
	if outside > 0 {
		notes = append(notes, OutsideWithin{N: outside, Noun: noun, Places: placeNames(c.Places, pr.Text(" or ")), Within: placeNames(c.Within, pr.Text(" and "))})
	}
	notes = append(notes, unstatedNegated(pr, s.unknown, noun, c), notExact(undated))
	if unstatus > 0 {
		notes = append(notes, StatusUnstated{N: unstatus, Verb: verb})
	}
	return Draft{Answer: a, also: s.spanning, render: setText{p: p, pln: pln, ids: s.ids}.render, notes: notes}
}

// setText is what a found set's answer says before its notes: the set,
// counted or listed.
type setText struct {
	p   *Base
	pln plan.Plan
	ids []string
}

func (t setText) render(cite func(string) string) string {
	pr := locale.For(t.pln.Lang)
	c := t.pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	var b strings.Builder
	ids, shown := t.ids, t.ids
	switch {
	case t.pln.Frame == plan.FrameCount:
		b.WriteString(countText(pr, len(ids), noun))
	case c.Limit > 0 && c.Limit < len(ids):
		// "Name three museums in York": the first three of them
		pr.Fprintf(&b, "%d of the %d %s: ", c.Limit, len(ids), pr.Plural(noun, len(ids)))
		shown = ids[:c.Limit]
	default:
		pr.Fprintf(&b, "%d %s: ", len(ids), pr.Plural(noun, len(ids)))
	}
	t.p.writeList(pr, &b, shown, c, cite)
	return b.String()
}

// noneOfAll answers a list whose conditions were all read and select no
// institution: it says so, as a count says 0, and names the closest
// matches as what they are, institutions that miss a condition. Records
// that name no town may still lie in the place asked (see unplacedNote):
// then the answer is not exact.
func (p *Base) noneOfAll(sel *kg.Selection, pln plan.Plan, keep func(*heritage.Institution) bool, fused []fusion.Fused) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	unplaced := p.unplacedNote(sel, pln, keep)
	if relaxed := p.relaxedIDs(sel, c, keep, fused); len(relaxed) > 0 {
		return p.relaxedAnswer(sel, pln, relaxed, unplaced)
	}
	closest := make([]string, 0, len(fused))
	for _, f := range fused {
		closest = append(closest, f.ID)
	}
	closest = p.inPlaceFirst(closest, c.Places)
	closest = closest[:min(len(closest), 5)]
	return Draft{Answer: Answer{Kind: KindSet, Exact: unplaced == ""}, also: closest,
		render: func(cite func(string) string) string {
			var b strings.Builder
			pr.Fprintf(&b, "No %s in the data matches every condition of the question", noun)
			writeNotes(pr, &b, nil, yearsRead(c.Years))
			writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
			writeNotes(pr, &b, nil, notExact(unplaced))
			if len(closest) > 0 {
				b.WriteString(pr.Text(". The closest matches, which miss at least one condition: "))
				p.writeNames(&b, closest, cite)
				return b.String()
			}
			return b.String() + "."
		}}
}

// relaxedAnswer answers a list whose conditions select nothing with what
// they select with one dropped (sel.RelaxedOf, see relaxations): none
// meets them all, and the institutions that meet the others, which are
// no exact answer.
func (p *Base) relaxedAnswer(sel *kg.Selection, pln plan.Plan, ids []string, unplaced string) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	others := TypeNoun(locale.For(locale.EN), c.TypeCodes)
	if slices.Contains(sel.RelaxedOf, "type") {
		others = "institution"
	}
	items := make([]NoteItem, len(ids))
	for i, id := range ids {
		items[i] = NoteItem{ID: id, Text: p.label(id)}
	}
	relaxed := Relaxed{Conditions: sel.RelaxedOf, Noun: others, Items: items}
	return Draft{Answer: Answer{Kind: KindRanked, IDs: ids},
		render: func(cite func(string) string) string {
			var b strings.Builder
			pr.Fprintf(&b, "No %s in the data matches every condition of the question", noun)
			writeNotes(pr, &b, nil, yearsRead(c.Years))
			writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
			writeNotes(pr, &b, nil, notExact(unplaced))
			writeNotes(pr, &b, cite, relaxed)
			return b.String() + "."
		}}
}

// closedLeftOut is the number of closed institutions meeting a list's
// conditions (keep, when not nil) that the list leaves out because it
// asked for open ones by its tense alone (see leavesOutClosed).
func (p *Base) closedLeftOut(sel *kg.Selection, pln plan.Plan, keep func(*heritage.Institution) bool) int {
	if len(sel.Main) == 0 || !leavesOutClosed(pln) {
		return 0
	}
	if keep == nil {
		return len(sel.Closed)
	}
	return len(p.filter(sel.Closed, keep))
}

// closedIncluded is the number of closed institutions among the ids of a
// list or count that no status narrows (asked in the past tense, with
// "ever", by years of opening).
func (p *Base) closedIncluded(pln plan.Plan, ids []string) int {
	if !pln.Constraints.List || len(pln.Sides) > 1 {
		return 0
	}
	return p.closedAmong(pln.Constraints, ids)
}

// statusUnstated is the number of institutions among ids that record no
// status, when the question asks for open ones in so many words ("still
// open"), not by its tense alone.
func (p *Base) statusUnstated(c plan.Constraints, ids []string) int {
	if c.Status != "open" || c.StatusByTense {
		return 0
	}
	n := 0
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok && in.Status() == "" {
			n++
		}
	}
	return n
}

// closedAmong is the number of closed institutions among ids when no
// status narrows c: compared sides count every status, and say so.
func (p *Base) closedAmong(c plan.Constraints, ids []string) int {
	if c.Status != "" {
		return 0
	}
	n := 0
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok && !in.IsOpen() && in.Status() == "closed" {
			n++
		}
	}
	return n
}

// noneHaving answers a list whose other conditions select n institutions
// of which none has (or lacks) the fields asked: exactly none, and said so.
func (p *Base) noneHaving(pln plan.Plan, n, unknown int) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	// what none of them does, and what the only one does instead
	var cond, instead []string
	for _, f := range c.Has {
		label, _ := fieldValue(pr, &heritage.Institution{}, f)
		cond, instead = append(cond, pr.Text("has ")+withArticle(pr, label)), append(instead, pr.Text("has no ")+label)
	}
	for _, f := range c.Lacks {
		label, _ := fieldValue(pr, &heritage.Institution{}, f)
		cond, instead = append(cond, pr.Text("lacks ")+withArticle(pr, label)), append(instead, pr.Text("has ")+withArticle(pr, label))
	}
	if not := negationText(pr, c.Not); not != "" {
		cond, instead = append(cond, not), append(instead, strings.Replace(not, "is not ", "is ", 1))
	}
	a := Answer{Kind: KindSet, Exact: len(pln.Unused(plan.UnusedUnread)) == 0 && unknown == 0}
	if pln.Frame == plan.FrameCount {
		a.Value = "0"
	}
	return Draft{Answer: a, render: func(func(string) string) string {
		var b strings.Builder
		if n == 1 {
			pr.Fprintf(&b, "The question selects 1 %s, and it %s in the data", noun, strings.Join(instead, pr.Text(" or ")))
		} else {
			pr.Fprintf(&b, "None of the %d %s the question selects %s in the data", n, pr.Plural(noun, n), strings.Join(cond, pr.Text(" and ")))
		}
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		writeNotes(pr, &b, nil, p.unreadNotes(pln.Unused(plan.UnusedUnread))...)
		writeNotes(pr, &b, nil, noneStated(pr, unknown, c))
		return b.String() + "."
	}}
}

// allClosed answers a list of open institutions whose other conditions
// select only closed ones ("Which museums are in Milton Abbas?"): none
// is open according to the data, and those that closed are named with
// their years. It is exact: the data states each one closed, unless it
// gives the years asked of open ones only as a span reaching into them
// (spanning, see selectSpanning), which it names.
func (p *Base) allClosed(pln plan.Plan, closed, spanning []string) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	a := Answer{Kind: KindSet, Exact: len(pln.Unused(plan.UnusedUnread)) == 0 && len(spanning) == 0}
	if pln.Frame == plan.FrameCount {
		a.Value = "0"
	}
	shown := c
	shown.Field, shown.Years = "", &plan.YearRange{Field: "closed"}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		where := ""
		if len(c.Places) > 0 {
			where = pr.Text(" in ") + placeNames(c.Places, pr.Text(" or "))
		}
		have := pr.Text("have")
		if len(closed) == 1 {
			have = pr.Text("has")
		}
		selects := ""
		bare := c
		bare.Places, bare.Within, bare.Status = nil, nil, ""
		if bare.Selective() {
			// conditions besides the place: not every museum there
			selects = pr.Text(" the question selects")
		}
		pr.Fprintf(&b, "No %s%s%s is open according to the data; %d %s closed: ",
			noun, where, selects, len(closed), have)
		p.writeList(pr, &b, closed, shown, cite)
		writeNotes(pr, &b, nil, yearsRead(c.Years))
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		if c.Years != nil {
			writeNotes(pr, &b, cite, p.spanningNote(pr, spanning, c.Years, true))
		}
		writeNotes(pr, &b, nil, p.unreadNotes(pln.Unused(plan.UnusedUnread))...)
		return b.String() + "."
	}, also: spanning}
}
