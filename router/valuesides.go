package router

import (
	"reflect"
	"slices"
	"strings"
)

// valueSides reads a comparison of two values of one condition, asked
// with "more" or "fewer" (two values of accreditation, governance or
// size joined by "or" or "than", with one kind). Both values had been
// read as conditions of one list, called exact. Each side is the list
// its value and the rest of the question ask for, read as such
// ("accredited museums in Kent"); the two must differ in their
// conditions and agree on their kinds and with the question on its
// places, or the question is left as it was read.
func (r *Router) valueSides(plan *Plan) {
	if len(plan.Sides) > 1 || plan.Frame == FramePair || len(plan.Constraints.Names) > 0 {
		return
	}
	words := strings.Fields(plan.Question)
	norms := make([]string, len(words))
	for i, w := range words {
		norms[i] = normalize(w)
	}
	cue, or := -1, -1
	for i, w := range norms {
		if cue < 0 && (r.lex.moreCues[w] || r.lex.fewerCues[w]) {
			cue = i
		} else if cue >= 0 && (w == "or" || w == "than" || w == "vs" || w == "versus" || w == "oder" || w == "als" || w == "dan" || w == "of") {
			or = i
			break
		}
	}
	if cue < 0 || or < cue+2 || or+1 >= len(words) {
		return
	}
	// the kind after the second value ("… or unaccredited museums in
	// Kent"), or after the first ("… independent museums than local
	// authority museums")
	kind := -1
	for i := or + 1; i < len(norms) && i <= or+4; i++ {
		if _, plural, ok := r.lex.typeOfWord(norms[i]); ok && plural {
			kind = i
			break
		}
	}
	if kind < 0 {
		return
	}
	first := words[cue+1 : or]
	if _, plural, ok := r.lex.typeOfWord(norms[or-1]); ok && plural {
		first = words[cue+1 : or-1] // "independent museums than …"
	}
	second := words[or+1 : kind]
	if len(first) == 0 || len(second) == 0 || len(first) > 3 || len(second) > 3 {
		return
	}
	noun := strings.Trim(words[kind], "?.!,")
	rest := strings.Join(words[kind+1:], " ")
	if place := placeOfHave(words[:cue], norms[:cue]); place != "" {
		// a place as the subject of a verb of having, before the cue,
		// is the place of both
		rest = strings.TrimSpace(rest + " in " + place)
	}
	var sides []Constraints
	var labels []string
	for _, value := range [][]string{first, second} {
		label := strings.Trim(strings.Join(value, " "), ",") + " " + noun
		side, _ := r.route("Which " + label + " " + rest)
		c := side.Constraints
		if !c.List || len(side.Unused(UnusedUnknown)) > 0 || len(c.Names) > 0 {
			return
		}
		c.Status, c.StatusByTense, c.Field = plan.Constraints.Status, plan.Constraints.StatusByTense, ""
		sides = append(sides, c)
		labels = append(labels, label)
	}
	for k := range sides {
		// a place or years said before the cue hold for both sides
		if len(sides[k].Places) == 0 {
			sides[k].Places = slices.Clone(plan.Constraints.Places)
		}
		if sides[k].Years == nil {
			sides[k].Years = plan.Constraints.Years
		}
	}
	a, b := sides[0], sides[1]
	if reflect.DeepEqual(a, b) || !reflect.DeepEqual(a.Places, b.Places) || !reflect.DeepEqual(a.TypeCodes, b.TypeCodes) ||
		!reflect.DeepEqual(a.Places, plan.Constraints.Places) {
		return
	}
	plan.Sides, plan.SideLabels = sides, labels
	plan.Frame, plan.Intent = FrameMore, Comparative
	plan.Pair = &Pair{Attribute: "count", Highest: r.lex.moreCues[norms[cue]]}
	plan.Constraints.Field = ""
}

// placeOfHave returns the words of a question opening "Does <place>
// have …" or "Has <place> got …" between its first word and the verb, or
// "".
func placeOfHave(words, norms []string) string {
	if len(norms) < 3 || norms[0] != "does" && norms[0] != "has" && norms[0] != "do" {
		return ""
	}
	for i := 2; i < len(norms); i++ {
		if norms[i] == "have" || norms[i] == "got" {
			return strings.Join(words[1:i], " ")
		}
	}
	return ""
}
