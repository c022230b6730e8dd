package linking

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/internal/names"
	"github.com/hybridrag/hybridrag/kg"
)

// Feature ids reported in Candidate.Features.
const (
	FeatureNameSim   = "name_sim"       // best similarity of the query text to one of the names, [0,1]
	FeatureCity      = "city_match"     // 1 same city, 0 other city, 0.5 unknown or no hint
	FeatureCountry   = "country_match"  // 1 same country, 0 other, 0.5 no hint
	FeatureType      = "type_match"     // 1 same type, 0 other, 0.5 no hint
	FeaturePostcode  = "postcode_match" // 1 same postcode, 0.75 same district, 0 other, 0.5 unknown
	FeatureID        = "id_match"       // 1 when found by an identifier
	FeatureAmbiguity = "ambiguity"      // share of the candidate in the name evidence, (0,1]
	// FeatureQueryCoverage is the IDF-weighted share of the query's words
	// found in the matched name, FeatureNameCoverage the share of the
	// name's words found in the query or the city hint.
	FeatureQueryCoverage = "query_coverage"
	FeatureNameCoverage  = "name_coverage"
)

// Via values.
const (
	ViaISIL       = "isil"
	ViaWikidata   = "wikidata"
	ViaGHCID      = "ghcid"
	ViaGND        = "gnd"
	ViaID         = "id" // the record id itself (wd:…, mm:…, ror:…)
	ViaROR        = "ror"
	ViaName       = "name"
	ViaFormerName = "former_name"
	ViaAlias      = "alias"
	ViaFuzzyName  = "fuzzy_name"
	// ViaPartialName: every word of the query is in the name, which has
	// more ("Hennebergmuseum" for "Hennebergmuseum Münnerstadt").
	ViaPartialName = "partial_name"
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

// New indexes the dataset's names; g resolves identifiers and must be
// built from ds.
func New(ds *heritage.Dataset, g *kg.Graph, opts ...Option) *Linker {
	n := len(ds.Institutions)
	l := &Linker{
		ds: ds, g: g,
		names:          names.New(ds),
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

// hints are the normalised query hints.
type hints struct {
	city, country, typeCode, postcode string
}

func (l *Linker) hints(q Query) hints {
	return hints{
		city:     kg.NormalizeName(q.City),
		country:  NormalizeCountry(q.Country),
		typeCode: NormalizeType(q.Type),
		postcode: normPostcode(q.Postcode),
	}
}

// byIdentifier resolves the identifiers of q: the ISIL, QID and GHCID
// fields, and the text when it is a record id or an identifier in any form
// ident reads ("DE MUS 117113", "GND 2016830-5", "ror.org/02m69r871",
// "wd:Q190804"). Text that is not an identifier may still hold some
// ("Kunsthalle Nürnberg, GND 2016830-5"); those that resolve to records are
// used. found is false when no identifier settles q.
func (l *Linker) byIdentifier(q Query, h hints) (out []Candidate, found bool, err error) {
	var ids []ident.ID
	for _, f := range []struct {
		value string
		parse func(string) (ident.ID, error)
	}{{q.ISIL, ident.ParseISIL}, {q.QID, ident.ParseQID}, {q.GHCID, ident.ParseGHCID}} {
		if strings.TrimSpace(f.value) == "" {
			continue
		}
		id, err := f.parse(f.value)
		if err != nil {
			return nil, true, fmt.Errorf("linking: %w", err)
		}
		ids = append(ids, id)
	}
	text := strings.TrimSpace(q.Text)
	var direct []int32
	if i, ok := l.idx[text]; ok && text != "" {
		direct = append(direct, i)
	} else if id, ok, perr := ident.Parse(text); ok {
		if perr != nil {
			return nil, true, fmt.Errorf("linking: %w", perr)
		}
		ids = append(ids, id)
	} else if len(ids) == 0 {
		for _, m := range ident.Find(text) {
			if len(l.lookup(m.ID)) > 0 {
				ids = append(ids, m.ID)
			}
		}
		if len(ids) == 0 {
			return nil, false, nil
		}
	}
	if len(ids) == 0 && len(direct) == 0 {
		return nil, false, nil
	}
	seen := map[int32]bool{}
	for _, i := range direct {
		seen[i] = true
		out = append(out, l.idCandidate(i, ViaID, h))
	}
	for _, id := range ids {
		for _, i := range l.lookup(id) {
			if seen[i] {
				continue
			}
			seen[i] = true
			out = append(out, l.idCandidate(i, viaOf(id.Scheme), h))
		}
	}
	if len(out) > 1 {
		// A shared identifier is not a sure match.
		for k := range out {
			out[k].Match = false
			out[k].Score = round3(out[k].Score / float64(len(out)))
		}
	}
	return out, true, nil
}

// withoutIdentifiers drops the identifiers ident.Find sees in a name that
// none of them settled ("Kunsthalle Nürnberg, ISIL DE-MUS-999999"), so that
// the name is matched alone.
func withoutIdentifiers(text string) string {
	ms := ident.Find(text)
	if len(ms) == 0 {
		return text
	}
	var b strings.Builder
	at := 0
	for _, m := range ms {
		b.WriteString(text[at:m.Start])
		at = m.End
	}
	b.WriteString(text[at:])
	return strings.TrimRight(strings.TrimSpace(b.String()), ",;:")
}

// lookup returns the dataset indices of the institutions carrying id.
func (l *Linker) lookup(id ident.ID) []int32 {
	var out []int32
	for _, rid := range l.g.Lookup(string(id.Scheme), id.Value) {
		if i, ok := l.idx[rid]; ok {
			out = append(out, i)
		}
	}
	return out
}

func viaOf(s ident.Scheme) string {
	switch s {
	case ident.ISIL:
		return ViaISIL
	case ident.Wikidata:
		return ViaWikidata
	case ident.GHCID:
		return ViaGHCID
	case ident.GND:
		return ViaGND
	case ident.ROR:
		return ViaROR
	}
	return string(s)
}

func (l *Linker) idCandidate(i int32, via string, h hints) Candidate {
	in := &l.ds.Institutions[i]
	c := Candidate{ID: in.ID, Name: in.Name, Score: 1, Match: true, Via: via}
	c.Features = append([]Feature{{FeatureID, 1}, {FeatureNameSim, 1}}, l.hintFeatures(i, h)...)
	c.Features = append(c.Features, Feature{FeatureAmbiguity, 1})
	return c
}

// hintFeatures reports the hint agreement of institution i.
func (l *Linker) hintFeatures(i int32, h hints) []Feature {
	in := &l.ds.Institutions[i]
	return []Feature{
		{FeatureCity, l.cityAgreement(i, h.city)},
		{FeatureCountry, agree(h.country, in.Country)},
		{FeatureType, agree(h.typeCode, in.TypeCode)},
		{FeaturePostcode, postcodeAgreement(h.postcode, l.post[i])},
	}
}

func agree(want, have string) float64 {
	switch {
	case want == "" || have == "":
		return 0.5
	case strings.EqualFold(want, have):
		return 1
	}
	return 0
}

func (l *Linker) cityAgreement(i int32, city string) float64 {
	if city == "" {
		return 0.5
	}
	have := l.city[i]
	if have == city {
		return 1
	}
	// "Frankfurt" for "Frankfurt am Main", "Stratford upon Avon" for "Stratford".
	if have != "" && (containsWords(have, city) || containsWords(city, have)) {
		return 0.9
	}
	in := &l.ds.Institutions[i]
	// The town may be named in the address or as the county or district.
	for _, v := range []string{in.County, in.District, in.AdminArea} {
		if v != "" && kg.NormalizeName(v) == city {
			return 0.9
		}
	}
	if in.Address != "" && containsWords(kg.NormalizeName(in.Address), city) {
		return 0.9
	}
	if have == "" {
		// Wikidata rows: the place is often part of the name.
		for _, f := range l.names.Forms(i) {
			if containsWords(f.Key, city) {
				return 0.9
			}
		}
		return 0.5
	}
	if in.CityInferred {
		return 0.3
	}
	return 0
}

// containsWords reports whether the words of sub occur contiguously in s.
func containsWords(s, sub string) bool {
	if sub == "" {
		return false
	}
	for {
		k := strings.Index(s, sub)
		if k < 0 {
			return false
		}
		end := k + len(sub)
		if (k == 0 || s[k-1] == ' ') && (end == len(s) || s[end] == ' ') {
			return true
		}
		s = s[k+1:]
	}
}

func normPostcode(s string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
}

func postcodeAgreement(want, have string) float64 {
	switch {
	case want == "" || have == "":
		return 0.5
	case want == have:
		return 1
	case len(want) > 3 && len(have) > 3 && want[:len(want)-3] == have[:len(have)-3]:
		return 0.75 // same outward code (UK): same district
	}
	return 0
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
