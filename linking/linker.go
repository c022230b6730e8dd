package linking

import (
	"context"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/names"
	"github.com/hybridrag/hybridrag/kg"
)

// Default thresholds, chosen on the evaluation set in linking/eval_test.go
// (see the package README in doc.go).
const (
	// DefaultMatchThreshold is the calibrated score from which a name
	// candidate is declared a match.
	DefaultMatchThreshold = 0.88
	// DefaultMinScore drops candidates whose hint-adjusted name similarity
	// (before the namesake share) is below it.
	DefaultMinScore = 0.3
)

// Linker resolves Query values to institutions. Build it once with New;
// it is read-only afterwards and safe for concurrent use.
type Linker struct {
	ds    *heritage.Dataset
	g     *kg.Graph
	names *names.Index

	idx  map[string]int32 // record id → index
	city []string         // per institution: normalised city
	post []string         // per institution: normalised postcode

	matchThreshold float64
	minScore       float64
	fanout         int
}

// Option configures a Linker.
type Option func(*Linker)

// WithMatchThreshold sets the score from which a name candidate is a match
// (DefaultMatchThreshold when unset). Identifier matches are always matches.
func WithMatchThreshold(t float64) Option {
	return func(l *Linker) {
		if t > 0 && t <= 1 {
			l.matchThreshold = t
		}
	}
}

// WithMinScore drops candidates below s (DefaultMinScore when unset).
func WithMinScore(s float64) Option {
	return func(l *Linker) {
		if s >= 0 && s <= 1 {
			l.minScore = s
		}
	}
}

// WithNameIndex makes the linker search ix, the name index of its
// dataset (what names.New builds of it), instead of building one of its
// own: a process that has one already (the router's) keeps one.
func WithNameIndex(ix *names.Index) Option {
	return func(l *Linker) { l.names = ix }
}

// New indexes the dataset's names (unless WithNameIndex gives them); g
// resolves identifiers and must be built from ds.
func New(ds *heritage.Dataset, g *kg.Graph, opts ...Option) *Linker {
	n := len(ds.Institutions)
	l := &Linker{
		ds: ds, g: g,
		idx:            make(map[string]int32, n),
		city:           make([]string, n),
		post:           make([]string, n),
		matchThreshold: DefaultMatchThreshold,
		minScore:       DefaultMinScore,
		fanout:         DefaultFanout,
	}
	for _, o := range opts {
		o(l)
	}
	if l.names == nil {
		l.names = names.New(ds)
	}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		l.idx[in.ID] = int32(i)
		l.city[i] = kg.NormalizeName(in.City)
		l.post[i] = normPostcode(in.Postcode)
	}
	return l
}

// Link returns up to limit candidates for q, best first (limit ≤ 0 means 5).
// An identifier — in Text or in the ISIL, QID or GHCID fields — is resolved
// exactly; otherwise Text is matched against names, former names and
// aliases, and the hints (city, country, type, postcode) adjust the scores.
// A malformed identifier returns an error wrapping ident.ErrMalformed.
func (l *Linker) Link(ctx context.Context, q Query, limit int) ([]Candidate, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 5
	}
	h := l.hints(q)
	cands, found, err := l.byIdentifier(q, h)
	if err != nil {
		return nil, err
	}
	if !found {
		// an identifier inside a name ("Kunsthalle Nürnberg, GND 2016830-5")
		// that found nothing leaves the name to match
		nq := q
		nq.Text = withoutIdentifiers(q.Text)
		cands = l.byName(nq, h)
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	if len(cands) > limit {
		cands = cands[:limit]
	}
	return cands, nil
}
