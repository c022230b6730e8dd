package answer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
)

// setAnswer selects the exact set of institutions a list question's
// constraints describe, per compared side for comparative questions.
func (p *Base) setAnswer(sel *kg.Selection, pln plan.Plan, fused []fusion.Fused) (Draft, bool, error) {
	c := pln.Constraints
	houses := (c.Relation == "houses" || c.Relation == "located_in") && len(c.Names) > 0 ||
		c.List && len(c.Names) == 1 && (c.Relation == "part_of" || c.Relation == "operated_by")
	compare := pln.Intent == plan.Comparative && len(pln.Sides) > 1
	// A question about a body's members wants the members, whether or not
	// it is phrased as a list ("museums run by York Museums Trust").
	members := len(c.Bodies) > 0 && c.Field == ""
	if !houses && !((c.List || compare || members) && c.Selective()) {
		return Draft{}, false, nil
	}
	noun := TypeNoun(c.TypeCodes)
	if compare {
		groups, all, unstated, err := p.sideGroups(sel, pln.Sides, pln.SideLabels)
		if err != nil {
			return Draft{}, false, err
		}
		if len(all) == 0 {
			return Draft{}, false, nil
		}
		unplaced := p.sidesUnplacedNote(sel, pln.Sides)
		broader := sidesBroaderNote(sel, pln.Sides, groups)
		return Draft{Answer: Answer{Kind: KindSet, IDs: all, Exact: unstated == 0 && unplaced == "" && broader == "", Count: len(all), Groups: groups},
			render: func(cite func(string) string) string {
				var b strings.Builder
				p.writeGroups(&b, groups, c, cite)
				writePlaceReadings(&b, c.Places)
				writeUnstatedNegated(&b, unstated, noun, c)
				writeNotExact(&b, unplaced)
				writeNotExact(&b, broader)
				return b.String()
			}}, true, nil
	}
	if sel == nil {
		return Draft{}, false, errNoSelection
	}
	if c.Change {
		return p.changeAnswer(sel, pln), true, nil
	}
	ids, stated := sel.Main, sel.Stated
	keep := recordConditions(c)
	// "Which museums in York are not small?": the records that state no
	// size are not known to be left out; they are counted apart
	lacks, unstated := negatedConditions(c, sel.NotMembers)
	unknown := 0
	if unstated != nil {
		unknown = len(p.filter(ids, andKeep(keep, unstated)))
	}
	keep = andKeep(keep, lacks)
	if keep != nil {
		ids, stated = p.filter(ids, keep), p.filter(stated, keep)
		if len(ids) == 0 && len(sel.Main) > 0 && len(pln.Dropped) == 0 && len(c.NameHas)+len(c.Except) == 0 {
			if len(c.Within) > 0 && p.anyPasses(sel.Main, recordConditions(plan.Constraints{Has: c.Has, Lacks: c.Lacks})) {
				// "Which museums in Scotland are in Leeds?"
				return p.noneWithin(pln, len(sel.Main)), true, nil
			}
			// "Which museums in Bath have a website?": none of them
			return p.noneHaving(pln, len(sel.Main), unknown), true, nil
		}
	}
	if len(pln.Dropped) > 0 && len(ids) > 0 {
		return p.amongSet(pln, ids, fused, true), true, nil
	}
	spanning := sel.Spanning
	if keep != nil {
		spanning = p.filter(spanning, keep)
	}
	if closed := sel.Closed; len(ids) == 0 && len(sel.Main) == 0 && len(closed) > 0 {
		if keep != nil {
			closed = p.filter(closed, keep)
		}
		if len(closed) > 0 {
			return p.allClosed(pln, closed, spanning), true, nil
		}
		if len(c.Within) > 0 && p.anyPasses(sel.Closed, recordConditions(plan.Constraints{Has: c.Has, Lacks: c.Lacks})) {
			// "Which museums in Scotland are in Milton Abbas?": closed,
			// and in England
			return p.noneWithin(pln, len(sel.Closed)), true, nil
		}
	}
	if len(ids) == 0 && len(spanning) > 0 && len(pln.Dropped) == 0 {
		// "Which toy museums closed in 1985?": none surely, some may have
		return p.onlySpanning(pln, spanning), true, nil
	}
	if len(ids) == 0 && len(pln.Dropped) == 0 {
		// "Which museums in York closed before 1990?": none, and when
		// the others did
		if d, ok := p.noneInYears(sel, pln, keep); ok {
			return d, true, nil
		}
	}
	if len(ids) == 0 && len(sel.Unsubjected) > 0 && keep == nil {
		// "Which museums in Germany are about railways?": no German
		// record states its subjects
		return p.noSubjects(sel, pln, fused), true, nil
	}
	if len(ids) == 0 && len(sel.BroaderSubject) > 0 && keep == nil && len(pln.Dropped) == 0 {
		// "Which museums in London have dinosaurs?": none recorded so,
		// and those under the natural world
		return p.noneOfSubject(sel, pln, fused), true, nil
	}
	if len(ids) == 0 && len(sel.Others) > 0 && keep == nil {
		// "Which museums are in Amsterdam?": none, and other kinds there
		return p.noneOfKind(sel, pln), true, nil
	}
	if len(ids) == 0 {
		if pln.Frame == plan.FrameCount {
			unplaced := p.unplacedNote(sel, pln, keep)
			return Draft{Answer: Answer{Kind: KindSet, Value: "0", Exact: unplaced == ""},
				render: func(func(string) string) string {
					if unplaced != "" {
						return fmt.Sprintf("No %s in the data is placed in %s, but %s.", noun, c.Places[0].Name, unplaced)
					}
					return fmt.Sprintf("There are no %s in the data that match every condition of the question.", plural(noun, 2))
				}}, true, nil
		}
		if c.List && len(pln.Dropped) == 0 && len(pln.Unread) == 0 && len(pln.Unknown) == 0 && len(c.Names) == 0 {
			// "Which museums in York are about football?": every
			// condition read, and none meets them all (a list related to
			// a named institution, "run by the same organisation as
			// Chartwell", may hold a relation the rules did not read)
			return p.noneOfAll(sel, pln, keep, fused), true, nil
		}
		return Draft{}, false, nil
	}
	// Words of a list question that no rule read and that stand nowhere
	// a condition would ("… free to enter") may still be conditions:
	// the set is not called exact, and the answer says which words it
	// did not apply.
	unread := pln.Unread
	if !c.List {
		unread = nil
	}
	// Towns read from records' names widen a place; the set is exact only
	// when every member's place is stated.
	inferred := 0
	if sel.HasStated && len(stated) < len(ids) {
		inferred = len(ids) - len(stated)
	}
	if c.Group != nil && c.Group.Each && c.Order != nil {
		valued := func(in *heritage.Institution) bool {
			_, known, member := orderValue(in, c.Order.Attribute)
			return known && member && (keep == nil || keep(in))
		}
		return p.orderedByPlace(pln, ids, unread, inferred, p.closedLeftOut(sel, pln, valued)), true, nil
	}
	if c.Group != nil && pln.Frame != plan.FrameCount {
		return p.groupAnswer(pln, ids, unread, inferred, p.closedLeftOut(sel, pln, keep)), true, nil
	}
	if c.Order != nil && pln.Frame != plan.FrameCount {
		// only a record with a value can come first
		valued := func(in *heritage.Institution) bool {
			_, known, member := orderValue(in, c.Order.Attribute)
			return known && member && (keep == nil || keep(in))
		}
		return p.orderedAnswer(pln, ids, unread, inferred, p.unplacedNote(sel, pln, valued), p.closedLeftOut(sel, pln, valued)), true, nil
	}
	unplaced := p.unplacedNote(sel, pln, keep)
	unsure := p.unsureWithin(ids, c)
	closed := p.closedLeftOut(sel, pln, keep)
	undated := p.undatedNote(sel, c, keep)
	a := Answer{Kind: KindSet, IDs: ids, Count: len(ids),
		Exact: len(unread) == 0 && inferred == 0 && unplaced == "" && unsure == 0 && len(spanning) == 0 && unknown == 0 && undated == ""}
	if pln.Frame == plan.FrameCount {
		a.Value = strconv.Itoa(len(ids))
	}
	return Draft{Answer: a, also: spanning,
		render: func(cite func(string) string) string {
			var b strings.Builder
			shown := ids
			switch {
			case pln.Frame == plan.FrameCount:
				b.WriteString(countText(len(ids), noun))
			case c.Limit > 0 && c.Limit < len(ids):
				// "Name three museums in York": the first three of them
				fmt.Fprintf(&b, "%d of the %d %s: ", c.Limit, len(ids), plural(noun, len(ids)))
				shown = ids[:c.Limit]
			default:
				fmt.Fprintf(&b, "%d %s: ", len(ids), plural(noun, len(ids)))
			}
			p.writeList(&b, shown, c, cite)
			writeYearsRead(&b, c.Years)
			writePlaceReadings(&b, c.Places)
			writeBodyReadings(&b, c.Bodies)
			p.writeSpanning(&b, spanning, c.Years, true, cite)
			if inferred > 0 {
				are := "are"
				if inferred == 1 {
					are = "is"
				}
				fmt.Fprintf(&b, ". The data states the place of %d of them; %d %s placed there by the town in their name",
					len(ids)-inferred, inferred, are)
			}
			verb := "listed"
			if pln.Frame == plan.FrameCount {
				verb = "counted"
			}
			writeClosedLeftOut(&b, closed, noun, verb)
			p.writeUnread(&b, unread)
			if unplaced != "" {
				fmt.Fprintf(&b, ". Not an exact answer: %s", unplaced)
			}
			if unsure > 0 {
				fmt.Fprintf(&b, ". Not an exact answer: the records of %d of them do not say whether they lie in %s",
					unsure, placeNames(c.Within, " and "))
			}
			writeUnstatedNegated(&b, unknown, noun, c)
			if undated != "" {
				fmt.Fprintf(&b, ". Not an exact answer: %s", undated)
			}
			return b.String()
		}}, true, nil
}

// noneOfAll answers a list whose conditions were all read and select no
// institution: it says so, as a count says 0, and names the closest
// matches as what they are, institutions that miss a condition. Records
// that name no town may still lie in the place asked (see unplacedNote):
// then the answer is not exact.
func (p *Base) noneOfAll(sel *kg.Selection, pln plan.Plan, keep func(*heritage.Institution) bool, fused []fusion.Fused) Draft {
	c := pln.Constraints
	noun := TypeNoun(c.TypeCodes)
	unplaced := p.unplacedNote(sel, pln, keep)
	closest := make([]string, 0, 5)
	for _, f := range fused[:min(len(fused), 5)] {
		closest = append(closest, f.ID)
	}
	return Draft{Answer: Answer{Kind: KindSet, Exact: unplaced == ""}, also: closest,
		render: func(cite func(string) string) string {
			var b strings.Builder
			fmt.Fprintf(&b, "No %s in the data matches every condition of the question", noun)
			writeYearsRead(&b, c.Years)
			writePlaceReadings(&b, c.Places)
			if unplaced != "" {
				fmt.Fprintf(&b, ". Not an exact answer: %s", unplaced)
			}
			if len(closest) > 0 {
				b.WriteString(". The closest matches, which miss at least one condition: ")
				p.writeNames(&b, closest, cite)
				return b.String()
			}
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

// writeClosedLeftOut says how many closed institutions a list, count or
// order of open ones leaves out ("Only open museums are counted; 6 more
// are recorded as closed").
func writeClosedLeftOut(b *strings.Builder, n int, noun, verb string) {
	if n == 0 {
		return
	}
	are := "are"
	if n == 1 {
		are = "is"
	}
	fmt.Fprintf(b, ". Only open %s are %s; %d more %s recorded as closed", plural(noun, 2), verb, n, are)
}

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
	c := pln.Constraints
	// "How many museums does the Imaginary Heritage Trust run?": a name
	// of several words the data does not hold is an organisation's name,
	// even when a word of it ("Trust") was also read as a kind of
	// governance
	named := pln.UnknownName != "" && strings.Contains(pln.UnknownName, " ") && len(pln.Unknown) > 0
	governed := len(c.GovernanceCodes) > 0 || c.Not != nil && len(c.Not.GovernanceCodes) > 0 // "not run by the council" too
	if !c.List || c.Relation == "" || len(c.Bodies)+len(c.Names) > 0 || governed && !named {
		return Draft{}, false
	}
	rel := relationPhrase(c.Relation)
	if len(pln.Unknown) > 0 {
		return noneDraft(fmt.Sprintf("No organisation called %s is in the data, so no institution is recorded as %s it.",
			quoteWords(unknownName(pln)), rel)), true
	}
	text := fmt.Sprintf("The data holds no organisation by the name in the question, so no institution is recorded as %s it.", rel)
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
		b.WriteString(" The closest matches by text are: ")
		p.writeNames(&b, ids, cite)
		return b.String()
	}}, true
}

// recordConditions is the test of the conditions a list puts on each
// member that the graph's selection does not apply: fields it has ("…
// that have a website") or lacks, words of its name ("… war in their
// name"), places it lies outside ("… except those in Cardiff") and
// broader places it lies in ("… in Aalst in the Netherlands": a record
// that states nothing at such a place's level passes, see withinPlaces);
// nil when there are none.
func recordConditions(c plan.Constraints) func(*heritage.Institution) bool {
	if len(c.Has)+len(c.Lacks)+len(c.NameHas)+len(c.Except)+len(c.Within) == 0 {
		return nil
	}
	return func(in *heritage.Institution) bool {
		if inside, known := withinPlaces(in, c.Within); known && !inside {
			return false
		}
		for _, f := range c.Has {
			if !HasValue(in, f) {
				return false
			}
		}
		for _, f := range c.Lacks {
			if HasValue(in, f) {
				return false
			}
		}
		return (len(c.NameHas) == 0 || Named(in, c.NameHas)) && !placeMatches(in, c.Except)
	}
}

// anyPasses reports whether one of ids passes keep (nil passes all).
func (p *Base) anyPasses(ids []string, keep func(*heritage.Institution) bool) bool {
	return len(ids) > 0 && (keep == nil || len(p.filter(ids, keep)) > 0)
}

// filter keeps the institutions that pass keep.
func (p *Base) filter(ids []string, keep func(*heritage.Institution) bool) []string {
	var out []string
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok && keep(in) {
			out = append(out, id)
		}
	}
	return out
}

// HasValue reports whether the record has a value for the field.
func HasValue(in *heritage.Institution, field string) bool {
	if field == "address" {
		return in.Address != "" // FieldValue falls back to the place
	}
	_, v := FieldValue(in, field)
	return v != ""
}

// noneHaving answers a list whose other conditions select n institutions
// of which none has (or lacks) the fields asked: exactly none, and said so.
func (p *Base) noneHaving(pln plan.Plan, n, unknown int) Draft {
	c := pln.Constraints
	noun := TypeNoun(c.TypeCodes)
	// what none of them does, and what the only one does instead
	var cond, instead []string
	for _, f := range c.Has {
		label, _ := FieldValue(&heritage.Institution{}, f)
		cond, instead = append(cond, "has "+withArticle(label)), append(instead, "has no "+label)
	}
	for _, f := range c.Lacks {
		label, _ := FieldValue(&heritage.Institution{}, f)
		cond, instead = append(cond, "lacks "+withArticle(label)), append(instead, "has "+withArticle(label))
	}
	if not := negationText(c.Not); not != "" {
		cond, instead = append(cond, not), append(instead, strings.Replace(not, "is not ", "is ", 1))
	}
	a := Answer{Kind: KindSet, Exact: len(pln.Unread) == 0 && unknown == 0}
	if pln.Frame == plan.FrameCount {
		a.Value = "0"
	}
	return Draft{Answer: a, render: func(func(string) string) string {
		var b strings.Builder
		if n == 1 {
			fmt.Fprintf(&b, "The question selects 1 %s, and it %s in the data", noun, strings.Join(instead, " or "))
		} else {
			fmt.Fprintf(&b, "None of the %d %s the question selects %s in the data", n, plural(noun, n), strings.Join(cond, " and "))
		}
		writePlaceReadings(&b, c.Places)
		p.writeUnread(&b, pln.Unread)
		writeNoneStated(&b, unknown, c)
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
	c := pln.Constraints
	noun := TypeNoun(c.TypeCodes)
	a := Answer{Kind: KindSet, Exact: len(pln.Unread) == 0 && len(spanning) == 0}
	if pln.Frame == plan.FrameCount {
		a.Value = "0"
	}
	shown := c
	shown.Field, shown.Years = "", &plan.YearRange{Field: "closed"}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		where := ""
		if len(c.Places) > 0 {
			where = " in " + placeNames(c.Places, " or ")
		}
		have := "have"
		if len(closed) == 1 {
			have = "has"
		}
		selects := ""
		bare := c
		bare.Places, bare.Within, bare.Status = nil, nil, ""
		if bare.Selective() {
			// conditions besides the place: not every museum there
			selects = " the question selects"
		}
		fmt.Fprintf(&b, "No %s%s%s is open according to the data; %d %s closed: ",
			noun, where, selects, len(closed), have)
		p.writeList(&b, closed, shown, cite)
		writeYearsRead(&b, c.Years)
		writePlaceReadings(&b, c.Places)
		if c.Years != nil {
			p.writeSpanning(&b, spanning, c.Years, true, cite)
		}
		p.writeUnread(&b, pln.Unread)
		return b.String() + "."
	}, also: spanning}
}
