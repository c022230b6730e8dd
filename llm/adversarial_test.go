package llm_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/llm"
	"github.com/hybridrag/hybridrag/llm/llmtest"
)

// TestRecordedRepliesAreChecked replays each recorded reply, as one JSON
// body and as a stream, and checks it against the records it was written
// from: Naturmuseum Solothurn [1], Naturmuseum [2] and
// Bodensee-Naturmuseum [3] of the bundled dataset.
func TestRecordedRepliesAreChecked(t *testing.T) {
	const founded = "Naturmuseum Solothurn was founded in 1825 [1]."
	for _, tc := range []struct {
		reply string
		// A kept reply: its text after the check, and why each removed
		// sentence was removed (by number).
		kept    string
		removed map[int]error
		// A rejected reply: why, and what the error says.
		rejected error
		detail   string
		// Strings that must reach neither the text, nor the stream, nor
		// a warning.
		never []string
	}{
		{reply: llmtest.Good, kept: goodText},
		{reply: llmtest.GroundedGerman, kept: "Das Naturmuseum Solothurn wurde 1825 gegründet [1]. Es ist ein Museum in Solothurn in der Schweiz mit der GHCID CH-SO-SOL-M-NS [1]."},
		{reply: llmtest.InventedYear, rejected: llm.ErrUnsupported, detail: "the year 1823 is not in the cited records"},
		{reply: llmtest.InventedNumber, rejected: llm.ErrUnsupported, detail: "the number 120,000 is not in the cited records"},
		{reply: llmtest.UnknownCitation, rejected: llm.ErrUnknownCitation, detail: "[42]"},
		{reply: llmtest.InventedCitation, rejected: llm.ErrUnknownCitation, detail: "[7]"},
		{reply: llmtest.InventedName, kept: founded, removed: map[int]error{2: llm.ErrUnsupported}, never: []string{"Johann Meier"}},
		{reply: llmtest.PromptInjection, kept: founded + " It is a museum in Solothurn, Switzerland [1].",
			removed: map[int]error{2: llm.ErrUnsafe}, never: []string{"Ignore previous", "system prompt"}},
		{reply: llmtest.Markup, kept: founded, removed: map[int]error{1: llm.ErrUnsafe, 3: llm.ErrUnsafe},
			never: []string{"<img", "onerror", "<script", "fetch("}},
		{reply: llmtest.Links, kept: founded + " Its website is https://www.naturmuseum-so.ch [1].",
			removed: map[int]error{2: llm.ErrUnsafe, 3: llm.ErrUnsafe}, never: []string{"javascript:", "document.cookie", "example.com"}},
		{reply: llmtest.Secrets, kept: founded, removed: map[int]error{1: llm.ErrUnsafe, 3: llm.ErrUnsafe},
			never: []string{"api_key", "sk-live", "CONFIG", "password", "hunter2"}},
		{reply: llmtest.Filler, kept: founded, removed: map[int]error{2: llm.ErrUnsupported, 3: llm.ErrUncited},
			never: []string{"wonderful", "hope this helps"}},
	} {
		t.Run(tc.reply, func(t *testing.T) {
			srv := llmtest.New(t, tc.reply)
			c := client(t, srv.BaseURL(), nil)
			checker := llm.NewChecker(threeSources(t))
			msgs := llm.Prompt("When was Naturmuseum Solothurn founded?", "[1] Naturmuseum Solothurn …", "1825 [1].")

			whole, err := c.Chat(context.Background(), msgs, nil)
			require.NoError(t, err)
			var streamed strings.Builder
			gate := checker.Gate(func(s string) { streamed.WriteString(s) })
			text, err := c.Chat(context.Background(), msgs, gate.Token)
			require.NoError(t, err)
			require.Equal(t, whole, text, "the stream and the JSON body are one reply")

			res, err := checker.Check(text)
			if tc.rejected != nil {
				require.ErrorIs(t, err, tc.rejected)
				require.ErrorContains(t, err, tc.detail)
				require.Empty(t, res.Text)
				if s := streamed.String(); s != "" {
					kept, err := checker.Check(s)
					require.NoError(t, err, "what streamed before the rejection is grounded")
					require.Equal(t, s, kept.Text)
				}
				return
			}
			require.NoError(t, err)
			gate.Finish(res)
			require.Equal(t, tc.kept, res.Text)
			require.Equal(t, res.Text, streamed.String(), "the stream is the checked text")
			require.Equal(t, []int{1}, res.Citations)
			got := map[int]error{}
			var warnings []string
			for _, r := range res.Removed {
				got[r.Sentence] = r.Err
				warnings = append(warnings, r.Error())
			}
			if tc.removed == nil {
				tc.removed = map[int]error{}
			}
			require.Equal(t, tc.removed, got)
			for _, s := range tc.never {
				require.NotContains(t, res.Text, s)
				require.NotContains(t, streamed.String(), s)
				for _, w := range warnings {
					if strings.Contains(w, llm.ErrUnsafe.Error()) {
						require.NotContains(t, w, s, "a warning does not pass on what it removed")
					}
				}
			}
		})
	}
}
