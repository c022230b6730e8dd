package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// unknownPlaceAnswer answers a list whose place the rules do not know
// ("Which archives are in Friesland?", "List museums in Mordor"), when no
// record states it as a place or lies in a town of that name: the data
// places nothing there. It had been read as the name of an institution
// ("No institution called “museums in Mordor”"). Records whose names
// hold the words are offered, as such.
func (p *Base) unknownPlaceAnswer(pln plan.Plan) (Draft, bool) {
	pr := locale.For(pln.Lang)
	place := pln.UnusedPhrase(plan.UnusedPlace)
	if heritage.NormalizeName(place) == "" || p.KnowsPlace(place) {
		return Draft{}, false
	}
	noun := pr.Plural(TypeNoun(pr, pln.Constraints.TypeCodes), 2)
	text := pr.Sprintf("“%s” is no place the data knows: no record gives it as its town or area, so the data places no %s there.",
		place, noun)
	if len(pln.NamedBy) == 0 {
		return noneDraft(text), true
	}
	ids := pln.NamedBy
	return Draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "%s These have “%s” in their names: ", text, place)
		p.writeNames(&b, ids, cite)
		return b.String()
	}}, true
}

// KnowsPlace reports whether a record gives the place as its town or
// area.
func (p *Base) KnowsPlace(place string) bool {
	key := heritage.NormalizeName(place)
	return p.lookups.statesPlace(key) || len(p.lookups.townRecords([]string{key})) > 0
}
