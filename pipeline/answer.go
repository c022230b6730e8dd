package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/router"
)

// draft is an answer before citation numbers are known: render writes the
// text given a function that returns an institution's citation marker.
type draft struct {
	Answer
	render func(cite func(id string) string) string
}

// extract finds the answer: a field of the institution the question names,
// the exact set its constraints select, or the best ranked institutions.
// A graph failure is returned beside a ranked answer, never instead of one.
func (p *Pipeline) extract(ctx context.Context, plan router.Plan, fused []fusion.Fused) (draft, error) {
	if c := plan.Constraints; len(c.Malformed) > 0 && len(c.Names) == 0 &&
		len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) == 0 {
		return noneDraft(fmt.Sprintf("%s is not a valid identifier of its scheme, so no institution in the data carries it.",
			quoteWords(c.Malformed))), nil
	}
	switch plan.Frame {
	case router.FrameOffTopic:
		return offTopicDraft(plan), nil
	case router.FrameYesNo:
		if d, ok := p.yesNoAnswer(ctx, plan, fused); ok {
			return d, nil
		}
	case router.FramePair:
		if d, ok := p.pairAnswer(plan, fused); ok {
			return d, nil
		}
	case router.FrameMore:
		d, ok, err := p.moreAnswer(ctx, plan)
		if ok || err != nil {
			return d, err
		}
	}
	if d, ok := p.postcodeAnswer(plan); ok {
		return d, nil
	}
	if d, ok := p.fieldAnswer(ctx, plan, fused); ok {
		return d, nil
	}
	d, ok, err := p.setAnswer(ctx, plan, fused)
	if ok {
		return d, nil
	}
	d = p.rankedAnswer(plan, fused)
	return d, err
}

func (p *Pipeline) rankedAnswer(plan router.Plan, fused []fusion.Fused) draft {
	c := plan.Constraints
	if len(fused) > 0 && !c.List && len(plan.Unknown) > 0 && len(c.Names) == 0 && len(c.Bodies) == 0 {
		// The question names something no recognised institution is
		// called, and the best match does not carry those words either.
		if in, ok := p.data.Get(fused[0].ID); ok && !covers(in, plan.Unknown) {
			return noneDraft(fmt.Sprintf("Nothing in the data matches %s.", quoteWords(plan.Unknown)))
		}
	}
	if c.List && len(plan.Dropped) > 0 {
		// A list about something no rule understood: offer only the
		// matches whose records mention it.
		var ids []string
		for _, f := range fused {
			ids = append(ids, f.ID)
		}
		return p.amongSet(plan, ids, fused)
	}
	if len(fused) == 0 {
		return draft{Answer: Answer{Kind: KindNone}, render: func(func(string) string) string {
			return "No institution in the data matches the question."
		}}
	}
	n := min(len(fused), 5)
	ids := make([]string, n)
	for i := range n {
		ids[i] = fused[i].ID
	}
	note := ""
	if c.List && c.Selective() {
		note = "No institution matches every condition of the question exactly; the closest matches are: "
	}
	return draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
		var b strings.Builder
		if note == "" {
			b.WriteString("Best matches: ")
		} else {
			b.WriteString(note)
		}
		p.writeNames(&b, ids, cite)
		return b.String()
	}}
}

// writeNames writes "A [1]; B [2]." for the institutions.
func (p *Pipeline) writeNames(b *strings.Builder, ids []string, cite func(string) string) {
	for i, id := range ids {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.label(id))
		b.WriteString(cite(id))
	}
	b.WriteString(".")
}

// target resolves the one institution a question is about: by identifier,
// then by name (disambiguated by place and by the fused ranking), then the
// top fused hit when the question names nothing recognisable.
func (p *Pipeline) target(ctx context.Context, plan router.Plan, fused []fusion.Fused) (id, via string) {
	c := plan.Constraints
	for _, look := range []struct {
		scheme string
		values []string
	}{{"isil", c.ISILs}, {"wikidata", c.QIDs}, {"ghcid", c.GHCIDs}, {"gnd", c.GNDs}, {"ror", c.RORs}} {
		for _, v := range look.values {
			if ids := p.lookup(ctx, look.scheme, v); len(ids) > 0 {
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
		slices.SortStableFunc(cand, func(a, b string) int {
			return orderRank(rank, a) - orderRank(rank, b)
		})
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

func orderRank(rank map[string]int, id string) int {
	if r, ok := rank[id]; ok {
		return r
	}
	return 1 << 30
}

func placeMatches(in *heritage.Institution, places []router.Place) bool {
	for _, pl := range places {
		want := strings.ToLower(pl.Name)
		for _, v := range []string{in.City, in.County, in.District, in.Region, in.Subregion, in.Country} {
			if strings.ToLower(v) == want {
				return true
			}
		}
		for _, u := range in.AdminAreas() {
			if strings.ToLower(u.Name) == want {
				return true
			}
		}
	}
	return false
}

// lookup resolves an identifier through the entity cache.
func (p *Pipeline) lookup(ctx context.Context, scheme, value string) []string {
	ids, err := p.entities.GetOrLoad(scheme+"\x00"+strings.ToLower(value), func() ([]string, error) {
		return p.graph.Lookup(ctx, scheme, value)
	})
	if err != nil {
		p.log.Warn("identifier look-up failed", "scheme", scheme, "err", err)
	}
	return ids
}

// fieldAnswer answers single-institution questions: a field ("What is the
// ISIL code of X?", "In which year did X open?") or, for a bare identifier
// look-up, the institution itself.
func (p *Pipeline) fieldAnswer(ctx context.Context, plan router.Plan, fused []fusion.Fused) (draft, bool) {
	c := plan.Constraints
	hasID := len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) > 0
	if c.List || (c.Field == "" && !hasID) {
		return draft{}, false
	}
	id, via := p.target(ctx, plan, fused)
	if hasID && via != "isil" && via != "wikidata" && via != "ghcid" && via != "gnd" && via != "ror" {
		// An identifier the data does not hold: say so, never answer
		// about another institution.
		return missingIdentifierDraft(c), true
	}
	if id == "" {
		return draft{}, false
	}
	in, ok := p.data.Get(id)
	if !ok {
		return draft{}, false
	}
	if via == "ranking" && len(plan.Unknown) == 0 {
		return noneDraft("The question names no institution the data holds."), true
	}
	if via == "ranking" && !covers(in, plan.Unknown) {
		return noneDraft(fmt.Sprintf("No institution called %s is in the data.", quoteWords(unknownName(plan)))), true
	}
	field := c.Field
	if field == "" || (hasID && field == via) {
		// A reverse look-up: the identifier is given, the institution asked.
		return draft{Answer: Answer{Kind: KindField, Field: "institution", Value: in.Name, IDs: []string{id}, Exact: via != "ranking"},
			render: func(cite func(string) string) string {
				return fmt.Sprintf("%s%s (%s, %s).", in.Name, cite(id), strings.ToLower(in.Type), placeText(in))
			}}, true
	}
	label, value := fieldValue(in, field)
	if value == "" {
		return draft{Answer: Answer{Kind: KindField, Field: field, IDs: []string{id}},
			render: func(cite func(string) string) string {
				return fmt.Sprintf("The data records no %s for %s%s.", label, in.Name, cite(id))
			}}, true
	}
	hedge := ""
	if via == "ranking" {
		hedge = " (best match for the name in the question)"
	}
	// A relation's answer cites the related records too, first.
	ids := append(linkedIDs(in, field), id)
	return draft{Answer: Answer{Kind: KindField, Field: field, Value: value, IDs: ids, Exact: via != "ranking"},
		render: func(cite func(string) string) string {
			return fmt.Sprintf("The %s of %s%s is %s%s.", label, in.Name, hedge, value, cite(id))
		}}, true
}

// fieldValue returns a field's label and its value as text.
func fieldValue(in *heritage.Institution, field string) (label, value string) {
	switch field {
	case "isil":
		v := in.ISIL
		if v == "" && len(in.Identifiers.ISILAll) > 0 {
			v = in.Identifiers.ISILAll[0]
		}
		return "ISIL code", v
	case "gnd":
		return "GND identifier", in.GND()
	case "wikidata":
		return "Wikidata ID", in.Wikidata
	case "ghcid":
		return "GHCID", in.GHCID
	case "website":
		return "official website", in.Website
	case "postcode":
		return "postcode", in.Postcode
	case "address":
		if in.Address == "" {
			// "Where is X?" of a record without a street address: its place.
			return "location", placeText(in)
		}
		return "address", in.Address
	case "city":
		return "city", in.City
	case "country":
		return "country", in.Country
	case "governance":
		if in.Governance == "" {
			return "governance type", ""
		}
		return "governance type", fmt.Sprintf("%s (%s)", in.Governance, in.GovernanceCode)
	case "accreditation":
		return "accreditation", in.Accreditation
	case "size":
		return "size", in.Size
	case "type":
		return "type", strings.ToLower(in.Type)
	case "status":
		return "status", in.Status
	case "opened":
		return "opening year", heritage.YearsText(in.Opened())
	case "closed":
		return "closing year", heritage.YearsText(in.Closed())
	case "former_name":
		var names []string
		for _, a := range in.FormerNames() {
			if a.Period != "" {
				names = append(names, fmt.Sprintf("%s (%s)", a.Name, a.Period))
			} else {
				names = append(names, a.Name)
			}
		}
		return "former name", strings.Join(names, "; ")
	case "operator", "member_of":
		var ops []string
		for _, m := range in.MemberOf {
			if m.Relation == heritage.RelOperatedBy || m.Relation == heritage.RelPartOf {
				ops = append(ops, m.Name)
			}
		}
		for _, r := range in.Related {
			if r.Relation == "part_of" || r.Relation == "operated_by" {
				ops = append(ops, r.Name)
			}
		}
		label := "operator"
		if field == "member_of" {
			label = "parent organisation"
		}
		if len(ops) == 0 && in.Governance != "" && field == "operator" {
			ops = append(ops, in.Governance)
		}
		return label, strings.Join(ops, "; ")
	case "successor":
		return "successor", relatedNames(in, "succeeded_by", "merged_into", "relocated_to")
	case "predecessor":
		return "predecessor", relatedNames(in, "successor_of", "absorbed")
	case "coordinates":
		if in.Lat == nil || in.Lon == nil {
			return "coordinates", ""
		}
		return "coordinates", fmt.Sprintf("%.5f, %.5f", *in.Lat, *in.Lon)
	}
	return strings.ReplaceAll(field, "_", " "), ""
}

// linkedIDs are the records a relation field names, when the data gives
// their ids.
func linkedIDs(in *heritage.Institution, field string) []string {
	var rels []string
	switch field {
	case "successor":
		rels = []string{"succeeded_by", "merged_into", "relocated_to"}
	case "predecessor":
		rels = []string{"successor_of", "absorbed"}
	case "operator", "member_of":
		rels = []string{"part_of", "operated_by"}
	default:
		return nil
	}
	var out []string
	for _, r := range in.Related {
		if r.ID != "" && r.ID != in.ID && slices.Contains(rels, r.Relation) && !slices.Contains(out, r.ID) {
			out = append(out, r.ID)
		}
	}
	if field == "operator" || field == "member_of" {
		for _, m := range in.MemberOf {
			if m.ID != "" && m.ID != in.ID && !slices.Contains(out, m.ID) {
				out = append(out, m.ID)
			}
		}
	}
	return out
}

// relatedNames lists the names of the records related to in by one of
// the relations.
func relatedNames(in *heritage.Institution, relations ...string) string {
	var names []string
	for _, r := range in.Related {
		if slices.Contains(relations, r.Relation) && !slices.Contains(names, r.Name) {
			names = append(names, r.Name)
		}
	}
	return strings.Join(names, "; ")
}

func placeText(in *heritage.Institution) string {
	var parts []string
	for _, v := range []string{in.City, in.County, in.Region, in.Country} {
		if v != "" && !slices.Contains(parts, v) {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, ", ")
}

// setAnswer selects the exact set of institutions a list question's
// constraints describe, per compared side for comparative questions.
func (p *Pipeline) setAnswer(ctx context.Context, plan router.Plan, fused []fusion.Fused) (draft, bool, error) {
	c := plan.Constraints
	houses := (c.Relation == "houses" || c.Relation == "located_in") && len(c.Names) > 0 ||
		c.List && len(c.Names) == 1 && (c.Relation == "part_of" || c.Relation == "operated_by")
	compare := plan.Intent == router.Comparative && len(plan.Sides) > 1
	// A question about a body's members wants the members, whether or not
	// it is phrased as a list ("museums run by York Museums Trust").
	members := len(c.Bodies) > 0 && c.Field == ""
	if !houses && !((c.List || compare || members) && c.Selective()) {
		return draft{}, false, nil
	}
	noun := typeNoun(c.TypeCodes)
	if compare {
		groups, all, err := p.sideGroups(ctx, plan.Sides)
		if err != nil {
			return draft{}, false, err
		}
		if len(all) == 0 {
			return draft{}, false, nil
		}
		return draft{Answer: Answer{Kind: KindSet, IDs: all, Exact: true, Count: len(all), Groups: groups},
			render: func(cite func(string) string) string {
				var b strings.Builder
				p.writeGroups(&b, groups, c, cite)
				return b.String()
			}}, true, nil
	}
	ids, err := p.graph.Select(ctx, c, p.opts.AsOf)
	if err != nil {
		return draft{}, false, err
	}
	if len(plan.Dropped) > 0 && len(ids) > 0 {
		return p.amongSet(plan, ids, fused), true, nil
	}
	if len(ids) == 0 {
		if plan.Frame == router.FrameCount {
			return draft{Answer: Answer{Kind: KindSet, Value: "0", Exact: true},
				render: func(func(string) string) string {
					return fmt.Sprintf("There are no %s in the data that match every condition of the question.", plural(noun, 2))
				}}, true, nil
		}
		return draft{}, false, nil
	}
	a := Answer{Kind: KindSet, IDs: ids, Exact: true, Count: len(ids)}
	if plan.Frame == router.FrameCount {
		a.Value = strconv.Itoa(len(ids))
	}
	// Towns read from records' names widen a place; the set is exact only
	// when every member's place is stated.
	inferred := 0
	if ss, ok := p.graph.(statedSelector); ok && len(c.Places) > 0 {
		if stated, err := ss.SelectMatching(ctx, c, p.opts.AsOf, kg.Stated); err == nil && len(stated) < len(ids) {
			inferred = len(ids) - len(stated)
			a.Exact = false
		}
	}
	return draft{Answer: a,
		render: func(cite func(string) string) string {
			var b strings.Builder
			if plan.Frame == router.FrameCount {
				b.WriteString(countText(len(ids), noun))
			} else {
				fmt.Fprintf(&b, "%d %s: ", len(ids), plural(noun, len(ids)))
			}
			p.writeList(&b, ids, c, cite)
			writePlaceReadings(&b, c.Places)
			if inferred > 0 {
				fmt.Fprintf(&b, ". The data states the place of %d of them; %d are placed there by the town in their name.",
					len(ids)-inferred, inferred)
			}
			return b.String()
		}}, true, nil
}

// writePlaceReadings says which places were read as another spelling
// ("Nery" as Newry) and as a town and the administrative unit of the
// same name.
func writePlaceReadings(b *strings.Builder, places []router.Place) {
	for _, pl := range places {
		typed, name := strings.ToLower(pl.Text), strings.ToLower(pl.Name)
		if typed != "" && !strings.Contains(typed, name) {
			fmt.Fprintf(b, ". “%s” is read as %s", pl.Text, pl.Name)
		}
		if pl.Area != "" {
			fmt.Fprintf(b, ". %s is read as the town and the area of that name (%s)", pl.Name, pl.Area)
		}
	}
}

// writeList names the first listShown institutions and counts the rest.
func (p *Pipeline) writeList(b *strings.Builder, ids []string, c router.Constraints, cite func(string) string) {
	for i, id := range ids {
		if i == listShown && len(ids) > listShown+2 {
			fmt.Fprintf(b, " and %d more", len(ids)-listShown)
			return
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.label(id))
		if in, ok := p.data.Get(id); ok && c.Years != nil {
			var y string
			if c.Years.Field == "closed" {
				y = heritage.YearsText(in.Closed())
			} else {
				y = heritage.YearsText(in.Opened())
			}
			if y != "" {
				fmt.Fprintf(b, " (%s)", strings.Replace(strings.TrimPrefix(y, "between "), " and ", "-", 1))
			}
		}
		b.WriteString(cite(id))
	}
}

func (p *Pipeline) label(id string) string {
	if in, ok := p.data.Get(id); ok {
		return in.Name
	}
	return id
}

func typeNoun(codes []string) string {
	if len(codes) == 1 {
		switch codes[0] {
		case "M":
			return "museum"
		case "L":
			return "library"
		case "A":
			return "archive"
		case "G":
			return "gallery"
		}
	}
	return "institution"
}

func plural(noun string, n int) string {
	if n == 1 {
		return noun
	}
	switch noun {
	case "library":
		return "libraries"
	case "gallery":
		return "galleries"
	}
	return noun + "s"
}

// promote puts the answer's institutions first, then the other fused hits
// until k are listed. Ranks are positions in the returned list.
func promote(fused []fusion.Fused, ids []string, data *heritage.Dataset, k int) []fusion.Fused {
	byID := make(map[string]int, len(fused))
	for i, f := range fused {
		byID[f.ID] = i
	}
	out := make([]fusion.Fused, 0, max(k, len(ids)))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if i, ok := byID[id]; ok {
			out = append(out, fused[i])
		} else if in, ok := data.Get(id); ok {
			out = append(out, fusedFromRecord(in))
		}
	}
	for _, f := range fused {
		if len(out) >= max(k, len(ids)) {
			break
		}
		if !seen[f.ID] {
			seen[f.ID] = true
			out = append(out, f)
		}
	}
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// cite numbers the answer's institutions against the context's citations,
// adding a citation for any answer institution the context had no room
// for, and renders the answer text with its markers.
func (p *Pipeline) cite(d draft, resp *Response) Answer {
	num := make(map[string]int, len(resp.Citations))
	for _, c := range resp.Citations {
		num[c.ID] = c.N
	}
	for _, id := range d.IDs {
		if _, ok := num[id]; ok {
			continue
		}
		if in, ok := p.data.Get(id); ok {
			c := citationFor(len(resp.Citations)+1, in)
			resp.Citations = append(resp.Citations, c)
			num[id] = c.N
		}
	}
	a := d.Answer
	for _, id := range d.IDs {
		if n, ok := num[id]; ok {
			a.Citations = append(a.Citations, n)
		}
	}
	a.Text = d.render(func(id string) string {
		if n, ok := num[id]; ok {
			return fmt.Sprintf(" [%d]", n)
		}
		return ""
	})
	return a
}

// fusedFromRecord makes a fused hit for an answer institution that no
// retriever ranked (an exact set larger than the retrievers' k): it has no
// retriever provenance and no fused score.
func fusedFromRecord(in *heritage.Institution) fusion.Fused {
	h := retrievers.NewHit(in, router.RetrieverKG, 0, 0)
	return fusion.Fused{ID: h.ID, Name: h.Name, Identifiers: h.Identifiers, Snippet: h.Snippet, Tier: h.Tier, Sources: []fusion.Contribution{}}
}

func citationFor(n int, in *heritage.Institution) ragcontext.Citation {
	return ragcontext.Citation{N: n, ID: in.ID, Name: in.Name, Source: in.Source, License: in.License, Attribution: in.Attribution, Tier: in.Tier}
}
