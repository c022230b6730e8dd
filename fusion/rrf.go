// Package fusion merges ranked hit lists from several retrievers with
// Reciprocal Rank Fusion (RRF). Fusion is a pure function: every tunable is
// a parameter, inputs are never modified, ties are broken deterministically,
// and every fused hit carries typed provenance that explains its score.
package fusion

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
)

// DefaultK is the usual RRF rank constant (Cormack et al., 2009).
const DefaultK = 60

// Ranked is one retriever's result list.
type Ranked struct {
	// Source names the retriever (plan.RetrieverBM25, …). Sources must be
	// unique within one fusion call.
	Source string
	// Weight multiplies the list's contributions. Zero is allowed: the list
	// then adds nothing to any score but still appears in provenance.
	Weight float64
	// Hits are in rank order, best first.
	Hits []retrieval.Hit
}

// Params are the RRF tunables.
type Params struct {
	// K is the rank constant added to every rank; larger values flatten the
	// difference between top and lower ranks. It must be ≥ 0.
	K float64
	// Window considers only the first Window hits of each list; 0 means all.
	Window int
	// Limit caps the number of fused hits returned; 0 means no cap.
	Limit int
}

// DefaultParams returns K = 60, no window and no limit.
func DefaultParams() Params { return Params{K: DefaultK} }

// Errors returned by validation.
var (
	ErrInvalidParams = errors.New("fusion: invalid params")
	ErrInvalidList   = errors.New("fusion: invalid list")
)

// Validate checks that K is finite and non-negative and that Window and
// Limit are non-negative.
func (p Params) Validate() error {
	switch {
	case math.IsNaN(p.K) || math.IsInf(p.K, 0) || p.K < 0:
		return fmt.Errorf("%w: K = %v, want a finite value ≥ 0", ErrInvalidParams, p.K)
	case p.Window < 0:
		return fmt.Errorf("%w: Window = %d, want ≥ 0", ErrInvalidParams, p.Window)
	case p.Limit < 0:
		return fmt.Errorf("%w: Limit = %d, want ≥ 0", ErrInvalidParams, p.Limit)
	}
	return nil
}

// Validate checks params and lists together: every list needs a non-empty,
// unique Source and a finite, non-negative Weight.
func Validate(lists []Ranked, p Params) error {
	if err := p.Validate(); err != nil {
		return err
	}
	seen := make(map[string]bool, len(lists))
	for i, l := range lists {
		switch {
		case l.Source == "":
			return fmt.Errorf("%w: list %d has no source", ErrInvalidList, i)
		case seen[l.Source]:
			return fmt.Errorf("%w: source %q appears twice", ErrInvalidList, l.Source)
		case math.IsNaN(l.Weight) || math.IsInf(l.Weight, 0) || l.Weight < 0:
			return fmt.Errorf("%w: source %q: weight %v, want a finite value ≥ 0", ErrInvalidList, l.Source, l.Weight)
		}
		seen[l.Source] = true
	}
	return nil
}

// Contribution is one list's part of a fused score.
type Contribution struct {
	Source string `json:"source"`
	// Rank is the 1-based position of the hit in that list (its best
	// position when the list holds the id more than once).
	Rank int `json:"rank"`
	// RawScore is the retriever's own score for the hit (Hit.Score).
	RawScore float64 `json:"raw_score"`
	Weight   float64 `json:"weight"`
	// Weighted is Weight / (K + Rank), the amount added to the fused score.
	Weighted float64 `json:"weighted"`
}

// Fused is one institution after fusion.
type Fused struct {
	ID          string                   `json:"id"`
	Name        string                   `json:"name"`
	Score       float64                  `json:"score"`
	Rank        int                      `json:"rank"` // 1-based position in the fused list
	Identifiers retrieval.HitIdentifiers `json:"identifiers"`
	Snippet     string                   `json:"snippet"`
	Tier        heritage.Tier            `json:"tier"`
	// Sources lists the contributing lists, sorted by source name.
	Sources []Contribution `json:"sources"`
}

// BestRank is the best (smallest) rank among the contributions; 0 when
// there are none.
func (f Fused) BestRank() int {
	best := 0
	for _, c := range f.Sources {
		if best == 0 || c.Rank < best {
			best = c.Rank
		}
	}
	return best
}

// RRF fuses ranked lists:
//
//	score(d) = Σ_s weight_s / (K + rank_s(d))
//
// rank_s(d) is the 1-based position of d in list s (its first position if
// the list holds d twice); the Hit.Rank field is ignored, so a list is
// always read in slice order. Hits with an empty ID are skipped.
//
// Hits are deduplicated by ID. Name, snippet, tier and identifiers come
// from the first list (in input order) that holds the hit; fields left
// empty there are filled from later lists.
//
// A list with weight 0 adds nothing to any score, but its hits are still
// returned and its contributions still appear in Sources, so a leg can be
// observed without being trusted. A hit found only by zero-weight lists
// scores 0.
//
// Results are ordered by score (higher first), then by the number of
// contributing lists (more first), then by best single rank (smaller
// first), then by ID. The result does not depend on the order of lists.
//
// RRF never modifies its inputs. It expects inputs that pass Validate; it
// does not check them.
func RRF(lists []Ranked, p Params) []Fused {
	total := 0
	for _, l := range lists {
		total += windowLen(len(l.Hits), p.Window)
	}
	byID := make(map[string]int, total)
	out := make([]Fused, 0, total)

	for _, l := range lists {
		n := windowLen(len(l.Hits), p.Window)
		for pos := 0; pos < n; pos++ {
			h := &l.Hits[pos]
			if h.ID == "" {
				continue
			}
			rank := pos + 1
			i, ok := byID[h.ID]
			if !ok {
				i = len(out)
				byID[h.ID] = i
				out = append(out, Fused{
					ID:          h.ID,
					Name:        h.Name,
					Identifiers: h.Identifiers,
					Snippet:     h.Snippet,
					Tier:        h.Tier,
				})
			} else {
				fillEmpty(&out[i], h)
			}
			f := &out[i]
			if last := len(f.Sources) - 1; last >= 0 && f.Sources[last].Source == l.Source {
				continue // the same list again: its first (best) position counts
			}
			f.Sources = append(f.Sources, Contribution{
				Source:   l.Source,
				Rank:     rank,
				RawScore: h.Score,
				Weight:   l.Weight,
				Weighted: l.Weight / (p.K + float64(rank)),
			})
		}
	}

	for i := range out {
		f := &out[i]
		slices.SortFunc(f.Sources, func(a, b Contribution) int {
			return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Rank, b.Rank))
		})
		// Summing in source order makes the score independent of list order.
		for _, c := range f.Sources {
			f.Score += c.Weighted
		}
	}

	slices.SortFunc(out, compareFused)
	if p.Limit > 0 && len(out) > p.Limit {
		out = out[:p.Limit:p.Limit]
	}
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

func windowLen(n, window int) int {
	if window > 0 && window < n {
		return window
	}
	return n
}

func fillEmpty(f *Fused, h *retrieval.Hit) {
	if f.Name == "" {
		f.Name = h.Name
	}
	if f.Snippet == "" {
		f.Snippet = h.Snippet
	}
	if f.Tier == "" {
		f.Tier = h.Tier
	}
	if f.Identifiers.ISIL == "" {
		f.Identifiers.ISIL = h.Identifiers.ISIL
	}
	if f.Identifiers.Wikidata == "" {
		f.Identifiers.Wikidata = h.Identifiers.Wikidata
	}
	if f.Identifiers.GHCID == "" {
		f.Identifiers.GHCID = h.Identifiers.GHCID
	}
}

// compareFused orders by score desc, sources desc, best rank asc, id asc.
func compareFused(a, b Fused) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := cmp.Compare(len(b.Sources), len(a.Sources)); c != 0 {
		return c
	}
	if c := cmp.Compare(a.BestRank(), b.BestRank()); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}
