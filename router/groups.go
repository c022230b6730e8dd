package router

import (
	"math"
	"strings"
)

// groupLevels are the words for a kind of place a question may rank by
// how many institutions each holds, and the field each is read from.
var groupLevels = map[string]string{
	"city": "city", "cities": "city", "town": "city", "towns": "city", "stadt": "city", "stadte": "city",
	"stad": "city", "steden": "city", "plaats": "city", "plaatsen": "city", "ort": "city", "orte": "city",
	"county": "county", "counties": "county", "grafschaft": "county", "grafschaften": "county",
	"graafschap": "county", "graafschappen": "county",
	"region": "subregion", "regions": "subregion", "regio": "subregion", "regios": "subregion",
	"nation": "region", "nations": "region",
	"country": "country", "countries": "country", "land": "country", "lander": "country", "landen": "country",
	// "In what year did the most museums open?": the years of opening
	// (of closing, when the question says so)
	"year": "opened", "years": "opened", "jahr": "opened", "jahren": "opened", "jaar": "opened", "jaren": "opened",
	// "Which organisation runs the most museums?": the organisations
	// that run them
	"organisation": "operator", "organisations": "operator", "organization": "operator", "organizations": "operator",
	"operator": "operator", "operators": "operator", "organisatie": "operator", "organisaties": "operator",
	"betreiber": "operator", "trager": "operator",
	// "Which decade saw the most museums close?"
	"decade": "opened_decade", "decades": "opened_decade", "jahrzehnt": "opened_decade",
	"jahrzehnte": "opened_decade", "jahrzehnten": "opened_decade", "decennium": "opened_decade",
	"decennia": "opened_decade",
	// "Which subject has the most museums in Wales?": the subjects of
	// the members (the part of a record's subject before " / ")
	"subject": "subject", "subjects": "subject", "topic": "subject", "topics": "subject", "theme": "subject",
	"themes": "subject", "thema": "subject", "themen": "subject", "themas": "subject", "onderwerp": "subject",
	"onderwerpen": "subject",
}

// groupPlurals are the plural forms of groupLevels' words.
var groupPlurals = map[string]bool{
	"cities": true, "towns": true, "stadte": true, "steden": true, "plaatsen": true, "orte": true,
	"counties": true, "grafschaften": true, "graafschappen": true, "regions": true, "regios": true,
	"nations": true, "countries": true, "lander": true, "landen": true, "years": true, "jahren": true, "jaren": true,
	"decades": true, "jahrzehnte": true, "jahrzehnten": true, "decennia": true, "organisations": true,
	"organizations": true, "operators": true, "organisaties": true, "subjects": true, "topics": true,
	"themes": true, "themen": true, "themas": true, "onderwerpen": true,
}

// whenStarts ask when.
var whenStarts = map[string]bool{"when": true, "wann": true, "wanneer": true}

// closedAsked reports whether the question speaks of closing ("closed",
// "gingen dicht", "dichtgegaan").
func closedAsked(s *scan) bool {
	gaan, dicht := false, false
	for i, t := range s.toks {
		switch {
		case closeWords[t.norm] || t.norm == "dichtgegaan":
			return true
		case t.norm == "ging" || t.norm == "gingen" || t.norm == "gaat" || t.norm == "gaan":
			gaan = true
		case t.norm == "dicht" && (i+1 == len(s.toks) || s.toks[i+1].norm != "bij"):
			dicht = true // not "dicht bij" (near)
		}
	}
	return gaan && dicht
}

// mostCues and fewestCues rank places by their number of institutions.
var (
	mostCues   = map[string]bool{"most": true, "meisten": true, "meeste": true}
	fewestCues = map[string]bool{"fewest": true, "least": true, "wenigsten": true, "minste": true}
)

// group reads a question for the places that hold the most (or the
// fewest) institutions ("Which city has the most museums?", "Welche
// Stadt hat die meisten Museen?", "the five counties with the most
// accredited museums") and marks its words as read.
func group(s *scan) *Group {
	if g := commonestGroup(s); g != nil {
		return g
	}
	level, at := "", -1
	if len(s.toks) > 0 && whenStarts[s.toks[0].norm] && !s.used[0] {
		// "When did the most museums open?": the year of opening with
		// the most, when a kind of institution follows the cue
		level, at = "opened", 0
	}
	if len(s.toks) > 1 && (s.toks[0].norm == "who" || s.toks[0].norm == "wer") && operateVerbs[s.toks[1].norm] && !s.used[0] {
		// "Who runs the most museums in Cornwall?"
		level, at = "operator", 0
	}
	for i, t := range s.toks {
		if l, ok := groupLevels[t.norm]; ok && !s.used[i] && level == "" {
			level, at = l, i
			continue
		}
		// "the largest number of museums"
		largest := numberOf(s, i)
		if at < 0 || s.used[i] || !mostCues[t.norm] && !fewestCues[t.norm] && !largest {
			continue
		}
		if i+1 < len(s.toks) && recentWords[s.toks[i+1].norm] {
			return nil // "the most recent"
		}
		if at == 0 && whenStarts[s.toks[0].norm] && (i+1 >= len(s.toks) || !typeWordAt(s, i+1)) {
			return nil // "When did the most visited museum open?"
		}
		if closedAsked(s) {
			level = strings.Replace(level, "opened", "closed", 1)
		}
		g := &Group{Level: level, Fewest: fewestCues[t.norm], N: 1}
		if groupPlurals[s.toks[at].norm] {
			g.N = 10
		}
		s.mark(at, at+1)
		s.mark(i, i+1)
		if largest {
			s.mark(i, i+3)
			g.Fewest = smallWords[t.norm]
		}
		if n, ok := countBefore(s, at); ok {
			g.N = n
		}
		return g
	}
	return nil
}

// commonestCues rank the values of a level before it ("the most common
// subject of museums in Wales", "the commonest subjects").
var commonestCues = []string{"most common", "most frequent", "most popular", "commonest", "most usual",
	"haufigste", "haufigsten", "meest voorkomende"}

// commonestGroup reads "the most common <level>" as the value of the
// level that holds the most of the set; "the most common subjects", the
// ten that hold the most.
func commonestGroup(s *scan) *Group {
	for _, cue := range commonestCues {
		at := s.find(cue)
		j := at + strings.Count(cue, " ") + 1
		if at < 0 || j >= len(s.toks) || s.used[j] {
			continue
		}
		l, ok := groupLevels[s.toks[j].norm]
		if !ok || strings.HasPrefix(l, "opened") {
			continue
		}
		g := &Group{Level: l, N: 1}
		if groupPlurals[s.toks[j].norm] {
			g.N = 10
		}
		s.mark(at, j+1)
		return g
	}
	return nil
}

// setSubjects reads "What subjects do the museums in Cornwall cover?",
// "What are the topics of the archives in Bremen?": a question word, a
// plural word for subjects within its first four words, and a kind of
// institution in the plural after it ask for every subject of the set
// with its count.
func setSubjects(s *scan) *Group {
	if len(s.toks) < 3 || !isWhQuestion(s) {
		return nil
	}
	for i := 1; i < min(len(s.toks), 5); i++ {
		t := s.toks[i]
		if s.used[i] || groupLevels[t.norm] != "subject" || !groupPlurals[t.norm] {
			continue
		}
		for j := i + 1; j < len(s.toks); j++ {
			if _, plural, ok := s.lex.typeOfWord(s.toks[j].norm); ok && plural {
				s.mark(i, i+1)
				return &Group{Level: "subject", N: math.MaxInt32, Each: true}
			}
		}
		return nil
	}
	return nil
}

// eachCues ask for a count of every place at a level ("per county", "in
// each county", "pro Grafschaft", "per graafschap").
var eachCues = map[string]bool{
	"per": true, "each": true, "every": true, "pro": true, "je": true, "jede": true, "jeder": true, "jedem": true,
	"jedes": true, "elke": true, "ieder": true, "iedere": true,
}

// eachGroup reads a count of a set by every place at a level: "per
// county", "in each county of Wales", "by county" at the end of the
// question. Before, the words were dropped and the whole set counted,
// called exact.
func eachGroup(s *scan) *Group {
	for _, cue := range []string{"by number of", "by the number of", "by count", "nach anzahl", "nach der anzahl", "naar aantal", "op aantal"} {
		at := s.find(cue)
		if at < 0 {
			continue
		}
		// "List the counties of Scotland by number of museums": every
		// place at the level the question names, with its count
		for i, t := range s.toks {
			if l, ok := groupLevels[t.norm]; ok && groupPlurals[t.norm] && !s.used[i] && !strings.HasPrefix(l, "opened") {
				s.mark(i, i+1)
				s.mark(at, at+strings.Count(cue, " ")+1)
				return &Group{Level: l, N: math.MaxInt32, Each: true}
			}
		}
	}
	for i := 0; i+1 < len(s.toks); i++ {
		w := s.toks[i].norm
		if s.used[i] || s.used[i+1] || !eachCues[w] && !(w == "by" && i+2 == len(s.toks)) {
			continue
		}
		if l, ok := groupLevels[s.toks[i+1].norm]; ok {
			s.mark(i, i+2)
			return &Group{Level: l, N: math.MaxInt32, Each: true}
		}
	}
	return nil
}

// numberOf reports "largest number of", "smallest number of" and the like
// at i: a count, not a size.
func numberOf(s *scan, i int) bool {
	w := s.toks[i].norm
	return (bigWords[w] || smallWords[w]) && i+2 < len(s.toks) && (s.toks[i+1].norm == "number" || s.toks[i+1].norm == "count") &&
		(s.toks[i+2].norm == "of")
}

var (
	bigWords   = map[string]bool{"largest": true, "highest": true, "greatest": true, "biggest": true}
	smallWords = map[string]bool{"smallest": true, "lowest": true}
)
