package answer

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/plan"
)

// noneDraft is an honest "not in the data" answer.
func noneDraft(text string) Draft {
	return Draft{Answer: Answer{Kind: KindNone}, render: func(func(string) string) string { return text }}
}

// offTopicDraft answers a question nothing in the data can answer.
func offTopicDraft(pln plan.Plan) Draft {
	return noneDraft(fmt.Sprintf("That is outside what this service knows: it answers questions about museums, "+
		"archives, libraries and other heritage institutions, and did not recognise %s.", quoteWords(pln.Unused(plan.UnusedUnknown))))
}

// missingIdentifierDraft answers a look-up of identifiers the data does
// not hold.
func missingIdentifierDraft(c plan.Constraints) Draft {
	return noneDraft(missingIdentifierText(c))
}

// missingIdentifierText says that no institution carries the question's
// identifiers.
func missingIdentifierText(c plan.Constraints) string {
	return fmt.Sprintf("No institution with %s is in the data.", identifierPhrase(c))
}

// identifierPhrase names the question's identifiers with their schemes:
// "ISIL DE-MUS-999999 or Wikidata ID Q1".
func identifierPhrase(c plan.Constraints) string {
	var parts []string
	for _, look := range []struct {
		label  string
		values []string
	}{{"ISIL", c.ISILs}, {"Wikidata ID", c.QIDs}, {"GHCID", c.GHCIDs}, {"GND identifier", c.GNDs}, {"ROR id", c.RORs}} {
		for _, v := range look.values {
			parts = append(parts, look.label+" "+v)
		}
	}
	return strings.Join(parts, " or ")
}
