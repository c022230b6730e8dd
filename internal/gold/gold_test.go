package gold

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

func TestRead(t *testing.T) {
	cases := []struct {
		name    string
		in      string
		want    []Question
		wantErr string
	}{
		{
			name: "all fields",
			in:   `{"id":"q1","question":"Where?","intent":"factual","expected_ids":["a","b"],"acceptable_ids":["c"],"answer":"x","notes":"n"}` + "\n",
			want: []Question{{ID: "q1", Question: "Where?", Intent: "factual", ExpectedIDs: []string{"a", "b"}, AcceptableIDs: []string{"c"}, Answer: "x", Notes: "n"}},
		},
		{
			name: "blank lines, bom and no final newline",
			in:   "\xef\xbb\xbf{\"id\":\"q1\"}\n\n  \n{\"id\":\"q2\"}",
			want: []Question{{ID: "q1"}, {ID: "q2"}},
		},
		{name: "empty", in: "", want: nil},
		{name: "bad json names the line", in: "{\"id\":\"q1\"}\n\n{\"id\":\n", wantErr: "line 3:"},
		{name: "wrong type names the line", in: `{"expected_ids":"a"}`, wantErr: "line 1:"},
		{name: "not an object", in: "{}\n[1]\n", wantErr: "line 2:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Read(strings.NewReader(tc.in))
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				require.Nil(t, got)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	_, err := Read(iotest.ErrReader(boom))
	require.ErrorIs(t, err, boom)
}

func TestLoad(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "missing.jsonl"))
	require.ErrorIs(t, err, os.ErrNotExist)

	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte("{}\nnot json\n"), 0o600))
	_, err = Load(bad)
	require.ErrorContains(t, err, "bad.jsonl: line 2:")
}

func TestLoadPublicSet(t *testing.T) {
	qs, err := Load("../../testdata/questions.jsonl")
	require.NoError(t, err)
	require.Len(t, qs, 240)
	intents := map[string]int{}
	for _, q := range qs {
		require.NotEmpty(t, q.ID)
		require.NotEmpty(t, q.Question, q.ID)
		require.NotEmpty(t, q.ExpectedIDs, q.ID)
		intents[q.Intent]++
	}
	require.Len(t, intents, 6)
	for in, n := range intents {
		require.Equal(t, 40, n, in)
	}
}
