package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/locale"
)

// Draft is an answer before citation numbers are known: render writes the
// text given a function that returns an institution's citation marker.
type Draft struct {
	Answer
	// also are institutions the text names besides the answer's, cited
	// too: those that may belong to a list but the data cannot tell.
	also   []string
	render func(cite func(id string) string) string
	// nearestFirst tells that the set is listed nearest first, an order
	// the answer states, so that it is not listed in fused order.
	nearestFirst bool
	// notes are the facts the text states after what render writes, in
	// order (see Note).
	notes []Note
}

// Render writes the answer's text, cite giving an institution's citation
// marker; pr, the printer of the plan's language, renders its notes.
func (d Draft) Render(pr *locale.Printer, cite func(id string) string) string {
	text := d.render(cite)
	if len(d.notes) == 0 {
		return text
	}
	var b strings.Builder
	b.WriteString(text)
	writeNotes(pr, &b, cite, d.notes...)
	return b.String()
}

// Also are institutions the text names besides the answer's, cited too.
func (d Draft) Also() []string { return d.also }

// NearestFirst tells that the set is listed nearest first, an order the
// answer states, so that it is not listed in fused order.
func (d Draft) NearestFirst() bool { return d.nearestFirst }

// rewritten is d with its text, notes included, passed through f: an
// answer that says more about what another answer says.
func (d Draft) rewritten(pr *locale.Printer, f func(text string, cite func(string) string) string) Draft {
	inner := d
	d.notes = nil
	d.render = func(cite func(string) string) string { return f(inner.Render(pr, cite), cite) }
	return d
}
