package eval

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/stretchr/testify/require"
)

func knownIDs(ids ...string) func(string) bool {
	set := idSet(ids)
	return func(id string) bool { return set[id] }
}

func TestReadQuestionsReportsBadLines(t *testing.T) {
	f, err := os.Open("testdata/questions.bad.jsonl")
	require.NoError(t, err)
	defer f.Close()

	qs, bad, err := ReadQuestions(f, knownIDs("a", "b", "c", "d"))
	require.NoError(t, err)

	require.Len(t, qs, 2)
	require.Equal(t, "ok-1", qs[0].ID)
	require.Equal(t, 1, qs[0].Line)
	require.Equal(t, plan.Factual, qs[0].Intent)
	require.Equal(t, []string{}, qs[0].Acceptable)
	require.Equal(t, "ok-2", qs[1].ID)
	require.Equal(t, 12, qs[1].Line)
	require.Equal(t, []string{"d"}, qs[1].Acceptable)

	want := map[int]string{
		2:  "invalid JSON",
		3:  "missing or empty id",
		4:  `unknown intent "trivia"`,
		5:  "missing or empty expected_ids",
		7:  "zz:nope is not in the data",
		8:  "a is in both expected_ids and acceptable_ids",
		9:  "id repeats line 1",
		10: "invalid JSON: want an object, got array",
		11: "invalid JSON: expected_ids: want a list of strings, got string",
		13: "missing or empty question",
		14: "expected_ids lists a twice",
	}
	got := map[int]string{}
	for _, le := range bad {
		require.ErrorIs(t, le, ErrInvalidQuestion)
		got[le.Line] = le.Error()
	}
	require.Len(t, got, len(want), "blank line 6 is ignored, every other bad line reported: %v", got)
	for line, msg := range want {
		require.Contains(t, got[line], msg, "line %d", line)
		require.True(t, strings.HasPrefix(got[line], "line "), got[line])
	}
	require.Contains(t, got[9], "(ok-1)", "the id is named when it was read")
}

func TestReadQuestionsAcceptsEveryIDWithoutACheck(t *testing.T) {
	qs, bad, err := ReadQuestions(strings.NewReader(
		"\xef\xbb\xbf{\"id\":\"q\",\"question\":\"Q?\",\"intent\":\"collection\",\"expected_ids\":[\"zz:1\"]}\r\n"+
			"{\"id\":\"r\",\"question\":\"R?\",\"intent\":\"comparative\",\"expected_ids\":[\"zz:2\"],\"extra\":1}"), nil)
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, qs, 2, "a byte order mark, CRLF, a last line without newline and unknown keys are fine")
	require.Equal(t, plan.Collection, qs[0].Intent)
	require.Equal(t, 2, qs[1].Line)
}

func TestReadQuestionsTooLongQuestion(t *testing.T) {
	long := strings.Repeat("x", 5000)
	_, bad, err := ReadQuestions(strings.NewReader(`{"id":"q","question":"`+long+`","intent":"factual","expected_ids":["a"]}`), nil)
	require.NoError(t, err)
	require.Len(t, bad, 1)
	require.Contains(t, bad[0].Error(), "longer than")
}

func TestReadQuestionsReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	_, _, err := ReadQuestions(iotest.ErrReader(boom), nil)
	require.ErrorIs(t, err, boom)
}

func TestReadQuestionsPublicSet(t *testing.T) {
	f, err := os.Open("../testdata/questions.jsonl")
	require.NoError(t, err)
	defer f.Close()
	qs, bad, err := ReadQuestions(f, nil)
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, qs, 240)
	short := 0
	for _, q := range qs {
		if ShortAnswer(q) {
			short++
		}
	}
	// 62 single-id questions; two of them are counted lists ("1 museum: …").
	require.Equal(t, 60, short)
}

func TestReadQuestionsEmptyExpectedAndGeneratedFields(t *testing.T) {
	qs, bad, err := ReadQuestions(strings.NewReader(
		`{"id":"h","question":"What is the weather in Amsterdam tomorrow?","intent":"factual","expected_ids":[],"lang":"en","frame":"honesty_offtopic","noise":"none"}`+"\n"+
			`{"id":"m","question":"Q?","intent":"factual","expected_ids":null}`), nil)
	require.NoError(t, err)
	require.Len(t, bad, 1, "a null expected_ids is a missing one")
	require.Equal(t, 2, bad[0].Line)
	require.Len(t, qs, 1)
	require.Empty(t, qs[0].Expected)
	require.Equal(t, "en", qs[0].Lang)
	require.Equal(t, "honesty_offtopic", qs[0].Frame)
	require.Equal(t, "none", qs[0].Noise)
}
