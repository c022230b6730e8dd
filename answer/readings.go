package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// The notes on how the question was read: its places, years and
// organisations, and the subjects and towns it names only a part of.

// ReadAs says which words of the question were read as what: a place's
// other spelling ("Nery" as Newry), the places of one name ("Sussex" as
// East Sussex and West Sussex), an organisation ("the same organisation
// as Chartwell" as National Trust).
type ReadAs struct {
	Words string
	As    string
}

func (n ReadAs) sentence(pr *locale.Printer) (string, []any) {
	return "“%s” is read as %s", []any{n.Words, n.As}
}

// TownAndArea says that a place is read as the town and the
// administrative area of its name.
type TownAndArea struct {
	Name string
	Area string
}

func (n TownAndArea) sentence(pr *locale.Printer) (string, []any) {
	return "%s is read as the town and the area of that name (%s)", []any{n.Name, n.Area}
}

// YearsRead says which years the question's words were read as: "“after
// WWII” is read as the years from 1946 on". From or To is 0 when open.
type YearsRead struct {
	Words    string
	From, To int
}

func (n YearsRead) sentence(pr *locale.Printer) (string, []any) {
	var years string
	switch {
	case n.To == 0:
		years = pr.Sprintf("the years from %d on", n.From)
	case n.From == 0:
		years = pr.Sprintf("the years up to %d", n.To)
	default:
		years = pr.Sprintf("the years %d to %d", n.From, n.To)
	}
	return "“%s” is read as %s", []any{n.Words, years}
}

// Broadened says that the subject the question names only a part of
// ("coal mining") is read as the subjects the data records (Mining and
// quarrying), which the data does not divide further.
type Broadened struct {
	Words    []string
	Subjects []string
}

func (n Broadened) sentence(pr *locale.Printer) (string, []any) {
	subject := pr.Text("the subject ") + strings.Join(n.Subjects, ", ")
	if len(n.Subjects) > 1 {
		subject = pr.Text("the subjects ") + strings.Join(n.Subjects, ", ")
	}
	return "Not an exact answer: %s is read as %s, which the data does not divide further.", []any{quoteWords(pr, n.Words), subject}
}

func (Broadened) join() noteJoin { return joinSentence }

// placeReadings are the notes on how the places were read: as another
// spelling, as the places of one name, and as a town and the area of the
// same name.
func placeReadings(pr *locale.Printer, places []plan.Place) []Note {
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
				notes = append(notes, ReadAs{Words: pl.Text, As: strings.Join(same, pr.Text(" and "))})
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

// OtherTowns says that a town's name is also a town's in other
// countries, and which of them the answer is about.
type OtherTowns struct {
	Town, Country string
	Others        string
}

func (n OtherTowns) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: this is the %s in %s; the data also has a town of that name in %s",
		[]any{n.Town, countryPhrase(n.Country), n.Others}
}

// LongerTowns says that the data has towns whose names begin with the
// town the question names, which the name may mean: Towns names them
// with what they hold.
type LongerTowns struct {
	Name, Words string
	Towns       string
}

func (n LongerTowns) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: the data has towns whose names begin with %s, and “%s” may mean one of them: %s",
		[]any{n.Name, n.Words, n.Towns}
}

// NamesakeTowns says that the records of a town the question names lie
// in towns of that name far apart ("St Ives" in Cornwall and in
// Cambridgeshire): the answer holds them all, and the question does not
// say which it means. Areas lists each area with its records.
type NamesakeTowns struct {
	Town, Areas string
}

func (n NamesakeTowns) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: towns called %s lie far apart, in %s; the question does not say which it means",
		[]any{n.Town, n.Areas}
}
