package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/llm/llmtest"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

const solothurn = "When was Naturmuseum Solothurn founded?"

func TestAskWithALanguageModel(t *testing.T) {
	testfixture.SkipUnderRace(t)
	srv := llmtest.New(t, llmtest.Good)
	code, out, errOut := runCLI(t, "ask", "--llm", srv.BaseURL(), "--llm-model", "llama3.2", solothurn)
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "Naturmuseum Solothurn was founded in 1825 [1].")
	require.Contains(t, out, "(written by llama3.2 from the sources below; every sentence checked against its citations)")
	require.Contains(t, out, "Extractive answer: The opening year of Naturmuseum Solothurn is 1825 [1].")
	require.Contains(t, out, "[1] Naturmuseum Solothurn (ror:000xwam85)")
	require.NotContains(t, out, "warning:")
	require.Equal(t, "llama3.2", srv.Requests()[0].Model)

	code, out, errOut = runCLI(t, "ask", "--json", "--llm", srv.BaseURL(), "--llm-model", "llama3.2", solothurn)
	require.Equal(t, exitOK, code, errOut)
	var resp struct {
		Answer    struct{ Value string }
		Generated struct {
			Text      string
			Model     string
			Citations []int
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &resp))
	require.Equal(t, "1825", resp.Answer.Value)
	require.Equal(t, []int{1}, resp.Generated.Citations)
}

func TestAskRejectsAnUngroundedModelAnswer(t *testing.T) {
	testfixture.SkipUnderRace(t)
	for reply, why := range map[string]string{
		llmtest.InventedYear:    "the year 1823 is not in the cited records",
		llmtest.UnknownCitation: "cites a source that was not given: [42]",
	} {
		t.Run(reply, func(t *testing.T) {
			srv := llmtest.New(t, reply)
			code, out, errOut := runCLI(t, "ask", "--llm", srv.BaseURL(), "--llm-model", "llama3.2", solothurn)
			require.Equal(t, exitOK, code, errOut)
			require.NotContains(t, out, "written by")
			require.Contains(t, out, "The opening year of Naturmuseum Solothurn is 1825 [1].")
			require.Contains(t, out, "warning: llm: the model's answer is not used (rejected: sentence ")
			require.Contains(t, out, why)
			require.Contains(t, out, "the answer is the extractive one")
		})
	}
}

func TestAskLLMFlagsAreChecked(t *testing.T) {
	code, _, errOut := runCLI(t, "ask", "--llm", "http://127.0.0.1:11434/v1", solothurn)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, "llm: a model is required")
	code, _, errOut = runCLI(t, "ask", "--llm", "127.0.0.1:11434", "--llm-model", "m", solothurn)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, "want an http(s) URL")
}

func TestDoctorChecksTheLanguageModel(t *testing.T) {
	for _, tc := range []struct {
		reply, want string
		code        int
	}{
		{llmtest.Good, "llm: ok — llama3.2 wrote a checked answer", exitOK},
		{llmtest.InventedYear, "llm: answers, but llm: the model's answer is not used (rejected: ", exitOK},
		{llmtest.Malformed, "llm: FAILED: llm: POST ", exitFail},
	} {
		t.Run(tc.reply, func(t *testing.T) {
			srv := llmtest.New(t, tc.reply)
			code, out, errOut := runCLI(t, "doctor", "--llm", srv.BaseURL(), "--llm-model", "llama3.2")
			require.Equal(t, tc.code, code, errOut)
			require.Contains(t, out, tc.want)
		})
	}
}
