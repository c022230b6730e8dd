package linking

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/kg"
)

// TestMatchModelData checks data/match_model.json: it parses, every input
// is known, and it was fitted for the precision match: true promises.
func TestMatchModelData(t *testing.T) {
	m, err := DefaultMatchModel()
	require.NoError(t, err)
	require.NotEmpty(t, m.Inputs)
	require.Greater(t, m.Threshold, 0.5, "a match is more likely the referent than not")
	require.Contains(t, m.Trained, "tools/fitlinks", "the model says how it was fitted")
	require.Contains(t, m.Trained, "precision 0.995")
}

func TestMatchModelValidate(t *testing.T) {
	good := MatchModel{Inputs: []string{FeatureEvidence, "partial_name*sole_holder"}, Weights: []float64{1, 2}, Threshold: 0.9}
	require.NoError(t, good.Validate())
	for name, m := range map[string]MatchModel{
		"unknown input":    {Inputs: []string{"colour"}, Weights: []float64{1}, Threshold: 0.9},
		"unknown factor":   {Inputs: []string{"evidence*colour"}, Weights: []float64{1}, Threshold: 0.9},
		"weights missing":  {Inputs: []string{FeatureEvidence}, Threshold: 0.9},
		"no threshold":     {Inputs: []string{FeatureEvidence}, Weights: []float64{1}},
		"threshold over 1": {Inputs: []string{FeatureEvidence}, Weights: []float64{1}, Threshold: 1.5},
		"weight NaN":       {Inputs: []string{FeatureEvidence}, Weights: []float64{math.NaN()}, Threshold: 0.9},
	} {
		require.ErrorIs(t, m.Validate(), ErrBadModel, name)
	}
	_, err := ParseMatchModel([]byte(`{"inputs": [`))
	require.ErrorIs(t, err, ErrBadModel)
}

func TestMatchInputs(t *testing.T) {
	c := Candidate{Via: ViaPartialName, Features: []Feature{
		{FeatureCity, 0.9}, {FeatureCountry, 0}, {FeatureType, 0.5}, {FeaturePostcode, 0.75},
		{FeatureSole, 1}, {FeatureEvidence, 0.8}, {FeatureTownConflict, 1},
	}}
	got := MatchInputs(c, []string{"city_agree", "country_conflict", "type_agree", "type_conflict", "postcode_agree",
		ViaPartialName, ViaFuzzyName, "partial_name*sole_holder", "evidence*sole_holder", "vetoed", FeatureMargin})
	require.Equal(t, []float64{1, 1, 0, 0, 1, 1, 0, 1, 0.8, 1, 0}, got)
}

// TestFitMatchModel fits rows whose label follows one input and not the
// other: the fit finds that, gives probabilities near the rate of each
// group, and is the same on every run.
func TestFitMatchModel(t *testing.T) {
	var xs [][]float64
	var ys []bool
	for i := range 400 {
		a, b := float64(i%2), float64(i/2%2)
		xs = append(xs, []float64{a, b})
		// 90% positive when a is 1, 10% when it is 0, whatever b
		ys = append(ys, (a == 1) != (i%20 < 2))
	}
	inputs := []string{FeatureSole, FeatureMisread}
	m, err := FitMatchModel(inputs, xs, ys, 0.01)
	require.NoError(t, err)
	m.Threshold = 0.5
	require.NoError(t, m.Validate())
	p := func(a, b float64) float64 {
		return m.Probability(Candidate{Features: []Feature{{FeatureSole, a}, {FeatureMisread, b}}})
	}
	require.InDelta(t, 0.9, p(1, 0), 0.02)
	require.InDelta(t, 0.1, p(0, 1), 0.02)
	require.InDelta(t, 0, m.Weights[1], 0.05, "an input the labels do not follow weighs nothing")
	again, err := FitMatchModel(inputs, xs, ys, 0.01)
	require.NoError(t, err)
	require.Equal(t, m.Weights, again.Weights)
	require.Equal(t, m.Bias, again.Bias)

	_, err = FitMatchModel(inputs, nil, nil, 1)
	require.ErrorIs(t, err, ErrBadModel)
}

// TestNameScoresAreModelProbabilities: a name candidate's score is the
// model's probability of its features, the match is the best candidate
// from the threshold, and --explain's features carry the evidence and
// the margin the model read.
func TestNameScoresAreModelProbabilities(t *testing.T) {
	l := testLinker(t)
	ctx := context.Background()
	for _, q := range []Query{
		{Text: "Museum Folkwang"}, {Text: "Heimatmuseum"}, {Text: "Stadtarchiv", City: "Weinheim"}, {Text: "Hennebergmuseum"},
	} {
		cands, err := l.Link(ctx, q, 5)
		require.NoError(t, err)
		require.NotEmpty(t, cands, q.Text)
		for k, c := range cands {
			_, ok := featureValue(c.Features, FeatureEvidence)
			require.True(t, ok, "%s: %s has its evidence", q.Text, c.ID)
			_, ok = featureValue(c.Features, FeatureMargin)
			require.True(t, ok)
			require.InDelta(t, l.model.Probability(c), c.Score, 0.0006, "%s: %s", q.Text, c.ID)
			require.Equal(t, k == 0 && c.Score >= l.model.Threshold && !vetoed(c.Features), c.Match, "%s: %s", q.Text, c.ID)
		}
	}
	cands, err := l.Link(ctx, Query{Text: "Heimatmuseum"}, 5)
	require.NoError(t, err)
	require.False(t, anyMatch(cands), "a name hundreds of records bear is no match")
}

// TestWithMatchThreshold: the threshold is the model's unless set.
func TestWithMatchThreshold(t *testing.T) {
	base := testLinker(t)
	strict := New(base.ds, kg.New(base.ds), WithNameIndex(base.names), WithMatchThreshold(1))
	cands, err := strict.Link(context.Background(), Query{Text: "Museum Folkwang"}, 3)
	require.NoError(t, err)
	require.NotEmpty(t, cands)
	require.False(t, anyMatch(cands), "no name scores 1")
	cands, err = base.Link(context.Background(), Query{Text: "Museum Folkwang"}, 3)
	require.NoError(t, err)
	require.True(t, cands[0].Match)
	require.True(t, strings.Contains(strings.ToLower(cands[0].Name), "folkwang"))
}
