package answer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
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
func (p *Base) placeChoiceAnswer(in *heritage.Institution, id string, places []plan.Place, unread []string) Draft {
	held, out, unknown, inferred := p.placeVerdicts(in, places)
	where := placeText(in)
	value := placeNames(held, " and ")
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
			fmt.Fprintf(&b, "%s is in %s%s (%s)", name, bothWord(len(held)), placeNames(held, " and "), where)
			if len(out) > 0 {
				fmt.Fprintf(&b, ", not %s", placeNames(out, " or "))
			}
		case len(unknown) == 0:
			fmt.Fprintf(&b, "%s: %s is in %s", neitherWord(len(places)), name, where)
		default:
			fmt.Fprintf(&b, "The data cannot tell whether %s is in %s: its record names no %s", name,
				placeNames(unknown, " or "), levelWords(unknown))
			if where != "" {
				fmt.Fprintf(&b, ", only %s", where)
			}
			if len(out) > 0 {
				fmt.Fprintf(&b, "; it is not in %s", placeNames(out, " or "))
			}
		}
		if len(held) > 0 && len(unknown) > 0 {
			fmt.Fprintf(&b, "; whether it is also in %s the data cannot tell (its record names no %s)",
				placeNames(unknown, " or "), levelWords(unknown))
		}
		b.WriteString(".")
		writeNotes(&b, cite, verdictNotes(inferred, in.City, unread)...)
		return b.String()
	}}
}

// bothWord says that two places offered both hold, one within the other
// ("in both Fair Isle and Shetland").
func bothWord(n int) string {
	if n == 2 {
		return "both "
	}
	return ""
}

// neitherWord opens the answer that an institution is in none of the
// places offered: "Neither" of two, "None of them" of more.
func neitherWord(n int) string {
	if n == 2 {
		return "Neither"
	}
	return "None of them"
}

// levelWords names the levels of places a record names nothing at ("town",
// "region or county").
func levelWords(places []plan.Place) string {
	var words []string
	for _, pl := range places {
		if w := levelWord(pl.Level); !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	return strings.Join(words, " or ")
}

func levelWord(level string) string {
	switch level {
	case plan.LevelCity:
		return "town"
	case plan.LevelRegion, plan.LevelSubregion:
		return "region"
	case plan.LevelCounty:
		return "county"
	case plan.LevelDistrict:
		return "district"
	case plan.LevelCountry:
		return "country"
	}
	return "area"
}
