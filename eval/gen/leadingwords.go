package gen

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/plan"
)

// kindWords end the leading words of a name that users name an
// institution by ("Worthing Museum" for "Worthing Museum & Art Gallery").
var kindWords = map[string]bool{
	"museum": true, "museums": true, "library": true, "archive": true, "archives": true, "gallery": true,
	"bibliothek": true, "archiv": true, "bibliotheek": true, "archief": true, "galerie": true,
}

// leadingWords returns a record's name up to its first word of a kind of
// institution, when more follows and the name does not open with "The";
// ok is false otherwise.
func leadingWords(name string) (string, bool) {
	fields := strings.Fields(name)
	for k := 1; k < len(fields)-1; k++ {
		if kindWords[strings.ToLower(strings.Trim(fields[k], ",;:"))] {
			if strings.EqualFold(fields[0], "the") {
				return "", false
			}
			return strings.Trim(strings.Join(fields[:k+1], " "), " ,;:-–"), true
		}
	}
	return "", false
}

// refLeadingWords gives a record's name up to its first word of a kind
// of institution (leadingWords), when no other record's names hold those
// words as a phrase; a third of them with the town as a hint.
func refLeadingWords(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		text, ok := leadingWords(in.Name)
		if !ok || !g.x.soleHolder(text, in) {
			return false
		}
		q := linking.Query{Text: text}
		note := fmt.Sprintf("%q up to its kind; the only record whose names hold those words.", in.Name)
		if in.City != "" && g.r.IntN(3) == 0 {
			q.City = in.City
			note = fmt.Sprintf("%q up to its kind, the town as a hint; the only record whose names hold those words.", in.Name)
		}
		return g.add(q, in.ID, nil, note)
	})
}

// leadingName asks when an institution opened, naming it by its name up
// to its first word of a kind of institution where more follows ("the
// Worthing Museum" for Worthing Museum & Art Gallery), when no other
// record's names hold those words as a phrase and the opening year is
// recorded.
func leadingName(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"When did the {short} open?", "In which year was the {short} founded?", "What year did the {short} open its doors?"},
		LangNL: {"Wanneer werd het {short} geopend?", "In welk jaar is het {short} opgericht?"},
		LangDE: {"Wann wurde das {short} eröffnet?", "In welchem Jahr wurde das {short} gegründet?"},
	}
	offer(b, quota, b.x.recs, func(in *heritage.Institution) (draft, bool) {
		year := heritage.YearsText(in.Opened())
		short, ok := leadingWords(in.Name)
		if year == "" || !ok || !b.x.soleHolder(short, in) {
			return draft{}, false
		}
		return draft{
			frame: "leading_name", intent: plan.Temporal, paras: ps, vars: []string{"{short}", short},
			expected: []string{in.ID}, answer: year,
			notes: fmt.Sprintf("Rule: %q named by its words up to its kind, which no other record's names hold; answer = its opening year (%s).", in.Name, in.ID),
		}, true
	})
}

// soleHolder reports whether no record but in has a name, current or
// other, that holds text as whole words.
func (x *index) soleHolder(text string, in *heritage.Institution) bool {
	w := " " + words(text) + " "
	names, others := x.namesAsWords(), x.otherNamesAsWords()
	for i, o := range x.recs {
		if o == in {
			continue
		}
		if strings.Contains(names[i], w) {
			return false
		}
		for _, a := range others[i] {
			if strings.Contains(a, w) {
				return false
			}
		}
	}
	return true
}
