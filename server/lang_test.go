package server

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/pipeline"
)

// The answer's language is the body's lang, else the Accept-Language
// header's, else the question's; the response says which, in its body
// and in Content-Language.
func TestAskLanguage(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	const en, nl = "Which museums are about porcelain?", "Welke musea gaan over porselein?"
	for _, tc := range []struct {
		name, question, field, header string
		want                          locale.Lang
	}{
		{"the question's", nl, "", "", locale.NL},
		{"the question's, English", en, "", "", locale.EN},
		{"the body's", en, "de", "", locale.DE},
		{"the body's before the header's", en, "de", "nl-NL,nl;q=0.9", locale.DE},
		{"the header's", en, "", "nl-BE,nl;q=0.9,en;q=0.8", locale.NL},
		{"a regional German", nl, "", "de-CH", locale.DE},
		{"a header naming none", nl, "", "fr-FR,fr;q=0.9", locale.NL},
		{"a wildcard header", nl, "", "*", locale.NL},
		{"a body's tag", en, "nl-NL", "", locale.NL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, err := json.Marshal(AskRequest{Question: tc.question, Lang: tc.field})
			require.NoError(t, err)
			var hdr []string
			if tc.header != "" {
				hdr = []string{"Accept-Language", tc.header}
			}
			r := do(t, "POST", ts.URL+"/v1/ask", string(body), hdr...)
			require.Equal(t, http.StatusOK, r.status, string(r.body))
			var resp pipeline.Response
			require.NoError(t, json.Unmarshal(r.body, &resp))
			require.Equal(t, tc.want, resp.Lang)
			require.Equal(t, tc.want, resp.Plan.Lang)
			require.Equal(t, string(tc.want), r.header.Get("Content-Language"))
		})
	}
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "Which museums are about porcelain?", "lang": "fr"}`)
	require.Equal(t, http.StatusBadRequest, r.status)
	require.Equal(t, CodeBadOption, errCode(t, r))
}

func TestAnswerLang(t *testing.T) {
	for _, tc := range []struct {
		field, header string
		want          locale.Lang
		ok            bool
	}{
		{"", "", "", true},
		{"nl", "de", locale.NL, true},
		{"", "de-AT;q=0.8,xx", locale.DE, true},
		{"", "garbage;;q=", "", true},
		{"fr", "", "", false},
		{"x" + string(make([]byte, 600)), "", "", false},
	} {
		got, ok := answerLang(tc.field, tc.header)
		require.Equal(t, tc.ok, ok, tc)
		require.Equal(t, tc.want, got, tc)
	}
}
