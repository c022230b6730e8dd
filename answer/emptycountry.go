package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// emptyCountryAnswer answers a list, count or existence question whose
// place is a country the data holds no record of ("Are there any museums
// in Iceland?"): the data places nothing there, of any kind. The closest
// matches by text would be records of other countries, and a correction
// to a country the data has ("Iceland" to Ireland) would answer another
// question; the truth is that the data has no record there, which is an
// exact answer.
func (p *Base) emptyCountryAnswer(pln plan.Plan) (Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	if len(c.Places) == 0 || len(c.Names) > 0 || c.HasIDs() || len(c.Postcodes) > 0 || len(pln.Sides) > 1 {
		return Draft{}, false
	}
	var shown []string
	for _, pl := range c.Places {
		if pl.Level != plan.LevelCountry || p.countryRecords(pl.Name) > 0 {
			return Draft{}, false
		}
		shown = append(shown, placeShown(pl))
	}
	where := strings.Join(shown, pr.Text(" or "))
	noun := TypeNoun(pr, c.TypeCodes)
	a := Answer{Kind: KindSet, Exact: len(pln.Unused(plan.UnusedUnread)) == 0}
	if pln.Frame == plan.FrameCount {
		a.Value = "0"
	}
	return Draft{Answer: a, render: func(func(string) string) string {
		var b strings.Builder
		switch {
		case pln.Frame == plan.FrameCount:
			b.WriteString(pr.Text("None: "))
		case pln.Exists:
			b.WriteString(pr.Text("No: "))
		}
		pr.Fprintf(&b, "the data places no %s in %s: it holds no record of any institution there", noun, where)
		writeNotes(pr, &b, nil, p.unreadNotes(pln.Unused(plan.UnusedUnread))...)
		text := b.String()
		return strings.ToUpper(text[:1]) + text[1:] + "."
	}}, true
}

// countryRecords counts the records of a country code.
func (p *Base) countryRecords(code string) int { return p.lookups.countryRecords(code) }
