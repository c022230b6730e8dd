package llm_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/hybridrag/hybridrag/llm"
	"github.com/hybridrag/hybridrag/llm/llmtest"
)

const goodText = "Naturmuseum Solothurn was founded in 1825 [1]. It is a natural history museum in Solothurn, Switzerland, with the GHCID CH-SO-SOL-M-NS [1]."

func client(t *testing.T, base string, edit func(*llm.Options)) *llm.Client {
	t.Helper()
	opts := llm.Options{BaseURL: base, Model: "llama3.2", APIKey: "secret", Timeout: 2 * time.Second}
	if edit != nil {
		edit(&opts)
	}
	c, err := llm.New(opts)
	require.NoError(t, err)
	return c
}

func TestChatReadsJSONAndStreamedAnswers(t *testing.T) {
	srv := llmtest.New(t, llmtest.Good)
	c := client(t, srv.BaseURL(), nil)
	msgs := llm.Prompt("When was Naturmuseum Solothurn founded?", "[1] Naturmuseum Solothurn …", "1825 [1].")

	text, err := c.Chat(context.Background(), msgs, nil)
	require.NoError(t, err)
	require.Equal(t, goodText, text)

	var tokens []string
	text, err = c.Chat(context.Background(), msgs, func(s string) { tokens = append(tokens, s) })
	require.NoError(t, err)
	require.Equal(t, goodText, text)
	require.Greater(t, len(tokens), 10, "the reply arrives in pieces")
	require.Equal(t, goodText, strings.Join(tokens, ""))

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	require.False(t, reqs[0].Stream)
	require.True(t, reqs[1].Stream)
	for _, r := range reqs {
		require.Equal(t, "llama3.2", r.Model)
		require.Equal(t, "Bearer secret", r.Authorization)
		require.Equal(t, "system", r.Messages[0].Role)
		require.Contains(t, r.Messages[1].Content, "When was Naturmuseum Solothurn founded?")
	}
}

func TestChatRejectsBrokenStreams(t *testing.T) {
	for _, reply := range []string{llmtest.Malformed, llmtest.Truncated} {
		t.Run(reply, func(t *testing.T) {
			srv := llmtest.New(t, reply)
			c := client(t, srv.BaseURL(), nil)
			_, err := c.Chat(context.Background(), nil, func(string) {})
			require.ErrorIs(t, err, llm.ErrBadAnswer)
			require.Len(t, srv.Requests(), 1, "a stream that broke off after its first token is not retried")
		})
	}
}

func TestChatStopsAtItsTimeout(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	srv := llmtest.New(t, llmtest.Slow)
	c := client(t, srv.BaseURL(), func(o *llm.Options) { o.Timeout = 50 * time.Millisecond; o.Retry.MaxRetries = -1 })
	_, err := c.Chat(context.Background(), nil, func(string) {})
	require.ErrorContains(t, err, "no answer within 50ms")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = c.Chat(ctx, nil, nil)
	require.ErrorIs(t, err, context.Canceled)
	srv.Close()
}

func TestChatRetriesAnOverloadedServer(t *testing.T) {
	var calls atomic.Int32
	good := llmtest.New(t, llmtest.Good)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "0")
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		good.Config.Handler.ServeHTTP(w, r)
	}))
	defer srv.Close()
	text, err := client(t, srv.URL+"/v1", nil).Chat(context.Background(), nil, func(string) {})
	require.NoError(t, err)
	require.Equal(t, goodText, text)
	require.Equal(t, int32(2), calls.Load())

	_, err = client(t, srv.URL+"/nowhere", func(o *llm.Options) { o.Retry.MaxRetries = -1 }).Chat(context.Background(), nil, func(string) {})
	require.ErrorContains(t, err, "404")
}

func TestChatBoundsTheAnswer(t *testing.T) {
	srv := llmtest.New(t, llmtest.Good)
	c := client(t, srv.BaseURL(), func(o *llm.Options) { o.MaxAnswerBytes = 100 })
	_, err := c.Chat(context.Background(), nil, func(string) {})
	require.ErrorContains(t, err, "larger than 100 bytes")
	_, err = c.Chat(context.Background(), nil, nil)
	require.ErrorContains(t, err, "larger than 100 bytes")
}

func TestNewChecksOptions(t *testing.T) {
	_, err := llm.New(llm.Options{BaseURL: "127.0.0.1:11434", Model: "m"})
	require.ErrorContains(t, err, "http(s) URL")
	_, err = llm.New(llm.Options{BaseURL: "http://127.0.0.1:11434/v1"})
	require.ErrorContains(t, err, "model")
}

func TestPingAsksForTheModelList(t *testing.T) {
	srv := llmtest.New(t, llmtest.Good)
	c, err := llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "llama3.2"})
	require.NoError(t, err)
	require.NoError(t, c.Ping(context.Background()))

	for name, h := range map[string]http.HandlerFunc{
		"html with 200": func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("<html>maintenance</html>")) },
		"503":           func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "loading", http.StatusServiceUnavailable) },
		"no list":       func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{"object":"list"}`)) },
	} {
		t.Run(name, func(t *testing.T) {
			bad := httptest.NewServer(h)
			defer bad.Close()
			c, err := llm.New(llm.Options{BaseURL: bad.URL + "/v1", Model: "llama3.2"})
			require.NoError(t, err)
			err = c.Ping(context.Background())
			require.Error(t, err)
			require.Contains(t, err.Error(), "GET "+bad.URL+"/v1/models")
		})
	}
}
