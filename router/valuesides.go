package router

import (
	"reflect"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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
	v, ok := r.lex.comparedValues(words, norms)
	if !ok {
		return
	}
	sides, labels, ok := r.routeValueSides(plan, v, words, norms)
	if !ok {
		return
	}
	plan.Sides, plan.SideLabels = sides, labels
	plan.Frame, plan.Intent = FrameMore, Comparative
	plan.Pair = &Pair{Attribute: "count", Highest: r.lex.moreCues[norms[v.cue]]}
	plan.Constraints.Field = ""
}

// valuesCompared are the words of a comparison of two values: the
// position of the cue of more or fewer, of the word that joins the
// values, and of the kind, and the words of each value.
type valuesCompared struct {
	cue, join, kind int
	first, second   []string
}

// comparedValues finds two values of one condition compared by "more"
// or "fewer" and joined by a valueJoins word, with a plural kind after
// the second value ("… or unaccredited museums in Kent") or after both
// ("… independent museums than local authority museums").
func (lex *Lexicon) comparedValues(words, norms []string) (valuesCompared, bool) {
	v := valuesCompared{cue: -1, join: -1, kind: -1}
	for i, w := range norms {
		if v.cue < 0 && (lex.moreCues[w] || lex.fewerCues[w]) {
			v.cue = i
		} else if v.cue >= 0 && lex.valueJoins[w] {
			v.join = i
			break
		}
	}
	if v.cue < 0 || v.join < v.cue+2 || v.join+1 >= len(words) {
		return v, false
	}
	for i := v.join + 1; i < len(norms) && i <= v.join+4; i++ {
		if _, plural, ok := lex.typeOfWord(norms[i]); ok && plural {
			v.kind = i
			break
		}
	}
	if v.kind < 0 {
		return v, false
	}
	v.first = words[v.cue+1 : v.join]
	if _, plural, ok := lex.typeOfWord(norms[v.join-1]); ok && plural {
		v.first = words[v.cue+1 : v.join-1] // "independent museums than …"
	}
	v.second = words[v.join+1 : v.kind]
	ok := len(v.first) > 0 && len(v.second) > 0 && len(v.first) <= 3 && len(v.second) <= 3
	return v, ok
}

// routeValueSides reads each side as the list its value and the rest of
// the question ask for; ok is false unless both are lists that differ
// in their conditions and agree on their kinds and with the question on
// its places.
func (r *Router) routeValueSides(plan *Plan, v valuesCompared, words, norms []string) (sides []Constraints, labels []string, ok bool) {
	noun := strings.Trim(words[v.kind], "?.!,")
	rest := strings.Join(words[v.kind+1:], " ")
	if place := r.lex.placeOfHave(words[:v.cue], norms[:v.cue]); place != "" && len(r.lex.sidePlacePreps) > 0 {
		// a place as the subject of a verb of having, before the cue,
		// is the place of both
		rest = strings.TrimSpace(rest + " " + r.lex.sidePlacePreps[0] + " " + place)
	}
	if len(r.lex.sideQuestionOpeners) == 0 {
		return nil, nil, false
	}
	// each side is asked as a question is written: capitalised
	opener := r.lex.sideQuestionOpeners[0]
	first, n := utf8.DecodeRuneInString(opener)
	opener = string(unicode.ToUpper(first)) + opener[n:]
	for _, value := range [][]string{v.first, v.second} {
		label := strings.Trim(strings.Join(value, " "), ",") + " " + noun
		side, _ := r.route(opener + " " + label + " " + rest)
		c := side.Constraints
		if !c.List || len(side.Unused(UnusedUnknown)) > 0 || len(c.Names) > 0 {
			return nil, nil, false
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
		!reflect.DeepEqual(a.Places, plan.Constraints.Places) || r.valueReadsNothing(plan, opener+" "+noun+" "+rest, sides) {
		return nil, nil, false
	}
	return sides, labels, true
}

// valueReadsNothing reports a side whose value words read no condition
// ("the higher number of local-authority museums": "number" is no
// value): it is the list the kind and the rest ask for without them.
func (r *Router) valueReadsNothing(plan *Plan, bare string, sides []Constraints) bool {
	base, _ := r.route(bare)
	c := base.Constraints
	c.Status, c.StatusByTense, c.Field = plan.Constraints.Status, plan.Constraints.StatusByTense, ""
	if len(c.Places) == 0 {
		c.Places = slices.Clone(plan.Constraints.Places)
	}
	if c.Years == nil {
		c.Years = plan.Constraints.Years
	}
	return slices.ContainsFunc(sides, func(side Constraints) bool { return reflect.DeepEqual(side, c) })
}

// placeOfHave returns the words of a question opening "Does <place>
// have …" or "Has <place> got …" between its first word and the verb, or
// "".
func (lex *Lexicon) placeOfHave(words, norms []string) string {
	if len(norms) < 3 || !lex.haveOpeners[norms[0]] {
		return ""
	}
	for i := 2; i < len(norms); i++ {
		if lex.haveVerbs[norms[i]] {
			return strings.Join(words[1:i], " ")
		}
	}
	return ""
}
