package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Years written in words are read as the years they stand for, with the
// question's words kept for the answer to say which years it read.
func TestYearsInWords(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q          string
		from, to   int
		field      string
		words      string
		placeNamed string
	}{
		{"Which museums in Manchester opened after WWII?", 1946, 0, "opened", "after WWII", "Manchester"},
		{"Which museums opened after the Second World War in Bath?", 1946, 0, "opened", "after the Second World War", "Bath"},
		{"Which museums in Kent opened before World War I?", 0, 1913, "opened", "before World War I", "Kent"},
		{"Which museums in Kent opened after the First World War?", 1919, 0, "opened", "after the First World War", "Kent"},
		{"Which museums in Kent opened during the Second World War?", 1939, 1945, "opened", "during the Second World War", "Kent"},
		{"Which museums in Kent opened since WW2?", 1945, 0, "opened", "since WW2", "Kent"},
		{"Which museums were founded in the 19th century in Wales?", 1800, 1899, "opened", "19th century", "Wales"},
		{"Which museums in York opened in the twentieth century?", 1900, 1999, "opened", "twentieth century", "York"},
		{"Which museums in York opened in the twenty-first century?", 2000, 2099, "opened", "twenty-first century", "York"},
		{"Which museums in York opened before the 20th century?", 0, 1899, "opened", "before the 20th century", "York"},
		{"Welche Museen in Bayern wurden im 19. Jahrhundert gegründet?", 1800, 1899, "opened", "19. Jahrhundert", "Bayern"},
		{"Welke musea in Amsterdam zijn in de 19e eeuw opgericht?", 1800, 1899, "opened", "19e eeuw", "Amsterdam"},
		{"Which museums in London opened in the 1800s?", 1800, 1899, "opened", "1800s", "London"},
		{"Which museums opened in the eighties in Cornwall?", 1980, 1989, "opened", "eighties", "Cornwall"},
		{"Which museums in Cornwall opened in the '80s?", 1980, 1989, "opened", "80s", "Cornwall"},
		{"Which museums in Kent closed in the nineties?", 1990, 1999, "closed", "nineties", "Kent"},
		{"Welche Museen in Berlin wurden in den achtziger Jahren eröffnet?", 1980, 1989, "opened", "achtziger Jahren", "Berlin"},
		{"Welche Museen in Berlin wurden in den 1980er Jahren eröffnet?", 1980, 1989, "opened", "1980er Jahren", "Berlin"},
		{"Welke musea in Amsterdam zijn in de jaren tachtig geopend?", 1980, 1989, "opened", "jaren tachtig", "Amsterdam"},
		{"Welke musea in Amsterdam zijn in de jaren '80 geopend?", 1980, 1989, "opened", "jaren '80", "Amsterdam"},
		{"Welche Museen in Berlin wurden nach dem Zweiten Weltkrieg gegründet?", 1946, 0, "opened", "nach dem Zweiten Weltkrieg", "Berlin"},
		{"Welke musea in Amsterdam zijn na de Tweede Wereldoorlog geopend?", 1946, 0, "opened", "na de Tweede Wereldoorlog", "Amsterdam"},
		{"Welke musea in Amsterdam zijn na de oorlog geopend?", 1946, 0, "opened", "na de oorlog", "Amsterdam"},
		{"Which post-war museums are in Kent?", 1946, 0, "opened", "post-war", "Kent"},
		{"Which museums in Kent opened between the wars?", 1919, 1938, "opened", "between the wars", "Kent"},
		{"Welche Museen in Berlin stammen aus der Nachkriegszeit?", 1946, 0, "opened", "Nachkriegszeit", "Berlin"},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			c := r.Route(tc.q).Constraints
			require.Equal(t, &YearRange{Field: tc.field, From: tc.from, To: tc.to, Words: tc.words}, c.Years)
			require.NotEmpty(t, c.Places, "the place is still read")
			require.Equal(t, tc.placeNamed, c.Places[0].Text)
			require.Empty(t, c.Subjects, "a war that bounds years is no subject")
			require.Empty(t, c.Names, "nor a name")
		})
	}
}

// A war the words do not name, a vague part of a century and a war with
// no preposition are not read as years: the first two are conditions the
// list does not apply, the last a subject.
func TestYearsInWordsNotRead(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museums in Bath opened after the war?",
		"Welche Museen in Berlin wurden nach dem Krieg gegründet?",
		"Which museums in Kent opened in the early 19th century?",
	} {
		p := r.Route(q)
		require.Nil(t, p.Constraints.Years, q)
		require.NotEmpty(t, p.Unused(UnusedUnread), q)
		require.Empty(t, p.Constraints.Subjects, q)
	}
	p := r.Route("Which museums are about the Second World War?")
	require.Nil(t, p.Constraints.Years)
	require.NotEmpty(t, p.Constraints.Subjects)
}

// A status asked in so many words stays a condition beside years.
func TestStatusBesideYears(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"Which museums in Norfolk opened in the 1990s and are still open?":                      "open",
		"Which museums in Norfolk opened in the 1990s?":                                         "",
		"Which museums in Norfolk opened in the 1990s and are no longer open?":                  "closed",
		"Which museums in Norfolk opened in the 1990s and are now closed?":                      "closed",
		"Welche Museen in Norfolk wurden in den 1990er Jahren eröffnet und sind noch geöffnet?": "open",
		"Welke musea in Norfolk zijn in de jaren negentig geopend en nog open?":                 "open",
	} {
		c := r.Route(q).Constraints
		require.NotNil(t, c.Years, q)
		require.Equal(t, want, c.Status, q)
	}
}
