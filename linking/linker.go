package linking

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/router"
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
	ds *heritage.Dataset
	g  *kg.Graph
	r  *router.Router

	idx    map[string]int32   // record id → index
	exact  map[string][]int32 // normalised name → institutions (any kind of name)
	tokset map[string][]int32 // sorted distinct tokens of a name → institutions
	names  [][]nameForm       // per institution: its names
	city   []string           // per institution: normalised city
	post   []string           // per institution: normalised postcode

	matchThreshold float64
	minScore       float64
	fanout         int
}

type nameForm struct {
	norm   string // kg.NormalizeName
	tokset string // sorted distinct tokens
	kind   string // "", former_name, alias, label, acronym, wikidata_label
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

// New indexes the dataset's names. g resolves identifiers and r supplies
// fuzzy name candidates; both must be built from ds.
func New(ds *heritage.Dataset, g *kg.Graph, r *router.Router, opts ...Option) *Linker {
	n := len(ds.Institutions)
	l := &Linker{
		ds: ds, g: g, r: r,
		idx:            make(map[string]int32, n),
		exact:          make(map[string][]int32, n+n/4),
		tokset:         make(map[string][]int32, n+n/4),
		names:          make([][]nameForm, n),
		city:           make([]string, n),
		post:           make([]string, n),
		matchThreshold: DefaultMatchThreshold,
		minScore:       DefaultMinScore,
		fanout:         12,
	}
	for _, o := range opts {
		o(l)
	}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		l.idx[in.ID] = int32(i)
		l.city[i] = kg.NormalizeName(in.City)
		l.post[i] = normPostcode(in.Postcode)
		add := func(name, kind string) {
			nf := nameForm{norm: kg.NormalizeName(name), kind: kind}
			if nf.norm == "" {
				return
			}
			for _, have := range l.names[i] {
				if have.norm == nf.norm {
					return
				}
			}
			nf.tokset = tokenSet(nf.norm)
			l.names[i] = append(l.names[i], nf)
			l.exact[nf.norm] = appendOnce(l.exact[nf.norm], int32(i))
			l.tokset[nf.tokset] = appendOnce(l.tokset[nf.tokset], int32(i))
		}
		add(in.Name, "")
		for _, a := range in.AltNames {
			add(a.Name, a.Kind)
		}
	}
	return l
}

func appendOnce(s []int32, i int32) []int32 {
	if len(s) > 0 && s[len(s)-1] == i {
		return s
	}
	return append(s, i)
}

// tokenSet sorts the distinct words of a normalised name.
func tokenSet(norm string) string {
	w := strings.Fields(norm)
	slices.Sort(w)
	return strings.Join(slices.Compact(w), " ")
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
		cands = l.byName(withoutIdentifiers(q.Text), h)
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
		for _, n := range l.names[i] {
			if containsWords(n.norm, city) {
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

// scored is a name candidate under evaluation.
type scored struct {
	i     int32
	sim   float64
	via   string
	score float64
	feats []Feature
}

// byName matches text against the name index and scores the candidates.
func (l *Linker) byName(text string, h hints) []Candidate {
	qn := kg.NormalizeName(text)
	if qn == "" {
		return nil
	}
	qs := tokenSet(qn)
	pool := map[int32]bool{}
	for _, i := range l.exact[qn] {
		pool[i] = true
	}
	for _, i := range l.tokset[qs] {
		pool[i] = true
	}
	// Fuzzy candidates only when no name is equal up to case, diacritics
	// and word order: an equal name outscores them by far (a 0.85
	// similarity weighs 0.85^24 ≈ 2% against it).
	if len(pool) == 0 {
		for _, m := range l.r.MatchNames(text, l.fanout) {
			for _, id := range m.IDs {
				if i, ok := l.idx[id]; ok {
					pool[i] = true
				}
			}
		}
	}
	if len(pool) == 0 {
		return nil
	}
	ss := make([]scored, 0, len(pool))
	for i := range pool {
		sim, via := l.nameSim(i, qn, qs)
		if sim < 0.5 {
			continue
		}
		s := scored{i: i, sim: sim, via: via}
		s.feats = l.hintFeatures(i, h)
		s.score = adjust(sim, s.feats, h.city != "")
		ss = append(ss, s)
	}
	// Calibrate: a candidate's score is its adjusted similarity times its
	// share of the evidence, so n indistinguishable candidates score ~1/n.
	const sharpness = 24
	total := 0.0
	for _, s := range ss {
		total += math.Pow(s.score, sharpness)
	}
	out := make([]Candidate, 0, len(ss))
	for _, s := range ss {
		share := 1.0
		if total > 0 {
			share = math.Pow(s.score, sharpness) / total
		}
		if s.score < l.minScore {
			continue
		}
		score := round3(s.score * share)
		feats := make([]Feature, 0, 7)
		feats = append(feats, Feature{FeatureNameSim, round3(s.sim)}, Feature{FeatureID, 0})
		feats = append(feats, s.feats...)
		feats = append(feats, Feature{FeatureAmbiguity, round3(share)})
		out = append(out, Candidate{
			ID: l.ds.Institutions[s.i].ID, Name: l.ds.Institutions[s.i].Name,
			Score: score, Match: score >= l.matchThreshold, Via: s.via, Features: feats,
		})
	}
	return out
}

// adjust folds the hint agreement into the name similarity.
func adjust(sim float64, feats []Feature, hinted bool) float64 {
	s := sim
	for _, f := range feats {
		switch f.ID {
		case FeatureCity:
			switch {
			case f.Value >= 0.9:
				s += (1 - s) * 0.3
			case f.Value == 0.5:
				if hinted {
					s *= 0.9 // a record without a city cannot confirm the hint
				}
			case f.Value > 0:
				s *= 0.85
			default:
				s *= 0.6
			}
		case FeatureCountry, FeatureType:
			if f.Value == 0 {
				s *= 0.7
			}
		case FeaturePostcode:
			switch f.Value {
			case 1:
				s += (1 - s) * 0.5
			case 0.75:
				s += (1 - s) * 0.2
			case 0:
				s *= 0.7
			}
		}
	}
	return s
}

// nameSim is the best similarity of the query to one of i's names and how
// it was reached.
func (l *Linker) nameSim(i int32, qn, qs string) (float64, string) {
	best, via := 0.0, ViaFuzzyName
	for _, n := range l.names[i] {
		var sim float64
		kindVia := viaOfKind(n.kind)
		v := kindVia
		switch {
		case n.norm == qn:
			sim = 1
		case n.tokset == qs:
			sim = 0.98
		default:
			sim = similarity(qn, n.norm)
			if ts := similarity(qs, n.tokset) * 0.97; ts > sim {
				sim = ts
			}
			// A content word on either side without a near spelling on
			// the other is a different name, however close the strings.
			if u := unmatchedWords(qs, n.tokset); u > 0 {
				sim *= math.Pow(0.85, float64(u))
			}
			v = ViaFuzzyName
		}
		if n.kind == heritage.KindFormerName {
			sim *= 0.97 // a former name may since have passed to another institution
		}
		if sim > best {
			best, via = sim, v
		}
	}
	return best, via
}

// unmatchedWords counts the words of four or more letters, in either
// token set, that have no word within a small edit distance on the other
// side (one edit up to six letters, two beyond).
func unmatchedWords(a, b string) int {
	wa, wb := strings.Fields(a), strings.Fields(b)
	n := 0
	count := func(xs, ys []string) {
		for _, x := range xs {
			if len(x) < 4 {
				continue
			}
			rx := []rune(x)
			allow := 1
			if len(rx) > 6 {
				allow = 2
			}
			found := false
			for _, y := range ys {
				ry := []rune(y)
				if x == y || abs(len(rx)-len(ry)) <= allow && levenshtein(rx, ry) <= allow {
					found = true
					break
				}
			}
			if !found {
				n++
			}
		}
	}
	count(wa, wb)
	count(wb, wa)
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func viaOfKind(kind string) string {
	switch kind {
	case "":
		return ViaName
	case heritage.KindFormerName:
		return ViaFormerName
	}
	return ViaAlias
}

// similarity is 1 − normalised Levenshtein distance over runes.
func similarity(a, b string) float64 {
	if a == b {
		return 1
	}
	ra, rb := []rune(a), []rune(b)
	n := max(len(ra), len(rb))
	if n == 0 {
		return 1
	}
	return 1 - float64(levenshtein(ra, rb))/float64(n)
}

func levenshtein(a, b []rune) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c = 1 + min(c, prev[j], cur[j-1])
			}
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
