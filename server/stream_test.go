package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/llm"
	"github.com/hybridrag/hybridrag/llm/llmtest"
	"github.com/hybridrag/hybridrag/pipeline"
)

// sseEvent is one Server-Sent Event as read back.
type sseEvent struct {
	name string
	data string
}

// askEvents posts body to /v1/ask?stream=true and reads the events.
func askEvents(t *testing.T, base, body string) (*http.Response, []sseEvent) {
	t.Helper()
	resp, err := http.Post(base+"/v1/ask?stream=true", "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	var (
		out []sseEvent
		cur sseEvent
	)
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.data = strings.TrimPrefix(line, "data: ")
		case line == "" && cur.name != "":
			out = append(out, cur)
			cur = sseEvent{}
		}
	}
	require.NoError(t, sc.Err())
	return resp, out
}

func names(evs []sseEvent) []string {
	var out []string
	for _, e := range evs {
		if len(out) == 0 || out[len(out)-1] != e.name {
			out = append(out, e.name)
		}
	}
	return out
}

// writerServer serves the real pipeline with a language model replaying
// reply.
func writerServer(t *testing.T, reply string, timeout time.Duration) string {
	t.Helper()
	srv := llmtest.New(t, reply)
	c, err := llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "llama3.2", Timeout: timeout})
	require.NoError(t, err)
	_, p, _ := realPipeline(t)
	ts, _ := newTestServer(t, func(o *Options) { o.Asker, o.LLM = p.WithWriter(c, timeout), true })
	return ts.URL
}

const solothurnBody = `{"question": "When was Naturmuseum Solothurn founded?"}`

func TestAskStreamsPlanHitsTokensThenTheCheckedAnswer(t *testing.T) {
	base := writerServer(t, llmtest.Good, 5*time.Second)
	resp, evs := askEvents(t, base, solothurnBody)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/event-stream; charset=utf-8", resp.Header.Get("Content-Type"))
	require.Equal(t, []string{EventPlan, EventHits, EventToken, EventAnswer}, names(evs))

	var text strings.Builder
	for _, e := range evs {
		if e.name == EventToken {
			var tok TokenEvent
			require.NoError(t, json.Unmarshal([]byte(e.data), &tok))
			text.WriteString(tok.Text)
		}
	}
	var final pipeline.Response
	require.NoError(t, json.Unmarshal([]byte(evs[len(evs)-1].data), &final))
	require.NotNil(t, final.Generated)
	require.Equal(t, final.Generated.Text, text.String())
	require.Equal(t, []int{1}, final.Generated.Citations)
	require.Equal(t, "1825", final.Answer.Value)

	// Asked again, the answer comes from the cache: no tokens.
	_, evs = askEvents(t, base, solothurnBody)
	require.Equal(t, []string{EventPlan, EventHits, EventAnswer}, names(evs))
	require.NoError(t, json.Unmarshal([]byte(evs[2].data), &final))
	require.True(t, final.Cached)
	require.NotNil(t, final.Generated)
}

func TestAskStreamFallsBackWhenTheModelFails(t *testing.T) {
	for _, tc := range []struct {
		reply, why string
		timeout    time.Duration
	}{
		{llmtest.InventedYear, "the year 1823 is not in the cited records", 5 * time.Second},
		{llmtest.UnknownCitation, "[42]", 5 * time.Second},
		{llmtest.Slow, "did not answer within 300ms", 300 * time.Millisecond},
	} {
		t.Run(tc.reply, func(t *testing.T) {
			_, evs := askEvents(t, writerServer(t, tc.reply, tc.timeout), solothurnBody)
			require.Equal(t, EventAnswer, evs[len(evs)-1].name)
			var final pipeline.Response
			require.NoError(t, json.Unmarshal([]byte(evs[len(evs)-1].data), &final))
			require.Nil(t, final.Generated)
			require.Equal(t, "1825", final.Answer.Value)
			require.Len(t, final.Warnings, 1)
			require.Contains(t, final.Warnings[0], tc.why)
		})
	}
}

func TestAskStreamHoldsBackRemovedSentences(t *testing.T) {
	_, evs := askEvents(t, writerServer(t, llmtest.PromptInjection, 5*time.Second), solothurnBody)
	require.Equal(t, []string{EventPlan, EventHits, EventToken, EventAnswer}, names(evs))
	var text strings.Builder
	for _, e := range evs {
		if e.name == EventToken {
			var tok TokenEvent
			require.NoError(t, json.Unmarshal([]byte(e.data), &tok))
			text.WriteString(tok.Text)
		}
	}
	var final pipeline.Response
	require.NoError(t, json.Unmarshal([]byte(evs[len(evs)-1].data), &final))
	require.NotNil(t, final.Generated)
	require.Equal(t, "Naturmuseum Solothurn was founded in 1825 [1]. It is a museum in Solothurn, Switzerland [1].", final.Generated.Text)
	require.Equal(t, final.Generated.Text, text.String(), "the sentence of instructions is never sent")
	require.Len(t, final.Warnings, 1)
	require.Contains(t, final.Warnings[0], "sentence 2 looks like instructions")
}

func TestAskStreamWithoutAModel(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	_, evs := askEvents(t, ts.URL, `{"question": "When was Naturmuseum Solothurn founded?", "no_cache": true}`)
	require.Equal(t, []string{EventPlan, EventHits, EventAnswer}, names(evs))
	var final pipeline.Response
	require.NoError(t, json.Unmarshal([]byte(evs[2].data), &final))
	require.Nil(t, final.Generated)
	require.Empty(t, final.Warnings, "no model asked for, none missed")

	// A request may turn the model off; bad input is a plain JSON error.
	base := writerServer(t, llmtest.Good, 5*time.Second)
	_, evs = askEvents(t, base, `{"question": "When was Naturmuseum Solothurn founded?", "llm": false}`)
	require.Equal(t, []string{EventPlan, EventHits, EventAnswer}, names(evs))
	resp, _ := askEvents(t, base, `{"question": ""}`)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"))
	r := do(t, http.MethodPost, base+"/v1/ask?stream=maybe", solothurnBody)
	require.Equal(t, http.StatusBadRequest, r.status)
}
