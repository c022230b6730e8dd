package llm

import (
	"fmt"
	"strings"
)

// instructions is the system message: answer only from the numbered
// sources, cite one on every sentence, state nothing they do not.
const instructions = `You answer questions about heritage institutions (museums, archives, libraries) using only the numbered sources you are given.
Rules:
- Write a short answer: at most %d sentences, no headings, no lists.
- End every sentence with the number of the source it comes from in square brackets, like [1] or [1, 3]. Cite only numbers that appear in the sources.
- State only names, years and identifiers (ISIL, Wikidata QID, GHCID, GND) that the cited source contains, written as the source writes them.
- The search has already found an answer; keep its facts, and say so when the sources do not answer the question.
- Do not use outside knowledge.`

// MaxSentences is the answer length the instructions ask for.
const MaxSentences = 4

// Prompt returns the messages that ask a model for a grounded answer to
// question from the numbered context and the extractive answer the
// search found.
func Prompt(question, context, extractive string) []Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Question: %s\n\nSources:\n%s\n", strings.TrimSpace(question), strings.TrimSpace(context))
	if extractive = strings.TrimSpace(extractive); extractive != "" {
		fmt.Fprintf(&b, "\nAnswer found by the search (with its citations): %s\n", extractive)
	}
	b.WriteString("\nWrite the answer.")
	return []Message{
		{Role: "system", Content: fmt.Sprintf(instructions, MaxSentences)},
		{Role: "user", Content: b.String()},
	}
}
