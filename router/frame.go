package router

import (
	"strings"
	"sync"
)

// yesNoStarts open a yes/no question ("Is X accredited?", "Hat X eine
// Website?", "Heeft X een website?").
var yesNoStarts = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "does": true, "do": true, "did": true,
	"has": true, "have": true, "had": true, "can": true, "could": true,
	"ist": true, "sind": true, "war": true, "waren": true, "hat": true, "haben": true, "hatte": true,
	"liegt": true, "gehort": true, "wird": true, "besitzt": true, "existiert": true, "would": true,
	"handelt": true, "zahlt": true, "telt": true, "geldt": true, "wurde": true, "werd": true,
	"befindet": true, "staat": true, "steht": true, "liegen": true, "kan": true, "kann": true, "gaat": true,
	"ging": true, "gingen": true,
	"heeft": true, "hebben": true, "zijn": true, "ligt": true, "hoort": true, "bestaat": true,
}

// existence openers that ask for a set, not a yes or no ("Are there
// museums in Rye?", "Gibt es …", "Zijn er …").
var existenceSeconds = map[string]bool{"there": true, "er": true, "es": true}

// pairCues name the attribute two institutions are compared on.
var pairCues = map[string]Pair{
	"first": {Attribute: "opened", Highest: false}, "earlier": {Attribute: "opened", Highest: false}, "older": {Attribute: "opened", Highest: false},
	"oldest": {Attribute: "opened", Highest: false}, "earliest": {Attribute: "opened", Highest: false}, "sooner": {Attribute: "opened", Highest: false},
	"eerst": {Attribute: "opened", Highest: false}, "eerste": {Attribute: "opened", Highest: false}, "eerder": {Attribute: "opened", Highest: false}, "ouder": {Attribute: "opened", Highest: false},
	"oudste": {Attribute: "opened", Highest: false}, "zuerst": {Attribute: "opened", Highest: false}, "fruher": {Attribute: "opened", Highest: false}, "alter": {Attribute: "opened", Highest: false},
	"alteste": {Attribute: "opened", Highest: false}, "eher": {Attribute: "opened", Highest: false}, "erste": {Attribute: "opened", Highest: false},
	"later": {Attribute: "opened", Highest: true}, "newer": {Attribute: "opened", Highest: true}, "younger": {Attribute: "opened", Highest: true}, "newest": {Attribute: "opened", Highest: true},
	"youngest": {Attribute: "opened", Highest: true}, "latest": {Attribute: "opened", Highest: true}, "jonger": {Attribute: "opened", Highest: true}, "nieuwer": {Attribute: "opened", Highest: true},
	"jongste": {Attribute: "opened", Highest: true}, "nieuwste": {Attribute: "opened", Highest: true}, "junger": {Attribute: "opened", Highest: true}, "neuer": {Attribute: "opened", Highest: true},
	"spater": {Attribute: "opened", Highest: true}, "jungste": {Attribute: "opened", Highest: true}, "neueste": {Attribute: "opened", Highest: true},
	"bigger": {Attribute: "size", Highest: true}, "larger": {Attribute: "size", Highest: true}, "biggest": {Attribute: "size", Highest: true}, "largest": {Attribute: "size", Highest: true},
	"groter": {Attribute: "size", Highest: true}, "grootste": {Attribute: "size", Highest: true}, "grosser": {Attribute: "size", Highest: true}, "grosste": {Attribute: "size", Highest: true},
	"smaller": {Attribute: "size", Highest: false}, "smallest": {Attribute: "size", Highest: false}, "kleiner": {Attribute: "size", Highest: false}, "kleinste": {Attribute: "size", Highest: false},
	"before": {Attribute: "opened", Highest: false}, "vor": {Attribute: "opened", Highest: false}, "voor": {Attribute: "opened", Highest: false}, "prior": {Attribute: "opened", Highest: false},
	"after": {Attribute: "opened", Highest: true}, "nach": {Attribute: "opened", Highest: true}, "na": {Attribute: "opened", Highest: true},
}

// pairJoins link the two institutions of a comparison ("A or B", "A
// than B", "A before B").
var pairJoins = map[string]bool{
	"or": true, "oder": true, "of": true, "than": true, "als": true, "dan": true, "vs": true, "versus": true,
	"before": true, "after": true, "vor": true, "nach": true, "voor": true, "na": true, "and": true, "und": true, "en": true,
}

// pairShape reports a comparison of two named things: a pair cue (one
// typo allowed) and a word joining two alternatives.
func pairShape(s *scan) bool {
	cue, join := false, false
	for _, t := range s.toks {
		join = join || pairJoins[t.norm]
		if _, ok := pairCueWord(t.norm); ok {
			cue = true
		}
	}
	return cue && join
}

// pairCueWord reads a pair cue, allowing one typo in words of six letters
// or more ("eqrlier", "oldre").
func pairCueWord(w string) (Pair, bool) {
	if p, ok := pairCues[w]; ok {
		return p, true
	}
	if len(w) < 5 || knownWords[w] {
		return Pair{}, false
	}
	for cue, p := range pairCues {
		if len(cue) >= 5 && osa(cue, w, 1) <= 1 {
			return p, true
		}
	}
	return Pair{}, false
}

// moreCues ask which side has more (or fewer) institutions.
var moreCues = map[string]bool{
	"more": true, "most": true, "mehr": true, "meisten": true, "meer": true, "meeste": true,
}

var fewerCues = map[string]bool{
	"fewer": true, "less": true, "fewest": true, "least": true, "weniger": true, "wenigsten": true,
	"minder": true, "minste": true,
}

// countCues ask for a number.
var countCues = []string{
	"how many", "how much", "number of", "count of", "count the", "wie viele", "wieviele", "anzahl",
	"hoeveel", "aantal", "total number",
}

// orWords join the two alternatives of a choice.
var orWords = map[string]bool{"or": true, "oder": true, "of": true, "vs": true, "versus": true}

// frameOf decides the question frame once the constraints are read. c is
// the full constraint set, before single-entity questions drop their list
// filters, so that a yes/no question keeps the property it tests.
func frameOf(s *scan, c *Constraints, hasIDs bool, intent Intent, sides int) (Frame, *Test, *Pair) {
	entities := len(c.Names) + len(c.ISILs) + len(c.QIDs) + len(c.GHCIDs) + len(c.GNDs) + len(c.RORs)
	first := ""
	if len(s.toks) > 0 {
		first = s.toks[0].norm
	}
	second := ""
	if len(s.toks) > 1 {
		second = s.toks[1].norm
	}
	yesNo := yesNoStart(s) && !existenceSeconds[second] && !isWhQuestion(s) && !politeRequest(s)
	// "X: is it in Stocksfield?", "X – ist es noch geöffnet?"
	yesNo = yesNo || entities >= 1 && !isWhQuestion(s) && s.hasAny("is it", "ist es", "is het", "does it", "has it", "hat es", "heeft het")
	// "Is there a website for X?", "Gibt es eine Webseite von X?"
	yesNo = yesNo || existenceSeconds[second] && yesNoStarts[first] && c.Field != "" && entities >= 1
	// shorthand: "morpeth chantry bagpipe museum accredited?"
	yesNo = yesNo || !isWhQuestion(s) && !listStarts[first] && c.Field == "" && entities == 1 &&
		(c.Accreditation != "" || len(c.Bodies) > 0 || hasStatusWord(s))
	if entities >= 2 {
		if p, ok := pairCue(s); ok {
			// "Is A older than B?" asks whether the first named wins;
			// "Which opened first, A or B?" asks for the winner
			p.YesNo = yesNoStart(s) && !isWhQuestion(s) && !offersChoice(s)
			return FramePair, nil, &p
		}
	}
	if (len(c.Places) >= 2 || len(c.Bodies) >= 2) && hasChoice(s) {
		for _, t := range s.toks {
			if moreCues[t.norm] || fewerCues[t.norm] {
				// the side with the most wins, or the fewest for "fewer"
				return FrameMore, nil, &Pair{Attribute: "count", Highest: moreCues[t.norm]}
			}
		}
	}
	// "X - archive or not?"
	yesNo = yesNo || entities == 1 && s.hasAny("or not", "oder nicht", "of niet")
	// "Is X open or closed?" asks which, not whether
	yesNo = yesNo && !(entities == 1 && offersChoice(s))
	if yesNo && entities >= 1 {
		if t, ok := yesNoTest(s, c); ok {
			return FrameYesNo, &t, nil
		}
	}
	if countAsked(s) && !hasIDs && len(c.Names) == 0 {
		return FrameCount, nil, nil
	}
	switch {
	case intent == Comparative && sides > 1:
		return FrameCompare, nil, nil
	case c.List:
		return FrameSet, nil, nil
	case relationFields[c.Field] || (c.Relation == "houses" || c.Relation == "located_in") && len(c.Names) > 0:
		return FrameRelation, nil, nil
	case c.Field != "":
		return FrameField, nil, nil
	case hasIDs:
		return FrameLookup, nil, nil
	case len(c.Bodies) > 0:
		return FrameSet, nil, nil
	}
	return FrameRanking, nil, nil
}

// relationFields are fields that name other institutions or bodies.
var relationFields = map[string]bool{"operator": true, "member_of": true, "successor": true, "predecessor": true}

// isWhQuestion reports a question word ("what", "which", "when", …) among
// the first three tokens.
func isWhQuestion(s *scan) bool {
	for i := 0; i < len(s.toks) && i < 3; i++ {
		if isWhWord(s.toks[i].norm) {
			return true
		}
	}
	return false
}

func isWhWord(w string) bool {
	switch w {
	case "what", "which", "who", "when", "where", "how", "why", "welche", "welcher", "welchem", "welches", "wer",
		"wann", "wo", "wie", "warum", "welke", "welk", "wanneer", "waar", "wat", "hoe", "waarom":
		return true
	}
	return false
}

func pairCue(s *scan) (Pair, bool) {
	for _, t := range s.toks {
		if p, ok := pairCueWord(t.norm); ok {
			if p.Attribute == "opened" {
				for _, u := range s.toks {
					if closeWords[u.norm] {
						p.Attribute = "closed"
					}
				}
			}
			return p, true
		}
	}
	return Pair{}, false
}

// hasChoice reports an "A or B" / "A vs B" shape.
func hasChoice(s *scan) bool {
	for _, t := range s.toks {
		if orWords[t.norm] {
			return true
		}
	}
	return false
}

// statusWords test whether an institution is open or closed.
var statusWords = map[string]string{
	"open": "open", "opened": "open", "geopend": "open", "geoffnet": "open", "offen": "open",
	"closed": "closed", "gesloten": "closed", "geschlossen": "closed", "shut": "closed",
}

// politeRequest reads "Can you tell me …", "Kannst du mir sagen …", "Kunt
// u …": a request for a value, not a yes/no question.
func politeRequest(s *scan) bool {
	if len(s.toks) < 2 {
		return false
	}
	switch s.toks[0].norm {
	case "can", "could", "would", "kannst", "konnen", "konnten", "konntest", "kunt", "kun", "kan", "zou":
		switch s.toks[1].norm {
		case "you", "u", "je", "jij", "du", "sie", "ihr", "someone", "anyone":
			return true
		}
	}
	return false
}

func hasStatusWord(s *scan) bool {
	for _, t := range s.toks {
		if _, ok := statusWords[t.norm]; ok {
			return true
		}
	}
	return false
}

// yesNoTest reads the property a yes/no question checks, most specific
// first.
func yesNoTest(s *scan, c *Constraints) (Test, bool) {
	switch {
	case len(c.Bodies) > 0:
		var want []string
		for _, b := range c.Bodies {
			want = append(want, b.Name)
		}
		return Test{Property: "member_of", Want: want}, true
	case c.Accreditation != "":
		return Test{Property: "accreditation", Want: []string{c.Accreditation}}, true
	case c.Years != nil:
		return Test{Property: c.Years.Field, Years: c.Years}, true
	}
	if c.Field == "accreditation" {
		return Test{Property: "accreditation", Want: []string{"Accredited"}}, true
	}
	// "Can I still visit X?", "Is X still open, or has it closed?"
	if s.hasAny("still", "noch", "nog", "visit", "besuchen", "bezoeken", "nach wie vor") {
		return Test{Property: "status", Want: []string{"open"}}, true
	}
	for _, t := range s.toks {
		if st, ok := statusWords[t.norm]; ok {
			return Test{Property: "status", Want: []string{st}}, true
		}
	}
	switch {
	case len(c.Places) > 0:
		var want []string
		for _, p := range c.Places {
			want = append(want, p.Name)
		}
		return Test{Property: "place"}, len(want) > 0
	case len(c.TypeCodes) > 0:
		return Test{Property: "type", Want: c.TypeCodes}, true
	case len(c.GovernanceCodes) > 0:
		return Test{Property: "governance", Want: c.GovernanceCodes}, true
	case len(c.Sizes) > 0:
		return Test{Property: "size", Want: c.Sizes}, true
	case c.Field != "" && !relationFields[c.Field]:
		return Test{Property: c.Field}, true
	}
	return Test{}, false
}

// frameIntent is the intent a frame implies when the rule scores are
// unsure or disagree with the question's shape.
func frameIntent(f Frame, p *Pair, t *Test, intent Intent) Intent {
	switch f {
	case FramePair, FrameMore:
		return Comparative
	case FrameYesNo:
		if t != nil && t.Property == "member_of" {
			return Relationship
		}
		return Factual
	case FrameRelation:
		return Relationship
	}
	return intent
}

// knownWords are the words the rules understand: question words, cue
// phrases, type, governance, size and status words. A free word outside
// them (and outside names, places and subjects, which consume their
// words) is a word the router did not understand.
var knownWords = map[string]bool{}

var knownOnce sync.Once

// buildKnownWords fills knownWords once every word table is initialised.
func buildKnownWords() {
	add := func(phrases ...string) {
		for _, p := range phrases {
			for _, w := range strings.Fields(p) {
				knownWords[w] = true
			}
		}
	}
	for w := range commonWords {
		add(w)
	}
	for w := range typeWords {
		add(w)
	}
	for w := range listStarts {
		add(w)
	}
	for w := range locatives {
		add(w)
	}
	for w := range negations {
		add(w)
	}
	for w := range governancePhrases {
		add(w)
	}
	for w := range accreditationWords {
		add(w)
	}
	for w := range sizeWords {
		add(w)
	}
	for w := range closeWords {
		add(w)
	}
	for w := range openWords {
		add(w)
	}
	for w := range yesNoStarts {
		add(w)
	}
	for w := range pairCues {
		add(w)
	}
	for w := range moreCues {
		add(w)
	}
	for w := range fewerCues {
		add(w)
	}
	for w := range statusWords {
		add(w)
	}
	for w := range operateVerbs {
		add(w)
	}
	add(partOfCues...)
	add(operatedByCues...)
	add(housesCues...)
	add(whenWords...)
	add(countCues...)
	add(compareCues...)
	add(collectionCues...)
	for _, fc := range fieldCues {
		add(fc.phrase)
	}
	add(fillerWords...)
}

// fillerWords carry no constraint in a heritage question: verbs, pronouns,
// politeness and trip phrasing in English, Dutch and German.
var fillerWords = []string{
	"what", "whats", "which", "who", "whom", "whose", "where", "when", "why", "how", "there", "here",
	"please", "thanks", "thank", "could", "would", "should", "might", "may", "must", "shall", "want", "wanted",
	"like", "looking", "look", "search", "searching", "know", "tell", "say", "let", "lets", "need", "help",
	"visit", "visiting", "visitor", "visitors", "go", "going", "went", "see", "seen", "trip", "day", "days",
	"out", "weekend", "holiday", "tour", "around", "near", "nearby", "close", "closest", "nearest", "somewhere",
	"place", "places", "site", "sites", "located", "situated", "lies", "lie", "found", "find", "exist", "exists",
	"existing", "located", "known", "recorded", "listed", "data", "dataset", "database", "record", "records",
	"according", "your", "available", "kind", "kinds", "type", "types", "sort", "sorts", "one", "ones",
	"called", "named", "name", "names", "get", "got", "get", "give", "show", "list", "find", "me", "us",
	"an", "a", "the", "and", "or", "but", "if", "than", "then", "so", "as", "at", "to", "into", "onto", "up",
	"down", "same", "different", "such", "each", "every", "either", "neither", "both", "also", "too", "very",
	"really", "just", "only", "even", "yet", "ever", "never", "not", "no", "yes", "any", "anything",
	"something", "everything", "all", "whole", "entire", "number", "total", "first", "second", "two",
	"answer", "question", "institutions", "institution", "organisation", "organisations", "organization",
	"organizations", "body", "bodies", "group", "groups", "network", "trust", "company", "foundation",
	"site", "venue", "venues", "attraction", "attractions", "thing", "things", "today",
	"currently", "still", "now", "ago", "anymore", "longer", "again", "year", "years", "century", "date",
	"dates", "time", "period", "ist", "sind", "gibt", "es", "welche", "welcher", "welches", "wo", "wie",
	"was", "wer", "ich", "mir", "mich", "wir", "uns", "du", "ihr", "sie", "man", "kann", "konnen", "mochte",
	"mochten", "will", "wollen", "bitte", "zeig", "zeige", "nenne", "nenn", "liste", "alle", "jede", "jeder",
	"noch", "schon", "auch", "nur", "sehr", "gern", "besuchen", "besuch", "ausflug", "tag", "heute",
	"liegt", "liegen", "befindet", "befinden", "gelegen", "ort", "orte", "stadt", "gemeinde", "kreis",
	"landkreis", "bezirk", "region", "einrichtung", "einrichtungen", "institution", "institutionen",
	"organisation", "gehort", "gehoren", "betreibt", "betreiben", "verwaltet", "unter", "uber", "mit",
	"ohne", "fur", "durch", "auf", "an", "am", "im", "ins", "zum", "zur", "vom", "beim", "bis", "seit",
	"ab", "als", "wenn", "dass", "ob", "nicht", "kein", "keine", "ja", "nein", "mehr", "weniger",
	"wat", "welke", "welk", "wie", "waar", "wanneer", "hoe", "er", "zijn", "is", "was", "waren", "heeft",
	"hebben", "had", "ik", "mij", "me", "wij", "we", "ons", "jij", "je", "u", "kan", "kunnen", "wil",
	"willen", "graag", "alstublieft", "toon", "noem", "geef", "lijst", "alle", "elke", "nog", "al", "ook",
	"alleen", "zeer", "heel", "bezoeken", "bezoek", "uitje", "dagje", "dag", "vandaag", "ligt", "liggen",
	"gelegen", "plaats", "plaatsen", "stad", "gemeente", "provincie", "instelling", "instellingen",
	"organisatie", "hoort", "horen", "beheert", "onder", "over", "met", "zonder", "voor", "door", "op",
	"aan", "bij", "tot", "sinds", "vanaf", "als", "dan", "dat", "of", "niet", "geen", "ja", "nee", "meer",
	"minder", "welcome", "opening", "hours", "many", "much", "few", "several", "some", "various",
	"museum", "collection", "collections", "about", "devoted", "dedicated", "related", "themed", "focus",
	"focusing", "focused", "specialising", "specializing", "specialised", "specialized", "featuring",
	"feature", "features", "displays", "display", "exhibitions", "exhibition", "exhibit", "exhibits", "objects",
	"items", "holdings", "topic", "topics", "subject", "subjects", "classification", "classified", "theme",
	"themes", "area", "areas", "part", "parts", "located", "inside", "within", "outside", "this", "that",
	"these", "those", "it", "its", "they", "their", "them", "he", "she", "his", "her", "one", "of", "in",
	"on", "by", "for", "from", "with", "without", "about", "across", "throughout", "between", "among",
	"amongst", "while", "during", "after", "before", "since", "until", "till", "ago", "against", "via",
	"per", "plus", "minus", "vs", "versus", "compared", "compare", "comparing", "comparison", "respectively",
	"english", "scottish", "welsh", "irish", "british", "german", "dutch", "uk", "u", "k", "de", "het",
	"een", "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
	"van", "von", "zu", "und", "en", "oder", "doch", "aber", "maar", "want", "omdat", "weil", "denn",
	"mostly", "mainly", "chiefly", "primarily", "especially", "particularly", "exactly", "precisely",
	"officially", "formally", "actually", "still", "ever", "exist", "existed", "stand", "stands", "based",
	"headquartered", "seated", "home", "homes", "hosted", "hosts", "host", "houses", "housed", "keep",
	"keeps", "kept", "hold", "holds", "held", "own", "owns", "owned", "belong", "belongs", "belonged",
	"run", "runs", "ran", "running", "manage", "manages", "managed", "operate", "operates", "operated",
	"responsible", "charge", "oversee", "oversees", "overseen", "ownership", "owner", "owners", "parent",
	"umbrella", "member", "members", "membership", "branch", "branches", "affiliated", "affiliate",
	"affiliation", "counts", "count", "tally", "total", "amount", "quantity", "numbers", "figure",
	"winner", "win", "wins", "won", "beat", "beats", "rank", "ranks", "ranking", "highest", "lowest",
	"top", "bottom", "best", "worst", "good", "great", "nice", "interesting", "famous", "popular",
	"well", "worth", "recommend", "recommended", "suggest", "suggestions", "ideas", "options",
	"wurde", "wurden", "werden", "worden", "geworden", "wird", "word", "wordt", "werd", "sein",
	"gewesen", "geweest", "bin", "ben", "bent", "eigentlich", "eigenlijk", "genau", "precies",
	"besteht", "bestehen", "existiert", "bestaat", "bestaan", "wem", "wen", "whom", "kwam", "came",
	"trat", "stelle", "plaats", "interested", "interest", "interests", "keen", "fan", "fans", "enjoy", "love",
	"loves", "fond", "curious", "plan", "planning", "travel", "travelling", "traveling", "staying", "stay",
	"holidays", "vacation", "kids", "children", "family", "families", "friends", "good", "worthwhile",
	"interessiert", "interesse", "interessant", "geinteresseerd", "interessante", "urlaub", "vakantie",
	"reis", "reise", "kinderen", "kinder", "familie", "lohnt", "lohnen", "moet", "muss", "sollte", "zou",
	"moeten", "mussen", "sollten", "should", "ought",
}

// unknownWords are the free words of the question that no rule explains:
// an unknown topic ("whisky"), a place the data does not hold, a name not
// in the data, or an off-topic request ("weather").
// Adjacent unknown words are one phrase ("Zentralbibliothek
// Fantasiestadt").
//
// dropped are the phrases among them that stand where a constraint would
// ("sushi museums", "collections about karaoke", "in Bayern"): the answer
// ignores a constraint there and must not call itself exact.
func unknownWords(s *scan) (unknown, dropped []string) {
	knownOnce.Do(buildKnownWords)
	start, last := -1, -1
	flush := func() {
		if start >= 0 {
			ph := s.original(start, last+1)
			unknown = append(unknown, ph)
			if constraintSlot(s, start, last+1) {
				dropped = append(dropped, ph)
			}
		}
		start = -1
	}
	mask := unknownMask(s)
	for i := range s.toks {
		if !mask[i] {
			continue
		}
		if start >= 0 && last != i-1 {
			flush()
		}
		if start < 0 {
			start = i
		}
		last = i
	}
	flush()
	return unknown, dropped
}

// unknownName widens the first run of unknown tokens to the name-like
// phrase around it: capitalised words (type words included, question
// words not) and the articles and prepositions between them.
//
// The run must itself look like part of a name: capitalised, or, in a
// question written all in lower case, leading into words read as a name
// ("upper wyvern button museum"). Lower-case verbs and cue words the rules
// do not know ("… gevestigd", "category of …") start no name.
func unknownName(s *scan, mask []bool) string {
	if runs := nameRuns(s, mask); len(runs) > 0 {
		return s.original(runs[0][0], runs[0][1])
	}
	return ""
}

// nameRuns returns every run of unknown tokens that looks like part of a
// name, widened as unknownName says, in question order.
func nameRuns(s *scan, mask []bool) [][2]int {
	nameWord := func(k int) bool {
		t := s.toks[k]
		if typeWords[t.norm] != "" {
			return true
		}
		return t.upper && !knownWords[t.norm] && !listStarts[t.norm]
	}
	var runs [][2]int
	for k, j := 0, 0; k < len(mask); k = j {
		if !mask[k] {
			j = k + 1
			continue
		}
		for j = k + 1; j < len(mask) && mask[j]; j++ {
		}
		if !(s.lower && j < len(mask) && s.used[j] || !s.lower && s.toks[k].upper) {
			continue
		}
		i := k
		for {
			if i > 0 && nameWord(i-1) {
				i--
			} else if i > 1 && nameStop[s.toks[i-1].norm] && nameWord(i-2) {
				i -= 2
			} else {
				break
			}
		}
		for {
			if j < len(mask) && nameWord(j) {
				j++
			} else if j+1 < len(mask) && nameStop[s.toks[j].norm] && nameWord(j+1) {
				j += 2
			} else {
				break
			}
		}
		runs = append(runs, [2]int{i, j})
	}
	return runs
}

// unknownMask marks the tokens no pass consumed that are no function or
// cue word (nor one edit from one).
func unknownMask(s *scan) []bool {
	knownOnce.Do(buildKnownWords)
	mask := make([]bool, len(s.toks))
	for i, t := range s.toks {
		mask[i] = !(s.used[i] || len(t.norm) < 3 || knownWords[t.norm] || isNumeric(t.norm) ||
			strings.HasSuffix(t.norm, "s") && knownWords[strings.TrimSuffix(t.norm, "s")] ||
			nearKnown(t.norm) && !placeSlot(s, i))
	}
	return mask
}

// nearKnown reports a misspelt function or cue word ("shojld", "regin"):
// one edit from a known word of five letters or more.
func nearKnown(w string) bool {
	if len(w) < 5 {
		return false
	}
	for k := range knownWords {
		if len(k) >= 5 && abs(len(k)-len(w)) <= 1 && osa(k, w, 1) <= 1 {
			return true
		}
	}
	return false
}

// topicPreps introduce the topic of a list ("museums about X", "Musea
// over X", "Museen zum Thema X").
var topicPreps = map[string]bool{
	"about": true, "on": true, "over": true, "uber": true, "zum": true, "zur": true, "thema": true, "themed": true,
	"devoted": true, "dedicated": true, "related": true, "featuring": true, "concerning": true, "regarding": true,
	"covering": true, "showing": true, "betreffende": true, "rond": true, "rondom": true, "mit": true, "met": true,
}

// constraintSlot reports whether the unknown phrase [i, j) stands where
// a constraint would: before a type noun, after a topic preposition, or a
// capitalised word after a locative (an unknown place).
func constraintSlot(s *scan, i, j int) bool {
	if j < len(s.toks) {
		if code := typeWords[s.toks[j].norm]; code != "" {
			return true
		}
	}
	if i > 0 {
		prev := s.toks[i-1].norm
		if topicPreps[prev] || prev == "of" && i > 1 && typeWords[s.toks[i-2].norm] != "" {
			return true
		}
		if locatives[prev] && s.toks[i].upper && prev != "of" && prev != "and" {
			return true
		}
	}
	return false
}

// isNumeric accepts digits and decades ("1980s").
func isNumeric(w string) bool {
	return isNumber(w) || len(w) == 5 && w[4] == 's' && isNumber(w[:4])
}

// offTopic reports a question with nothing a heritage dataset can answer:
// no institution, identifier, body, type, topic, field or time, only words
// the rules do not know (and perhaps a place: "the weather in Amsterdam").
func offTopic(c Constraints) bool {
	return len(c.Names)+len(c.Bodies)+len(c.TypeCodes)+len(c.Subjects)+len(c.GovernanceCodes)+len(c.Sizes)+
		len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) == 0 &&
		c.Field == "" && c.Years == nil && c.Accreditation == "" && c.Relation == ""
}

// yesNoStart reports a first word that opens a yes/no question, allowing
// one typo in a verb of four letters or more ("Liwgt").
func yesNoStart(s *scan) bool {
	if len(s.toks) == 0 {
		return false
	}
	first := s.toks[0].norm
	if first == "was" && len(s.toks) > 1 && germanAfterWas[s.toks[1].norm] {
		return false // German "was" is "what"
	}
	if yesNoStarts[first] {
		return true
	}
	if len(first) >= 4 && !knownWords[first] {
		for w := range yesNoStarts {
			if len(w) >= 4 && osa(w, first, 1) <= 1 {
				return true
			}
		}
	}
	return false
}

// germanAfterWas are words after which "was" is German "what".
var germanAfterWas = map[string]bool{
	"wurde": true, "ist": true, "fur": true, "hat": true, "war": true, "sind": true, "gibt": true, "kam": true,
	"trat": true, "befindet": true, "weiss": true, "macht": true,
}

// offersChoice reports "A or B" (but not "… or not").
func offersChoice(s *scan) bool {
	for i, t := range s.toks {
		if t.norm == "or" || t.norm == "oder" || t.norm == "of" && i+1 < len(s.toks) && !s.used[i+1] {
			if i+1 < len(s.toks) {
				switch s.toks[i+1].norm {
				case "not", "nicht", "niet", "has", "is", "was", "did", "does", "hat", "ist", "heeft", "had":
					continue // "… or not", "… or has it closed?"
				}
			}
			if t.norm == "of" && (i+1 >= len(s.toks) || s.toks[i+1].norm == "the") {
				continue
			}
			return true
		}
	}
	return false
}

// yesNoShape reports a question that opens like a yes/no question about
// one institution ("Is …", "Hat …", "Kan ik … nog bezoeken").
func yesNoShape(s *scan) bool {
	if len(s.toks) < 2 || isWhQuestion(s) {
		return false
	}
	first := s.toks[0].norm
	return (yesNoStart(s) || first == "kann" || first == "kan") && !existenceSeconds[s.toks[1].norm] ||
		s.hasAny("is it", "ist es", "is het")
}

// parentAsked reports a question for the organisation an institution
// belongs to ("Which organisation is X part of?", "Wovon ist X ein Teil?",
// "Waar hoort X bij?").
func parentAsked(s *scan) bool {
	return s.hasAny("which organisation", "what organisation", "which organization", "what organization",
		"which group", "what group", "which body", "what body", "which trust", "welche organisation",
		"welcher organisation", "welcher gruppe", "welche gruppe", "welke organisatie", "welke groep", "wovon",
		"waar hoort", "waar horen", "van welke", "part of what", "part of which", "branch of which",
		"branch of what", "zu wem", "bij wie")
}

// childrenAsked reports a question for the institutions that belong to a
// named one: a plural type noun or a word for its sites or branches.
func childrenAsked(s *scan, plural bool) bool {
	return plural || s.hasAny("sites", "branches", "members", "locations", "venues", "vestigingen", "standorte",
		"filialen", "zweigstellen", "onderdelen", "einrichtungen", "instellingen", "institutions", "museums",
		"musea", "museen")
}

// countAsked reports a question for a number ("how many", "hoeveel"), one
// typo allowed ("Hoveeel").
func countAsked(s *scan) bool {
	if s.hasAny(countCues...) {
		return true
	}
	for _, c := range countCues {
		if strings.Contains(c, " ") {
			if s.hasNear(c) {
				return true
			}
			continue
		}
		for _, t := range s.toks {
			if len(c) >= 6 && len(t.norm) >= 5 && !knownWords[t.norm] && osa(c, t.norm, 1) <= 1 {
				return true
			}
		}
	}
	return false
}
