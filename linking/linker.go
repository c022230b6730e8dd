package linking

import (
	"context"
	"fmt"
	"math"
	"net/url"
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
		cands = l.byName(q, h)
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

// byIdentifier resolves the identifiers of q. found is false when q holds
// no identifier at all.
func (l *Linker) byIdentifier(q Query, h hints) (out []Candidate, found bool, err error) {
	var ls []lookup
	addParsed := func(s string, parse func(string) (ident.ID, error)) error {
		if strings.TrimSpace(s) == "" {
			return nil
		}
		id, err := parse(s)
		if err != nil {
			return fmt.Errorf("linking: %w", err)
		}
		ls = append(ls, lookup{string(id.Scheme), id.Value, viaOf(id.Scheme)})
		return nil
	}
	if err := addParsed(q.ISIL, ident.ParseISIL); err != nil {
		return nil, true, err
	}
	if err := addParsed(q.QID, ident.ParseQID); err != nil {
		return nil, true, err
	}
	if err := addParsed(q.GHCID, ident.ParseGHCID); err != nil {
		return nil, true, err
	}
	text := strings.TrimSpace(q.Text)
	var direct []int32
	if text != "" {
		if i, ok := l.idx[text]; ok {
			direct = append(direct, i)
		} else if lk, ok := identifierURL(text); ok {
			ls = append(ls, lk...)
		} else if id, ok, perr := ident.Parse(text); ok {
			if perr != nil {
				return nil, true, fmt.Errorf("linking: %w", perr)
			}
			ls = append(ls, lookup{string(id.Scheme), id.Value, viaOf(id.Scheme)})
		}
	}
	if len(ls) == 0 && len(direct) == 0 {
		return nil, false, nil
	}
	seen := map[int32]bool{}
	for _, i := range direct {
		seen[i] = true
		out = append(out, l.idCandidate(i, ViaID, h))
	}
	for _, lk := range ls {
		for _, id := range l.g.Lookup(lk.scheme, lk.value) {
			i, ok := l.idx[id]
			if !ok || seen[i] {
				continue
			}
			seen[i] = true
			out = append(out, l.idCandidate(i, lk.via, h))
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

// lookup is one identifier to resolve in the knowledge graph.
type lookup struct{ scheme, value, via string }

// identifierURL reads identifier URLs: Wikidata item, GND, ROR and ISIL
// look-up URLs (…/DE-1a, …?isil=DE-1a).
func identifierURL(s string) ([]lookup, bool) {
	if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
		return nil, false
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Host), "www.")
	last := u.Path
	if i := strings.LastIndexByte(strings.TrimSuffix(last, "/"), '/'); i >= 0 {
		last = strings.TrimSuffix(last, "/")[i+1:]
	}
	switch {
	case host == "wikidata.org" || host == "m.wikidata.org":
		if id, err := ident.ParseQID(last); err == nil {
			return []lookup{{string(id.Scheme), id.Value, ViaWikidata}}, true
		}
	case host == "d-nb.info":
		if id, err := ident.ParseGND(last); err == nil {
			return []lookup{{string(id.Scheme), id.Value, ViaGND}}, true
		}
	case host == "ror.org":
		if last != "" {
			return []lookup{{kg.SchemeROR, last, ViaROR}}, true
		}
	}
	for _, v := range []string{u.Query().Get("isil"), u.Query().Get("ISIL"), last} {
		if v == "" {
			continue
		}
		if id, err := ident.ParseISIL(v); err == nil {
			return []lookup{{string(id.Scheme), id.Value, ViaISIL}}, true
		}
	}
	return nil, true // a URL we cannot read: no candidates, not a name
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
