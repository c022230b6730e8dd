package router

import (
	"strings"
	"sync"
)

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
	for w := range superlatives {
		add(w)
	}
	for w := range ordinalEnds {
		add(w)
	}
	for w := range recentWords {
		add(w)
	}
	for w := range groupLevels {
		add(w)
	}
	for w := range fewestCues {
		add(w)
	}
	for w := range ordinals {
		add(w)
	}
	add(exceptCues...)
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
		// the words of a field the data does not record are read only
		// where the phrase stands (see markFieldCue): "Telephone" in
		// "Guernsey Telephone Musemu" is part of a name to read
		if !unrecordedFields[fc.field] {
			add(fc.phrase)
		}
	}
	add(fillerWords...)
}

// fillerSet holds the fillerWords.
var fillerSet = func() map[string]bool {
	m := make(map[string]bool, len(fillerWords))
	for _, w := range fillerWords {
		m[w] = true
	}
	return m
}()

// fillerWords carry no constraint in a heritage question: verbs, pronouns,
// politeness and trip phrasing in English, Dutch and German.
var fillerWords = []string{
	"altogether", "overall", "insgesamt", "gesamt", "totaal", "total", "heisst", "heist", "heet", "heten",
	"what", "whats", "which", "who", "whom", "whose", "where", "when", "why", "how", "there", "here",
	"please", "thanks", "thank", "could", "would", "should", "might", "may", "must", "shall", "want", "wanted",
	"like", "looking", "look", "search", "searching", "know", "tell", "say", "let", "lets", "need", "help",
	"visit", "visiting", "visitor", "visitors", "go", "going", "went", "see", "seen", "saw", "witnessed", "whether", "wonder", "wondering", "curious", "weet", "weten", "weisst", "weiss", "learn", "learning", "discover", "explore", "enjoy", "admire", "sehen", "zien", "lernen", "leren", "trip", "day", "days",
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
	"landkreis", "bezirk", "grafschaft", "graafschap", "region", "next", "week", "weeks", "month", "months",
	"overview", "overzicht", "uberblick", "ubersicht", "locaties", "locatie", "standort", "standorte", "buurt",
	"nahe", "umgebung", "omgeving", "englischen", "englische", "englisch", "engelse", "engels", "schottischen",
	"schotse", "walisischen", "welshe", "classificatie", "onderwerpsclassificatie", "klassifikation",
	"sachgebietsklassifikation", "sachgebiet", "onderwerp", "einrichtung", "einrichtungen", "institution", "institutionen",
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
	"cover", "covers", "covering", "things", "artefacts", "artifacts", "hold", "holds",
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
	"moeten", "mussen", "sollten", "should", "ought", "contain", "contains", "include", "includes",
	"enthalt", "enthalten", "bevat", "bevatten", "dachorganisation", "mutterorganisation", "ubergeordnete",
	"moederorganisatie", "overkoepelende",
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

// unread returns the unknown phrases that hold a word of three letters or
// more that is no misspelling of a known word: "free", "Quakers", not
// "viit" (visit) or "Engkish".
func unread(unknown []string) []string {
	var out []string
	for _, ph := range unknown {
		for _, w := range strings.Fields(normalize(ph)) {
			if len(w) >= 3 && !nearAnyKnown(w) {
				out = append(out, ph)
				break
			}
		}
	}
	return out
}

// nearAnyKnown reports a word one edit from a known word of five letters
// or more, or of four letters one letter short of a known word of five
// ("viit" for visit): a four-letter word has too many neighbours ("cafe",
// "care") to be read as a typo of any of them.
func nearAnyKnown(w string) bool {
	if len(w) != 4 {
		return nearKnownOf(w, 5)
	}
	for k := range knownWords {
		if len(k) == 5 && osa(k, w, 1) <= 1 {
			return true
		}
	}
	return false
}

// nearKnown reports a misspelt function or cue word ("shojld", "regin"):
// one edit from a known word of five letters or more.
func nearKnown(w string) bool { return nearKnownOf(w, 5) }

// nearKnownOf reports a word of at least minLen letters one edit from a
// known word of at least minLen letters.
func nearKnownOf(w string, minLen int) bool {
	if len(w) < minLen {
		return false
	}
	for k := range knownWords {
		if len(k) >= minLen && abs(len(k)-len(w)) <= 1 && osa(k, w, 1) <= 1 {
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
	// before the type noun, or before words no rule read that lead to it
	// ("perfume bottle museums")
	for k := j; k < len(s.toks) && k < j+3; k++ {
		if strings.TrimSpace(s.text[s.toks[k-1].end:s.toks[k].start]) != "" {
			break // "next week, what museums …"
		}
		if code := typeWords[s.toks[k].norm]; code != "" {
			return true
		}
		if s.used[k] || nameStop[s.toks[k].norm] || fillerSet[s.toks[k].norm] {
			break
		}
	}
	if i > 0 {
		prev := s.toks[i-1].norm
		if topicPreps[prev] || prev == "of" && i > 1 && typeWords[s.toks[i-2].norm] != "" {
			return true
		}
		// a topic preposition, then a word no rule read ("zum Them X"),
		// or articles ("dedicated to the X")
		k := i - 1
		for k > 0 && i-k <= 2 && (nameStop[s.toks[k].norm] || s.toks[k].norm == "to") {
			k--
		}
		if k < i-1 && topicPreps[s.toks[k].norm] {
			return true
		}
		if i > 1 && topicPreps[s.toks[i-2].norm] && !s.used[i-1] && !nameStop[prev] {
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
