package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/editdist"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/router"
)

// KindYesNo answers a yes/no question: Value is "yes" or "no", or empty
// when the data does not record the property.
const KindYesNo = "yesno"

// listShown is how many names a set answer spells out before "and N more".
const listShown = 10

// noneDraft is an honest "not in the data" answer.
func noneDraft(text string) draft {
	return draft{Answer: Answer{Kind: KindNone}, render: func(func(string) string) string { return text }}
}

// offTopicDraft answers a question nothing in the data can answer.
func offTopicDraft(plan router.Plan) draft {
	return noneDraft(fmt.Sprintf("That is outside what this service knows: it answers questions about museums, "+
		"archives, libraries and other heritage institutions, and did not recognise %s.", quoteWords(plan.Unknown)))
}

// missingIdentifierDraft answers a look-up of identifiers the data does
// not hold.
func missingIdentifierDraft(c router.Constraints) draft {
	var parts []string
	for _, look := range []struct {
		label  string
		values []string
	}{{"ISIL", c.ISILs}, {"Wikidata ID", c.QIDs}, {"GHCID", c.GHCIDs}, {"GND identifier", c.GNDs}, {"ROR id", c.RORs}} {
		for _, v := range look.values {
			parts = append(parts, look.label+" "+v)
		}
	}
	return noneDraft(fmt.Sprintf("No institution with %s is in the data.", strings.Join(parts, " or ")))
}

func quoteWords(ws []string) string {
	if len(ws) == 0 {
		return "the request"
	}
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = "“" + w + "”"
	}
	return strings.Join(q, ", ")
}

// unknownName is what to call the institution a question names that the
// data does not hold: the name-like phrase around its unknown words.
func unknownName(plan router.Plan) []string {
	if plan.UnknownName != "" {
		return []string{plan.UnknownName}
	}
	return plan.Unknown
}

// covers reports whether an institution's names account for the unknown
// words of a question that names no recognised institution: a question
// about "Zentralbibliothek Fantasiestadt" is not about "Sorbische
// Zentralbibliothek".
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
	for _, a := range in.AltNames {
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

// resolve picks the record a recognised name means: among its bearers,
// one in a named place, else the best ranked.
func (p *Pipeline) resolve(m router.NameMatch, places []router.Place, rank map[string]int) string {
	if len(m.IDs) == 0 {
		return ""
	}
	cand := slices.Clone(m.IDs)
	slices.SortStableFunc(cand, func(a, b string) int { return orderRank(rank, a) - orderRank(rank, b) })
	if len(places) > 0 {
		for _, x := range cand {
			if in, ok := p.data.Get(x); ok && placeMatches(in, places) {
				return x
			}
		}
	}
	return cand[0]
}

func rankOf(fused []fusion.Fused) map[string]int {
	rank := make(map[string]int, len(fused))
	for i, f := range fused {
		rank[f.ID] = i + 1
	}
	return rank
}

// yesNoAnswer checks the tested property of the one institution the
// question names.
func (p *Pipeline) yesNoAnswer(ctx context.Context, plan router.Plan, fused []fusion.Fused) (draft, bool) {
	id, _ := p.target(ctx, plan, fused)
	in, ok := p.data.Get(id)
	if id == "" || !ok || plan.Test == nil {
		return draft{}, false
	}
	t := *plan.Test
	c := plan.Constraints
	verdict, fact := testProperty(in, t, c)
	a := Answer{Kind: KindYesNo, Field: t.Property, Value: verdict, IDs: []string{id}, Exact: verdict != ""}
	return draft{Answer: a, render: func(cite func(string) string) string {
		switch verdict {
		case "yes":
			return fmt.Sprintf("Yes: %s%s %s.", in.Name, cite(id), fact)
		case "no":
			return fmt.Sprintf("No: %s%s %s.", in.Name, cite(id), fact)
		}
		return fmt.Sprintf("The data does not record %s for %s%s.", fact, in.Name, cite(id))
	}}, true
}

// testProperty returns "yes", "no" or "" (not recorded) and the fact the
// verdict rests on, phrased to follow the institution's name.
func testProperty(in *heritage.Institution, t router.Test, c router.Constraints) (verdict, fact string) {
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	switch t.Property {
	case "accreditation":
		if in.Accreditation == "" {
			return "", "an accreditation"
		}
		want := "Accredited"
		if len(t.Want) > 0 {
			want = t.Want[0]
		}
		return yes(strings.EqualFold(in.Accreditation, want)), "is recorded as " + strings.ToLower(in.Accreditation)
	case "status":
		open := in.IsOpen()
		want := "open"
		if len(t.Want) > 0 {
			want = t.Want[0]
		}
		state := "open"
		if !open {
			state = "closed"
			if y := heritage.YearsText(in.Closed()); y != "" {
				state += " (" + y + ")"
			}
		}
		return yes(open == (want == "open")), "is " + state + " according to the data"
	case "place":
		where := placeText(in)
		if where == "" {
			return "", "a location"
		}
		return yes(placeMatches(in, c.Places)), "is in " + where
	case "type":
		return yes(slices.Contains(t.Want, in.TypeCode)), "is " + article(strings.ToLower(in.Type))
	case "member_of":
		var names []string
		for _, m := range in.MemberOf {
			names = append(names, m.Name)
		}
		if len(names) == 0 {
			return "no", "belongs to no group or operator in the data"
		}
		hit := false
		for _, m := range in.MemberOf {
			for _, w := range t.Want {
				hit = hit || kg.NormalizeName(m.Name) == kg.NormalizeName(w)
			}
		}
		return yes(hit), "belongs to " + strings.Join(names, "; ")
	case "governance":
		if in.GovernanceCode == "" {
			return "", "a governance type"
		}
		return yes(slices.Contains(t.Want, in.GovernanceCode)), "is governed as " + in.Governance
	case "size":
		if in.Size == "" {
			return "", "a size"
		}
		return yes(slices.Contains(t.Want, in.Size)), "is recorded as " + in.Size
	case "opened", "closed":
		var from, to int
		var ok bool
		if t.Property == "closed" {
			from, to, ok = in.Closed()
		} else {
			from, to, ok = in.Opened()
		}
		label := map[string]string{"opened": "an opening year", "closed": "a closing year"}[t.Property]
		if !ok || t.Years == nil {
			return "", label
		}
		in := (t.Years.From == 0 || from >= t.Years.From) && (t.Years.To == 0 || to <= t.Years.To)
		return yes(in), t.Property + " " + heritage.YearsText(from, to, true)
	}
	label, value := fieldValue(in, t.Property)
	if value == "" {
		return "no", "has no " + label + " in the data"
	}
	return "yes", "has the " + label + " " + value
}

func article(noun string) string {
	if noun == "" {
		return "of unknown type"
	}
	if strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// pairAnswer compares two named institutions on one attribute.
func (p *Pipeline) pairAnswer(plan router.Plan, fused []fusion.Fused) (draft, bool) {
	c := plan.Constraints
	if plan.Pair == nil || len(c.Names) < 2 {
		return draft{}, false
	}
	rank := rankOf(fused)
	var ins []*heritage.Institution
	for _, m := range c.Names[:2] {
		in, ok := p.data.Get(p.resolve(m, nil, rank))
		if !ok {
			return draft{}, false
		}
		ins = append(ins, in)
	}
	if ins[0].ID == ins[1].ID {
		return draft{}, false
	}
	attr := plan.Pair.Attribute
	vals := make([][2]int, 2)
	texts := make([]string, 2)
	known := make([]bool, 2)
	for i, in := range ins {
		vals[i], texts[i], known[i] = pairValue(in, attr)
	}
	// overlapping year ranges ("between 1960 and 2017" and 1987) do not
	// order the two
	overlap := known[0] && known[1] && vals[0] != vals[1] && vals[0][0] <= vals[1][1] && vals[1][0] <= vals[0][1]
	ids := []string{ins[0].ID, ins[1].ID}
	verb := map[string]string{"opened": "opened", "closed": "closed", "size": "is"}[attr]
	if overlap {
		return draft{Answer: Answer{Kind: KindField, Field: attr, IDs: ids},
			render: func(cite func(string) string) string {
				return fmt.Sprintf("%s%s %s %s and %s%s %s %s: the dates overlap, so the data cannot say which %s.",
					ins[0].Name, cite(ins[0].ID), verb, texts[0], ins[1].Name, cite(ins[1].ID), verb, texts[1], pairPhrase(*plan.Pair))
			}}, true
	}
	if !known[0] || !known[1] {
		return draft{Answer: Answer{Kind: KindField, Field: attr, IDs: ids},
			render: func(cite func(string) string) string {
				var parts []string
				for i, in := range ins {
					if known[i] {
						parts = append(parts, fmt.Sprintf("%s%s %s %s", in.Name, cite(in.ID), verb, texts[i]))
					} else {
						parts = append(parts, fmt.Sprintf("the data records no %s for %s%s", attrLabel(attr), in.Name, cite(in.ID)))
					}
				}
				return upperFirst(strings.Join(parts, "; ")) + ", so the data cannot say which " + pairPhrase(*plan.Pair) + "."
			}}, true
	}
	if vals[0] == vals[1] {
		return draft{Answer: Answer{Kind: KindField, Field: attr, IDs: ids, Exact: true},
			render: func(cite func(string) string) string {
				both := verb
				if attr == "size" {
					both = "are"
				}
				return fmt.Sprintf("Neither: %s%s and %s%s both %s %s.", ins[0].Name, cite(ins[0].ID), ins[1].Name, cite(ins[1].ID), both, texts[0])
			}}, true
	}
	w := 0
	if (vals[1][0] > vals[0][0]) == plan.Pair.Highest {
		w = 1
	}
	win, lose := ins[w], ins[1-w]
	prefix, value := "", win.Name
	if plan.Pair.YesNo {
		// "Is A older than B?" asks whether the first named wins
		prefix = map[bool]string{true: "Yes: ", false: "No: "}[w == 0]
		value = strings.ToLower(strings.TrimSuffix(prefix, ": "))
	}
	return draft{Answer: Answer{Kind: KindField, Field: attr, Value: value, IDs: []string{win.ID, lose.ID}, Exact: true},
		render: func(cite func(string) string) string {
			return fmt.Sprintf("%s%s%s %s (%s); %s%s %s %s.", prefix, win.Name, cite(win.ID), pairPhrase(*plan.Pair),
				texts[w], lose.Name, cite(lose.ID), verb, texts[1-w])
		}}, true
}

var sizeOrder = map[string]int{"small": 1, "medium": 2, "large": 3, "huge": 4}

// pairValue is an institution's value of the compared attribute as a
// range (a size rank, or the first and last year a date may mean).
func pairValue(in *heritage.Institution, attr string) ([2]int, string, bool) {
	switch attr {
	case "size":
		v, ok := sizeOrder[strings.ToLower(in.Size)]
		return [2]int{v, v}, strings.ToLower(in.Size), ok
	case "closed":
		from, to, ok := in.Closed()
		return [2]int{from, to}, heritage.YearsText(from, to, ok), ok
	}
	from, to, ok := in.Opened()
	return [2]int{from, to}, heritage.YearsText(from, to, ok), ok
}

func attrLabel(attr string) string {
	switch attr {
	case "size":
		return "size"
	case "closed":
		return "closing year"
	}
	return "opening year"
}

func pairPhrase(p router.Pair) string {
	switch {
	case p.Attribute == "size" && p.Highest:
		return "is bigger"
	case p.Attribute == "size":
		return "is smaller"
	case p.Attribute == "closed" && p.Highest:
		return "closed later"
	case p.Attribute == "closed":
		return "closed first"
	case p.Highest:
		return "opened later"
	}
	return "opened first"
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// moreAnswer counts each side's set and names the side with more (or
// fewer) institutions.
func (p *Pipeline) moreAnswer(ctx context.Context, plan router.Plan) (draft, bool, error) {
	if len(plan.Sides) < 2 || plan.Pair == nil {
		return draft{}, false, nil
	}
	fewer := !plan.Pair.Highest
	groups, all, err := p.sideGroups(ctx, plan.Sides)
	if err != nil {
		return draft{}, false, err
	}
	best := 0
	tie := false
	for i, g := range groups[1:] {
		switch {
		case g.Count == groups[best].Count:
			tie = true
		case (g.Count > groups[best].Count) != fewer:
			best, tie = i+1, false
		}
	}
	value := groups[best].Label
	if tie {
		value = ""
	}
	noun := typeNoun(plan.Constraints.TypeCodes)
	return draft{Answer: Answer{Kind: KindSet, Value: value, IDs: all, Exact: len(plan.Dropped) == 0, Count: len(all), Groups: groups},
		render: func(cite func(string) string) string {
			var b strings.Builder
			switch {
			case tie:
				fmt.Fprintf(&b, "Both have %d %s. ", groups[0].Count, plural(noun, groups[0].Count))
			case fewer:
				fmt.Fprintf(&b, "%s has fewer. ", value)
			default:
				fmt.Fprintf(&b, "%s has more. ", value)
			}
			p.writeGroups(&b, groups, plan.Constraints, cite)
			return b.String()
		}}, true, nil
}

// sideGroups selects each compared side's set and the union of them.
func (p *Pipeline) sideGroups(ctx context.Context, sides []router.Constraints) ([]AnswerGroup, []string, error) {
	var groups []AnswerGroup
	var all []string
	for _, side := range sides {
		ids, err := p.graph.Select(ctx, side, p.opts.AsOf)
		if err != nil {
			return nil, nil, err
		}
		groups = append(groups, AnswerGroup{Label: sideLabel(side), IDs: ids, Count: len(ids)})
		for _, id := range ids {
			if !slices.Contains(all, id) {
				all = append(all, id)
			}
		}
	}
	return groups, all, nil
}

// interleave lists the groups' institutions taking one from each group in
// turn, each once.
func interleave(groups []AnswerGroup) []string {
	var out []string
	seen := map[string]bool{}
	for i := 0; ; i++ {
		more := false
		for _, g := range groups {
			if i >= len(g.IDs) {
				continue
			}
			more = true
			if id := g.IDs[i]; !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
		if !more {
			return out
		}
	}
}

// writeGroups writes "A: 2 (X [1]; Y [2]); B: 0".
func (p *Pipeline) writeGroups(b *strings.Builder, groups []AnswerGroup, c router.Constraints, cite func(string) string) {
	for i, g := range groups {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(b, "%s: %d", g.Label, g.Count)
		if g.Count > 0 {
			b.WriteString(" (")
			p.writeList(b, g.IDs, c, cite)
			b.WriteString(")")
		}
	}
}

func sideLabel(side router.Constraints) string {
	switch {
	case len(side.Places) > 0:
		return side.Places[0].Name
	case len(side.Bodies) > 0:
		return side.Bodies[0].Name
	case len(side.Names) > 0:
		return side.Names[0].Name
	}
	return ""
}

// amongSet answers a list question with words the router did not
// understand: the set the understood constraints select, ranked by the
// retrievers (which read every word), and not called exact.
// Only institutions whose records mention those words are offered; when
// none does, the answer says the data has nothing on them.
func (p *Pipeline) amongSet(plan router.Plan, ids []string, fused []fusion.Fused) draft {
	rank := rankOf(fused)
	var sorted []string
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok && mentions(in, plan.Dropped) {
			sorted = append(sorted, id)
		}
	}
	if len(sorted) == 0 {
		return noneDraft(fmt.Sprintf("Nothing in the data is recorded as %s: none of the %d %s matching the rest of the question mentions it.",
			quoteWords(plan.Dropped), len(ids), plural(typeNoun(plan.Constraints.TypeCodes), len(ids))))
	}
	slices.SortStableFunc(sorted, func(a, b string) int { return orderRank(rank, a) - orderRank(rank, b) })
	n := min(len(sorted), 5)
	top := sorted[:n]
	noun := typeNoun(plan.Constraints.TypeCodes)
	return draft{Answer: Answer{Kind: KindRanked, IDs: top}, render: func(cite func(string) string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "The data has nothing recorded as %s, so this is not an exact answer. Among the %d %s matching the rest of the question, the closest are: ",
			quoteWords(plan.Dropped), len(ids), plural(noun, len(ids)))
		p.writeNames(&b, top, cite)
		return b.String()
	}}
}

// countText opens a count answer.
func countText(n int, noun string) string {
	if n == 1 {
		return "There is 1 " + noun + ": "
	}
	return "There are " + strconv.Itoa(n) + " " + plural(noun, n) + ": "
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
	for _, a := range in.AltNames {
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
