// Package plan holds the router's output types: the plan of a question
// (intent, frame, retriever legs) and the typed constraints extracted from
// it. Retrievers and caches read plans; only the router builds them.
package plan

import (
	"slices"

	"github.com/hybridrag/hybridrag/internal/clone"
	"github.com/hybridrag/hybridrag/locale"
)

// Intent is what a question is after.
type Intent string

// The six intents.
const (
	Factual      Intent = "factual"
	Exploratory  Intent = "exploratory"
	Relationship Intent = "relationship"
	Temporal     Intent = "temporal"
	Comparative  Intent = "comparative"
	Collection   Intent = "collection"
)

// Intents lists every intent in a fixed order.
var Intents = []Intent{Factual, Exploratory, Relationship, Temporal, Comparative, Collection}

// Valid reports whether i is one of the six intents.
func (i Intent) Valid() bool {
	for _, x := range Intents {
		if x == i {
			return true
		}
	}
	return false
}

// Retriever names used in plans, fusion provenance and responses.
const (
	RetrieverVector   = "vector"
	RetrieverBM25     = "bm25"
	RetrieverKG       = "kg"
	RetrieverWikidata = "wikidata"
)

// Plan is the router's output: what the question asks and how to answer it.
type Plan struct {
	Question string `json:"question"`
	// Lang is the language the answer is written in: the request's, else
	// the question's. The pipeline sets it, not the router; answer code
	// renders its text with locale.For(Lang).
	Lang        locale.Lang   `json:"lang,omitempty"`
	Intent      Intent        `json:"intent"`
	Confidence  float64       `json:"confidence"`
	Scores      []IntentScore `json:"scores,omitempty"` // every intent's score, best first
	Constraints Constraints   `json:"constraints"`
	Legs        []Leg         `json:"retrievers"`
	// Fusion is how the legs' rankings are merged: the strategy's choice
	// for the intent.
	Fusion Fusion `json:"fusion"`
	// Sides holds one sub-plan's constraints per compared side for
	// comparative questions ("in Hampshire and Somerset").
	Sides []Constraints `json:"sides,omitempty"`
	// SideLabels name the sides when they differ by a value of one
	// condition ("accredited museums", "unaccredited museums"), in the
	// words of the question; empty for sides that name themselves
	// (places, organisations, institutions, kinds).
	SideLabels []string `json:"side_labels,omitempty"`
	// Whole is, for a question about a share (Constraints.Share), the set
	// the share is of: "museums in Wales" in "What percentage of museums
	// in Wales are accredited?".
	Whole *Constraints `json:"whole,omitempty"`
	// Frame is the shape of what is asked; Test and Pair fill the yes/no
	// and two-institution frames.
	Frame Frame `json:"frame"`
	Test  *Test `json:"test,omitempty"`
	Pair  *Pair `json:"pair,omitempty"`
	// Then is a yes/no asked of the same institution after a field ("When
	// did Chartwell open, and is it still running?").
	Then *Then `json:"then,omitempty"`
	// NotUsed are the parts of the question the plan does not use, by
	// kind (see NotUsedKind): words no rule understood, those of them
	// that stand where a constraint would, those a list may leave out,
	// and the name or place they make. An answer that ignores them must
	// say so. Read them with Unused and UnusedPhrase.
	NotUsed NotUsedList `json:"not_used,omitempty"`
	// NamedBy are records (at most five) whose names hold every unknown
	// word, a misspelling or plural aside, when the question names no
	// institution: an answer must not say the data has nothing on them
	// ("Where can I see bagpipes?").
	NamedBy []string `json:"named_by,omitempty"`
	// Unstated is the institution a "same … as" cue measures by, when its
	// record states nothing at the cue's level ("the same town as the
	// Museum Folkwang", "the same year as the Rijksmuseum"): the cue is
	// unread, and the answer says why.
	Unstated *Unstated `json:"unstated,omitempty"`
	// Exists says that a list question asks whether the place has any
	// institutions of the kind ("Are there any museums in Rye?", "Gibt
	// es …", "Zijn er …", "Does York have a museum?"): an answer that
	// finds none says no, or that the data cannot tell.
	Exists bool `json:"exists,omitempty"`
	// Resolved says why the frame is not the one the rules read: the
	// resolver filled another frame's template from words the rules left
	// unread, where the learned frame model reads that frame ("field: the
	// rules read ranking; the model reads field at 0.88, and "type" fills
	// it"). Empty when the rules decided.
	Resolved string `json:"resolved,omitempty"`
	// FieldByModel is set when no word of the lexicon names the field
	// asked and the learned model's reading of the question filled it
	// (see Resolved): the answer says so and is not exact.
	FieldByModel bool `json:"field_by_model,omitempty"`
}

// IntentScore is one intent's rule score.
type IntentScore struct {
	Intent Intent  `json:"intent"`
	Score  float64 `json:"score"`
}

// Leg is one retriever to run, with its fusion weight and depth.
type Leg struct {
	Retriever string  `json:"retriever"`
	Weight    float64 `json:"weight"`
	K         int     `json:"k"`
	Primary   bool    `json:"primary,omitempty"`
}

// Fusion names the fusion that merges a plan's legs.
type Fusion struct {
	// Method is a fusion.Method: "rrf", "relative" or "dbsf".
	Method string `json:"method"`
	// K is RRF's rank constant; 0 for the score fusions.
	K float64 `json:"k,omitempty"`
}

// Constraints are the typed facts extracted from a question. Empty fields
// mean "not constrained".
type Constraints struct {
	// Identifiers found verbatim in the question.
	ISILs  []string `json:"isils,omitempty"`
	QIDs   []string `json:"qids,omitempty"`
	GHCIDs []string `json:"ghcids,omitempty"`
	GNDs   []string `json:"gnds,omitempty"`
	RORs   []string `json:"rors,omitempty"`
	// Malformed are identifiers given after a scheme cue that are not
	// valid in that scheme ("ROR 0degcx868"): no record can carry them.
	Malformed []string `json:"malformed,omitempty"`

	// Names are institutions recognised by name or former name.
	Names []NameMatch `json:"names,omitempty"`
	// Bodies are groups the question asks about ("part of National
	// Museums Scotland", "operated by the National Trust").
	Bodies []Body `json:"bodies,omitempty"`
	// Relation is the relation asked for: part_of, operated_by, houses
	// (what the named institution houses), located_in (what houses it),
	// related, … ("" when none).
	Relation string `json:"relation,omitempty"`

	// TypeCodes are custodian type codes (M, L, A, G, …).
	TypeCodes []string `json:"type_codes,omitempty"`
	// Places constrain location; several places of one side are ORed.
	Places []Place `json:"places,omitempty"`
	// Within are broader places the set's members must also lie in: a
	// country or region named beside a narrower place and not joined to
	// it by "and", "or" … ("libraries in Aalst in the Netherlands",
	// "museums in Whitby, North Yorkshire").
	Within []Place `json:"within,omitempty"`
	// Limit is how many members of a set the question asks to be shown
	// ("Name three museums in York", "List 5 museums in Leeds"); the set
	// is still the whole set, and the answer says of how many.
	Limit int `json:"limit,omitempty"`
	// Age is set when the question asks how old an institution is or how
	// long it has been (or was) open ("How old is X?", "How long has X
	// been open?"): the opening year is answered with the years since.
	Age bool `json:"age,omitempty"`
	// Similar asks for the institutions like the one named (Names[0]):
	// of its kind, sharing its subjects, near it ("museums similar to
	// X").
	Similar bool `json:"similar,omitempty"`
	// Except are places the set's members must not lie in ("museums in
	// Wales except those in Cardiff", "outside London").
	Except []Place `json:"except,omitempty"`
	// NearPlace is set for "in or near T" questions.
	NearPlace bool `json:"near_place,omitempty"`
	// Postcodes are UK postcodes ("NE61 1PJ") or outward codes ("NE61");
	// RadiusKM is a distance asked for ("within 5 miles of …").
	Postcodes []string `json:"postcodes,omitempty"`
	RadiusKM  float64  `json:"radius_km,omitempty"`
	// Point is a place given by its coordinates ("within 5 km of
	// 51.5074, -0.1278"): what lies near it is asked.
	Point *GeoPoint `json:"point,omitempty"`

	// Years constrain opening or closing dates.
	Years *YearRange `json:"years,omitempty"`

	// Subjects are Subject_Matter values ("Transport / Trains and
	// railways"); Topic is the phrase they came from.
	Subjects []string `json:"subjects,omitempty"`
	Topic    string   `json:"topic,omitempty"`
	// SubjectsAll asks for every subject at once: words of subjects side
	// by side, with no word joining them ("Roman army": Roman and
	// military), not one of them.
	SubjectsAll bool `json:"subjects_all,omitempty"`
	// SubjectGroups, with SubjectsAll, are the subjects each word side by
	// side stands for: every group holds, any subject of a group may
	// ("Roman army": Roman, and military or regiments). Without them, or
	// when they do not cover Subjects, each subject is a group of its own.
	SubjectGroups [][]string `json:"subject_groups,omitempty"`
	// Broader are the question's words for a part of a subject that were
	// read as the whole subject, the narrowest the data records ("coal
	// mining" as Mining and quarrying): a set they select is not exact.
	Broader []string `json:"broader_subjects,omitempty"`

	GovernanceCodes []string `json:"governance_codes,omitempty"`
	Accreditation   string   `json:"accreditation,omitempty"` // Accredited / Unaccredited
	Sizes           []string `json:"sizes,omitempty"`         // small, medium, large, huge
	// Status is "open" for present-tense list questions, "closed" when the
	// question asks for closed institutions, "" otherwise.
	Status string `json:"status,omitempty"`
	// StatusByTense says that Status was read from the tense alone
	// ("Which museums are in Bath?" asks for the open ones), not asked
	// for in words ("… are still open"): the answer says how many closed
	// institutions it leaves out.
	StatusByTense bool `json:"status_by_tense,omitempty"`

	// Order asks for the members of the set at one end of an order ("the
	// oldest museum in Edinburgh", "the three newest libraries in
	// Leiden", "Which museum in Glasgow opened first?").
	Order *Order `json:"order,omitempty"`

	// Group asks for the places that hold the most (or the fewest) of
	// the set ("Which city has the most museums?", "the five counties
	// with the most accredited museums").
	Group *Group `json:"group,omitempty"`

	// NameHas are words every member's name must hold ("Which museums
	// have 'castle' in their name?").
	NameHas []string `json:"name_has,omitempty"`

	// All asks about every institution of the question's types, with no
	// other condition ("How many museums are there?").
	All bool `json:"all,omitempty"`

	// Has are fields every member of the set must have ("Which museums
	// in Bath have a website?", "German archives with an ISIL"): isil,
	// gnd, wikidata, ghcid, website, postcode, address, former_name.
	Has []string `json:"has,omitempty"`
	// Lacks are fields no member of the set may have ("Which museums in
	// Bath have no website?").
	Lacks []string `json:"lacks,omitempty"`

	// Field is the record field a factual question asks for: isil, gnd,
	// wikidata, ghcid, website, postcode, address, city, country,
	// governance, accreditation, size, type, opened, closed, former_name,
	// operator, status, coordinates.
	Field string `json:"field,omitempty"`
	// MoreFields are further fields of the same institution the question
	// asks for ("the ISIL and website of X", "When did X open and who
	// runs it?"), in question order.
	MoreFields []string `json:"more_fields,omitempty"`
	// Share is set when the question asks what share of a set the rest
	// of its conditions select ("What percentage of museums in Wales are
	// accredited?"): the set is that of its kinds and places.
	Share bool `json:"share,omitempty"`
	// Change is set when the question asks how a set changed over its
	// years ("How has the number of museums in London changed since
	// 1990?", "How many museums opened and closed in Wales since
	// 2000?"): the openings and closings of the set's institutions, of
	// every status, in those years.
	Change bool `json:"change,omitempty"`
	// List is true when the question asks for a set ("Which museums …").
	List bool `json:"list,omitempty"`

	// Not holds the values the members of a set must not have ("not
	// small", "no accreditation", "not run by the National Trust",
	// "neither National Trust nor English Heritage", "not about
	// railways", "not opened in the 1980s"): its Bodies, Names (the
	// institutions a list leaves out: "except the Roman Baths"),
	// Subjects, GovernanceCodes, Sizes, Accreditation and Years, each
	// read as in a positive question. A member whose record does not state a negated
	// field (or gives its years only as a span reaching into those
	// negated) is not known to lack the value, so it is no member of the
	// exact set.
	Not *Constraints `json:"not,omitempty"`
}

// Negates reports whether the constraints leave out members by a value
// they must not have (see Not).
func (c Constraints) Negates() bool {
	n := c.Not
	return n != nil && (len(n.Bodies)+len(n.Names)+len(n.TypeCodes)+len(n.Subjects)+len(n.GovernanceCodes)+len(n.Sizes) > 0 || n.Accreditation != "" || n.Years != nil)
}

// DropSubjects drops what the question's subject words were read as:
// the subjects, the phrase they came from, whether all are asked at once
// and the words read as a broader subject.
func (c *Constraints) DropSubjects() {
	c.Subjects, c.Topic, c.SubjectsAll, c.SubjectGroups, c.Broader = nil, "", false, nil, nil
}

// Empty reports whether nothing was extracted.
func (c Constraints) Empty() bool {
	return len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs)+len(c.Names)+len(c.Bodies)+
		len(c.TypeCodes)+len(c.Places)+len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes) == 0 &&
		c.Years == nil && c.Accreditation == "" && c.Relation == "" && c.Field == "" && c.Point == nil
}

// Selective reports whether the constraints can select an exact set of
// institutions from the graph (a list question with at least one filter
// beyond the type, the first members of an order, "the oldest library",
// the places that hold the most, or a field they have or lack, "museums
// with a website").
func (c Constraints) Selective() bool {
	return len(c.Bodies)+len(c.Places)+len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes) > 0 ||
		c.Years != nil || c.Accreditation != "" || c.Order != nil || c.Group != nil || c.All || len(c.Has)+len(c.Lacks)+len(c.Except)+len(c.NameHas) > 0 ||
		c.Point != nil || c.Negates()
}

// NameMatch is an institution recognised in the question.
type NameMatch struct {
	Text   string   `json:"text"`   // the words of the question that matched
	Name   string   `json:"name"`   // the matched name as in the data
	IDs    []string `json:"ids"`    // institutions bearing that name
	Former bool     `json:"former"` // matched a former name
	Score  float64  `json:"score"`  // 1 exact; lower for fuzzy matches
}

// Body is a group or operator named in the question.
type Body struct {
	Name     string   `json:"name"`               // normalised group name as in member_of
	Relation string   `json:"relation,omitempty"` // part_of, operated_by or "" for either
	IDs      []string `json:"ids,omitempty"`      // the body's own record, when in the data
	// Text is the question's phrase the body was read from when it is
	// not the body's name ("the same organisation as Chartwell").
	Text string `json:"text,omitempty"`
}

// Place is a location constraint. Level says which record field it matches:
// country (ISO code), region (nation: England, Scotland …), subregion
// (English region), county, district, city, or admin (any unit of
// admin_area, with AdminLevel naming the unit type such as
// "English County" or "Scottish Council Area").
//
// A town named without a qualifier that is also the name of an
// administrative unit ("Dover": the town and the district) means both:
// Area names the unit's level, and the place matches a record in the town
// or in the unit.
type Place struct {
	Text       string `json:"text"`
	Name       string `json:"name"`
	Level      string `json:"level"`
	AdminLevel string `json:"admin_level,omitempty"`
	Area       string `json:"area,omitempty"`
}

// Place levels.
const (
	LevelCountry   = "country"
	LevelRegion    = "region"
	LevelSubregion = "subregion"
	LevelCounty    = "county"
	LevelDistrict  = "district"
	LevelCity      = "city"
	LevelAdmin     = "admin"
)

// Unstated is an institution and what its record does not state that a
// "same … as" cue measures by: a level of place ("town", "county",
// "region", "country") or "opening year" / "closing year".
type Unstated struct {
	Name  string `json:"name"`
	Level string `json:"level"`
}

// YearRange constrains the opening or closing year: Field is "opened" or
// "closed"; From and To are inclusive bounds, 0 when open-ended. Words is
// the question's wording when it writes the years in words ("after
// WWII", "the eighties"), so that the answer can say which years it read.
type YearRange struct {
	Field string `json:"field"`
	From  int    `json:"from,omitempty"`
	To    int    `json:"to,omitempty"`
	Words string `json:"words,omitempty"`
}

// Order is an order of a set's members and how many of its first are
// asked for. Attribute is "opened" or "closed" (by year) or "size" (small,
// medium, large, huge); Highest puts the highest value first ("newest",
// "largest"), otherwise the lowest ("oldest", "first"). N is at least 1.
type Order struct {
	Attribute string `json:"attribute"`
	Highest   bool   `json:"highest,omitempty"`
	N         int    `json:"n"`
	// Field is a field of the first member asked for ("the address of
	// the oldest museum in Bristol").
	Field string `json:"field,omitempty"`
}

// Group groups a set's members by a place field and asks for the N
// places with the most members, or the fewest (Fewest). Level is city,
// county, subregion (an English region), region (a nation) or country.
type Group struct {
	Level  string `json:"level"`
	Fewest bool   `json:"fewest,omitempty"`
	N      int    `json:"n"`
	// Each asks for every place with its count ("How many museums per
	// county are in Wales?"), not only those that hold the most; N is
	// then the number of places there can be.
	Each bool `json:"each,omitempty"`
}

// HasIDs reports whether the question gave an identifier.
func (c Constraints) HasIDs() bool {
	return len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) > 0
}

// Frame is the shape of what a question asks, whatever its intent: one
// field, a yes or no, a set, a count, a comparison, a relation. The
// answer stage answers per frame.
type Frame string

// The question frames.
const (
	FrameField    Frame = "field"      // one field of one institution
	FrameYesNo    Frame = "yes_no"     // whether one institution has a property
	FrameSet      Frame = "set"        // the institutions the constraints select
	FrameCount    Frame = "count"      // how many institutions the constraints select
	FrameCompare  Frame = "compare"    // two or more sides' sets side by side
	FrameMore     Frame = "which_more" // which of two sides has more institutions
	FramePair     Frame = "pair"       // two named institutions compared on one attribute
	FrameRelation Frame = "relation"   // what a named institution is linked to
	FrameLookup   Frame = "lookup"     // the institution an identifier names
	FrameRanking  Frame = "ranking"    // the best matching institutions
	FrameOffTopic Frame = "off_topic"  // nothing a heritage dataset can answer
	FrameSimilar  Frame = "similar"    // the institutions most like a named one
)

// Test is the property a yes/no question checks of its institution.
// Property is one of accreditation, status, place, type, member_of,
// governance, size, opened, closed, or a field name (website, isil, …)
// whose presence is asked ("Does X have a website?"). Want holds the
// values asked about (none for a presence test).
//
// Choice marks a place test that offers places to choose from ("Is X in
// A or B?"): the answer says which of them the institution is in, not
// whether it is in any.
type Test struct {
	Property string     `json:"property"`
	Want     []string   `json:"want,omitempty"`
	Years    *YearRange `json:"years,omitempty"`
	Choice   bool       `json:"choice,omitempty"`
	// Negated marks a question whether the institution does not have the
	// value ("Is X not small?", "Is X not run by the National Trust?"):
	// the verdict on the value is turned.
	Negated bool `json:"negated,omitempty"`
	// And are further tests the institution must pass too: the answer is
	// yes when every test is, no when one is not ("Is X run by Leeds City
	// Council?": governed by a local authority, and in Leeds).
	And []Test `json:"and,omitempty"`
}

// Then is a yes/no question a second clause asks of the institution whose
// field the first asks for: its test, the places it asks about (for a
// test of the place), and its words no rule read.
type Then struct {
	Test   Test    `json:"test"`
	Places []Place `json:"places,omitempty"`
	// NotUsed is what the clause says that the test does not use: its
	// words no rule read (UnusedUnread).
	NotUsed NotUsedList `json:"not_used,omitempty"`
}

// Pair says how two named institutions (or, for which_more, two sides)
// are compared: on which attribute (opened, closed, size; count for
// sides) and whether the highest value wins ("Which is
// bigger?", "Which opened later?") or the lowest ("Which opened first?").
type Pair struct {
	Attribute string `json:"attribute"`
	Highest   bool   `json:"highest"`
	// YesNo is set when the question asks whether the first named
	// institution wins ("Is A older than B?").
	YesNo bool `json:"yes_no,omitempty"`
}

// NotUsed is one kind of what a question says that its plan does not
// use, with the question's words.
type NotUsed struct {
	Kind  NotUsedKind `json:"kind"`
	Words []string    `json:"words"`
}

// NotUsedKind says what words of a question the plan does not use.
type NotUsedKind string

// The kinds of words a plan does not use, in the order a plan lists them.
const (
	// UnusedUnknown are the words of the question no rule understood: a
	// topic, place or name the data does not hold, or an off-topic
	// request.
	UnusedUnknown NotUsedKind = "unknown"
	// UnusedDropped are the unknown words that stand where a constraint
	// would ("sushi museums", "in Bayern"): an answer that ignores them
	// is not exact.
	UnusedDropped NotUsedKind = "dropped"
	// UnusedUnread are the unknown words that are no misspelling of a
	// word the rules know ("free", "Quakers", not "viit"): conditions a
	// list may leave out, so that a set answer without them is not
	// exact.
	UnusedUnread NotUsedKind = "unread"
	// UnusedName is the name-like phrase around the first unknown words
	// ("Museum of Lost Umbrellas" around "Lost Umbrellas"), for saying
	// what is not in the data: one phrase.
	UnusedName NotUsedKind = "unknown_name"
	// UnusedPlace is the run of unknown words right after a locative in
	// a list that reads no place, institution or organisation ("Which
	// archives are in Friesland?"): a place the rules do not know, which
	// the answer says the data does not name, if it does not. One phrase.
	UnusedPlace NotUsedKind = "unknown_place"
	// UnusedAside is a statement after the question ("Is
	// X an archive? I am sorting my list."): said beside the question,
	// not asked, so that the answer does not read it. One phrase.
	UnusedAside NotUsedKind = "aside"
)

// notUsedOrder is the order of the kinds in Plan.NotUsed.
var notUsedOrder = []NotUsedKind{UnusedUnknown, UnusedDropped, UnusedUnread, UnusedName, UnusedPlace, UnusedAside}

// NotUsedList is what a question (or a clause of it) says that its plan
// does not use: at most one entry per kind, the kinds in their order.
type NotUsedList []NotUsed

// Words are the words of the kind; nil when there are none.
func (l NotUsedList) Words(kind NotUsedKind) []string {
	for _, u := range l {
		if u.Kind == kind {
			return u.Words
		}
	}
	return nil
}

// Phrase is the one phrase of the kind (UnusedName, UnusedPlace), or "".
func (l NotUsedList) Phrase(kind NotUsedKind) string {
	if w := l.Words(kind); len(w) > 0 {
		return w[0]
	}
	return ""
}

// Set sets the words of the kind: none (or one empty phrase) removes
// the kind. The kinds stay in their order.
func (l *NotUsedList) Set(kind NotUsedKind, words ...string) {
	kept := make(NotUsedList, 0, len(*l)+1)
	for _, u := range *l {
		if u.Kind != kind {
			kept = append(kept, u)
		}
	}
	if len(words) > 0 && !(len(words) == 1 && words[0] == "") {
		kept = append(kept, NotUsed{Kind: kind, Words: words})
	}
	order := func(k NotUsedKind) int {
		for i, o := range notUsedOrder {
			if o == k {
				return i
			}
		}
		return len(notUsedOrder)
	}
	slices.SortStableFunc(kept, func(a, b NotUsed) int { return order(a.Kind) - order(b.Kind) })
	if len(kept) == 0 {
		kept = nil
	}
	*l = kept
}

// clone is a copy of l that shares no words with it.
func (l NotUsedList) clone() NotUsedList {
	return clone.Each(l, func(u NotUsed) NotUsed { u.Words = slices.Clone(u.Words); return u })
}

// Unused are the question's words of the kind the plan does not use; nil
// when there are none.
func (p Plan) Unused(kind NotUsedKind) []string { return p.NotUsed.Words(kind) }

// UnusedPhrase is the one phrase of the kind (UnusedName, UnusedPlace),
// or "".
func (p Plan) UnusedPhrase(kind NotUsedKind) string { return p.NotUsed.Phrase(kind) }

// SetUnused sets the words of the kind the plan does not use (see
// NotUsedList.Set).
func (p *Plan) SetUnused(kind NotUsedKind, words ...string) { p.NotUsed.Set(kind, words...) }

// GeoPoint is a place on the earth in decimal degrees (WGS 84).
type GeoPoint struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}
