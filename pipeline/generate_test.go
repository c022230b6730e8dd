package pipeline

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed/httpembed"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/llm"
	"github.com/hybridrag/hybridrag/llm/llmtest"
	"github.com/hybridrag/hybridrag/plan"
)

const solothurn = "When was Naturmuseum Solothurn founded?"

// withWriter returns a copy of the embedded pipeline whose language model
// is served by an in-process server replaying reply.
// A cacheSize of 0 leaves the answer cache out, any other keeps it.
func withWriter(t *testing.T, reply string, timeout time.Duration, cacheSize int) (*Pipeline, *llmtest.Server) {
	t.Helper()
	srv := llmtest.New(t, reply)
	c, err := llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "llama3.2", Timeout: timeout, Retry: httpembed.Retry{MaxRetries: -1}})
	require.NoError(t, err)
	base := testPipeline(t)
	if cacheSize == 0 {
		base = withRetrievers(t, nil) // no answer cache
	}
	return base.WithWriter(c, timeout), srv
}

func TestGeneratedAnswerIsCheckedAndCited(t *testing.T) {
	p, srv := withWriter(t, llmtest.Good, 2*time.Second, 0)
	var (
		tokens    []string
		retrieved bool
	)
	progress := &Progress{
		Retrieved: func(plan plan.Plan, hits []fusion.Fused) {
			require.Empty(t, tokens, "the hits come before the model writes")
			require.NotEmpty(t, hits)
			retrieved = true
		},
		Token: func(s string) { tokens = append(tokens, s) },
	}
	resp, err := p.Ask(context.Background(), Request{Question: solothurn, LLM: true, Progress: progress})
	require.NoError(t, err)
	require.True(t, retrieved)
	require.NotNil(t, resp.Generated, "warnings: %v", resp.Warnings)
	require.Equal(t, "llama3.2", resp.Generated.Model)
	require.Equal(t, []int{1}, resp.Generated.Citations)
	require.Contains(t, resp.Generated.Text, "founded in 1825 [1]")
	require.Equal(t, resp.Generated.Text, strings.Join(tokens, ""))
	require.Equal(t, "ror:000xwam85", resp.Citations[0].ID)
	require.Equal(t, "1825", resp.Answer.Value, "the extractive answer stays")
	require.Empty(t, resp.Warnings)

	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	user := reqs[0].Messages[1].Content
	require.Contains(t, user, resp.Context.Text, "the model gets the built context")
	require.Contains(t, user, resp.Answer.Text, "and the extractive answer")
}

func TestUngroundedAnswersFallBackWithAWarning(t *testing.T) {
	for _, tc := range []struct {
		reply   string
		why     [2]string // answered as JSON, streamed
		timeout time.Duration
		failed  bool // the model failed to answer, rather than being rejected
	}{
		{llmtest.InventedYear, same("the year 1823 is not in the cited records"), 2 * time.Second, false},
		{llmtest.UnknownCitation, same("cites a source that was not given: [42]"), 2 * time.Second, false},
		{llmtest.Malformed, [2]string{"decode answer: unexpected EOF", "unreadable answer: event"}, 2 * time.Second, true},
		{llmtest.Slow, same("the model did not answer within 300ms"), 300 * time.Millisecond, true},
	} {
		t.Run(tc.reply, func(t *testing.T) {
			p, _ := withWriter(t, tc.reply, tc.timeout, 1)
			for i, stream := range []bool{false, true} {
				req := Request{Question: solothurn, LLM: true, NoCache: true}
				if stream {
					req.Progress = &Progress{Token: func(string) {}}
				}
				resp, err := p.Ask(context.Background(), req)
				require.NoError(t, err)
				require.Nil(t, resp.Generated)
				require.Equal(t, "1825", resp.Answer.Value, "the extractive answer stands")
				require.Len(t, resp.Warnings, 1)
				require.Contains(t, resp.Warnings[0], tc.why[i])
				require.Contains(t, resp.Warnings[0], "the answer is the extractive one")
				llmErrors := 0
				for _, e := range resp.Errors {
					if e.Source == SourceLLM {
						llmErrors++
					}
				}
				if tc.failed {
					require.Equal(t, 1, llmErrors, "a model that failed is a failed source")
				} else {
					require.Zero(t, llmErrors, "a rejected answer is not a failed source")
				}
			}
			// A model that failed is asked again; a rejected answer is cached.
			resp, err := p.Ask(context.Background(), Request{Question: solothurn, LLM: true})
			require.NoError(t, err)
			require.Equal(t, !tc.failed, resp.Cached)
			require.Nil(t, resp.Generated)
		})
	}
}

func same(why string) [2]string { return [2]string{why, why} }

func TestWrittenAnswerLosesUnsafeSentences(t *testing.T) {
	const founded = "Naturmuseum Solothurn was founded in 1825 [1]."
	for _, tc := range []struct {
		reply, text string
		warnings    []string
		never       []string
	}{
		{llmtest.PromptInjection, founded + " It is a museum in Solothurn, Switzerland [1].",
			[]string{"sentence 2 looks like instructions, configuration, a secret, markup or a link: instructions"},
			[]string{"Ignore previous", "system prompt"}},
		{llmtest.Markup, founded,
			[]string{"sentence 1 looks like instructions, configuration, a secret, markup or a link: markup", "sentence 3 looks like"},
			[]string{"<img", "onerror", "<script"}},
		{llmtest.Links, founded + " Its website is https://www.naturmuseum-so.ch [1].",
			[]string{"sentence 2 looks like", "sentence 3 looks like instructions, configuration, a secret, markup or a link: a link that is not in the cited records"},
			[]string{"javascript:", "example.com"}},
		{llmtest.Secrets, founded,
			[]string{"sentence 1 looks like instructions, configuration, a secret, markup or a link: configuration or a secret", "sentence 3 looks like"},
			[]string{"api_key", "sk-live", "hunter2"}},
		{llmtest.Filler, founded,
			[]string{"sentence 2 \"It is a wonderful place", "sentence 3 \"I hope this helps!\" cites no source"}, nil},
	} {
		t.Run(tc.reply, func(t *testing.T) {
			p, _ := withWriter(t, tc.reply, 2*time.Second, 0)
			for _, stream := range []bool{false, true} {
				var tokens []string
				req := Request{Question: solothurn, LLM: true}
				if stream {
					req.Progress = &Progress{Token: func(s string) { tokens = append(tokens, s) }}
				}
				resp, err := p.Ask(context.Background(), req)
				require.NoError(t, err)
				require.NotNil(t, resp.Generated, "warnings: %v", resp.Warnings)
				require.Equal(t, tc.text, resp.Generated.Text)
				require.Equal(t, []int{1}, resp.Generated.Citations)
				require.Len(t, resp.Warnings, len(tc.warnings))
				for i, w := range tc.warnings {
					require.Contains(t, resp.Warnings[i], "llm: removed from the model's answer: "+w)
				}
				if stream {
					require.Equal(t, resp.Generated.Text, strings.Join(tokens, ""), "only the checked text is streamed")
				}
				for _, s := range tc.never {
					require.NotContains(t, strings.Join(tokens, ""), s)
					require.NotContains(t, strings.Join(resp.Warnings, "\n"), s)
				}
			}
		})
	}
}

func TestAnswerCacheKeepsWrittenAndExtractiveAnswersApart(t *testing.T) {
	p, srv := withWriter(t, llmtest.Good, 2*time.Second, 1)
	ctx := context.Background()
	plain, err := p.Ask(ctx, Request{Question: solothurn})
	require.NoError(t, err)
	require.Nil(t, plain.Generated)

	written, err := p.Ask(ctx, Request{Question: solothurn, LLM: true})
	require.NoError(t, err)
	require.False(t, written.Cached, "an extractive answer is not served to a request for a written one")
	require.NotNil(t, written.Generated)

	again, err := p.Ask(ctx, Request{Question: solothurn, LLM: true})
	require.NoError(t, err)
	require.True(t, again.Cached)
	require.Equal(t, written.Generated, again.Generated)

	plain, err = p.Ask(ctx, Request{Question: solothurn})
	require.NoError(t, err)
	require.True(t, plain.Cached)
	require.Nil(t, plain.Generated, "a written answer is not served to a request without one")
	require.Len(t, srv.Requests(), 1)
}

func TestNoWriterMeansNoModel(t *testing.T) {
	resp, err := testPipeline(t).Ask(context.Background(), Request{Question: solothurn, LLM: true, NoCache: true})
	require.NoError(t, err)
	require.Nil(t, resp.Generated)
	require.Contains(t, resp.Warnings, "no language model is configured (--llm); the answer is the extractive one")
}
