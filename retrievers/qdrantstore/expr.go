package qdrantstore

import (
	"strconv"
	"strings"

	"github.com/qdrant/go-client/qdrant"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/query"
)

// selKey is the payload object holding what the query algebra's
// predicates compare beyond the fold fields (see selPayload).
const selKey = "sel"

// The fields of the selection payload, under selKey.
const (
	selPlaceKeys     = selKey + ".place_keys"
	selSubjects      = selKey + ".subjects"
	selSubjectsExact = selKey + ".subjects_exact"
	selOpenedTo      = selKey + ".opened_to"
	selClosedTo      = selKey + ".closed_to"
	selClosed        = selKey + ".closed"
	selHuge          = selKey + ".huge"
	selMembers       = selKey + ".members"
	selLocatedIn     = selKey + ".located_in"
	// the fields of each object of selMembers
	memberKey   = "key"
	memberUntil = "until"
)

// selIndexes are the payload indexes of the selection fields, in the
// order Ingest creates them. A collection without all of them was
// ingested before the selection payload existed (ErrOutdated).
var selIndexes = []struct {
	field string
	kind  qdrant.FieldType
}{
	{selPlaceKeys, qdrant.FieldType_FieldTypeKeyword},
	{selSubjects, qdrant.FieldType_FieldTypeKeyword},
	{selSubjectsExact, qdrant.FieldType_FieldTypeKeyword},
	{selOpenedTo, qdrant.FieldType_FieldTypeInteger},
	{selClosedTo, qdrant.FieldType_FieldTypeInteger},
	{selClosed, qdrant.FieldType_FieldTypeBool},
	{selHuge, qdrant.FieldType_FieldTypeBool},
	{selMembers + "[]." + memberKey, qdrant.FieldType_FieldTypeKeyword},
	{selLocatedIn, qdrant.FieldType_FieldTypeKeyword},
}

// selPayload is what the query algebra's predicates read of a record
// that the fold fields do not hold, each as the predicate's evaluator
// reads it:
//
//   - place_keys: the record's place index keys (kg.RecordPlaceKeys,
//     which depend on the dataset: the towns read from records and the
//     towns each lies near), for query.Place at every level;
//   - subjects and subjects_exact: query.SubjectKeys of the subjects,
//     for query.Subject with and without Narrower;
//   - opened_to and closed_to: the last year of the opening and closing
//     year ranges (heritage.Institution.Opened, Closed), whose first
//     years are year_opened and year_closed, for query.YearRange;
//   - closed: the status is exactly "closed" (not
//     heritage.Institution.IsOpen), for query.Status;
//   - huge: the size is exactly "huge", which query.Size "large" admits;
//   - members: an object per membership and key it is found by
//     (memberKeys: the group's name as normalised, and its id when it
//     has one), with the year it ended (until) when that is a number,
//     for query.MemberOf;
//   - located_in: the ids of the records it is located in, for
//     query.Related with "houses".
func selPayload(ds *heritage.Dataset, in *heritage.Institution) *qdrant.Value {
	sel := map[string]*qdrant.Value{
		"closed": qdrant.NewValueBool(!in.IsOpen()),
		"huge":   qdrant.NewValueBool(in.Size() == "huge"),
	}
	if keys := kg.RecordPlaceKeys(ds, in); len(keys) > 0 {
		sel["place_keys"] = stringList(keys)
	}
	if prefixes, exact := query.SubjectKeys(in.Subjects); len(prefixes) > 0 {
		sel["subjects"] = stringList(prefixes)
		sel["subjects_exact"] = stringList(exact)
	}
	if _, to, ok := in.Opened(); ok {
		sel["opened_to"] = qdrant.NewValueInt(int64(to))
	}
	if _, to, ok := in.Closed(); ok {
		sel["closed_to"] = qdrant.NewValueInt(int64(to))
	}
	var members []*qdrant.Value
	for _, ms := range in.MemberOf() {
		for _, k := range memberKeys(ms) {
			m := map[string]*qdrant.Value{memberKey: qdrant.NewValueString(k)}
			if y, err := strconv.Atoi(strings.TrimSpace(ms.Until)); err == nil {
				m[memberUntil] = qdrant.NewValueInt(int64(y))
			}
			members = append(members, qdrant.NewValueFromFields(m))
		}
	}
	if len(members) > 0 {
		sel["members"] = qdrant.NewValueFromList(members...)
	}
	var located []string
	for _, r := range in.Related() {
		if r.Relation == "located_in" && r.ID != "" {
			located = append(located, r.ID)
		}
	}
	if len(located) > 0 {
		sel["located_in"] = stringList(located)
	}
	return qdrant.NewValueFromFields(sel)
}

// memberKeys are the keys a membership is found by: "name" and the
// group's name as normalised (heritage.NormalizeName), as query.MemberOf
// compares a body's name; "id" and the group's record id, when it has
// one, as it compares a body that is a record.
func memberKeys(ms heritage.Membership) []string {
	keys := []string{nameMember(heritage.NormalizeName(ms.Name))}
	if ms.ID != "" {
		keys = append(keys, idMember(ms.ID))
	}
	return keys
}

func nameMember(key string) string { return "name\x00" + key }
func idMember(id string) string    { return "id\x00" + id }

// pointPayload is the payload Ingest writes for a record of ds: payload
// and, under selKey, selPayload.
func pointPayload(ds *heritage.Dataset, in *heritage.Institution) map[string]*qdrant.Value {
	p := payload(in)
	p[selKey] = selPayload(ds, in)
	return p
}

// Translation is a query.Expr as a Qdrant filter over the payload Ingest
// writes.
type Translation struct {
	// Filter selects the points meeting the translated parts of the
	// expression; nil selects every point.
	Filter *qdrant.Filter
	// None is true when no record meets the translated parts: no search
	// is needed.
	None bool
	// Post are the parts Qdrant does not express (the translator's
	// declared post-filters), in the order of the expression: the
	// points Filter selects must still meet them, tested with
	// query.Expr.Match on the records. Empty when Filter says it all.
	Post query.And
}

// TranslateExpr translates e into a Qdrant payload filter:
//
//   - Type and Governance: match any of the folded codes on fold.type_code
//     and fold.governance_code; Accreditation: match on fold.accreditation
//     (an empty value: the field is empty);
//   - Size: match any on fold.size, "" as an empty field, and "large"
//     admitting sel.huge;
//   - Status: sel.closed, negated for open;
//   - YearRange: the first year (year_opened, year_closed) at or after
//     From, the last (sel.opened_to, sel.closed_to) at or before To, and
//     the last year present;
//   - Subject: sel.subjects (Narrower) or sel.subjects_exact, by
//     query.Subject.Key;
//   - Place, at every level: sel.place_keys holds kg.PlaceKey of it;
//   - IDs: the points' ids (PointID);
//   - Field: the fold field of the key, as Translate reads a filter.Set;
//   - True, False, And, Or and Not whose parts all translate: must,
//     should and must_not, with constants folded away.
//
// Post-filters: every other part of a top-level And (all of e when it is
// no And): MemberOf and Related (a record's members and relatives are
// read across records, which a payload filter cannot join; TranslateIn
// resolves them), Radius, and an And, Or or Not with such a part.
func TranslateExpr(e query.Expr) Translation { return TranslateIn(e, query.EvalContext{}) }

// TranslateIn is TranslateExpr with the dataset's look-ups: given
// ev.Records and ev.Bodies it translates MemberOf and Related too, by
// resolving, as their Match does, the body or the named institution to
// keys of the payload's members (sel.members, with the year a
// membership ended), to the ids of the records an institution lists
// (has_part and other links), and to located_in.
func TranslateIn(e query.Expr, ev query.EvalContext) Translation {
	return translator{ev: ev}.translate(e)
}

// translate is TranslateIn with the translator's look-ups.
func (tr translator) translate(e query.Expr) Translation {
	parts := []query.Expr{e}
	if and, ok := e.(query.And); ok {
		parts = and
	}
	var t Translation
	var must, mustNot []*qdrant.Condition
	for _, x := range parts {
		// a top-level Not goes under must_not as it stands
		neg, isNot := x.(query.Not)
		y := x
		if isNot {
			y = neg.X
		}
		c, ok := tr.expr(y)
		if !ok {
			t.Post = append(t.Post, x)
			continue
		}
		if isNot {
			if c.cond != nil {
				mustNot = append(mustNot, c.cond)
				continue
			}
			c = c.not()
		}
		switch {
		case c.never:
			t.None = true
		case c.cond != nil:
			must = append(must, c.cond)
		}
	}
	if !t.None && len(must)+len(mustNot) > 0 {
		t.Filter = &qdrant.Filter{Must: must, MustNot: mustNot}
	}
	return t
}

// cond is a translated expression: a condition, or a constant.
type cond struct {
	cond          *qdrant.Condition
	always, never bool
}

var (
	always = cond{always: true}
	never  = cond{never: true}
)

func is(c *qdrant.Condition) cond { return cond{cond: c} }

// not is the negation of c.
func (c cond) not() cond {
	switch {
	case c.always:
		return never
	case c.never:
		return always
	}
	return is(qdrant.NewFilterAsCondition(&qdrant.Filter{MustNot: []*qdrant.Condition{c.cond}}))
}

// translator translates expressions, resolving names with ev when it
// has the dataset's look-ups, and a $contains with values when it has
// the records' values (recordValues).
type translator struct {
	ev     query.EvalContext
	values *recordValues
}

// expr translates e; ok is false when a part of it does not translate.
func (tr translator) expr(e query.Expr) (c cond, ok bool) {
	switch x := e.(type) {
	case query.Const:
		if x {
			return always, true
		}
		return never, true
	case query.And:
		return tr.combine(x, false)
	case query.Or:
		return tr.combine(x, true)
	case query.Not:
		c, ok := tr.expr(x.X)
		return c.not(), ok
	case query.Type:
		return oneOf(foldKey+".type_code", x.Codes), true
	case query.Governance:
		return oneOf(foldKey+".governance_code", x.Codes), true
	case query.Accreditation:
		if x.Value == "" {
			return is(qdrant.NewIsEmpty(foldKey + ".accreditation")), true
		}
		return is(qdrant.NewMatchKeyword(foldKey+".accreditation", Fold(x.Value))), true
	case query.Size:
		return sizes(x.Values), true
	case query.Status:
		switch x {
		case query.StatusOpen:
			return is(qdrant.NewMatchBool(selClosed, true)).not(), true
		case query.StatusClosed:
			return is(qdrant.NewMatchBool(selClosed, true)), true
		}
		return always, true
	case query.YearRange:
		return years(x), true
	case query.Subject:
		k, ok := x.Key()
		if !ok {
			return never, true
		}
		if x.Narrower {
			return is(qdrant.NewMatchKeyword(selSubjects, k)), true
		}
		return is(qdrant.NewMatchKeyword(selSubjectsExact, k)), true
	case query.Place:
		k, ok := kg.PlaceKey(x)
		if !ok {
			return never, true
		}
		return is(qdrant.NewMatchKeyword(selPlaceKeys, k)), true
	case query.IDs:
		if len(x) == 0 {
			return never, true
		}
		ids := make([]*qdrant.PointId, len(x))
		for i, id := range x {
			ids[i] = qdrant.NewIDUUID(PointID(id).String())
		}
		return is(qdrant.NewHasID(ids...)), true
	case query.Field:
		return fieldCondition(x, tr.values), true
	case query.MemberOf:
		if tr.ev.Records == nil || tr.ev.Bodies == nil {
			return cond{}, false
		}
		return tr.member(x.Body, x.AsOf), true
	case query.Related:
		if tr.ev.Records == nil || tr.ev.Bodies == nil {
			return cond{}, false
		}
		return tr.related(x), true
	}
	return cond{}, false
}

// member is query.MemberOf of body at asOf.
func (tr translator) member(body string, asOf int) cond {
	current := func(key string) *qdrant.Condition {
		must := []*qdrant.Condition{qdrant.NewMatchKeyword(memberKey, key)}
		if asOf > 0 {
			must = append(must, qdrant.NewFilterAsCondition(&qdrant.Filter{Should: []*qdrant.Condition{
				qdrant.NewIsEmpty(memberUntil),
				qdrant.NewRange(memberUntil, &qdrant.Range{Gt: qdrant.PtrOf(float64(asOf))}),
			}}))
		}
		return qdrant.NewNestedFilter(selMembers, &qdrant.Filter{Must: must})
	}
	parent, ok := tr.ev.Records.Get(body)
	if !ok {
		return is(current(nameMember(tr.ev.Bodies.BodyKey(body))))
	}
	var parts []*qdrant.Condition
	parts = append(parts, current(idMember(body)))
	if c := hasIDs(parent.Related(), "has_part"); c != nil {
		parts = append(parts, c)
	}
	return anyOf(parts)
}

// related is query.Related.
func (tr translator) related(r query.Related) cond {
	ids := r.IDs
	if len(ids) == 0 {
		ids = tr.ev.Bodies.Named(r.Name)
	}
	var parts []*qdrant.Condition
	add := func(c cond) {
		if c.cond != nil {
			parts = append(parts, c.cond)
		}
	}
	for _, id := range ids {
		anchor, ok := tr.ev.Records.Get(id)
		if !ok {
			continue
		}
		switch r.Relation {
		case heritage.RelPartOf, heritage.RelOperatedBy, "has_part":
			add(tr.member(id, r.AsOf))
			add(tr.member(anchor.Name, r.AsOf))
			continue
		}
		if c := hasIDs(anchor.Related(), r.Relation); c != nil {
			parts = append(parts, c)
		}
		if r.Relation == "houses" {
			parts = append(parts, qdrant.NewMatchKeyword(selLocatedIn, id))
		}
	}
	return anyOf(parts)
}

// hasIDs is the condition that a point is one of the records the links
// of relation name, nil when they name none.
func hasIDs(links []heritage.Relation, relation string) *qdrant.Condition {
	var ids []*qdrant.PointId
	for _, l := range links {
		if l.Relation == relation && l.ID != "" {
			ids = append(ids, qdrant.NewIDUUID(PointID(l.ID).String()))
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return qdrant.NewHasID(ids...)
}

// anyOf is the condition that one of parts holds; none never does.
func anyOf(parts []*qdrant.Condition) cond {
	switch len(parts) {
	case 0:
		return never
	case 1:
		return is(parts[0])
	}
	return is(qdrant.NewFilterAsCondition(&qdrant.Filter{Should: parts}))
}

// combine translates the parts of an And (or false) or an Or (or true).
func (tr translator) combine(xs []query.Expr, or bool) (cond, bool) {
	var conds []*qdrant.Condition
	for _, y := range xs {
		c, ok := tr.expr(y)
		switch {
		case !ok:
			return cond{}, false
		case or && c.always, !or && c.never:
			return c, true
		case c.cond != nil:
			conds = append(conds, c.cond)
		}
	}
	switch {
	case len(conds) == 0 && or:
		return never, true
	case len(conds) == 0:
		return always, true
	case len(conds) == 1:
		return is(conds[0]), true
	case or:
		return is(qdrant.NewFilterAsCondition(&qdrant.Filter{Should: conds})), true
	}
	return is(qdrant.NewFilterAsCondition(&qdrant.Filter{Must: conds})), true
}

// oneOf is query.OneOf over the fold field: a code trimmed and folded
// equals the record's folded code; a code that trims to nothing is none.
func oneOf(field string, list []string) cond {
	var words []string
	for _, c := range list {
		if w := Fold(strings.TrimSpace(c)); w != "" {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return never
	}
	return is(qdrant.NewMatchKeywords(field, words...))
}

// sizes is query.SizeIn over the payload.
func sizes(values []string) cond {
	var words []string
	var or []*qdrant.Condition
	empty, large := false, false
	for _, v := range values {
		switch {
		case v == "":
			empty = true
		default:
			words = append(words, Fold(v))
			large = large || strings.EqualFold(v, "large")
		}
	}
	if len(words) > 0 {
		or = append(or, qdrant.NewMatchKeywords(foldKey+".size", words...))
	}
	if empty {
		or = append(or, qdrant.NewIsEmpty(foldKey+".size"))
	}
	if large {
		or = append(or, qdrant.NewMatchBool(selHuge, true))
	}
	switch len(or) {
	case 0:
		return never
	case 1:
		return is(or[0])
	}
	return is(qdrant.NewFilterAsCondition(&qdrant.Filter{Should: or}))
}

// years is query.YearRange over the first and last years of the range.
func years(y query.YearRange) cond {
	var first, last string
	switch y.Field {
	case "opened":
		first, last = "year_opened", selOpenedTo
	case "closed":
		first, last = "year_closed", selClosedTo
	default:
		return never
	}
	var must []*qdrant.Condition
	if y.To > 0 {
		must = append(must, qdrant.NewRange(last, &qdrant.Range{Lte: qdrant.PtrOf(float64(y.To))}))
	}
	if y.From > 0 {
		must = append(must, qdrant.NewRange(first, &qdrant.Range{Gte: qdrant.PtrOf(float64(y.From))}))
	}
	switch len(must) {
	case 0:
		// the year is known (both years are written, or neither)
		return is(qdrant.NewIsEmpty(last)).not()
	case 1:
		return is(must[0])
	}
	return is(qdrant.NewFilterAsCondition(&qdrant.Filter{Must: must}))
}
