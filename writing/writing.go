// Package writing is the contract of a writer: a language model that
// writes a short answer from a question's context, checked sentence by
// sentence against the sources it cites (package llm's Client is one).
// The pipeline asks a Writer; it holds no model, prompt or check itself.
package writing

import (
	"context"
	"errors"
)

// Source is one numbered source an answer may cite: Names are the
// institution's names, Text everything its record states.
type Source struct {
	N     int
	Names []string
	Text  string
}

// Input is what an answer is written from.
type Input struct {
	Question string
	// Context is the cited context the pipeline assembled.
	Context string
	// Extract is the extractive answer, for the model to stay close to.
	Extract string
	// Sources are the citations of Context, with what each states.
	Sources []Source
}

// Answer is a written answer after the check.
type Answer struct {
	Text string
	// Citations are the source numbers cited, in order of first citation.
	Citations []int
	// Removed say which sentences the check removed, and why.
	Removed []string
}

// ErrRejected is wrapped by Write when the check rejected the answer
// whole; any other error is a failure of the model.
var ErrRejected = errors.New("rejected")

// Writer writes checked answers.
type Writer interface {
	// Write writes and checks an answer. With onText set, it hands on
	// the answer as it is written, a checked sentence at a time, each
	// with the space before it, so that the pieces make up Answer.Text;
	// a sentence that gets the whole answer rejected stops the pieces.
	Write(ctx context.Context, in Input, onText func(string)) (Answer, error)
	// Model names the model; answers of different models are kept apart.
	Model() string
}
