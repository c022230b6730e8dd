package pipeline

import (
	"maps"
	"slices"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/internal/clone"
)

// Clone returns a copy of r that shares no slice, map or pointer with
// it: what the answer cache keeps and hands out, so that neither a
// caller nor the cache can change the other's answer.
func (r *Response) Clone() *Response {
	c := *r
	c.Plan = r.Plan.Clone()
	c.Answer = cloneAnswer(r.Answer)
	c.Hits = cloneHits(r.Hits)
	c.Citations = slices.Clone(r.Citations)
	c.Warnings = slices.Clone(r.Warnings)
	c.Errors = slices.Clone(r.Errors)
	c.BySource = maps.Clone(r.BySource)
	c.Timings.Legs = maps.Clone(r.Timings.Legs)
	c.Wikidata = clone.Each(r.Wikidata, func(w WikidataFacts) WikidataFacts { w.Entity = w.Entity.Clone(); return w })
	c.Generated = clone.Ptr(r.Generated, func(g Generated) Generated { g.Citations = slices.Clone(g.Citations); return g })
	c.Explain = clone.Ptr(r.Explain, Explain.clone)
	return &c
}

func cloneAnswer(a Answer) Answer {
	a.IDs = slices.Clone(a.IDs)
	a.Groups = clone.Each(a.Groups, func(g AnswerGroup) AnswerGroup { g.IDs = slices.Clone(g.IDs); return g })
	a.Citations = slices.Clone(a.Citations)
	return a
}

func (e Explain) clone() Explain {
	e.Legs = clone.Each(e.Legs, func(l LegReport) LegReport { l.Hits = slices.Clone(l.Hits); return l })
	e.Frames = clone.Ptr(e.Frames, FrameReading.clone)
	return e
}

// cloneHits is clone.Each(hits, fusion.Fused.Clone) with the
// contributions of every hit in one allocation instead of one each: the
// cache-hit path copies ten or more hits per answer.
func cloneHits(hits []fusion.Fused) []fusion.Fused {
	if hits == nil {
		return nil
	}
	n := 0
	for _, h := range hits {
		n += len(h.Sources)
	}
	buf := make([]fusion.Contribution, 0, n)
	out := slices.Clone(hits)
	for i, h := range out {
		if h.Sources != nil {
			start := len(buf)
			buf = append(buf, h.Sources...)
			out[i].Sources = buf[start:len(buf):len(buf)]
		}
	}
	return out
}
