package answer

import "github.com/hybridrag/hybridrag/locale"

// The notes of a yes/no verdict and of a share: each a sentence of its
// own after the verdict's.

// AreaFromOthers says that a record names no area, and that a yes/no on
// where it is follows where the data's other records in its town lie.
type AreaFromOthers struct {
	City string
}

func (n AreaFromOthers) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: its record names no area; the answer follows where the data's other records in %s lie.", []any{n.City}
}

func (AreaFromOthers) join() noteJoin { return joinSpace }

// WarLeftOut says that words of a yes/no question set a time by a war
// they do not name, and that the answer leaves them out.
type WarLeftOut struct {
	Words string
}

func (n WarLeftOut) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %s does not say which war, and the answer leaves it out.", []any{quoteWords(pr, []string{n.Words})}
}

func (WarLeftOut) join() noteJoin { return joinSpace }

// NothingOn says that the data records nothing on words of the
// question; LeftOut says that the answer leaves them out.
type NothingOn struct {
	Words   []string
	LeftOut bool
}

func (n NothingOn) sentence(pr *locale.Printer) (string, []any) {
	if n.LeftOut {
		return "Not an exact answer: the data records nothing on %s, and the answer leaves it out.", []any{quoteWords(pr, n.Words)}
	}
	return "Not an exact answer: the data records nothing on %s.", []any{quoteWords(pr, n.Words)}
}

func (NothingOn) join() noteJoin { return joinSpace }

// ShareUnstated says how many of a share's whole state nothing of the
// attribute the share is of.
type ShareUnstated struct {
	N, Of int
	Attr  string
}

func (n ShareUnstated) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: %d of the %d state no %s in the data.", []any{n.N, n.Of, n.Attr}
}

func (ShareUnstated) join() noteJoin { return joinSpace }

// verdictNotes are the notes of a yes/no verdict: the area read from the
// town's other records, and the words the answer leaves out.
func verdictNotes(inferred bool, city string, unread []string) []Note {
	var notes []Note
	if inferred {
		notes = append(notes, AreaFromOthers{City: city})
	}
	if len(unread) > 0 {
		notes = append(notes, NothingOn{Words: unread, LeftOut: true})
	}
	return notes
}
