package router

import (
	"math"
	"strconv"
	"strings"
)

// superlatives name an end of an order: the lowest opening year
// ("oldest"), the highest ("newest") or a size. The attribute "opened"
// becomes "closed" in a question about closing ("the last museum in York
// to close").
var superlatives = map[string]Order{
	"oldest": {Attribute: "opened"}, "earliest": {Attribute: "opened"},
	"alteste": {Attribute: "opened"}, "altesten": {Attribute: "opened"}, "altestes": {Attribute: "opened"},
	"oudste": {Attribute: "opened"}, "oudst": {Attribute: "opened"}, "vroegste": {Attribute: "opened"}, "fruheste": {Attribute: "opened"},
	"fruhesten": {Attribute: "opened"},
	"newest":    {Attribute: "opened", Highest: true}, "youngest": {Attribute: "opened", Highest: true},
	"latest": {Attribute: "opened", Highest: true}, "neueste": {Attribute: "opened", Highest: true},
	"neuesten": {Attribute: "opened", Highest: true}, "neuestes": {Attribute: "opened", Highest: true},
	"jungste": {Attribute: "opened", Highest: true}, "jungsten": {Attribute: "opened", Highest: true},
	"nieuwste": {Attribute: "opened", Highest: true}, "nieuwst": {Attribute: "opened", Highest: true},
	"jongste": {Attribute: "opened", Highest: true},
	"largest": {Attribute: "size", Highest: true}, "biggest": {Attribute: "size", Highest: true},
	"grootste": {Attribute: "size", Highest: true}, "grosste": {Attribute: "size", Highest: true},
	"grossten": {Attribute: "size", Highest: true}, "grosstes": {Attribute: "size", Highest: true},
	"smallest": {Attribute: "size"}, "kleinste": {Attribute: "size"}, "kleinsten": {Attribute: "size"},
	"kleinstes": {Attribute: "size"},
}

// ordinalEnds are "first" and "last", which name an end of the order of
// opening (or closing) years only beside a verb of opening or closing
// ("opened first", "the last to close") or before a type noun ("the
// first museum in Wales").
var ordinalEnds = map[string]bool{
	"first": false, "erste": false, "ersten": false, "erstes": false, "eerste": false, "zuerst": false,
	"last": true, "letzte": true, "letzten": true, "letztes": true, "laatste": true, "laatst": true,
	"zuletzt": true,
}

// recentWords follow "most" in "the most recent", "most recently opened".
var recentWords = map[string]bool{"recent": true, "recently": true}

// order reads the end of an order a question asks for and marks its words
// (and a count before them: "the three oldest", "top 5 newest") as read.
// N is the count, 0 when none is given.
func order(s *scan) *Order {
	verb, closing := false, false
	for _, t := range s.toks {
		verb = verb || openWords[t.norm] || closeWords[t.norm]
		closing = closing || closeWords[t.norm]
	}
	for i, t := range s.toks {
		// a capital inside the question starts a name ("the First
		// Light Museum", "Oldest Sweet Shop")
		if s.used[i] || t.upper && i > 0 && !s.lower {
			continue
		}
		o, ok := superlatives[t.norm]
		if numberOf(s, i) {
			continue // "the largest number of museums": a count (see group)
		}
		nth := 0
		if !ok {
			// "zweitälteste": the second oldest
			for _, p := range ordinalPrefixes {
				if rest, cut := strings.CutPrefix(t.norm, p.prefix); cut {
					if o, ok = superlatives[rest]; ok {
						nth = p.n
					}
				}
			}
		}
		end := i + 1
		switch {
		case ok:
		case t.norm == "most" && i+1 < len(s.toks) && recentWords[s.toks[i+1].norm]:
			o, ok, end = Order{Attribute: "opened", Highest: true}, true, i+2
		default:
			last, ordinal := ordinalEnds[t.norm]
			// "closed last year", "in the last ten years" are times, not
			// an order
			span := false
			for k := i + 1; k < len(s.toks) && k <= i+2; k++ {
				span = span || relativeSpans[s.toks[k].norm] || spanUnits[s.toks[k].norm]
			}
			if ordinal && !span && (verb || i+1 < len(s.toks) && typeWordAt(s, i+1)) {
				o, ok = Order{Attribute: "opened", Highest: last}, true
			}
		}
		if !ok {
			continue
		}
		if o.Attribute == "opened" && closing {
			o.Attribute = "closed"
		}
		s.mark(i, end)
		if n, ok := countBefore(s, i); ok {
			o.N = n
		} else if n, ok := ordinalBefore(s, i); ok {
			o.N = n // "the second oldest": the first two, the second last
		} else if nth > 0 {
			o.N = nth
		} else {
			o.N = countOfType(s)
		}
		return &o
	}
	return nil
}

// typeWordAt reports a type noun at token i.
func typeWordAt(s *scan, i int) bool {
	w := s.toks[i].norm
	if _, _, ok := typeOfWord(w); ok {
		return true
	}
	// a compound led by what it is about ("spoorwegmuseum",
	// "Eisenbahnmuseum", "Stadtbibliothek")
	_, _, _, ok := splitCompound(w)
	return ok
}

// countNumbers are the number words a count of an order is written with.
var countNumbers = map[string]int{
	"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"twenty": 20, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "zehn": 10, "twee": 2, "drie": 3,
	"vijf": 5, "tien": 10,
}

// countBefore reads a count just before the order word at i ("the three
// oldest", "top 5 newest") and marks it, with a "top" before it, as read.
func countBefore(s *scan, i int) (int, bool) {
	if i == 0 || s.used[i-1] {
		return 0, false
	}
	w := s.toks[i-1].norm
	n, ok := countNumbers[w]
	if !ok {
		v, err := strconv.Atoi(w)
		if err != nil || v < 1 || v > 100 {
			return 0, false
		}
		n = v
	}
	s.mark(i-1, i)
	if i >= 2 && s.toks[i-2].norm == "top" {
		s.mark(i-2, i-1)
	}
	return n, true
}

// countOfType reads a count just before a type noun ("Which three museums
// in Lichfield opened first?") and marks it as read; 0 when there is none.
func countOfType(s *scan) int {
	for i := 1; i < len(s.toks); i++ {
		if typeWordAt(s, i) {
			if n, ok := countBefore(s, i); ok {
				return n
			}
		}
	}
	return 0
}

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
			if _, plural, ok := typeOfWord(s.toks[j].norm); ok && plural {
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

// nameWordCues end "… have castle in their name"; nameContains start
// "… whose name contains castle".
var (
	nameWordCues = []string{
		"in their name", "in their names", "in its name", "in the name", "in their title", "in the title",
		"im namen", "in ihrem namen", "in hun naam", "in de naam", "in zijn naam",
	}
	nameContains = []string{
		"name contains", "names contain", "name includes", "names include", "name has", "name enthalt",
		"namen enthalten", "naam bevat", "namen bevatten",
	}
	haveWords = map[string]bool{
		"have": true, "has": true, "with": true, "haben": true, "hat": true, "hebben": true, "heeft": true,
		"mit": true, "met": true, "contain": true, "containing": true,
	}
)

// nameWords reads the words a question asks the names of its list to
// hold ("Which museums have war in their name?", "museums whose name
// contains castle") and marks them, with their cue, as read.
func nameWords(s *scan) []string {
	for _, cue := range nameWordCues {
		at := s.find(cue)
		if at < 0 {
			continue
		}
		from := at
		for from > 0 && !haveWords[s.toks[from-1].norm] && !s.used[from-1] && at-from < 4 {
			from--
		}
		if from == 0 || from == at || !haveWords[s.toks[from-1].norm] {
			return nil
		}
		words := strings.Fields(s.key(from, at))
		s.mark(from, at+strings.Count(cue, " ")+1)
		return words
	}
	for _, cue := range nameContains {
		at := s.find(cue)
		if at < 0 {
			continue
		}
		from := at + strings.Count(cue, " ") + 1
		to := from
		for to < len(s.toks) && to-from < 4 && !s.used[to] {
			to++
		}
		if to == from {
			return nil
		}
		words := strings.Fields(s.key(from, to))
		s.mark(at, to)
		return words
	}
	return nil
}

// ordinals name a place in an order ("the second oldest").
var ordinals = map[string]int{
	"second": 2, "third": 3, "fourth": 4, "fifth": 5, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
	"zweite": 2, "zweiten": 2, "dritte": 3, "dritten": 3, "tweede": 2, "derde": 3, "vierde": 4,
}

// ordinalPrefixes are ordinals written into a German superlative
// ("zweitälteste").
var ordinalPrefixes = []struct {
	prefix string
	n      int
}{{"zweit", 2}, {"dritt", 3}, {"viert", 4}}

// ordinalBefore reads an ordinal just before the order word at i and
// marks it as read.
func ordinalBefore(s *scan, i int) (int, bool) {
	if i == 0 || s.used[i-1] {
		return 0, false
	}
	// "het op één na oudste": the one but oldest
	for phrase, n := range map[string]int{"op een na": 2, "op 1 na": 2, "op twee na": 3, "op 2 na": 3} {
		if k, ok := s.endsAt(i, phrase); ok && s.free(i-k, i) {
			s.mark(i-k, i)
			return n, true
		}
	}
	n, ok := ordinals[s.toks[i-1].norm]
	if ok {
		s.mark(i-1, i)
	}
	return n, ok
}

// spanUnits are the units of a time "last" may start ("last week", "letzte
// Woche") besides relativeSpans.
var spanUnits = map[string]bool{
	"week": true, "weeks": true, "century": true, "centuries": true, "time": true, "woche": true,
	"jahr": true, "monat": true, "week.": true, "maand": true, "eeuw": true, "jahrhundert": true,
}

// countOfKind reads a count right before a plural kind of institution
// ("three museums", "5 libraries", "drei Museen", "vijf musea"), not
// read otherwise, after a word asking for a list ("Name three museums in
// York", "List 5 museums in Leeds", "Give me three archives …"): how many
// to show. 0 when there is none.
func countOfKind(s *scan) int {
	for i := 1; i+1 < len(s.toks); i++ {
		if s.used[i] || !pluralKind(s.toks[i+1].norm) || !listVerbs[s.toks[i-1].norm] {
			continue
		}
		w := s.toks[i].norm
		n, ok := countNumbers[w]
		if !ok {
			v, err := strconv.Atoi(w)
			if err != nil || v < 1 || v > 100 {
				continue
			}
			n = v
		}
		s.mark(i, i+1)
		return n
	}
	return 0
}

// listVerbs ask for a list, right before its count.
var listVerbs = map[string]bool{
	"name": true, "list": true, "me": true, "show": true, "give": true, "suggest": true, "recommend": true,
	"nenne": true, "nenn": true, "mir": true, "zeige": true, "noem": true, "geef": true, "toon": true,
}
