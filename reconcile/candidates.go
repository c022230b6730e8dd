package reconcile

import (
	"math"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// Candidate is a 0.2 reconciliation candidate.
type Candidate struct {
	ID   string    `json:"id"`
	Name string    `json:"name"`
	Type []TypeRef `json:"type"`
	// Score is the linker's probability that the candidate is the
	// referent, shown as 0–100 as reconciliation clients expect.
	Score       float64   `json:"score"`
	Description string    `json:"description,omitempty"`
	Match       bool      `json:"match"`
	Features    []Feature `json:"features,omitempty"`
}

// Feature is a candidate feature; Name is set for 1.0 responses only.
type Feature struct {
	ID    string  `json:"id"`
	Name  string  `json:"name,omitempty"`
	Value float64 `json:"value"`
}

// Result is the 0.2 answer to one query.
type Result struct {
	Result []Candidate `json:"result"`
}

func containsCode(codes []string, c string) bool {
	for _, x := range codes {
		if x == c {
			return true
		}
	}
	return false
}

var featureNames = map[string]string{
	linking.FeatureNameSim:         "Name similarity",
	linking.FeatureCity:            "City agreement",
	linking.FeatureCountry:         "Country agreement",
	linking.FeatureType:            "Type agreement",
	linking.FeaturePostcode:        "Postcode agreement",
	linking.FeatureID:              "Identifier match",
	linking.FeatureAmbiguity:       "Share among namesakes",
	linking.FeatureQueryCoverage:   "Share of the query found in the name",
	linking.FeatureNameCoverage:    "Share of the name found in the query",
	linking.FeatureTownConflict:    "The name holds another town than the reference's",
	linking.FeatureEvidence:        "Name similarity with the hints, weighed by the share among namesakes",
	linking.FeatureMargin:          "Lead over the runner-up",
	linking.FeatureQueryWeight:     "How distinctive the query's words are",
	linking.FeatureSole:            "No other candidate holds the query as well",
	linking.FeatureMisread:         "Another name holds the query as written",
	linking.FeatureRules:           "The evidence rules take it for the referent",
	linking.FeatureOtherCountry:    "The reference's town is in another country",
	linking.FeatureReadingConflict: "The reference, read apart, names another record or a kind of institution",
}

// score100 shows a probability as 0–100, to one decimal.
func score100(p float64) float64 { return math.Round(p*1000) / 10 }

func (h *Handler) candidate(in *heritage.Institution, c linking.Candidate, withNames bool) Candidate {
	out := Candidate{
		ID: in.ID, Name: in.Name, Type: []TypeRef{typeRef(in)},
		Score: score100(c.Score), Description: shortDescription(in), Match: c.Match,
	}
	for _, f := range c.Features {
		nf := Feature{ID: f.ID, Value: f.Value}
		if withNames {
			nf.Name = featureNames[f.ID]
			if nf.Name == "" {
				nf.Name = f.ID
			}
		}
		out.Features = append(out.Features, nf)
	}
	return out
}

func typeRef(in *heritage.Institution) TypeRef {
	if t, ok := linking.TypeByCode(in.TypeCode); ok {
		return TypeRef{t.Name, t.Label}
	}
	return TypeRef{in.Type, in.Type}
}

// place joins city, county, region and country without repeats.
func place(in *heritage.Institution) string {
	var ps []string
	for _, v := range []string{in.City, in.County(), in.Region(), in.Country} {
		if v != "" && (len(ps) == 0 || ps[len(ps)-1] != v) {
			ps = append(ps, v)
		}
	}
	return strings.Join(ps, ", ")
}

func shortDescription(in *heritage.Institution) string {
	parts := []string{typeRef(in).Name}
	if p := place(in); p != "" {
		parts[0] += " in " + p
	}
	if in.ISIL != "" {
		parts = append(parts, "ISIL "+in.ISIL)
	}
	if in.Wikidata != "" {
		parts = append(parts, in.Wikidata)
	}
	if in.Status() == "closed" {
		parts = append(parts, "closed")
	}
	return strings.Join(parts, " · ")
}
