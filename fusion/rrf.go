// Package fusion merges ranked hit lists from several retrievers, with
// Reciprocal Rank Fusion (RRF), relative score fusion (min–max per list) or
// distribution-based score fusion (DBSF, mean ± 3σ per list). Fusion is a
// pure function: every tunable is a parameter, inputs are never modified,
// ties are broken deterministically, and every fused hit carries typed
// provenance that explains its score: each list's rank, raw score,
// normalised score and weighted share.
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

// Params are the fusion tunables.
type Params struct {
	// Method is the fusion Fuse runs; "" means RRF, so that Params{K: 60}
	// keeps meaning what it meant before there was a choice. RRF,
	// RelativeScore and DBSF ignore it.
	Method Method
	// K is RRF's rank constant added to every rank; larger values flatten
	// the difference between top and lower ranks. It must be ≥ 0. The
	// score fusions ignore it.
	K float64
	// Sigmas is DBSF's half-width of a list's score range in standard
	// deviations (3 in the published method). It must be > 0 when Method
	// is DBSF and is ignored otherwise.
	Sigmas float64
	// Window considers only the first Window hits of each list; 0 means all.
	Window int
	// Limit caps the number of fused hits returned; 0 means no cap.
	Limit int
}

// DefaultSigmas is DBSF's usual range: mean ± 3 standard deviations.
const DefaultSigmas = 3

// DefaultParams returns RRF with K = 60 (Sigmas = 3 for a switch to DBSF),
// no window and no limit.
func DefaultParams() Params { return Params{Method: MethodRRF, K: DefaultK, Sigmas: DefaultSigmas} }

// Errors returned by validation.
var (
	ErrInvalidParams = errors.New("fusion: invalid params")
	ErrInvalidList   = errors.New("fusion: invalid list")
)

// Validate checks that the method is known, that K is finite and
// non-negative, that Sigmas is finite and non-negative (positive for
// DBSF), and that Window and Limit are non-negative.
func (p Params) Validate() error {
	switch {
	case p.Method != "" && !p.Method.Valid():
		return fmt.Errorf("%w: method %q, want one of %s", ErrInvalidParams, p.Method, MethodList())
	case math.IsNaN(p.Sigmas) || math.IsInf(p.Sigmas, 0) || p.Sigmas < 0:
		return fmt.Errorf("%w: Sigmas = %v, want a finite value ≥ 0", ErrInvalidParams, p.Sigmas)
	case p.Method == MethodDBSF && p.Sigmas == 0:
		return fmt.Errorf("%w: DBSF needs Sigmas > 0", ErrInvalidParams)
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
	// Normalized is the list's part before weighting: 1 / (K + Rank) for
	// RRF, the raw score mapped onto [0, 1] for the score fusions.
	Normalized float64 `json:"normalized"`
	Weight     float64 `json:"weight"`
	// Weighted is Weight × Normalized, the amount added to the fused
	// score (for RRF computed as Weight / (K + Rank)).
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
	return fuse(lists, p, func(l Ranked, _ legStats, c *Contribution) {
		c.Normalized = 1 / (p.K + float64(c.Rank))
		c.Weighted = l.Weight / (p.K + float64(c.Rank))
	})
}

// score sets a contribution's Normalized and Weighted from its list, the
// statistics of that list's scores, and its Rank and RawScore.
type score func(l Ranked, st legStats, c *Contribution)

// fuse is the frame every fusion shares: it deduplicates by ID (a list's
// first position counts), collects each list's score statistics, lets
// the method score every contribution, sums the weighted parts in source
// order, sorts with compareFused, applies the limit and numbers the ranks.
//
// It walks the lists once to number the ids and count each one's
// contributions, then hands every fused hit its own part of one backing
// array: a handful of allocations whatever the number of hits.
func fuse(lists []Ranked, p Params, sc score) []Fused {
	total := 0
	for _, l := range lists {
		total += windowLen(len(l.Hits), p.Window)
	}
	// entry is one contribution: fused hit i, from list li at position pos.
	type entry struct{ i, li, pos int32 }
	entries := make([]entry, 0, total)
	byID := make(map[string]int32, total)
	out := make([]Fused, 0, total)
	// count and last are per fused hit: its number of contributions, and
	// the last list that gave one (to skip a list's repeats of an id).
	count := make([]int32, 0, total)
	last := make([]int32, 0, total)
	stats := make([]legStats, len(lists))

	for li, l := range lists {
		n := windowLen(len(l.Hits), p.Window)
		for pos := 0; pos < n; pos++ {
			h := &l.Hits[pos]
			if h.ID == "" {
				continue
			}
			i, ok := byID[h.ID]
			if !ok {
				i = int32(len(out))
				byID[h.ID] = i
				out = append(out, Fused{
					ID:          h.ID,
					Name:        h.Name,
					Identifiers: h.Identifiers,
					Snippet:     h.Snippet,
					Tier:        h.Tier,
				})
				count = append(count, 0)
				last = append(last, -1)
			} else {
				fillEmpty(&out[i], h)
			}
			if last[i] == int32(li) {
				continue // the same list again: its first (best) position counts
			}
			last[i] = int32(li)
			count[i]++
			entries = append(entries, entry{i, int32(li), int32(pos)})
			stats[li].add(h.Score)
		}
	}

	backing := make([]Contribution, len(entries))
	off := 0
	for i := range out {
		n := int(count[i])
		out[i].Sources = backing[off : off : off+n]
		off += n
	}
	for _, e := range entries {
		l := lists[e.li]
		h := &l.Hits[e.pos]
		f := &out[e.i]
		f.Sources = append(f.Sources, Contribution{Source: l.Source, Rank: int(e.pos) + 1, RawScore: h.Score, Weight: l.Weight})
		sc(l, stats[e.li], &f.Sources[len(f.Sources)-1])
	}
	for i := range out {
		f := &out[i]
		if len(f.Sources) > 1 {
			slices.SortFunc(f.Sources, func(a, b Contribution) int {
				return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Rank, b.Rank))
			})
		}
		// Summing in source order makes the score independent of list order.
		for _, c := range f.Sources {
			f.Score += c.Weighted
		}
	}

	sortFused(out)
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

// sortFused sorts fs in compareFused order. It sorts small keys and then
// moves each hit once, which is several times faster than sorting the
// hits themselves.
func sortFused(fs []Fused) {
	// The keys hold no pointer (the id is read through i), so that the
	// sort's swaps need no write barriers.
	type key struct {
		score      float64
		n, best, i int32
	}
	keys := make([]key, len(fs))
	for i := range fs {
		keys[i] = key{score: fs[i].Score, n: int32(len(fs[i].Sources)), best: int32(fs[i].BestRank()), i: int32(i)}
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b.n, a.n), cmp.Compare(a.best, b.best), cmp.Compare(fs[a.i].ID, fs[b.i].ID))
	})
	// Apply the permutation cycle by cycle: position k takes fs[keys[k].i].
	for start := range keys {
		if keys[start].i < 0 {
			continue
		}
		tmp := fs[start]
		k := start
		for {
			from := int(keys[k].i)
			keys[k].i = -1
			if from == start {
				fs[k] = tmp
				break
			}
			fs[k] = fs[from]
			k = from
		}
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
