package answer

import (
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// The notes on what keeps an answer from being exact: words not read,
// records that state nothing of a condition, places and years the data
// gives only in part.

// UnnamedWar says that words of the question set a time by a war they do
// not name ("after the war"), and that the list does not take them into
// account.
type UnnamedWar struct {
	Words string
}

func (n UnnamedWar) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %s does not say which war, and the list does not take it into account",
		[]any{quoteWords(pr, []string{n.Words})}
}

// UnreadWords says which words of a list question no rule read, and that
// the list does not take them into account.
type UnreadWords struct {
	Words []string
}

func (n UnreadWords) sentence(pr *locale.Printer) (string, []any) {
	was, it := pr.Text("was"), pr.Text("it")
	if len(n.Words) > 1 {
		was, it = pr.Text("were"), pr.Text("them")
	}
	return "Not an exact answer: %s in the question %s not read, and the list does not take %s into account",
		[]any{quoteWords(pr, n.Words), was, it}
}

// NotExact says why an answer is not exact, in a reason of its own.
type NotExact struct {
	Reason string
}

func (n NotExact) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %s", []any{n.Reason}
}

// UnstatedNegated says how many more records meet the question's other
// conditions but state no field it negates: not known to be left out,
// and not counted.
type UnstatedNegated struct {
	N      int
	Noun   string
	Fields string
}

func (n UnstatedNegated) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %d more %s %s no %s in the data, so %s not known to be left out and %s not counted",
		[]any{n.N, pr.Plural(n.Noun, n.N), verb(n.N, pr.Text("has"), pr.Text("have")), n.Fields, verb(n.N, pr.Text("it is"), pr.Text("they are")), verb(n.N, pr.Text("is"), pr.Text("are"))}
}

// StatusUnstated says how many institutions of a list or count of open
// ones, asked for in so many words, record no status: no closing is
// recorded for them, so they are taken as open, but the data does not
// say they are. Verb is how they are given ("counted").
type StatusUnstated struct {
	N    int
	Verb string
}

func (n StatusUnstated) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %d of them %s no status in the data, and %s %s as open",
		[]any{n.N, verb(n.N, pr.Text("has"), pr.Text("have")), verb(n.N, pr.Text("it is"), pr.Text("they are")), n.Verb}
}

// QualitiesUnstated says that N institutions that meet a count's other
// conditions state no value of the qualities it asks for (accreditation,
// size, governance): none counted is no sure none.
type QualitiesUnstated struct {
	N      int
	Noun   string
	Fields string
}

func (n QualitiesUnstated) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %d %s that meet the other conditions %s no %s in the data",
		[]any{n.N, pr.Plural(n.Noun, n.N), verb(n.N, pr.Text("states"), pr.Text("state")), n.Fields}
}

// NoneStated says that N of the records a question selects state no
// field it negates, for an answer that none of the others qualifies.
type NoneStated struct {
	N      int
	Fields string
}

func (n NoneStated) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %d of them %s no %s in the data, so %s not known to be left out",
		[]any{n.N, verb(n.N, pr.Text("has"), pr.Text("have")), n.Fields, verb(n.N, pr.Text("it is"), pr.Text("they are"))}
}

// ClosedLeftOut says how many closed institutions a list, count or
// order of open ones leaves out ("Only open museums are counted; 6 more
// are recorded as closed"). Verb is how the open ones are given.
type ClosedLeftOut struct {
	N    int
	Noun string
	Verb string
}

func (n ClosedLeftOut) sentence(pr *locale.Printer) (string, []any) {
	return "Only open %s are %s; %d more %s recorded as closed",
		[]any{pr.Plural(n.Noun, 2), n.Verb, n.N, verb(n.N, pr.Text("is"), pr.Text("are"))}
}

// ClosedIncluded says that a list or count of every status holds closed
// institutions, and how many ("Open and closed museums are counted; 20
// of them are recorded as closed"): the status policy, stated.
type ClosedIncluded struct {
	N    int
	Noun string
	Verb string
}

func (n ClosedIncluded) sentence(pr *locale.Printer) (string, []any) {
	return "Open and closed %s are %s; %d of them %s recorded as closed",
		[]any{pr.Plural(n.Noun, 2), n.Verb, n.N, verb(n.N, pr.Text("is"), pr.Text("are"))}
}

// PlacedByName says how many of a set's institutions were placed in the
// town by the town in their name, not by a place their record states.
type PlacedByName struct {
	Stated   int
	Inferred int
}

func (n PlacedByName) sentence(pr *locale.Printer) (string, []any) {
	return "The data states the place of %d of them; %d %s placed there by the town in their name",
		[]any{n.Stated, n.Inferred, verb(n.Inferred, pr.Text("is"), pr.Text("are"))}
}

// UnsureWithin says how many of a set's records do not say whether they
// lie in the broader places the question names.
type UnsureWithin struct {
	N      int
	Places string
}

func (n UnsureWithin) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: the records of %d of them do not say whether they lie in %s", []any{n.N, n.Places}
}

// OutsideWithin says how many more institutions of the narrower places
// meet a list's conditions but lie outside its broader places by their
// records.
type OutsideWithin struct {
	N      int
	Noun   string
	Places string
	Within string
}

func (n OutsideWithin) sentence(pr *locale.Printer) (string, []any) {
	return "%d more %s in %s %s recorded outside %s",
		[]any{n.N, pr.Plural(n.Noun, n.N), n.Places, verb(n.N, pr.Text("is"), pr.Text("are")), n.Within}
}

// WithoutCoordinates says how many records in a country a search by
// distance could not place.
type WithoutCoordinates struct {
	N       int
	Noun    string
	Country string
}

func (n WithoutCoordinates) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %d %s in %s %s no coordinates in the data, and some may lie near it too",
		[]any{n.N, pr.Plural(n.Noun, n.N), countryPhrase(n.Country), verb(n.N, pr.Text("has"), pr.Text("have"))}
}

// Spanning names the institutions whose opening (or closing) years the
// data gives only as a span that overlaps the years asked: they may have
// opened (closed) then. More says the answer names others before them.
type Spanning struct {
	Field string
	More  bool
	Items []NoteItem
}

func (n Spanning) sentence(pr *locale.Printer) (string, []any) {
	label, verb := pr.Text("opening"), pr.Text("opened")
	if n.Field == "closed" {
		label, verb = pr.Text("closing"), pr.Text("closed")
	}
	years, they := pr.Text("years"), pr.Text("they")
	if len(n.Items) == 1 {
		years, they = pr.Text("year"), pr.Text("it")
	}
	count := strconv.Itoa(len(n.Items))
	if n.More {
		count += pr.Text(" more")
	}
	return "Not an exact answer: the data gives the %s %s of %s only as a span that overlaps those years, so %s may have %s then: ",
		[]any{label, years, count, they, verb}
}

func (n Spanning) items() []NoteItem { return n.Items }

// Relaxed says that a list's conditions select nothing and names the
// institutions the others select, with Conditions dropped (see
// relaxations): not an exact answer.
type Relaxed struct {
	Conditions []string
	Noun       string
	Items      []NoteItem
}

func (n Relaxed) sentence(pr *locale.Printer) (string, []any) {
	count, noun := len(n.Items), pr.Plural(n.Noun, len(n.Items))
	conds := make([]string, len(n.Conditions))
	for i, c := range n.Conditions {
		conds[i] = pr.Text(c)
	}
	if last := len(conds) - 1; last > 0 {
		return "Not an exact answer: with the conditions on the %s and the %s relaxed, the others select %d %s: ",
			[]any{strings.Join(conds[:last], pr.Text(", the ")), conds[last], count, noun}
	}
	return "Not an exact answer: with the condition on the %s relaxed, the others select %d %s: ",
		[]any{strings.Join(conds, ""), count, noun}
}

func (n Relaxed) items() []NoteItem { return n.Items }

// notExact is the note that says why an answer is not exact, or nil when
// reason gives none.
func notExact(reason string) Note {
	if reason == "" {
		return nil
	}
	return NotExact{Reason: reason}
}

// unstatedNegated is the UnstatedNegated note, or nil for none.
func unstatedNegated(pr *locale.Printer, n int, noun string, c plan.Constraints) Note {
	if n == 0 || c.Not == nil {
		return nil
	}
	return UnstatedNegated{N: n, Noun: noun, Fields: negatedFields(pr, c.Not)}
}

// noneStated is the NoneStated note, or nil for none.
func noneStated(pr *locale.Printer, n int, c plan.Constraints) Note {
	if n == 0 || c.Not == nil {
		return nil
	}
	return NoneStated{N: n, Fields: negatedFields(pr, c.Not)}
}

// closedLeftOutNote is the ClosedLeftOut note, or nil for none.
func closedLeftOutNote(n int, noun, verb string) Note {
	if n == 0 {
		return nil
	}
	return ClosedLeftOut{N: n, Noun: noun, Verb: verb}
}

// closedIncludedNote is the ClosedIncluded note, or nil for none.
func closedIncludedNote(n int, noun, verb string) Note {
	if n == 0 {
		return nil
	}
	return ClosedIncluded{N: n, Noun: noun, Verb: verb}
}

// withoutCoordinates is the WithoutCoordinates note, or nil for none.
func withoutCoordinatesNote(n int, noun, country string) Note {
	if n == 0 {
		return nil
	}
	return WithoutCoordinates{N: n, Noun: noun, Country: country}
}

// OrderLeavesOut says how many of an order's members have no value of
// the attribute ordered by, so that the order leaves them out. PerPlace
// is the wording of an order within each place.
type OrderLeavesOut struct {
	N, Of    int
	Attr     string
	PerPlace bool
}

func (n OrderLeavesOut) sentence(pr *locale.Printer) (string, []any) {
	if n.PerPlace {
		return "Not an exact answer: %d of the %d have no %s in the data, so the order leaves them out", []any{n.N, n.Of, n.Attr}
	}
	return "Not an exact answer: %d of the %d %s no %s in the data, so the order leaves them out",
		[]any{n.N, n.Of, verb(n.N, pr.Text("has"), pr.Text("have")), n.Attr}
}

// SpanUncertain says that the data gives some values of the attribute
// ordered by only as a span, so that the order at the cut (or, with a
// Level, in some places of that level) is not certain.
type SpanUncertain struct {
	Attr  string
	Level string
}

func (n SpanUncertain) sentence(pr *locale.Printer) (string, []any) {
	if n.Level != "" {
		return "Not an exact answer: the data gives some %ss only as a span, so the order in some %s is not certain",
			[]any{n.Attr, levelNoun(pr, n.Level, 2)}
	}
	return "Not an exact answer: the data gives some %ss only as a span, so the order at the cut is not certain", []any{n.Attr}
}

// UnstatedLevel says how many of the records state no place at the
// level a question groups or orders them by; they are not counted, or
// (LeftOut) left out of the order.
type UnstatedLevel struct {
	N, Of   int
	Level   string
	LeftOut bool
}

func (n UnstatedLevel) sentence(pr *locale.Printer) (string, []any) {
	if n.LeftOut {
		return "Not an exact answer: %d of the %d state no %s and are left out", []any{n.N, n.Of, levelNoun(pr, n.Level, 1)}
	}
	return "Not an exact answer: %d of the %d state no %s and are not counted", []any{n.N, n.Of, levelNoun(pr, n.Level, 1)}
}

// PlacedByTown says how many of the institutions are placed by the town
// in their name, not by a place their record states.
type PlacedByTown struct {
	N    int
	Noun string
}

func (n PlacedByTown) sentence(pr *locale.Printer) (string, []any) {
	return "%d of the %s are placed by the town in their name, not by a stated place", []any{n.N, pr.Plural(n.Noun, 2)}
}

// OnlyHolding says that a count of the places that hold the fewest
// counts only the places that hold at least one.
type OnlyHolding struct {
	Level string
}

func (n OnlyHolding) sentence(pr *locale.Printer) (string, []any) {
	return "Only %s holding at least one are counted", []any{levelNoun(pr, n.Level, 2)}
}

// UndatedChange says how many institutions a set's change leaves
// uncounted because the data gives no year of opening (or only a span
// reaching outside the years) or of closing.
type UndatedChange struct {
	Opened, Closed int
}

func (n UndatedChange) sentence(pr *locale.Printer) (string, []any) {
	return pr.Text("Not an exact answer: the data gives no opening year (or only a span reaching outside the years) for %d, ") +
		pr.Text("and no closing year for %d that have closed; they are not counted"), []any{n.Opened, n.Closed}
}

// SubjectCategories says that the data records subjects by category, so
// that an institution recorded under another part of the broader
// subjects may hold what is asked.
type SubjectCategories struct {
	Noun    string
	Parents []string
}

func (n SubjectCategories) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: the data records subjects by category, and a %s recorded under another part of %s may hold it",
		[]any{n.Noun, strings.Join(n.Parents, pr.Text(" or "))}
}

// Elsewhere says which of the institutions a comparison names lie
// outside the places the question puts them in.
type Elsewhere struct {
	Institutions []Placed
	Asked        []string
}

// Placed is an institution's name and where the data places it.
type Placed struct {
	Name, Place string
}

func (n Elsewhere) sentence(pr *locale.Printer) (string, []any) {
	parts := make([]string, len(n.Institutions))
	for i, in := range n.Institutions {
		parts[i] = pr.Sprintf("%s is in %s, not in %s", in.Name, in.Place, strings.Join(n.Asked, pr.Text(" or ")))
	}
	return "Not an exact answer: %s", []any{strings.Join(parts, "; ")}
}
