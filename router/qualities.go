package router

import (
	"strings"
)

// containedIn returns the token after a locative at i (past articles)
// that no rule read and that names what an institution stands in ("in
// parks", "in old houses"), not a turn of phrase ("in total", "in
// operation", "in which"), a kind of institution or a
// word before more of a place.
func containedIn(s *scan, i int) (int, bool) {
	j := i + 1
	for j < len(s.toks) && (s.lex.articles[s.toks[j].norm] || s.lex.containerFillers[s.toks[j].norm]) && !s.used[j] {
		j++
	}
	if j >= len(s.toks) || s.used[j] {
		return 0, false
	}
	w := s.toks[j].norm
	if len(w) < 4 || !isWord(w) || s.lex.phraseWords[w] || s.lex.typeWords[w] != "" || s.lex.listStarts[w] ||
		s.lex.yesNoStarts[w] || s.lex.openWords[w] || s.lex.closeWords[w] || s.lex.whWords[w] {
		return 0, false
	}
	// the phrase ends there: a word before more of a place ("in the
	// English region North East", "in de buurt van Aberlady", "in oder
	// bei Whitley Bay") qualifies the place
	if j+1 < len(s.toks) && !s.lex.afterContainer[s.toks[j+1].norm] {
		return 0, false
	}
	return j, true
}

// qualities returns the phrases of a question that rank or judge what it
// asks for by something the data does not record ("the most visitors",
// "the best museums", "popular"): an answer that leaves them out is not
// exact.
func qualities(s *scan, yearsRead bool) []string {
	var out []string
	out = append(out, s.unreadCues...)
	for i := range s.toks {
		for _, read := range qualityReaders {
			if phrases, ok := read(s, i, yearsRead); ok {
				out = append(out, phrases...)
				break
			}
		}
	}
	return out
}

// A qualityReader reads the quality at token i, if its words stand there:
// ok says they do, phrases are what it reads (none where the words stand
// but say nothing the data does not record). yearsRead says the question
// gives years.
type qualityReader func(s *scan, i int, yearsRead bool) (phrases []string, ok bool)

// qualityReaders are tried in order at each token; the first whose words
// stand there reads it.
var qualityReaders = []qualityReader{
	judgementAt, audienceAt, nationOfHeldAt, openingTimeAt, settingAt, negatedTopicQualityAt,
	withoutAt, amountAt, relativeSpanAt,
}

// judgementAt reads a word that ranks or judges ("best", "popular").
func judgementAt(s *scan, i int, _ bool) ([]string, bool) {
	if !s.lex.judgements[s.toks[i].norm] || s.used[i] {
		return nil, false
	}
	return []string{s.original(i, i+1)}, true
}

// audienceAt reads a phrase of whom the institutions suit
// (audiencePhrases: "for kids", "familienfreundlich").
func audienceAt(s *scan, i int, _ bool) ([]string, bool) {
	for _, p := range s.lex.audiencePhrases {
		if n, ok := s.matchAt(i, p); ok && !s.used[i] {
			return []string{s.original(i, i+n)}, true
		}
	}
	return nil, false
}

// nationOfHeldAt reads "German art": a nationality of what is held, which
// no field records (one before a type noun is read as a place, one before
// a place or its qualifier, "the English county Kent", qualifies the
// place).
func nationOfHeldAt(s *scan, i int, _ bool) ([]string, bool) {
	if !s.lex.demonymOf(s.toks[i].norm) || s.used[i] || i+1 >= len(s.toks) || s.lex.placeQualifiers[s.toks[i+1].norm] {
		return nil, false
	}
	return []string{s.original(i, i+2)}, true
}

// openingTimeAt reads "open at weekends", "open on Sundays": opening
// hours, which the data does not record.
func openingTimeAt(s *scan, i int, _ bool) ([]string, bool) {
	if !s.lex.openStates[s.toks[i].norm] || i+2 >= len(s.toks) || !s.lex.openingTimePreps[s.toks[i+1].norm] ||
		!s.lex.openingTimes[s.toks[i+2].norm] {
		return nil, false
	}
	return []string{s.original(i, i+3)}, true
}

// settingAt reads a setting the institutions stand in (parks, gardens),
// which no field records.
func settingAt(s *scan, i int, _ bool) ([]string, bool) {
	if !s.lex.settingPreps[s.toks[i].norm] || s.used[i] {
		return nil, false
	}
	if j, ok := containedIn(s, i); ok {
		return []string{s.original(i, j+1)}, true
	}
	return nil, true
}

// negatedTopicQualityAt reads "not about railways": a topic the answer
// cannot leave out.
func negatedTopicQualityAt(s *scan, i int, _ bool) ([]string, bool) {
	if !negatedTopicAt(s, i) || s.used[i] {
		return nil, false
	}
	return []string{s.original(i, i+3)}, true
}

// withoutAt reads "without" and the word it governs, past words that
// carry no weight.
func withoutAt(s *scan, i int, _ bool) ([]string, bool) {
	if !s.lex.withoutWords[s.toks[i].norm] || i+1 >= len(s.toks) {
		return nil, false
	}
	j := i + 1
	for j < len(s.toks)-1 && s.lex.nameStop[s.toks[j].norm] {
		j++
	}
	if s.used[j] {
		return nil, true // what is lacked was read ("without accreditation")
	}
	return []string{s.original(i, j+1)}, true
}

// amountAt reads "more" or "fewer" before a thing no field records, or
// before a number of such things ("more than 100,000 visitors"; numbers
// of museums are counted elsewhere).
func amountAt(s *scan, i int, _ bool) ([]string, bool) {
	t := s.toks[i].norm
	if !s.lex.moreCues[t] && !s.lex.fewerCues[t] || i+1 >= len(s.toks) || s.used[i+1] {
		return nil, false
	}
	var out []string
	next := s.toks[i+1].norm
	// "nicht mehr geöffnet", "niet meer open": no longer open
	if s.lex.typeWords[next] == "" && !s.lex.nameStop[next] && !s.lex.amountThan[next] && !s.lex.isNumeric(next) && !s.lex.openWords[next] && !s.lex.openStates[next] {
		out = append(out, s.original(i, i+2))
	}
	if s.lex.amountThan[next] && i+3 < len(s.toks) && s.lex.isNumber(strings.ReplaceAll(s.toks[i+2].norm, ",", "")) &&
		s.lex.typeWords[s.toks[i+3].norm] == "" {
		out = append(out, s.original(i, i+4))
	}
	return out, true
}

// relativeSpanAt reads "in the last ten years": a span back from today,
// which no rule reads.
func relativeSpanAt(s *scan, i int, yearsRead bool) ([]string, bool) {
	if !s.lex.relativeStarts[s.toks[i].norm] || yearsRead || i+1 >= len(s.toks) {
		return nil, false
	}
	if !s.lex.relativeSpans[s.toks[i+1].norm] && !s.lex.spanUnits[s.toks[i+1].norm] &&
		!(i+2 < len(s.toks) && s.lex.relativeSpans[s.toks[i+2].norm]) && !(i+3 < len(s.toks) && s.lex.relativeSpans[s.toks[i+3].norm]) {
		return nil, false
	}
	j := i + 1
	for j < len(s.toks)-1 && !s.lex.relativeSpans[s.toks[j].norm] && !s.lex.spanUnits[s.toks[j].norm] {
		j++
	}
	return []string{s.original(i, j+1)}, true
}

// negatedTopicAt reports a negation before a topic preposition at i ("not
// about", "nicht über").
func negatedTopicAt(s *scan, i int) bool {
	return s.lex.negations[s.toks[i].norm] && i+2 < len(s.toks) && s.lex.topicPreps[s.toks[i+1].norm]
}

// outermost drops the phrases another phrase of the list holds ("past" in
// "past 10 years") and repeats.
func outermost(phrases []string) []string {
	var out []string
	for i, p := range phrases {
		inner := false
		for j, q := range phrases {
			if i != j && (len(q) > len(p) && strings.Contains(q, p) || q == p && j < i) {
				inner = true
				break
			}
		}
		if !inner {
			out = append(out, p)
		}
	}
	return out
}
