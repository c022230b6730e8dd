package answer

import (
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// unnamedWars splits off the unread phrases that set a time by a war they
// do not name ("after the war", see Lexicon.UnnamedWar) from the others.
func (p *Base) unnamedWars(unread []string) (wars, others []string) {
	for _, u := range unread {
		if p.lexicon.UnnamedWar(u) {
			wars = append(wars, u)
		} else {
			others = append(others, u)
		}
	}
	return wars, others
}

// holdsWords reports whether the words of name stand in text as written
// ("York" in "York City", not "Altenburg" in "Kaltenburgh"), case and
// diacritics aside.
func holdsWords(text, name string) bool {
	return strings.Contains(" "+heritage.NormalizeName(text)+" ", " "+heritage.NormalizeName(name)+" ")
}

// writeList names the first ListShown institutions and counts the rest.
func (p *Base) writeList(pr *locale.Printer, b *strings.Builder, ids []string, c plan.Constraints, cite func(string) string) {
	writeShown(pr, b, len(ids), func(i int) {
		id := ids[i]
		b.WriteString(p.label(id))
		if in, ok := p.data.Get(id); ok && c.Field != "" {
			// "Who runs the museums in Bath?": each member's value
			label, v := fieldValue(pr, in, c.Field)
			if v == "" {
				v = pr.Text("no ") + label + pr.Text(" recorded")
			} else {
				v = shownValue(pr, in, c.Field, v)
			}
			pr.Fprintf(b, " (%s)", v)
		} else if ok && c.Years != nil {
			var y string
			if c.Years.Field == "closed" {
				y = shortYears(in.Closed())
			} else {
				y = shortYears(in.Opened())
			}
			if y != "" {
				pr.Fprintf(b, " (%s)", y)
			}
		}
		b.WriteString(cite(id))
	})
}

// writeShown writes items 0 to n-1 with "; " between them: the first
// ListShown of them and "and N more" when more than two would be left.
func writeShown(pr *locale.Printer, b *strings.Builder, n int, item func(i int)) {
	for i := range n {
		if i == ListShown && n > ListShown+2 {
			pr.Fprintf(b, " and %d more", n-ListShown)
			return
		}
		if i > 0 {
			b.WriteString("; ")
		}
		item(i)
	}
}

// shortYears writes a year or a span of years as "1850" or "1850-1860".
func shortYears(from, to int, ok bool) string {
	return strings.Replace(strings.TrimPrefix(heritage.YearsText(from, to, ok), "between "), " and ", "-", 1)
}

func (p *Base) label(id string) string {
	if in, ok := p.data.Get(id); ok {
		return in.Name
	}
	return id
}

func TypeNoun(pr *locale.Printer, codes []string) string {
	if len(codes) == 1 {
		switch codes[0] {
		case "M":
			return pr.Text("museum")
		case "L":
			return pr.Text("library")
		case "A":
			return pr.Text("archive")
		case "G":
			return pr.Text("gallery")
		}
	}
	return pr.Text("institution")
}

// ListShown is how many names a set answer spells out before "and N more".
const ListShown = 10

// countText opens a count answer.
func countText(pr *locale.Printer, n int, noun string) string {
	if n == 1 {
		return pr.Text("There is 1 ") + noun + ": "
	}
	return pr.Text("There are ") + strconv.Itoa(n) + " " + pr.Plural(noun, n) + ": "
}

// withArticle puts "a" or "an" before a field's label ("an ISIL code", "a
// GHCID").
func withArticle(pr *locale.Printer, label string) string {
	if label != "" && strings.ContainsRune("aeiouAEIOU", rune(label[0])) {
		return pr.Text("an ") + label
	}
	return pr.Text("a ") + label
}
