package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// Note is a fact an answer's text states after its body: how words of
// the question were read, or what keeps the answer from being exact. The
// code that knows the fact makes the note, a value of its own type that
// holds the fact's data; writeNotes renders every note, from its English
// sentence: one format string and its arguments (the words among them
// in the printer's language), so that a catalogue keyed by the format can
// render it in another language.
type Note interface {
	sentence(pr *locale.Printer) (format string, args []any)
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
	// joinSpace: a sentence of its own that ends with its full stop,
	// after a space: the text before ends with one.
	joinSpace
)

// joined is a note that says how it follows the text (joinClause when a
// note does not).
type joined interface {
	join() noteJoin
}

// writeNotes writes the notes after the text in b, in order, in pr's
// language; cite gives an institution's citation marker for the notes
// that name institutions (nil when none does).
func writeNotes(pr *locale.Printer, b *strings.Builder, cite func(string) string, notes ...Note) {
	for _, n := range notes {
		if n == nil {
			continue
		}
		join := joinClause
		if j, ok := n.(joined); ok {
			join = j.join()
		}
		format, args := n.sentence(pr)
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
		case joinSpace:
			b.WriteString(" ")
		default:
			b.WriteString(". ")
		}
		pr.Fprintf(b, format, args...)
		if it, ok := n.(itemised); ok {
			items := it.items()
			writeShown(pr, b, len(items), func(i int) {
				b.WriteString(items[i].Text)
				b.WriteString(cite(items[i].ID))
			})
		}
	}
}

// withNotes is text with the notes written after it (see writeNotes).
func withNotes(pr *locale.Printer, text string, cite func(string) string, notes ...Note) string {
	var b strings.Builder
	b.WriteString(text)
	writeNotes(pr, &b, cite, notes...)
	return b.String()
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

// spanningNote is the Spanning note of the institutions, each with its
// years, or nil for none.
func (p *Base) spanningNote(pr *locale.Printer, ids []string, y *plan.YearRange, more bool) Note {
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
			text += pr.Sprintf(" (%s)", shortYears(from, to, known))
		}
		items[i] = NoteItem{ID: id, Text: text}
	}
	return Spanning{Field: y.Field, More: more, Items: items}
}
