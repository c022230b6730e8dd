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
	for j < len(s.toks) && (articles[s.toks[j].norm] || s.toks[j].norm == "a" || s.toks[j].norm == "an" || s.toks[j].norm == "old") && !s.used[j] {
		j++
	}
	if j >= len(s.toks) || s.used[j] {
		return 0, false
	}
	w := s.toks[j].norm
	if len(w) < 4 || !isWord(w) || phraseWords[w] || s.lex.typeWords[w] != "" || s.lex.listStarts[w] ||
		yesNoStarts[w] || openWords[w] || closeWords[w] || isWhWord(w) {
		return 0, false
	}
	// the phrase ends there: a word before more of a place ("in the
	// English region North East", "in de buurt van Aberlady", "in oder
	// bei Whitley Bay") qualifies the place
	if j+1 < len(s.toks) && !afterContainer[s.toks[j+1].norm] {
		return 0, false
	}
	return j, true
}

// afterContainer are the words that may follow what institutions stand in
// ("in parks in Kent", "in castles or towers").
var afterContainer = map[string]bool{"in": true, "and": true, "or": true, "with": true, "that": true, "which": true, "near": true, "around": true}

// phraseWords follow "in" in turns of phrase that set no condition ("in
// total", "still in operation", "in which").
var phraseWords = map[string]bool{
	"total": true, "operation": true, "existence": true, "business": true, "service": true, "particular": true,
	"general": true, "order": true, "addition": true, "fact": true, "detail": true, "details": true, "english": true,
	"german": true, "dutch": true, "deutsch": true, "nederlands": true, "common": true, "terms": true, "relation": true,
	"comparison": true, "charge": true, "front": true, "case": true, "there": true, "here": true, "person": true,
	"future": true, "past": true, "recent": true, "short": true, "brief": true, "place": true, "each": true,
	"every": true, "both": true, "either": true, "same": true, "other": true, "another": true, "their": true,
	"which": true, "what": true, "whose": true, "this": true, "that": true, "these": true, "those": true,
	"your": true, "list": true, "data": true, "dataset": true, "year": true, "years": true, "time": true,
	"area": true, "areas": true, "near": true, "around": true, "within": true,
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
		case judgements[t.norm] && !s.used[i]:
			out = append(out, s.original(i, i+1))
		case demonymOf(t.norm) && !s.used[i] && i+1 < len(s.toks) && !placeQualifiers[s.toks[i+1].norm]:
			// "German art": a nationality of what is held, which no
			// field records (one before a type noun is read as a place,
			// one before a place or its qualifier, "the English county
			// Kent", qualifies the place)
			out = append(out, s.original(i, i+2))
		case t.norm == "open" && i+2 < len(s.toks) && (s.toks[i+1].norm == "on" || s.toks[i+1].norm == "at" || s.toks[i+1].norm == "during") &&
			openingTimes[s.toks[i+2].norm]:
			// "open at weekends", "open on Sundays": opening hours, which
			// the data does not record
			out = append(out, s.original(i, i+3))
		case (t.norm == "in" || t.norm == "inside") && !s.used[i]:
			// "Which museums in Kent are in parks?": what the institutions
			// stand in, which no field records
			if j, ok := containedIn(s, i); ok {
				out = append(out, s.original(i, j+1))
			}
		case negatedTopicAt(s, i) && !s.used[i]:
			// "not about railways": a topic the answer cannot leave out
			out = append(out, s.original(i, i+3))
		case (t.norm == "without" || t.norm == "ohne" || t.norm == "zonder") && i+1 < len(s.toks):
			j := i + 1
			for j < len(s.toks)-1 && nameStop[s.toks[j].norm] {
				j++
			}
			out = append(out, s.original(i, j+1))
		case (moreCues[t.norm] || fewerCues[t.norm]) && i+1 < len(s.toks) && !s.used[i+1]:
			next := s.toks[i+1].norm
			// "nicht mehr geöffnet", "niet meer open": no longer open
			if s.lex.typeWords[next] == "" && !nameStop[next] && next != "than" && !s.lex.isNumeric(next) && !openWords[next] && next != "geoffnet" && next != "open" {
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
			(relativeSpans[s.toks[i+1].norm] || spanUnits[s.toks[i+1].norm] ||
				i+2 < len(s.toks) && relativeSpans[s.toks[i+2].norm] || i+3 < len(s.toks) && relativeSpans[s.toks[i+3].norm]):
			// "in the last ten years": a span back from today, which no
			// rule reads
			j := i + 1
			for j < len(s.toks)-1 && !relativeSpans[s.toks[j].norm] && !spanUnits[s.toks[j].norm] {
				j++
			}
			out = append(out, s.original(i, j+1))
		}
	}
	return out
}

// judgements are words that rank or judge institutions by what the data
// does not record.
var judgements = map[string]bool{
	"best": true, "finest": true, "greatest": true, "famous": true, "popular": true, "busiest": true,
	"interesting": true, "beautiful": true, "nicest": true, "top": true, "beste": true, "besten": true,
	"beroemde": true, "beroemdste": true, "bekannteste": true, "bekanntesten": true, "beliebteste": true,
	"beliebtesten": true, "populaire": true, "populairste": true, "mooiste": true, "schonste": true,
	"schonsten": true,
}

// negatedTopicAt reports a negation before a topic preposition at i ("not
// about", "nicht über").
func negatedTopicAt(s *scan, i int) bool {
	return s.lex.negations[s.toks[i].norm] && i+2 < len(s.toks) && s.lex.topicPreps[s.toks[i+1].norm]
}

// relativeSpans are the units of a span back from today.
var relativeSpans = map[string]bool{"year": true, "years": true, "decade": true, "decades": true, "month": true, "months": true, "jaar": true, "jaren": true, "jahre": true, "jahren": true}

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

// openingTimes are times a question may ask an institution to be open at.
var openingTimes = map[string]bool{
	"weekend": true, "weekends": true, "weekday": true, "weekdays": true, "evening": true, "evenings": true,
	"night": true, "nights": true, "holidays": true, "sunday": true, "sundays": true, "monday": true,
	"mondays": true, "tuesday": true, "tuesdays": true, "wednesday": true, "wednesdays": true,
	"thursday": true, "thursdays": true, "friday": true, "fridays": true, "saturday": true, "saturdays": true,
}
