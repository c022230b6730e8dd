package linking

import (
	"context"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
)

// Default thresholds, chosen on the evaluation set in linking/eval_test.go
// (see the package README in doc.go).
const (
	// DefaultMatchThreshold is the evidence from which the rules of doc.go
	// take a name candidate for the referent while the readings of a
	// reference are compared; the match model decides the matches
	// returned.
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

	city *column // per institution: normalised city
	post *column // per institution: normalised postcode

	towns map[string][]string // the normalised towns of the records → their countries
	// areas are the normalised names of the units above a town that the
	// records state: counties, districts, regions.
	areas map[string]bool
	// countries are the countries of the records.
	countries map[string]bool

	matchThreshold float64
	minScore       float64
	model          MatchModel
	threshold      float64 // WithMatchThreshold's, or 0
	fanout         int
	// qualified are, by the Key of a base name, the records with a name
	// that is the base and a qualifier (see indexQualified).
	qualified map[string][]int32
}

// Option configures a Linker.
type Option func(*Linker)

// WithMatchThreshold sets the score (the match model's probability) from
// which the best name candidate is a match, instead of the model's
// threshold. Identifier matches are always matches.
func WithMatchThreshold(t float64) Option {
	return func(l *Linker) {
		if t > 0 && t <= 1 {
			l.threshold = t
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

// WithMatchModel decides name matches with m instead of the model of
// data/match_model.json (DefaultMatchModel). m must be valid (see
// MatchModel.Validate); an invalid one is ignored.
func WithMatchModel(m MatchModel) Option {
	return func(l *Linker) {
		if m.Validate() == nil {
			l.model = m
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
		city:           newColumn(n),
		post:           newColumn(n),
		towns:          map[string][]string{},
		areas:          map[string]bool{},
		countries:      map[string]bool{},
		matchThreshold: DefaultMatchThreshold,
		minScore:       DefaultMinScore,
		fanout:         DefaultFanout,
	}
	for _, o := range opts {
		o(l)
	}
	if l.model.Inputs == nil {
		m, err := DefaultMatchModel()
		if err != nil {
			// data/match_model.json is part of the build; TestMatchModelData checks it
			panic(err)
		}
		l.model = m
	}
	if l.threshold > 0 {
		l.model.Threshold = l.threshold
	}
	if l.names == nil {
		l.names = names.New(ds)
	}
	// The records repeat their towns, areas and postcodes: each distinct
	// value is normalised once.
	normal := memo(kg.NormalizeName)
	city, post := l.city.filler(normal), l.post.filler(normPostcode)
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		city(i, in.City)
		post(i, in.Postcode())
		if t := l.city.at(int32(i)); t != "" && !slices.Contains(l.towns[t], in.Country) {
			l.towns[t] = append(l.towns[t], in.Country)
		}
		for _, a := range [...]string{in.County(), in.District(), in.Subregion(), in.Region()} {
			if a != "" {
				l.areas[normal(a)] = true
			}
		}
		for _, u := range in.AdminAreas() {
			l.areas[normal(u.Name)] = true
		}
		l.countries[in.Country] = true
	}
	l.indexQualified()
	return l
}

// memo returns f remembering its results; "" gives "" without a look-up.
func memo(f func(string) string) func(string) string {
	seen := map[string]string{}
	return func(s string) string {
		if s == "" {
			return f(s)
		}
		v, ok := seen[s]
		if !ok {
			v = f(s)
			seen[s] = v
		}
		return v
	}
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
		cands = l.nameCandidates(nq)
		placed := l.countryPlaced(nq.Text) && !l.matchHolds(cands, nq.Text)
		if !anyMatch(cands) || placed || matchScore(cands) < 1 && otherLanguages(nq.Text) != nil {
			// a spreadsheet's reference: quotes, an address, an
			// abbreviation, two names around a slash (see reference.go);
			// a country after a comma places the name and is no word
			// of it ("Military Museum, England" is no East England
			// Military Museum)
			if alt, ok := l.byReading(nq); ok && (placed || anyMatch(alt) || bestScore(alt) > bestScore(cands)) {
				cands = alt
			}
		}
		if !anyMatch(cands) {
			// letters misread by text recognition (ocr.go)
			if text, ok := l.ocrReading(nq.Text, cands); ok {
				oq := nq
				oq.Text = text
				if alt := l.nameCandidates(oq); anyMatch(alt) {
					cands = alt
				}
			}
		}
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
	l.markTownConflicts(q, cands)
	l.decide(cands)
	return cands, nil
}

// decide scores the name candidates of cands, ranked by their evidence,
// with the match model: each gets its evidence and its margin over the
// best other as features, the model's probability as its score, and the
// best is a match when that reaches the model's threshold and no other
// candidate's is as high. cands is sorted again by score.
func (l *Linker) decide(cands []Candidate) {
	first, second := -1.0, -1.0 // the two best evidences
	for _, c := range cands {
		if isIdentifierVia(c.Via) {
			continue
		}
		if c.Score > first {
			first, second = c.Score, first
		} else if c.Score > second {
			second = c.Score
		}
	}
	if first < 0 {
		return
	}
	best, top := -1, -1.0
	tie, barred := false, false
	for k := range cands {
		c := &cands[k]
		if isIdentifierVia(c.Via) {
			continue
		}
		other := first
		if c.Score == first {
			other = max(second, 0)
		}
		c.Features = append(slices.Clip(c.Features), Feature{FeatureRules, indicator(c.Match)},
			Feature{FeatureEvidence, c.Score}, Feature{FeatureMargin, round3(c.Score - other)})
		c.Score = round3(l.model.Probability(*c))
		c.Match = false
		switch {
		case c.Score > top:
			best, top, tie, barred = k, c.Score, false, vetoed(c.Features)
		case c.Score == top:
			tie = true
		}
	}
	if best >= 0 && !tie && !barred && top >= l.model.Threshold && !anyMatch(cands) {
		cands[best].Match = true
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
}

// vetoFeatures are the features that bar a match whatever the score: the
// reference names another town than the name's own, or a town its
// country has none of, or, read as a spreadsheet holds it, two records or
// a kind of institution; or another name holds the query as written
// where this one holds it misspelt.
var vetoFeatures = []string{FeatureTownConflict, FeatureOtherCountry, FeatureReadingConflict, FeatureMisread}

func vetoed(fs []Feature) bool {
	for _, id := range vetoFeatures {
		if v, _ := featureValue(fs, id); v > 0 {
			return true
		}
	}
	return false
}

// withFeature returns fs with the feature id set to v, added when fs has
// none, without writing to fs's array.
func withFeature(fs []Feature, id string, v float64) []Feature {
	out := slices.Clone(fs)
	for k := range out {
		if out[k].ID == id {
			out[k].Value = v
			return out
		}
	}
	return append(out, Feature{id, v})
}

// nameCandidates links q by its name. A name that ends with a town of the
// data ("British Museum, London", "Tate Modern London") is also linked
// as the name before it with its town as the city hint, when q has none.
func (l *Linker) nameCandidates(q Query) []Candidate {
	cands := l.byName(q, l.hints(q))
	head, city, ok := l.trailingTown(q.Text)
	if !ok || q.City != "" {
		return cands
	}
	// The reading with the town as the hint is taken when it finds a
	// better candidate than the whole text and the record's town is that
	// town, or the record states no town and the name alone names it
	// ("Museum Folkwang Essen": most German and Dutch records name no
	// town, and one the data cannot check takes nothing from the name;
	// a town the record cannot confirm weighs its score down a little:
	// such a reading is taken when the whole text names no one).
	hq := q
	hq.Text, hq.City = head, city
	alt := l.byName(hq, l.hints(hq))
	if bestScore(alt) > bestScore(cands) && townAgrees(alt) || l.townUnstated(alt, city) && !anyMatch(cands) {
		cands = alt
	}
	// A record in a country with no town of that name is not the one the
	// reference places there ("…museum, Morpeth" of a German museum),
	// unless its own name holds the town.
	for k := range cands {
		if cands[k].Match && l.inOtherCountry(cands[k], city) {
			cands[k].Match = false
			cands[k].Features = withFeature(cands[k].Features, FeatureOtherCountry, 1)
		}
	}
	return cands
}

// matchHolds reports whether a match of cands has a name that holds
// the words of text as written and in order ("National Museum Wales"
// for "National Museum, Wales").
func (l *Linker) matchHolds(cands []Candidate, text string) bool {
	phrase := " " + names.Key(text) + " "
	for _, c := range cands {
		if i, ok := l.index(c.ID); ok && c.Match {
			for _, f := range l.names.Forms(i) {
				if strings.Contains(" "+f.Key+" ", phrase) {
					return true
				}
			}
		}
	}
	return false
}

// isTown reports whether t is a town of the data and no kind of
// institution ("…, Bibliothek" is the end of a name, whatever a record's
// town field holds), outside parentheses ("Public Library & Museum
// (Camborne)" is a whole name).
func (l *Linker) isTown(t string) bool {
	return len(l.towns[kg.NormalizeName(t)]) > 0 && NormalizeType(t) == "" && !strings.ContainsAny(t, "()")
}

// trailingTown splits a reference that ends with a town of the data
// (after a comma, or as its last one to three words) into the name before
// it and the town. The name must keep a word of three letters or more.
func (l *Linker) trailingTown(text string) (head, town string, ok bool) {
	isTown := l.isTown
	if at := strings.LastIndex(text, ","); at > 0 {
		h, t := strings.TrimSpace(text[:at]), strings.TrimSpace(text[at+1:])
		if isTown(t) && hasLongWord(h) {
			return h, t, true
		}
	}
	words := strings.Fields(text)
	for n := min(3, len(words)-1); n >= 1; n-- {
		t := strings.Join(words[len(words)-n:], " ")
		h := strings.Join(words[:len(words)-n], " ")
		if isTown(t) && hasLongWord(h) {
			return h, t, true
		}
	}
	return "", "", false
}

// hasLongWord reports a word of three letters or more.
func hasLongWord(s string) bool {
	for _, w := range strings.Fields(kg.NormalizeName(s)) {
		if len(w) >= 3 {
			return true
		}
	}
	return false
}

// bestScore is the highest score of cands, or 0.
func bestScore(cands []Candidate) float64 {
	best := 0.0
	for _, c := range cands {
		best = max(best, c.Score)
	}
	return best
}

// bestOf is the index of the best-scored of cands (the first of equals),
// or -1 when there are none.
func bestOf(cands []Candidate) int {
	best := -1
	for i, c := range cands {
		if best < 0 || c.Score > cands[best].Score {
			best = i
		}
	}
	return best
}

// townAgrees reports whether the best of cands is in the town its city
// hint names.
func townAgrees(cands []Candidate) bool {
	best := bestOf(cands)
	if best < 0 {
		return false
	}
	for _, f := range cands[best].Features {
		if f.ID == FeatureCity {
			return f.Value >= 0.9
		}
	}
	return false
}

// townUnstated reports whether the best of cands is a match whose record
// states no town and lies in a country where the data has a town called
// town.
func (l *Linker) townUnstated(cands []Candidate, town string) bool {
	best := bestOf(cands)
	if best < 0 || !cands[best].Match {
		return false
	}
	i, ok := l.index(cands[best].ID)
	return ok && l.city.at(int32(i)) == "" && slices.Contains(l.towns[kg.NormalizeName(town)], l.ds.Institutions[i].Country)
}

// inOtherCountry reports whether c's record lies in a country where the
// data has no town called town and its name does not hold the town.
func (l *Linker) inOtherCountry(c Candidate, town string) bool {
	i, ok := l.index(c.ID)
	if !ok {
		return false
	}
	in := &l.ds.Institutions[i]
	t := kg.NormalizeName(town)
	return !slices.Contains(l.towns[t], in.Country) && !strings.Contains(" "+kg.NormalizeName(in.Name)+" ", " "+t+" ")
}

// anyMatch reports whether one of cands is a match.
func anyMatch(cands []Candidate) bool {
	return slices.ContainsFunc(cands, func(c Candidate) bool { return c.Match })
}

// index returns the number of the record with the given id.
func (l *Linker) index(id string) (int32, bool) {
	i, ok := l.ds.Index(id)
	return int32(i), ok
}
