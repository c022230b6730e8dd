package fusion

import "math"

// legStats are the statistics of one list's scores: the raw scores of
// the hits that contribute (in the window, with an id, each id's first
// position), non-finite scores left out. Mean and variance are Welford's
// running figures, which stay accurate when the scores sit far from 0.
type legStats struct {
	n        int
	min, max float64
	mean, m2 float64
}

func (s *legStats) add(x float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return
	}
	s.n++
	if s.n == 1 {
		s.min, s.max = x, x
	} else {
		s.min, s.max = min(s.min, x), max(s.max, x)
	}
	d := x - s.mean
	s.mean += d / float64(s.n)
	s.m2 += d * (x - s.mean)
}

// std is the population standard deviation.
func (s legStats) std() float64 {
	if s.n == 0 {
		return 0
	}
	return math.Sqrt(s.m2 / float64(s.n))
}

// RelativeScore fuses lists by their scores, min–max normalised per list:
//
//	norm_s(d)  = (score_s(d) − min_s) / (max_s − min_s)
//	score(d)   = Σ_s weight_s × norm_s(d)
//
// min_s and max_s are taken over the hits of list s that contribute (in
// the window, with an id; a list's first position of an id counts). When
// every such score is equal, each normalises to 1: the list cannot tell
// its hits apart, and each is as good as its best. A non-finite score is
// left out of the statistics and normalises to 0.
//
// The fused order does not change when one list's scores go through a
// positive affine map (a × score + b, a > 0), up to floating-point
// rounding. Deduplication, provenance, tie-breaks and the result order
// are as in RRF; Params.K and Params.Sigmas are ignored. RelativeScore
// never modifies its inputs.
func RelativeScore(lists []Ranked, p Params) []Fused {
	return fuse(lists, p, func(l Ranked, st legStats, c *Contribution) {
		x := c.RawScore
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			c.Normalized = 0
		case st.max > st.min:
			c.Normalized = clamp01((x - st.min) / (st.max - st.min))
		default:
			c.Normalized = 1
		}
		c.Weighted = l.Weight * c.Normalized
	})
}

// DBSF is distribution-based score fusion: each list's scores are mapped
// onto [0, 1] by the range mean ± Sigmas standard deviations of that
// list's scores, clamped, then summed with the lists' weights:
//
//	lo_s, hi_s = μ_s − σ·Sigmas, μ_s + σ·Sigmas
//	norm_s(d)  = clamp((score_s(d) − lo_s) / (hi_s − lo_s), 0, 1)
//	score(d)   = Σ_s weight_s × norm_s(d)
//
// μ_s and σ_s (the population standard deviation) are taken over the
// hits of list s that contribute, as in RelativeScore. A score beyond
// the range (an outlier) saturates at 0 or 1, so that the scale of one
// list is set by the bulk of its scores, not by its extremes. When every
// score of a list is equal,
// each normalises to 0.5, where the mean lies. A non-finite score is left
// out of the statistics and normalises to 0.
//
// Like RelativeScore it is invariant, up to rounding, to a positive affine
// map of one list's scores. Params.K is ignored; Params.Sigmas must be
// > 0. DBSF never modifies its inputs.
func DBSF(lists []Ranked, p Params) []Fused {
	return fuse(lists, p, func(l Ranked, st legStats, c *Contribution) {
		x := c.RawScore
		half := st.std() * p.Sigmas
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			c.Normalized = 0
		case half > 0:
			c.Normalized = clamp01((x - (st.mean - half)) / (2 * half))
		default:
			c.Normalized = 0.5
		}
		c.Weighted = l.Weight * c.Normalized
	})
}

func clamp01(x float64) float64 { return min(1, max(0, x)) }
