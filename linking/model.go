package linking

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
)

// # The match model
//
// A name candidate's score is the probability, from a logistic regression
// over its features (MatchInputs), that it is the referent; it is a match
// when that probability reaches the model's threshold and no other
// candidate's is as high. The weights and the threshold are data
// (data/match_model.json), fitted by `go run ./tools/fitlinks` on
// references generated with another seed than the evaluation sets, of
// records those sets do not use; the threshold is the lowest at which the
// training references' matches are right 99.5% of the time. Identifier
// candidates keep their exact scores (1 for a unique identifier).

//go:embed data/match_model.json
var matchModelJSON []byte

// MatchModel is a logistic regression over named inputs (see
// MatchInputs): P(referent) = σ(Bias + Σ Weights[k]·input(Inputs[k])).
type MatchModel struct {
	Inputs  []string  `json:"inputs"`
	Weights []float64 `json:"weights"`
	Bias    float64   `json:"bias"`
	// Threshold is the probability from which the best candidate is a
	// match.
	Threshold float64 `json:"threshold"`
	// Trained says on what the model was fitted and what it scored there.
	Trained string `json:"trained,omitempty"`
}

// ErrBadModel is returned for a match model that cannot be used.
var ErrBadModel = errors.New("linking: bad match model")

// Validate checks that every input is known, one weight per input, and
// that the numbers are finite and the threshold a probability.
func (m MatchModel) Validate() error {
	if len(m.Inputs) != len(m.Weights) {
		return fmt.Errorf("%w: %d inputs, %d weights", ErrBadModel, len(m.Inputs), len(m.Weights))
	}
	for k, in := range m.Inputs {
		for _, part := range strings.Split(in, "*") {
			if !slices.Contains(MatchInputNames, part) {
				return fmt.Errorf("%w: unknown input %q", ErrBadModel, part)
			}
		}
		if w := m.Weights[k]; math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("%w: weight of %s is %v", ErrBadModel, in, w)
		}
	}
	if math.IsNaN(m.Bias) || math.IsInf(m.Bias, 0) || !(m.Threshold > 0 && m.Threshold <= 1) {
		return fmt.Errorf("%w: bias %v, threshold %v", ErrBadModel, m.Bias, m.Threshold)
	}
	return nil
}

// ParseMatchModel reads and validates a model in the JSON of
// data/match_model.json.
func ParseMatchModel(b []byte) (MatchModel, error) {
	var m MatchModel
	if err := json.Unmarshal(b, &m); err != nil {
		return MatchModel{}, fmt.Errorf("%w: %v", ErrBadModel, err)
	}
	return m, m.Validate()
}

// DefaultMatchModel is the model of data/match_model.json.
var DefaultMatchModel = sync.OnceValues(func() (MatchModel, error) { return ParseMatchModel(matchModelJSON) })

// Probability is the model's probability that c is the referent.
func (m MatchModel) Probability(c Candidate) float64 {
	z := m.Bias
	for k, name := range m.Inputs {
		z += m.Weights[k] * inputValue(c, name)
	}
	return sigmoid(z)
}

// MatchInputNames are the inputs a match model may use, each read off a
// candidate's features and how it was found:
//
//   - name_sim, query_coverage, name_coverage, ambiguity, evidence,
//     margin, query_weight: the features of those ids;
//   - city_agree, country_agree, type_agree, postcode_agree: 1 when the
//     hint agrees (a city 0.9 or more: the town, its county or district,
//     the town in the name; a postcode's district);
//   - city_conflict, country_conflict, type_conflict, postcode_conflict:
//     1 when it disagrees (a city below 0.5);
//   - former_name, alias, partial_name, fuzzy_name: how the name was
//     found (none of them: the name itself, whole);
//   - town_conflict, other_country, reading_conflict, sole_holder,
//     misread, rules_match: the features of those ids, 0 or 1;
//   - vetoed: 1 when one of the features that bar a match is (see
//     vetoFeatures).
var MatchInputNames = []string{
	FeatureNameSim, FeatureQueryCoverage, FeatureNameCoverage, FeatureAmbiguity, FeatureEvidence, FeatureMargin, FeatureQueryWeight,
	"city_agree", "city_conflict", "country_agree", "country_conflict", "type_agree", "type_conflict", "postcode_agree", "postcode_conflict",
	ViaFormerName, ViaAlias, ViaPartialName, ViaFuzzyName,
	FeatureTownConflict, FeatureOtherCountry, FeatureReadingConflict, FeatureSole, FeatureMisread, FeatureRules,
	"vetoed",
}

// MatchInputs are the values of the named inputs of c: an input of
// MatchInputNames, or a product of them written with "*"
// ("partial_name*sole_holder": a partial name no other candidate holds
// as well). An unknown name or a feature c lacks is 0.
func MatchInputs(c Candidate, inputs []string) []float64 {
	out := make([]float64, len(inputs))
	for k, name := range inputs {
		out[k] = inputValue(c, name)
	}
	return out
}

// inputValue is the value of one named input of c, a product of factors.
func inputValue(c Candidate, name string) float64 {
	v := 1.0
	for name != "" && v != 0 {
		var part string
		part, name, _ = strings.Cut(name, "*")
		v *= matchInput(c, part)
	}
	return v
}

func matchInput(c Candidate, name string) float64 {
	switch name {
	case ViaFormerName, ViaAlias, ViaPartialName, ViaFuzzyName:
		return indicator(c.Via == name)
	case "city_agree", "country_agree", "type_agree", "postcode_agree":
		v, ok := featureValue(c.Features, hintFeature(name))
		return indicator(ok && (v >= 0.9 || name == "postcode_agree" && v >= 0.75))
	case "vetoed":
		return indicator(vetoed(c.Features))
	case "city_conflict", "country_conflict", "type_conflict", "postcode_conflict":
		v, ok := featureValue(c.Features, hintFeature(name))
		return indicator(ok && v < 0.5)
	}
	v, _ := featureValue(c.Features, name)
	return v
}

// hintFeature is the feature an agreement or conflict input reads.
func hintFeature(input string) string {
	switch input[:3] {
	case "cit":
		return FeatureCity
	case "cou":
		return FeatureCountry
	case "typ":
		return FeatureType
	}
	return FeaturePostcode
}

func featureValue(fs []Feature, id string) (float64, bool) {
	for _, f := range fs {
		if f.ID == id {
			return f.Value, true
		}
	}
	return 0, false
}

func indicator(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func dot(a, b []float64) float64 {
	s := 0.0
	for k := range a {
		s += a[k] * b[k]
	}
	return s
}

// FitMatchModel fits a logistic regression of ys on xs (one row per
// candidate, one column per input) by iteratively reweighted least
// squares with an L2 penalty l2 on the weights (not the bias). It is
// deterministic: the same rows give the same model. The threshold is
// left 0 for the caller to choose.
func FitMatchModel(inputs []string, xs [][]float64, ys []bool, l2 float64) (MatchModel, error) {
	d := len(inputs) + 1 // the bias is the last column
	if len(xs) != len(ys) || len(xs) == 0 {
		return MatchModel{}, fmt.Errorf("%w: %d rows, %d labels", ErrBadModel, len(xs), len(ys))
	}
	beta := make([]float64, d)
	row := make([]float64, d)
	for range 50 {
		h := make([]float64, d*d) // Xᵀ W X + λI
		g := make([]float64, d)   // Xᵀ (y − p) − λβ
		for i, x := range xs {
			copy(row, x)
			row[d-1] = 1
			p := sigmoid(dot(beta, row))
			w := max(p*(1-p), 1e-9)
			y := indicator(ys[i])
			for a := range d {
				g[a] += row[a] * (y - p)
				for b := range d {
					h[a*d+b] += w * row[a] * row[b]
				}
			}
		}
		for a := range d - 1 {
			h[a*d+a] += l2
			g[a] -= l2 * beta[a]
		}
		h[(d-1)*d+d-1] += 1e-9
		step, err := solve(h, g, d)
		if err != nil {
			return MatchModel{}, err
		}
		change := 0.0
		for a := range d {
			beta[a] += step[a]
			change = max(change, math.Abs(step[a]))
		}
		if change < 1e-8 {
			break
		}
	}
	m := MatchModel{Inputs: slices.Clone(inputs), Weights: beta[:d-1], Bias: beta[d-1]}
	return m, nil
}

// solve solves the symmetric positive definite system a·x = b (a is d×d,
// row-major) by Gaussian elimination with partial pivoting.
func solve(a, b []float64, d int) ([]float64, error) {
	a, b = slices.Clone(a), slices.Clone(b)
	for c := range d {
		p := c
		for r := c + 1; r < d; r++ {
			if math.Abs(a[r*d+c]) > math.Abs(a[p*d+c]) {
				p = r
			}
		}
		if math.Abs(a[p*d+c]) < 1e-12 {
			return nil, fmt.Errorf("%w: singular system at column %d", ErrBadModel, c)
		}
		if p != c {
			for k := range d {
				a[c*d+k], a[p*d+k] = a[p*d+k], a[c*d+k]
			}
			b[c], b[p] = b[p], b[c]
		}
		for r := c + 1; r < d; r++ {
			f := a[r*d+c] / a[c*d+c]
			for k := c; k < d; k++ {
				a[r*d+k] -= f * a[c*d+k]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, d)
	for r := d - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < d; k++ {
			s -= a[r*d+k] * x[k]
		}
		x[r] = s / a[r*d+r]
	}
	return x, nil
}
