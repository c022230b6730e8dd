package router

// moreThanAt returns the token of "than" after a cue of more or fewer
// ("more museums than", "mehr Museen als"), or of a verb of more that
// holds its "than" (moreThanVerbs), or -1.
func moreThanAt(s *scan) int {
	more := false
	for k, t := range s.toks {
		if _, ok := moreCueAt(s, k); ok && s.lex.moreThanVerbs[t.norm] {
			return k // a verb that holds its "than" ("outnumbers")
		} else if ok {
			more = true
		} else if more && s.lex.thanWords[t.norm] {
			return k
		}
	}
	return -1
}

// moreThanSide reports whether token i is a side of a comparison of two
// places with "more … than": right after "than" (or "than in"), or the
// subject after the question's verb, when a "than" follows.
func moreThanSide(s *scan, i int) bool {
	th := moreThanAt(s)
	if th < 0 {
		return false
	}
	return i == th+1 || i == th+2 && s.lex.locatives[s.toks[th+1].norm] || i == 1 && i < th && s.lex.yesNoStarts[s.toks[0].norm]
}

// placesCoordinated reports whether the places the question names are
// joined as a list or a choice: a coordinator or a word of choice ("and",
// "or", "und", "en" …) between the first and the last of them, outside
// their names ("Leeds, York and Hull", "Kent or Wales"; not the "of" of
// "Isle of Lewis" or of "any of the libraries in …").
func placesCoordinated(s *scan) bool {
	return wordBetweenPlaces(s, func(w string) bool { return s.lex.orWords[w] || s.lex.coordinators[w] })
}

// placesOffered reports places offered as a choice: a word of choice
// ("or", "oder", Dutch "of") between the first and the last of them,
// outside their names ("Guernsey or Jersey", "Bath, Bristol or York").
// "and" joins a list and "vs" sets places against each other; neither
// offers a choice.
func placesOffered(s *scan) bool {
	return wordBetweenPlaces(s, func(w string) bool { return s.lex.choiceWords[w] || s.lex.prepositionJoins[w] })
}

// wordBetweenPlaces reports a word that is() accepts between the first and
// the last place the question names, outside the places' names; false
// for fewer than two places.
func wordBetweenPlaces(s *scan, is func(string) bool) bool {
	if len(s.placeSpans) < 2 {
		return false
	}
	lo, hi := len(s.toks), 0
	inPlace := make([]bool, len(s.toks))
	for _, sp := range s.placeSpans {
		lo, hi = min(lo, sp[0]), max(hi, sp[1])
		for i := sp[0]; i < sp[1]; i++ {
			inPlace[i] = true
		}
	}
	for i := lo; i < hi; i++ {
		if !inPlace[i] && is(s.toks[i].norm) {
			return true
		}
	}
	return false
}
