package retrievers

import (
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// SemanticTextVersion names the layout of SemanticText; an on-disk vector
// index records it, so a change to the text forces a rebuild.
const SemanticTextVersion = "semantic-v1"

// SemanticText is the compact text a vector index embeds for an
// institution: its name, up to two alternative names, its type, its place
// (city, county, country), its subjects and its governance. It leaves out
// the description, which BM25 keeps: a transformer's cost grows with the
// tokens of each text, and the generated descriptions mostly repeat these
// fields in sentences. For all-MiniLM-L6-v2 the text is about 20 word-piece
// tokens on average (see the package's tests and index's benchmarks).
func SemanticText(in *heritage.Institution) string {
	f := Fields(in)
	var b strings.Builder
	b.WriteString(in.Name)
	var alt []string
	for _, a := range strings.Split(f.AltNames, "\n") {
		if a = strings.TrimSpace(a); a != "" && len(alt) < 2 && !strings.EqualFold(a, in.Name) {
			alt = append(alt, a)
		}
	}
	if len(alt) > 0 {
		b.WriteString(" (")
		b.WriteString(strings.Join(alt, "; "))
		b.WriteString(")")
	}
	head := uniqueNonEmpty(f.Type)
	place := uniqueNonEmpty(in.City, in.County, countryName(in.Country))
	if len(head) > 0 || len(place) > 0 {
		b.WriteString(". ")
		b.WriteString(strings.Join(head, ""))
		if len(place) > 0 {
			if len(head) > 0 {
				b.WriteString(" in ")
			}
			b.WriteString(strings.Join(place, ", "))
		}
	}
	if len(in.Subjects) > 0 {
		b.WriteString(". ")
		b.WriteString(strings.Join(in.Subjects, "; "))
	}
	if in.Governance != "" {
		b.WriteString(". ")
		b.WriteString(in.Governance)
	}
	return b.String()
}
