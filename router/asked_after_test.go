package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An existence question whose relative clause holds the institution asks
// what the clause describes (its parent, its operator), not whether the
// institution exists.
func TestExistenceOfWhatARelativeClauseDescribes(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"Is there an organisation that the Rijksmuseum belongs to?": "member_of",
		"Is there a larger body which Modern One is part of?":       "member_of",
		"Is there an organization that runs the Horniman Museum?":   "operator",
		"Gibt es eine Organisation, zu der das Rijksmuseum gehört?": "member_of",
		"Is er een organisatie die het Rijksmuseum beheert?":        "operator",
	} {
		p := r.Route(q)
		require.Equal(t, FrameRelation, p.Frame, q)
		require.Equal(t, field, p.Constraints.Field, q)
	}
	p := r.Route("Is there still a Horniman Museum?")
	require.Equal(t, FrameYesNo, p.Frame, "whether the institution itself exists")
}

// A last sentence of question words alone asks the value of the field
// the yes/no question before it names.
func TestBareQuestionWordsAskTheValue(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"Does the Rijksmuseum have a website? Where?": "website",
		"Has the Horniman Museum got an ISIL? Which?": "isil",
		"Heeft het Rijksmuseum een website? Waar?":    "website",
		"Hat das Rijksmuseum eine Webseite? Wo denn?": "website",
	} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, field, p.Constraints.Field, q)
	}
}

// Whether a name is still the institution's asks the name it bears now;
// whether it is still open asks its status.
func TestANameStillSaidAsksTheCurrentName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Is Falkirk Burgh Museum still called that?",
		"Does Falkirk Burgh Museum still go by that name?",
		"Heet Falkirk Burgh Museum nog steeds zo?",
		"Heißt das Falkirk Burgh Museum immer noch so?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, fieldCurrentName, p.Constraints.Field, q)
	}
	p := r.Route("Is Falkirk Burgh Museum still open?")
	require.Equal(t, FrameYesNo, p.Frame)
}

// A field declined after a comma or dash is no field asked.
func TestADeclinedFieldIsNotAsked(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"Baysgarth House Museum: the country, not the address": "country",
		"Rijksmuseum website, no address":                      "website",
		"Horniman Museum – Stadt bitte, nicht die Adresse":     "city",
	} {
		p := r.Route(q)
		require.Equal(t, field, p.Constraints.Field, q)
		require.Empty(t, p.Constraints.MoreFields, q)
	}
}

// A place a negation word governs, beside another place, is left out.
func TestANegatedPlaceBesideAnotherIsLeftOut(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museums are in Bath, not Bristol?",
		"museums in Bath not Bristol",
		"Welche Museen liegen in Bath und nicht in Bristol?",
	} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Places, 1, q)
		require.Equal(t, "Bath", p.Constraints.Places[0].Name, q)
		require.Len(t, p.Constraints.Except, 1, q)
	}
}

// A clause of the asker's that names a subject, then a question that
// refers to it with "it": the question about the subject, exact.
func TestATopicReferredToByIt(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"I've been learning about railways this year; which museums in Essex cover it?",
		"My son loves aviation at the moment; which museums in Kent are about it?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.NotEmpty(t, p.Constraints.Subjects, q)
		require.Empty(t, p.Unused(UnusedUnknown), q)
	}
}

// A subjunctive of politeness ("Wären Sie so nett") says nothing of the
// past: the list is of what is open.
func TestAPoliteSubjunctiveIsNoPast(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Wären Sie so nett, mir die Museen in Wiltshire zu nennen?")
	require.Equal(t, "open", p.Constraints.Status)
	p = r.Route("Welche Museen in Wiltshire waren im Jahr 1900 geöffnet?")
	require.NotEqual(t, "open", p.Constraints.Status)
}
