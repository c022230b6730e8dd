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
	for j < len(s.toks) && (s.lex.articles[s.toks[j].norm] || s.toks[j].norm == "a" || s.toks[j].norm == "an" || s.toks[j].norm == "old") && !s.used[j] {
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
	for i, t := range s.toks {
		switch {
		case s.lex.judgements[t.norm] && !s.used[i]:
			out = append(out, s.original(i, i+1))
		case s.lex.demonymOf(t.norm) && !s.used[i] && i+1 < len(s.toks) && !s.lex.placeQualifiers[s.toks[i+1].norm]:
			// "German art": a nationality of what is held, which no
			// field records (one before a type noun is read as a place,
			// one before a place or its qualifier, "the English county
			// Kent", qualifies the place)
			out = append(out, s.original(i, i+2))
		case t.norm == "open" && i+2 < len(s.toks) && (s.toks[i+1].norm == "on" || s.toks[i+1].norm == "at" || s.toks[i+1].norm == "during") &&
			s.lex.openingTimes[s.toks[i+2].norm]:
			// "open at weekends", "open on Sundays": opening hours, which
			// the data does not record
			out = append(out, s.original(i, i+3))
		case (t.norm == "in" || t.norm == "inside") && !s.used[i]:
			// a setting the institutions stand in (parks, gardens),
			// which no field records
			if j, ok := containedIn(s, i); ok {
				out = append(out, s.original(i, j+1))
			}
		case negatedTopicAt(s, i) && !s.used[i]:
			// "not about railways": a topic the answer cannot leave out
			out = append(out, s.original(i, i+3))
		case (t.norm == "without" || t.norm == "ohne" || t.norm == "zonder") && i+1 < len(s.toks):
			j := i + 1
			for j < len(s.toks)-1 && s.lex.nameStop[s.toks[j].norm] {
				j++
			}
			out = append(out, s.original(i, j+1))
		case (s.lex.moreCues[t.norm] || s.lex.fewerCues[t.norm]) && i+1 < len(s.toks) && !s.used[i+1]:
			next := s.toks[i+1].norm
			// "nicht mehr geöffnet", "niet meer open": no longer open
			if s.lex.typeWords[next] == "" && !s.lex.nameStop[next] && next != "than" && !s.lex.isNumeric(next) && !s.lex.openWords[next] && next != "geoffnet" && next != "open" {
				out = append(out, s.original(i, i+2))
			}
			// "more than 100,000 visitors": a number of something no
			// field records (numbers of museums are counted elsewhere)
			if next == "than" && i+3 < len(s.toks) && s.lex.isNumber(strings.ReplaceAll(s.toks[i+2].norm, ",", "")) &&
				s.lex.typeWords[s.toks[i+3].norm] == "" {
				out = append(out, s.original(i, i+4))
			}
		case (t.norm == "last" || t.norm == "past" || t.norm == "this" || t.norm == "letzten" || t.norm == "letztes" ||
			t.norm == "vorigen" || t.norm == "vorig" || t.norm == "afgelopen" || t.norm == "dit") && !yearsRead && i+1 < len(s.toks) &&
			(s.lex.relativeSpans[s.toks[i+1].norm] || s.lex.spanUnits[s.toks[i+1].norm] ||
				i+2 < len(s.toks) && s.lex.relativeSpans[s.toks[i+2].norm] || i+3 < len(s.toks) && s.lex.relativeSpans[s.toks[i+3].norm]):
			// "in the last ten years": a span back from today, which no
			// rule reads
			j := i + 1
			for j < len(s.toks)-1 && !s.lex.relativeSpans[s.toks[j].norm] && !s.lex.spanUnits[s.toks[j].norm] {
				j++
			}
			out = append(out, s.original(i, j+1))
		}
	}
	return out
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
