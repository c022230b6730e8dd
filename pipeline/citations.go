package pipeline

import (
	"slices"

	"github.com/hybridrag/hybridrag/answer"
	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

// records looks the records of one answer up by id, each id in the
// dataset once: the hits, the context and the citations read the answer's
// institutions in turn, and over many records a look-up in the dataset
// reads records' ids out of the caches (300–500 ns at 162,860 records),
// where this table holds the answer's alone. Not safe for concurrent
// use; one per answer.
type records struct {
	data *heritage.Dataset
	byID map[string]*heritage.Institution // nil: not in the dataset
}

func newRecords(data *heritage.Dataset, size int) *records {
	return &records{data: data, byID: make(map[string]*heritage.Institution, size)}
}

// get is data.Get, each id asked of the dataset once.
func (r *records) get(id string) (*heritage.Institution, bool) {
	in, seen := r.byID[id]
	if !seen {
		in, _ = r.data.Get(id)
		r.byID[id] = in
	}
	return in, in != nil
}

// promote puts the answer's institutions first, then the other fused hits
// until k are listed. Ranks are positions in the returned list.
func promote(fused []fusion.Fused, ids []string, data *records, k int) []fusion.Fused {
	byID := make(map[string]int, len(fused))
	for i, f := range fused {
		byID[f.ID] = i
	}
	out := make([]fusion.Fused, 0, max(k, len(ids)))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if i, ok := byID[id]; ok {
			out = append(out, fused[i])
		} else if in, ok := data.get(id); ok {
			out = append(out, fusedFromRecord(in))
		}
	}
	for _, f := range fused {
		if len(out) >= max(k, len(ids)) {
			break
		}
		if !seen[f.ID] {
			seen[f.ID] = true
			out = append(out, f)
		}
	}
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// cite numbers the answer's institutions against the context's citations,
// adding a citation for any answer institution the context had no room
// for, and renders the answer text with its markers.
func (p *Pipeline) cite(d answer.Draft, resp *Response, data *records) Answer {
	num := make(map[string]int, len(resp.Citations))
	for _, c := range resp.Citations {
		num[c.ID] = c.N
	}
	for _, id := range append(slices.Clip(d.IDs), d.Also()...) {
		if _, ok := num[id]; ok {
			continue
		}
		if in, ok := data.get(id); ok {
			c := citationFor(len(resp.Citations)+1, in)
			resp.Citations = append(resp.Citations, c)
			num[id] = c.N
		}
	}
	a := d.Answer
	for _, id := range d.IDs {
		if n, ok := num[id]; ok {
			a.Citations = append(a.Citations, n)
		}
	}
	pr := locale.For(resp.Plan.Lang)
	a.Text = d.Render(pr, func(id string) string {
		if n, ok := num[id]; ok {
			return pr.Sprintf(" [%d]", n)
		}
		return ""
	})
	return a
}

// fusedFromRecord makes a fused hit for an answer institution that no
// retriever ranked (an exact set larger than the retrievers' k): it has no
// retriever provenance and no fused score.
func fusedFromRecord(in *heritage.Institution) fusion.Fused {
	h := retrieval.NewHit(in, plan.RetrieverKG, 0, 0)
	return fusion.Fused{ID: h.ID, Name: h.Name, Identifiers: h.Identifiers, Snippet: h.Snippet, Tier: h.Tier, Sources: []fusion.Contribution{}}
}

func citationFor(n int, in *heritage.Institution) ragcontext.Citation {
	return ragcontext.Citation{N: n, ID: in.ID, Name: in.Name, Source: in.Source, License: in.License, Attribution: in.Attribution, Tier: in.Tier}
}
