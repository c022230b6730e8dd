package answer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// text is an answerer that answers with its text, or declines.
func text(s string, ok bool) Answerer {
	return AnswererFunc(func(Input) (Draft, bool) {
		return Draft{Answer: Answer{Kind: KindNone}, render: func(func(string) string) string { return s }}, ok
	})
}

func TestRegistryTriesTheFramesAnswerersInOrder(t *testing.T) {
	r := &Registry{
		others:   []Answerer{text("other", true)},
		fallback: text("fallback", true),
	}
	r.Register(plan.FrameYesNo, text("declines", false), text("yes/no", true), text("never asked", true))
	r.Register(plan.FrameSet, text("declines", false))
	none := func(string) string { return "" }
	for _, tc := range []struct {
		frame plan.Frame
		want  string
	}{
		{plan.FrameYesNo, "yes/no"}, // the first that answers
		{plan.FrameSet, "fallback"}, // none answers
		{plan.FrameCount, "other"},  // a frame registered for none
		{plan.FrameOffTopic, "other"},
	} {
		d := r.Answer(Input{Plan: plan.Plan{Frame: tc.frame}})
		require.Equal(t, tc.want, d.Render(locale.For(locale.EN), none), tc.frame)
	}
}

func TestRegistryStepsAmendEveryAnswer(t *testing.T) {
	r := &Registry{fallback: text("answer", true)}
	r.steps = []Step{
		func(d Draft, in Input) Draft { d.notes = append(d.notes, NotExact{Reason: "first"}); return d },
		func(d Draft, in Input) Draft { d.notes = append(d.notes, NotExact{Reason: "second"}); return d },
	}
	d := r.Answer(Input{Plan: plan.Plan{Frame: plan.FrameSet}})
	require.Equal(t, "answer. Not an exact answer: first. Not an exact answer: second", d.Render(locale.For(locale.EN), func(string) string { return "" }))
}

func TestNotesRenderAfterTheText(t *testing.T) {
	cite := func(id string) string { return " [" + id + "]" }
	for _, tc := range []struct {
		name  string
		text  string
		notes []Note
		want  string
	}{
		{"none", "3 museums: A", nil, "3 museums: A"},
		{"nil notes are skipped", "3 museums: A", []Note{nil, ReadAs{Words: "Nery", As: "Newry"}, nil},
			"3 museums: A. “Nery” is read as Newry"},
		{"clauses in order", "2 museums: A; B",
			[]Note{YearsRead{Words: "after WWII", From: 1946}, ClosedLeftOut{N: 1, Noun: "museum", Verb: "listed"}, UnreadWords{Words: []string{"free"}}},
			"2 museums: A; B. “after WWII” is read as the years from 1946 on. Only open museums are listed; 1 more is recorded as closed" +
				". Not an exact answer: “free” in the question was not read, and the list does not take it into account"},
		{"plurals follow the count", "x", []Note{ClosedLeftOut{N: 6, Noun: "museum", Verb: "counted"}, UnreadWords{Words: []string{"free", "dogs"}}},
			"x. Only open museums are counted; 6 more are recorded as closed" +
				". Not an exact answer: “free”, “dogs” in the question were not read, and the list does not take them into account"},
		{"a sentence of its own after a full stop", "None.  ", []Note{Broadened{Words: []string{"coal mining"}, Subjects: []string{"Mining"}}},
			"None. Not an exact answer: “coal mining” is read as the subject Mining, which the data does not divide further."},
		{"a sentence of its own after a clause", "2 museums: A; B", []Note{Broadened{Words: []string{"coal mining"}, Subjects: []string{"Mining", "Quarrying"}}},
			"2 museums: A; B. Not an exact answer: “coal mining” is read as the subjects Mining, Quarrying, which the data does not divide further."},
		{"after a verdict's full stop", "Yes: A [a] is open.", []Note{AreaFromOthers{City: "York"}, NothingOn{Words: []string{"free"}, LeftOut: true}},
			"Yes: A [a] is open. Not an exact answer: its record names no area; the answer follows where the data's other records in York lie." +
				" Not an exact answer: the data records nothing on “free”, and the answer leaves it out."},
		{"institutions named and cited", "None surely",
			[]Note{Spanning{Field: "closed", Items: []NoteItem{{ID: "a", Text: "A (1980-1990)"}, {ID: "b", Text: "B (1985)"}}}},
			"None surely. Not an exact answer: the data gives the closing years of 2 only as a span that overlaps those years, so they may have closed then: " +
				"A (1980-1990) [a]; B (1985) [b]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, withNotes(locale.For(locale.EN), tc.text, cite, tc.notes...))
		})
	}
}
