package linking

import (
	"math"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
)

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

// hintFeatures reports the hint agreement of institution i.
func (l *Linker) hintFeatures(i int32, h hints) []Feature {
	in := &l.ds.Institutions[i]
	return []Feature{
		{FeatureCity, l.cityAgreement(i, h.city)},
		{FeatureCountry, agree(h.country, in.Country)},
		{FeatureType, agree(h.typeCode, in.TypeCode)},
		{FeaturePostcode, postcodeAgreement(h.postcode, l.post.at(i))},
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
	have := l.city.at(i)
	if have == city {
		return 1
	}
	// "Frankfurt" for "Frankfurt am Main", "Stratford upon Avon" for "Stratford".
	if have != "" && (containsWords(have, city) || containsWords(city, have)) {
		return 0.9
	}
	in := &l.ds.Institutions[i]
	// The town may be named in the address or as the county or district.
	for _, v := range []string{in.County(), in.District(), in.AdminArea()} {
		if v != "" && kg.NormalizeName(v) == city {
			return 0.9
		}
	}
	if in.Address() != "" && containsWords(kg.NormalizeName(in.Address()), city) {
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
