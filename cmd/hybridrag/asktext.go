package main

import (
	"fmt"
	"io"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/pipeline"
)

// printAnswer writes the answer of ask's text output with its notes, in
// the answer's language: the written answer when there is one, the
// extractive answer, and whether it is the exact set. Its text is
// translated in locale/messages, like the answer code's.
func printAnswer(w io.Writer, pr *locale.Printer, r *pipeline.Response) {
	if g := r.Generated; g != nil {
		pr.Fprintf(w, "%s\n(written by %s from the sources below; every sentence checked against its citations)\n\nExtractive answer: ", g.Text, g.Model)
	}
	fmt.Fprintf(w, "%s\n", r.Answer.Text)
	if r.Answer.Exact && r.Answer.Kind == pipeline.KindSet {
		pr.Fprintf(w, "(exact answer: %d selected from the knowledge graph)\n", r.Answer.Count)
	}
}

// Headings of ask's text output, in the answer's language.
func resultsHeading(pr *locale.Printer) string { return "\n" + pr.Text("Results:") }
func sourcesHeading(pr *locale.Printer) string { return "\n" + pr.Text("Sources:") }
