package router

// The record fields the rules treat apart, by the names plans give them
// (Constraints.Field, YearRange.Field, Group.Level, Test.Property). They
// are identifiers of the data, not words of a question: the lexicon maps
// a question's words onto them (fieldCues, trailingFields, groupLevels).
const (
	fieldOpened        = "opened"
	fieldClosed        = "closed"
	fieldFormerName    = "former_name"
	fieldCurrentName   = "current_name"
	fieldHistory       = "history"
	fieldDescription   = "description"
	fieldSubjects      = "subjects"
	fieldOperator      = "operator"
	fieldMemberOf      = "member_of"
	fieldSuccessor     = "successor"
	fieldPredecessor   = "predecessor"
	fieldWebsite       = "website"
	fieldPostcode      = "postcode"
	fieldAddress       = "address"
	fieldISIL          = "isil"
	fieldGND           = "gnd"
	fieldWikidata      = "wikidata"
	fieldGHCID         = "ghcid"
	fieldAccreditation = "accreditation"
	fieldStatus        = "status"
	fieldCity          = "city"
)

// The values a yes/no test of a status or an accreditation wants.
const (
	statusOpen   = "open"
	statusClosed = "closed"
	// statusEver asks whether an institution opened at all
	statusEver = "ever"
	// accredited is the accreditation value of an accredited institution,
	// unaccredited the value a record states when it has none
	accredited   = "Accredited"
	unaccredited = "Unaccredited"
)

// orderLast is the value of ordinalEnds for the last end of an order.
const orderLast = "last"

// The directions of a preposition of time (the values of the tables
// timePrepositions and yearPrepositions): where a span of years lies
// from the year or era the preposition governs.
const (
	dirBefore  = "before"
	dirAfter   = "after"
	dirSince   = "since"
	dirUntil   = "until"
	dirBetween = "between"
	dirFrom    = "from"
)
