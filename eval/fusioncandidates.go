package eval

import (
	"maps"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/router"
)

// FusionCandidate is a fusion with base leg weights (before
// router.LegWeight raises some of them, as the router does).
type FusionCandidate struct {
	Method  fusion.Method      `json:"method"`
	K       float64            `json:"k,omitempty"`
	Weights map[string]float64 `json:"weights"`
}

// Choice is the candidate as a fusion table entry.
func (c FusionCandidate) Choice() router.FusionChoice {
	return router.FusionChoice{Method: string(c.Method), K: c.K, Weights: maps.Clone(c.Weights)}
}

func candidateOf(c router.FusionChoice) FusionCandidate {
	return FusionCandidate{Method: fusion.Method(c.Method), K: c.K, Weights: maps.Clone(c.Weights)}
}

// Label names the fusion ("rrf k=60", "relative", "dbsf").
func (c FusionCandidate) Label() string {
	if c.Method == fusion.MethodRRF {
		return "rrf k=" + strconv.FormatFloat(c.K, 'f', -1, 64)
	}
	return string(c.Method)
}

// WeightsText lists the weights of the legs an intent runs, e.g.
// "kg 1, bm25 0.5, vector 0.5".
func (c FusionCandidate) WeightsText(legs []string) string {
	parts := make([]string, len(legs))
	for i, l := range legs {
		parts[i] = l + " " + strconv.FormatFloat(c.Weights[l], 'f', -1, 64)
	}
	return strings.Join(parts, ", ")
}

func (c FusionCandidate) params() fusion.Params {
	return fusion.Params{Method: c.Method, K: c.K, Sigmas: fusion.DefaultSigmas}
}

func sameCandidate(a, b FusionCandidate) bool {
	return a.Method == b.Method && a.K == b.K && maps.Equal(a.Weights, b.Weights)
}
