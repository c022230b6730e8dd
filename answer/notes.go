package answer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/plan"
)

// Note is a fact an answer's text states after its body: how words of
// the question were read, or what keeps the answer from being exact. The
// code that knows the fact makes the note, a value of its own type that
// holds the fact's data; writeNotes renders every note, from its English
// sentence: one format string and its arguments, so that a catalogue
// keyed by the format can render it in another language.
type Note interface {
	sentence() (format string, args []any)
}

// NoteItem is an institution a note names after its sentence, cited:
// Text, then the institution's citation marker.
type NoteItem struct {
	ID   string
	Text string
}

// itemised is a note that names institutions after its sentence.
type itemised interface {
	items() []NoteItem
}

// noteJoin is how a note's sentence follows the text before it.
type noteJoin int

const (
	// joinClause: ". " and the sentence, which the text's end or the
	// next note closes.
	joinClause noteJoin = iota
	// joinSentence: a sentence of its own that ends with its full stop,
	// after a space when the text ends with one, else after ". ".
	joinSentence
)

// joined is a note that says how it follows the text (joinClause when a
// note does not).
type joined interface {
	join() noteJoin
}

// writeNotes writes the notes after the text in b, in order; cite gives
// an institution's citation marker for the notes that name institutions
// (nil when none does).
func writeNotes(b *strings.Builder, cite func(string) string, notes ...Note) {
	for _, n := range notes {
		if n == nil {
			continue
		}
		join := joinClause
		if j, ok := n.(joined); ok {
			join = j.join()
		}
		format, args := n.sentence()
		switch join {
		case joinSentence:
			text := strings.TrimRight(b.String(), " ")
			b.Reset()
			b.WriteString(text)
			if strings.HasSuffix(text, ".") {
				b.WriteString(" ")
			} else {
				b.WriteString(". ")
			}
		default:
			b.WriteString(". ")
		}
		fmt.Fprintf(b, format, args...)
		if it, ok := n.(itemised); ok {
			items := it.items()
			writeShown(b, len(items), func(i int) {
				b.WriteString(items[i].Text)
				b.WriteString(cite(items[i].ID))
			})
		}
	}
}

// ReadAs says which words of the question were read as what: a place's
// other spelling ("Nery" as Newry), the places of one name ("Sussex" as
// East Sussex and West Sussex), an organisation ("the same organisation
// as Chartwell" as National Trust).
type ReadAs struct {
	Words string
	As    string
}

func (n ReadAs) sentence() (string, []any) { return "“%s” is read as %s", []any{n.Words, n.As} }

// TownAndArea says that a place is read as the town and the
// administrative area of its name.
type TownAndArea struct {
	Name string
	Area string
}

func (n TownAndArea) sentence() (string, []any) {
	return "%s is read as the town and the area of that name (%s)", []any{n.Name, n.Area}
}

// YearsRead says which years the question's words were read as: "“after
// WWII” is read as the years from 1946 on". From or To is 0 when open.
type YearsRead struct {
	Words    string
	From, To int
}

func (n YearsRead) sentence() (string, []any) {
	var years string
	switch {
	case n.To == 0:
		years = fmt.Sprintf("the years from %d on", n.From)
	case n.From == 0:
		years = fmt.Sprintf("the years up to %d", n.To)
	default:
		years = fmt.Sprintf("the years %d to %d", n.From, n.To)
	}
	return "“%s” is read as %s", []any{n.Words, years}
}

// UnnamedWar says that words of the question set a time by a war they do
// not name ("after the war"), and that the list does not take them into
// account.
type UnnamedWar struct {
	Words string
}

func (n UnnamedWar) sentence() (string, []any) {
	return "Not an exact answer: %s does not say which war, and the list does not take it into account",
		[]any{quoteWords([]string{n.Words})}
}

// UnreadWords says which words of a list question no rule read, and that
// the list does not take them into account.
type UnreadWords struct {
	Words []string
}

func (n UnreadWords) sentence() (string, []any) {
	was, it := "was", "it"
	if len(n.Words) > 1 {
		was, it = "were", "them"
	}
	return "Not an exact answer: %s in the question %s not read, and the list does not take %s into account",
		[]any{quoteWords(n.Words), was, it}
}

// NotExact says why an answer is not exact, in a reason of its own.
type NotExact struct {
	Reason string
}

func (n NotExact) sentence() (string, []any) { return "Not an exact answer: %s", []any{n.Reason} }

// UnstatedNegated says how many more records meet the question's other
// conditions but state no field it negates: not known to be left out,
// and not counted.
type UnstatedNegated struct {
	N      int
	Noun   string
	Fields string
}

func (n UnstatedNegated) sentence() (string, []any) {
	return "Not an exact answer: %d more %s %s no %s in the data, so %s not known to be left out and %s not counted",
		[]any{n.N, plural(n.Noun, n.N), verb(n.N, "has", "have"), n.Fields, verb(n.N, "it is", "they are"), verb(n.N, "is", "are")}
}

// NoneStated says that N of the records a question selects state no
// field it negates, for an answer that none of the others qualifies.
type NoneStated struct {
	N      int
	Fields string
}

func (n NoneStated) sentence() (string, []any) {
	return "Not an exact answer: %d of them %s no %s in the data, so %s not known to be left out",
		[]any{n.N, verb(n.N, "has", "have"), n.Fields, verb(n.N, "it is", "they are")}
}

// ClosedLeftOut says how many closed institutions a list, count or
// order of open ones leaves out ("Only open museums are counted; 6 more
// are recorded as closed"). Verb is how the open ones are given.
type ClosedLeftOut struct {
	N    int
	Noun string
	Verb string
}

func (n ClosedLeftOut) sentence() (string, []any) {
	return "Only open %s are %s; %d more %s recorded as closed",
		[]any{plural(n.Noun, 2), n.Verb, n.N, verb(n.N, "is", "are")}
}

// PlacedByName says how many of a set's institutions were placed in the
// town by the town in their name, not by a place their record states.
type PlacedByName struct {
	Stated   int
	Inferred int
}

func (n PlacedByName) sentence() (string, []any) {
	return "The data states the place of %d of them; %d %s placed there by the town in their name",
		[]any{n.Stated, n.Inferred, verb(n.Inferred, "is", "are")}
}

// UnsureWithin says how many of a set's records do not say whether they
// lie in the broader places the question names.
type UnsureWithin struct {
	N      int
	Places string
}

func (n UnsureWithin) sentence() (string, []any) {
	return "Not an exact answer: the records of %d of them do not say whether they lie in %s", []any{n.N, n.Places}
}

// WithoutCoordinates says how many records in a country a search by
// distance could not place.
type WithoutCoordinates struct {
	N       int
	Noun    string
	Country string
}

func (n WithoutCoordinates) sentence() (string, []any) {
	return "Not an exact answer: %d %s in %s %s no coordinates in the data, and some may lie near it too",
		[]any{n.N, plural(n.Noun, n.N), countryPhrase(n.Country), verb(n.N, "has", "have")}
}

// Spanning names the institutions whose opening (or closing) years the
// data gives only as a span that overlaps the years asked: they may have
// opened (closed) then. More says the answer names others before them.
type Spanning struct {
	Field string
	More  bool
	Items []NoteItem
}

func (n Spanning) sentence() (string, []any) {
	label, verb := "opening", "opened"
	if n.Field == "closed" {
		label, verb = "closing", "closed"
	}
	years, they := "years", "they"
	if len(n.Items) == 1 {
		years, they = "year", "it"
	}
	count := strconv.Itoa(len(n.Items))
	if n.More {
		count += " more"
	}
	return "Not an exact answer: the data gives the %s %s of %s only as a span that overlaps those years, so %s may have %s then: ",
		[]any{label, years, count, they, verb}
}

func (n Spanning) items() []NoteItem { return n.Items }

// Broadened says that the subject the question names only a part of
// ("coal mining") is read as the subjects the data records (Mining and
// quarrying), which the data does not divide further.
type Broadened struct {
	Words    []string
	Subjects []string
}

func (n Broadened) sentence() (string, []any) {
	subject := "the subject " + strings.Join(n.Subjects, ", ")
	if len(n.Subjects) > 1 {
		subject = "the subjects " + strings.Join(n.Subjects, ", ")
	}
	return "Not an exact answer: %s is read as %s, which the data does not divide further.", []any{quoteWords(n.Words), subject}
}

func (Broadened) join() noteJoin { return joinSentence }

// placeReadings are the notes on how the places were read: as another
// spelling, as the places of one name, and as a town and the area of the
// same name.
func placeReadings(places []plan.Place) []Note {
	var notes []Note
	for i, pl := range places {
		shown := placeShown(pl)
		typed := strings.ToLower(pl.Text)
		var same []string // "Sussex" read as East Sussex and West Sussex
		for _, o := range places {
			if o.Text == pl.Text {
				same = append(same, placeShown(o))
			}
		}
		switch {
		case len(same) > 1:
			if firstOfText(places, pl.Text) == i {
				notes = append(notes, ReadAs{Words: pl.Text, As: strings.Join(same, " and ")})
			}
		case typed != "" && !holdsWords(typed, pl.Name) && !holdsWords(typed, shown):
			notes = append(notes, ReadAs{Words: pl.Text, As: shown})
		}
		if pl.Area != "" {
			notes = append(notes, TownAndArea{Name: pl.Name, Area: pl.Area})
		}
	}
	return notes
}

// firstOfText is the index of the first place read from text.
func firstOfText(places []plan.Place, text string) int {
	for i, o := range places {
		if o.Text == text {
			return i
		}
	}
	return -1
}

// bodyReadings are the notes on which organisation a phrase of the
// question was read as ("the same organisation as Chartwell" is read as
// National Trust).
func bodyReadings(bodies []plan.Body) []Note {
	var notes []Note
	for _, o := range bodies {
		if o.Text != "" {
			notes = append(notes, ReadAs{Words: o.Text, As: o.Name})
		}
	}
	return notes
}

// yearsRead is the note on which years the question's words were read
// as, when it writes them in words; nil otherwise.
func yearsRead(y *plan.YearRange) Note {
	if y == nil || y.Words == "" {
		return nil
	}
	return YearsRead{Words: y.Words, From: y.From, To: y.To}
}

// unreadNotes are the notes on the words of a list question no rule
// read: a war not named, and the others.
func (p *Base) unreadNotes(unread []string) []Note {
	wars, unread := p.unnamedWars(unread)
	var notes []Note
	for _, w := range wars {
		notes = append(notes, UnnamedWar{Words: w})
	}
	if len(unread) > 0 {
		notes = append(notes, UnreadWords{Words: unread})
	}
	return notes
}

// notExact is the note that says why an answer is not exact, or nil when
// reason gives none.
func notExact(reason string) Note {
	if reason == "" {
		return nil
	}
	return NotExact{Reason: reason}
}

// unstatedNegated is the UnstatedNegated note, or nil for none.
func unstatedNegated(n int, noun string, c plan.Constraints) Note {
	if n == 0 || c.Not == nil {
		return nil
	}
	return UnstatedNegated{N: n, Noun: noun, Fields: negatedFields(c.Not)}
}

// noneStated is the NoneStated note, or nil for none.
func noneStated(n int, c plan.Constraints) Note {
	if n == 0 || c.Not == nil {
		return nil
	}
	return NoneStated{N: n, Fields: negatedFields(c.Not)}
}

// closedLeftOutNote is the ClosedLeftOut note, or nil for none.
func closedLeftOutNote(n int, noun, verb string) Note {
	if n == 0 {
		return nil
	}
	return ClosedLeftOut{N: n, Noun: noun, Verb: verb}
}

// withoutCoordinates is the WithoutCoordinates note, or nil for none.
func withoutCoordinatesNote(n int, noun, country string) Note {
	if n == 0 {
		return nil
	}
	return WithoutCoordinates{N: n, Noun: noun, Country: country}
}

// spanningNote is the Spanning note of the institutions, each with its
// years, or nil for none.
func (p *Base) spanningNote(ids []string, y *plan.YearRange, more bool) Note {
	if len(ids) == 0 {
		return nil
	}
	items := make([]NoteItem, len(ids))
	for i, id := range ids {
		text := p.label(id)
		if in, ok := p.data.Get(id); ok {
			from, to, known := in.Opened()
			if y.Field == "closed" {
				from, to, known = in.Closed()
			}
			text += fmt.Sprintf(" (%s)", shortYears(from, to, known))
		}
		items[i] = NoteItem{ID: id, Text: text}
	}
	return Spanning{Field: y.Field, More: more, Items: items}
}
