package retrievers

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// SemanticTextVersion names the layout of SemanticText; an on-disk vector
// index records it, so a change to the text forces a rebuild.
const SemanticTextVersion = "semantic-v2"

// SemanticText is the compact text a vector index embeds for an
// institution: its name, up to two alternative names, its size and type,
// its place (as in Fields), its opening and closing years, its subjects,
// its governance and the groups it belongs to. It leaves out
// the description, which BM25 keeps: a transformer's cost grows with the
// tokens of each text, and the generated descriptions mostly repeat these
// fields in sentences. For all-MiniLM-L6-v2 the text of the bundled data
// is 24 word-piece tokens on average ([CLS] and [SEP] included; median 20,
// 90th percentile 41), against 72 for DocText.
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
	head := f.Type
	if in.Size() != "" && in.Size() != "unknown" && head != "" {
		head = in.Size() + " " + head
	}
	if head != "" || f.Place != "" {
		b.WriteString(". ")
		b.WriteString(head)
		if f.Place != "" {
			if head != "" {
				b.WriteString(" in ")
			}
			b.WriteString(f.Place)
		}
	}
	if from, _, ok := in.Opened(); ok {
		fmt.Fprintf(&b, ". opened %d", from)
	}
	if from, _, ok := in.Closed(); ok {
		fmt.Fprintf(&b, ", closed %d", from)
	}
	if len(in.Subjects) > 0 {
		b.WriteString(". ")
		b.WriteString(strings.Join(in.Subjects, "; "))
	}
	if in.Governance() != "" {
		b.WriteString(". ")
		b.WriteString(in.Governance())
	}
	if f.Members != "" {
		b.WriteString(". Part of ")
		b.WriteString(strings.ReplaceAll(f.Members, "\n", "; "))
	}
	return b.String()
}
