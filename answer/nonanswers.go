package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// noneDraft is an honest "not in the data" answer.
func noneDraft(text string) Draft {
	return Draft{Answer: Answer{Kind: KindNone}, render: func(func(string) string) string { return text }}
}

// offTopicDraft answers a question nothing in the data can answer.
func offTopicDraft(pln plan.Plan) Draft {
	pr := locale.For(pln.Lang)
	return noneDraft(pr.Sprintf(pr.Text("That is outside what this service knows: it answers questions about museums, ")+
		pr.Text("archives, libraries and other heritage institutions, and did not recognise %s."), quoteWords(pr, pln.Unused(plan.UnusedUnknown))))
}

// missingIdentifierDraft answers a look-up of identifiers the data does
// not hold.
func missingIdentifierDraft(pr *locale.Printer, c plan.Constraints) Draft {
	return noneDraft(missingIdentifierText(pr, c))
}

// missingIdentifierText says that no institution carries the question's
// identifiers.
func missingIdentifierText(pr *locale.Printer, c plan.Constraints) string {
	return pr.Sprintf("No institution with %s is in the data.", identifierPhrase(pr, c))
}

// identifierPhrase names the question's identifiers with their schemes:
// "ISIL DE-MUS-999999 or Wikidata ID Q1".
func identifierPhrase(pr *locale.Printer, c plan.Constraints) string {
	var parts []string
	for _, look := range []struct {
		label  string
		values []string
	}{{pr.Text("ISIL"), c.ISILs}, {pr.Text("Wikidata ID"), c.QIDs}, {pr.Text("GHCID"), c.GHCIDs}, {pr.Text("GND identifier"), c.GNDs}, {pr.Text("ROR id"), c.RORs}} {
		for _, v := range look.values {
			parts = append(parts, look.label+" "+v)
		}
	}
	return strings.Join(parts, pr.Text(" or "))
}
