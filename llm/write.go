package llm

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/writing"
)

var _ writing.Writer = (*Client)(nil)

// Write asks the model for an answer to in (see Prompt) and checks it
// against in.Sources (see Checker): a rejected answer is an error wrapping
// writing.ErrRejected and the *CheckError; with onText set, only the
// sentences the check keeps are handed on, as they are written (see Gate).
func (c *Client) Write(ctx context.Context, in writing.Input, onText func(string)) (writing.Answer, error) {
	srcs := make([]Source, len(in.Sources))
	for i, s := range in.Sources {
		srcs[i] = Source(s)
	}
	checker := NewChecker(srcs)
	var (
		onToken func(string)
		gate    *Gate
	)
	if onText != nil {
		gate = checker.Gate(onText)
		onToken = gate.Token
	}
	text, err := c.Chat(ctx, Prompt(in.Question, in.Context, in.Extract), onToken)
	if err != nil {
		return writing.Answer{}, err
	}
	checked, err := checker.Check(text)
	if err != nil {
		return writing.Answer{}, fmt.Errorf("%w: %w", writing.ErrRejected, err)
	}
	if gate != nil {
		gate.Finish(checked)
	}
	out := writing.Answer{Text: checked.Text, Citations: checked.Citations}
	for _, r := range checked.Removed {
		out.Removed = append(out.Removed, r.Error())
	}
	return out, nil
}
