package main

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestFit fits a small model twice: the fit is deterministic, keeps the
// held-out sets' records out, and its threshold gives the training
// references the precision asked for.
func TestFit(t *testing.T) {
	ds := testfixture.Dataset(t)
	o := options{
		heldOut: []string{
			filepath.Join("..", "..", "testdata", "generated", "references.jsonl"),
			filepath.Join("..", "..", "testdata", "generated", "registry_references.jsonl"),
		},
		seed: 11, refs: 460, registry: 240, l2: 1, precision: 0.99, inputs: defaultInputs,
	}
	a, err := fit(context.Background(), ds, o, io.Discard)
	require.NoError(t, err)
	require.NoError(t, a.Validate())
	require.Greater(t, a.Threshold, 0.5)
	require.Contains(t, a.Trained, "precision 0.990 on them")
	b, err := fit(context.Background(), ds, o, io.Discard)
	require.NoError(t, err)
	require.Equal(t, a, b)
	// the fitted model says a whole name found as written is likelier the
	// referent than the same name found misspelt
	whole := linking.Candidate{Via: linking.ViaName, Features: []linking.Feature{{ID: linking.FeatureEvidence, Value: 0.9}, {ID: linking.FeatureSole, Value: 1}}}
	fuzzy := whole
	fuzzy.Via = linking.ViaFuzzyName
	require.Greater(t, a.Probability(whole), a.Probability(fuzzy))
}
