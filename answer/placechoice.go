package answer

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// placeVerdicts sorts the places a question offers to choose from ("Is X
// in A or B?") by what the record says of each: the places it lies in,
// those it does not, and those its record cannot tell, naming nothing at
// their level (most German records name no town) and whose town's other
// records do not place it either (townPlaces). A place may be read
// without the words of its kind ("Shetland" of the Shetland Islands), as
// the single place of "Is X in A?" is.
//
// inferred reports whether a verdict rests on the town's other records
// (townPlaces) rather than on the record's own place.
func (p *Base) placeVerdicts(in *heritage.Institution, places []plan.Place) (inside, outside, unknown []plan.Place, inferred bool) {
	for _, pl := range places {
		switch {
		case placeNamed(in, []plan.Place{pl}):
			inside = append(inside, pl)
		case statesLevel(in, pl):
			outside = append(outside, pl)
		default:
			switch in, out := p.townPlaces(in, pl); {
			case in:
				inside, inferred = append(inside, pl), true
			case out:
				outside, inferred = append(outside, pl), true
			default:
				unknown = append(unknown, pl)
			}
		}
	}
	return inside, outside, unknown, inferred
}

// placeChoiceAnswer says which of the places offered the institution is
// in, with the record's place: one ("… is in Guernsey (St Peter Port,
// Channel Islands, GG), not Jersey"), several where they nest (a town and
// its county), or none ("Neither: …"). Where the record names nothing at
// an offered place's level the data cannot tell, and the answer is not
// exact. Value names the places it is in, "no" for none, and is empty
// when the data cannot tell.
func (p *Base) placeChoiceAnswer(pr *locale.Printer, in *heritage.Institution, id string, places []plan.Place, unread []string) Draft {
	held, out, unknown, inferred := p.placeVerdicts(in, places)
	where := placeText(in)
	value := placeNames(held, pr.Text(" and "))
	switch {
	case len(held) == 0 && len(unknown) == 0:
		value = "no"
	case len(held) == 0:
		value = ""
	}
	exact := len(unknown) == 0 && len(unread) == 0 && !inferred
	a := Answer{Kind: KindYesNo, Field: "place", Value: value, IDs: []string{id}, Exact: exact}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		name := in.Name + cite(id)
		var b strings.Builder
		switch {
		case len(held) > 0:
			pr.Fprintf(&b, "%s is in %s%s (%s)", name, bothWord(pr, len(held)), placeNames(held, pr.Text(" and ")), where)
			if len(out) > 0 {
				pr.Fprintf(&b, ", not %s", placeNames(out, pr.Text(" or ")))
			}
		case len(unknown) == 0:
			pr.Fprintf(&b, "%s: %s is in %s", neitherWord(pr, len(places)), name, where)
		default:
			pr.Fprintf(&b, "The data cannot tell whether %s is in %s: its record names no %s", name,
				placeNames(unknown, pr.Text(" or ")), levelWords(pr, unknown))
			if where != "" {
				pr.Fprintf(&b, ", only %s", where)
			}
			if len(out) > 0 {
				pr.Fprintf(&b, "; it is not in %s", placeNames(out, pr.Text(" or ")))
			}
		}
		if len(held) > 0 && len(unknown) > 0 {
			pr.Fprintf(&b, "; whether it is also in %s the data cannot tell (its record names no %s)",
				placeNames(unknown, pr.Text(" or ")), levelWords(pr, unknown))
		}
		b.WriteString(".")
		writeNotes(pr, &b, cite, verdictNotes(inferred, in.City, unread)...)
		return b.String()
	}}
}

// bothWord says that two places offered both hold, one within the other
// ("in both Fair Isle and Shetland").
func bothWord(pr *locale.Printer, n int) string {
	if n == 2 {
		return pr.Text("both ")
	}
	return ""
}

// neitherWord opens the answer that an institution is in none of the
// places offered: "Neither" of two, "None of them" of more.
func neitherWord(pr *locale.Printer, n int) string {
	if n == 2 {
		return pr.Text("Neither")
	}
	return pr.Text("None of them")
}

// levelWords names the levels of places a record names nothing at ("town",
// "region or county").
func levelWords(pr *locale.Printer, places []plan.Place) string {
	var words []string
	for _, pl := range places {
		if w := levelWord(pr, pl.Level); !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	return strings.Join(words, pr.Text(" or "))
}

func levelWord(pr *locale.Printer, level string) string {
	switch level {
	case plan.LevelCity:
		return pr.Text("town")
	case plan.LevelRegion, plan.LevelSubregion:
		return pr.Text("region")
	case plan.LevelCounty:
		return pr.Text("county")
	case plan.LevelDistrict:
		return pr.Text("district")
	case plan.LevelCountry:
		return pr.Text("country")
	}
	return pr.Text("area")
}
