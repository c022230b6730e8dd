package linking

import (
	"math"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/names"
)

// DefaultFanout is the number of name candidates retrieved from the name
// index and scored for a name query.
const DefaultFanout = 20

// Evidence thresholds of the match decision (see doc.go).
const (
	// sharpness is the exponent of the namesake share: a candidate's share
	// of the evidence is s^sharpness / Σ s_j^sharpness.
	sharpness = 24
	// minQueryCover is the query coverage any name match needs: a query
	// word that the name lacks (a misspelling counts 0.95) speaks against
	// it whatever the hints say.
	minQueryCover = 0.8
	// completeCover is the coverage both ways from which a name is the
	// whole query, spelt another way or misspelt.
	completeCover = 0.93
	// minShare is the share a candidate matched on a partial name needs.
	minShare = 0.9
	// minPartialScore is the hint-adjusted similarity a partial name needs
	// when the town does not confirm it.
	minPartialScore = 0.5
	// fullCover is the query coverage from which the query counts as
	// contained in a name.
	fullCover = 0.9
	// distinctiveWeight is the IDF mass (Σ over the query's words) from
	// which a partial name identifies a record without a city hint: about
	// one word borne by 30 records or fewer.
	distinctiveWeight = 6.0
)

// scored is a name candidate under evaluation.
type scored struct {
	hit   names.Hit
	sim   float64
	adj   float64
	city  float64
	feats []Feature
}

// byName retrieves name candidates from the name index and scores them.
func (l *Linker) byName(q Query, h hints) []Candidate {
	hits := l.names.Search(q.Text, names.Options{Limit: l.fanout, City: q.City})
	if len(hits) == 0 {
		return nil
	}
	ss := make([]scored, 0, len(hits))
	for _, hit := range hits {
		s := scored{hit: hit, sim: hit.Sim}
		if hit.Kind == heritage.KindFormerName {
			s.sim *= 0.97 // a former name may since have passed to another institution
		}
		s.feats = l.hintFeatures(hit.Doc, h)
		if hit.CityInName && s.feats[0].Value < 0.9 && (l.city.at(hit.Doc) == "" || l.ds.Institutions[hit.Doc].CityInferred) {
			s.feats[0].Value = 0.9 // the hinted town is part of the name
		}
		ss = append(ss, s)
	}
	l.preferHintedTown(ss, h.city)
	for k := range ss {
		ss[k].city = ss[k].feats[0].Value
		ss[k].adj = adjust(ss[k].sim, ss[k].feats, h.city != "")
	}
	// The one record whose name holds the query's words as written, in
	// order ("Neath Museum" in "Neath Museum And Art Gallery"), outweighs
	// names that hold them apart ("Durham Mining Museum" for "Durham
	// Museum") or only misspelt ("Malton Museum" for "Marton Museum"):
	// users name an institution by the first words of its name.
	holder := phraseHolder(ss, q.Text)
	if holder >= 0 {
		for k := range ss {
			switch {
			case k == holder:
			case ss[k].hit.QueryCov < 0.999:
				ss[k].adj *= misspeltRivalFactor
			default:
				ss[k].adj *= phraseRivalFactor
			}
		}
	}
	// Calibrate: a candidate's score is its adjusted similarity times its
	// share of the evidence, so n indistinguishable candidates score ~1/n.
	total := 0.0
	for _, s := range ss {
		total += math.Pow(s.adj, sharpness)
	}
	qualified := l.qualified[names.Key(q.Text)]
	weight := l.names.Weight(q.Text)
	distinctive := weight >= distinctiveWeight
	out := make([]Candidate, 0, len(ss))
	for k, s := range ss {
		if s.adj < l.minScore {
			continue
		}
		share := 1.0
		if total > 0 {
			share = math.Pow(s.adj, sharpness) / total
		}
		score := round3(s.adj * share)
		// A partial name, or one that differs from the query only in
		// articles, prepositions, legal forms or word order ("Courthouse
		// Museum" for "The Courthouse Museum"), names no one when another
		// record's name holds the query as well. A name as written, or
		// the whole name misspelt or spelt another way, still does.
		// Another record's name that is the query and a qualifier
		// ("Great Central Railway (Nottingham)", see qualifiedBase)
		// holds the query as much as the name as written or the whole
		// name spelt another way do.
		complete := s.hit.QueryCov >= completeCover && s.hit.NameCov >= completeCover
		qualifiedRival := l.rivalQualified(ss, qualified, h, k)
		sole := s.hit.Literal && !qualifiedRival ||
			complete && (!s.hit.SameWords && !qualifiedRival || s.hit.Reordered && soleComplete(ss, k) && !qualifiedRival) ||
			soleContainer(ss, k) || k == holder
		// a misspelling is not read where the words as typed are a name's
		misread := holder >= 0 && s.hit.QueryCov < 0.999
		match := !misread && s.hit.QueryCov >= minQueryCover && sole && (score >= l.matchThreshold ||
			share >= minShare && s.hit.QueryCov >= fullCover && !contradicted(s.feats) &&
				(distinctive && (s.adj >= minPartialScore || k == holder) || s.city >= 0.9))
		via := ViaFuzzyName
		switch {
		case s.hit.Exact || s.hit.QueryCov >= 0.999 && s.hit.NameCov >= 0.999:
			via = viaOfKind(s.hit.Kind)
		case s.hit.QueryCov >= 0.999:
			via = ViaPartialName
		}
		feats := make([]Feature, 0, 12)
		feats = append(feats, Feature{FeatureNameSim, round3(s.sim)}, Feature{FeatureID, 0})
		feats = append(feats, s.feats...)
		feats = append(feats, Feature{FeatureAmbiguity, round3(share)},
			Feature{FeatureQueryCoverage, round3(s.hit.QueryCov)}, Feature{FeatureNameCoverage, round3(s.hit.NameCov)},
			Feature{FeatureQueryWeight, round3(min(1, weight/(2*distinctiveWeight)))},
			Feature{FeatureSole, indicator(sole)}, Feature{FeatureMisread, indicator(misread)})
		in := &l.ds.Institutions[s.hit.Doc]
		out = append(out, Candidate{ID: in.ID, Name: in.Name, Score: score, Match: match, Via: via, Features: feats})
	}
	return out
}

// overlappingTownAgreement is the city agreement of a record in a town
// whose name holds the hinted town's or is held by it ("Blankenburg" for
// "Bad Blankenburg", "Ulm" for "Neu-Ulm") when another candidate is in
// the hinted town itself: then the two are two towns, not one named two
// ways, and the record's town agrees with the hint only in part.
const overlappingTownAgreement = 0.7

// preferHintedTown lowers to overlappingTownAgreement the city agreement
// of the candidates of ss whose town only holds the hinted town city or
// is held by it, when another candidate's town is city itself.
func (l *Linker) preferHintedTown(ss []scored, city string) {
	if city == "" || !slices.ContainsFunc(ss, func(s scored) bool { return l.city.at(s.hit.Doc) == city }) {
		return
	}
	for k := range ss {
		have := l.city.at(ss[k].hit.Doc)
		if have != "" && have != city && ss[k].feats[0].Value == 0.9 && (containsWords(have, city) || containsWords(city, have)) {
			ss[k].feats[0].Value = overlappingTownAgreement
		}
	}
}

// soleContainer reports whether ss[k] is the only candidate that contains
// the query as well as it does, with at least its city agreement: a
// partial name that several records contain equally well names none of
// them.
func soleContainer(ss []scored, k int) bool {
	for j, o := range ss {
		if j != k && o.hit.QueryCov >= max(fullCover, ss[k].hit.QueryCov-0.01) && o.city >= ss[k].city {
			return false
		}
	}
	return true
}

// soleComplete reports whether ss[k] is the only candidate whose name is
// the whole query, spelt another way, with at least its city agreement:
// a name that holds the query and more words ("Museum Folkwang,
// Museumsbibliothek" for "Folkwang Museum") is another institution, not
// a second reading of the query.
func soleComplete(ss []scored, k int) bool {
	for j, o := range ss {
		if j != k && o.hit.QueryCov >= completeCover && o.hit.NameCov >= completeCover && o.city >= ss[k].city {
			return false
		}
	}
	return true
}

// qualifiedBase is the name before a qualifier that ends name: a group
// in parentheses or brackets ("Great Central Railway (Nottingham)") or a
// place after a comma (a town, a county or district, or a country:
// "Museum Of Antiquities, Newcastle"); or "". Such a name is its base,
// placed or told apart: the base alone names it no more than another
// name that holds the base.
func (l *Linker) qualifiedBase(name string) string {
	for _, br := range [][2]string{{"(", ")"}, {"[", "]"}} {
		if strings.HasSuffix(name, br[1]) {
			if open := strings.LastIndex(name, br[0]); open > 0 {
				return strings.TrimSpace(name[:open])
			}
		}
	}
	if at := strings.LastIndexByte(name, ','); at > 0 {
		if place := strings.TrimSpace(name[at+1:]); l.isTown(place) || l.isArea(place) || l.countryOf(place) != "" {
			return strings.TrimSpace(name[:at])
		}
	}
	return ""
}

// indexQualified records, under the Key of each base (see
// qualifiedBase), the records with a name, former name or alias that is
// the base and a qualifier.
func (l *Linker) indexQualified() {
	l.qualified = map[string][]int32{}
	add := func(i int, form string) {
		if base := l.qualifiedBase(form); hasLongWord(base) {
			key := names.Key(base)
			if docs := l.qualified[key]; len(docs) == 0 || docs[len(docs)-1] != int32(i) {
				l.qualified[key] = append(docs, int32(i))
			}
		}
	}
	for i := range l.ds.Institutions {
		in := &l.ds.Institutions[i]
		add(i, in.Name)
		for _, a := range in.AltNames() {
			add(i, a.Name)
		}
	}
}

// rivalQualified reports whether a record other than that of ss[k] has a
// name that is the query and a qualifier (docs, see indexQualified), with
// at least the city agreement of ss[k].
func (l *Linker) rivalQualified(ss []scored, docs []int32, h hints, k int) bool {
	for _, d := range docs {
		if d != ss[k].hit.Doc && l.hintFeatures(d, h)[0].Value >= ss[k].city {
			return true
		}
	}
	return false
}

// contradicted reports whether a hint contradicts the candidate.
func contradicted(feats []Feature) bool {
	for _, f := range feats {
		if f.Value == 0 {
			return true
		}
	}
	return false
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
					// A record without a city cannot confirm the hint: with
					// many namesakes of unknown place ("Heimatmuseum"), the
					// one in the hinted town has to stand out.
					s *= 0.8
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

func viaOfKind(kind string) string {
	switch kind {
	case "":
		return ViaName
	case heritage.KindFormerName:
		return ViaFormerName
	}
	return ViaAlias
}

// phraseRivalFactor and misspeltRivalFactor scale the similarity of the
// other candidates when one record's name holds the query as a phrase
// (see phraseHolder): of those holding its words apart, and of those
// holding some only misspelt.
const (
	phraseRivalFactor   = 0.7
	misspeltRivalFactor = 0.25
)

// phraseHolder returns the index of the one candidate whose matched name
// holds every word of a query of two content words or more, as written
// and in order, or -1 when none or several do.
func phraseHolder(ss []scored, query string) int {
	if len(names.Words(query)) < 2 {
		return -1
	}
	phrase := " " + names.Key(query) + " "
	at := -1
	for k, s := range ss {
		if s.hit.QueryCov < 0.999 || !strings.Contains(" "+s.hit.Key+" ", phrase) {
			continue
		}
		if at >= 0 {
			return -1
		}
		at = k
	}
	return at
}
